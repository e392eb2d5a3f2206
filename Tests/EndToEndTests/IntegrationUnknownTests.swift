import Foundation
import Testing

/// The mail clients' "add the sender" keys (`integrations/mutt/cpick.muttrc` Alt-a,
/// `integrations/aerc/binds.conf` Alt-a) driven through the real neomutt and aerc in
/// tmux: a maildir with one message from a new correspondent, the key pipes it into
/// `cpick unknown --from-message`, the sender becomes a new address of Margaret
/// Thornton. `CPICK_SOURCE` is a copy of the sample book in the test's folder, so the
/// file can be compared line by line afterwards. Skipped with a message when the
/// program (or tmux) is not installed.
@Suite("Adding a mail's sender from neomutt and aerc", .serialized)
struct IntegrationUnknownTests {
  /// From a new correspondent whose display name is "Last, First" (quoted, with a comma).
  static let message = """
    From: "Thornton, Maggie" <maggie.new@example.net>\r
    To: Tester <tester@example.org>\r
    Subject: My new address\r
    Date: Mon, 02 Mar 2026 10:00:00 +0000\r
    Message-ID: <new-address-1@example.net>\r
    MIME-Version: 1.0\r
    Content-Type: text/plain; charset=utf-8\r
    \r
    Please write to me here from now on.\r

    """

  static let addedLine = "EMAIL:maggie.new@example.net"

  /// In `directory`: `book.vcf` (a copy of the sample book) and a maildir `folder`
  /// (`cur`, `new`, `tmp`) holding `message` as one read message.
  static func prepareMail(in directory: URL, folder: String) throws {
    let fm = FileManager.default
    try fm.copyItem(atPath: EndToEnd.sampleBook, toPath: directory.appendingPathComponent("book.vcf").path)
    let maildir = directory.appendingPathComponent(folder)
    for sub in ["cur", "new", "tmp"] {
      try fm.createDirectory(at: maildir.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    try message.write(
      to: maildir.appendingPathComponent("cur/1772445600.1.cpick-test:2,S"), atomically: true, encoding: .utf8)
  }

  /// On cpick's unknown-person card (already on screen): Add to Existing Contact,
  /// `margaret`, Enter on her, Enter on the confirmation card. `repaint`: see `show`.
  static func addToMargaret(_ pane: IntegrationPane, repaint: Bool = false) throws {
    try pane.press("a")
    try show(pane, ["67/67"], repaint: repaint)
    try pane.type("margaret")
    try show(pane, ["1/67", "Margaret Thornton"], repaint: repaint)
    try pane.press("Enter")
    try show(pane, ["Add this value to Margaret Thornton?", "maggie.new@example.net"], repaint: repaint)
    try pane.press("Enter")
  }

  /// Waits until the screen shows every one of `texts`. With `repaint` (cpick inside
  /// aerc's terminal tab): aerc 0.14's terminal emulator now and then shows cpick's
  /// picker shifted up a line after the list shrinks while typing (about one run in
  /// twenty; tmux shows it right), so when the texts are not there after 3 s the window
  /// is resized, which makes cpick repaint every cell, and the wait goes on.
  static func show(_ pane: IntegrationPane, _ texts: [String], repaint: Bool) throws {
    let shown = { (screen: String) in texts.allSatisfy { screen.contains($0) } }
    if repaint, (try? pane.waitForScreen(timeout: 3, until: shown)) == nil {
      try pane.resize(width: 121, height: 30)
    }
    try pane.waitForScreen("containing \(texts)", until: shown)
  }

  /// Waits until the book holds the new line, then checks it is the only change: the
  /// file is the sample book with exactly `EMAIL:maggie.new@example.net` inserted.
  static func expectOnlyAddedLine(_ pane: IntegrationPane) throws {
    let before = try String(contentsOfFile: EndToEnd.sampleBook, encoding: .utf8).components(separatedBy: "\r\n")
    let text = try pane.waitForFile(pane.file("book.vcf")) { $0.contains(addedLine) }
    let after = text.components(separatedBy: "\r\n")
    let added = after.filter { !before.contains($0) }
    #expect(added == [addedLine], "lines added besides \(addedLine): \(added)")
    var rest = after
    if let index = rest.firstIndex(of: addedLine) { rest.remove(at: index) }
    #expect(rest == before, "the book changed besides the added line")
    // Added to Margaret's card: the line sits inside her BEGIN…END block.
    if let index = after.firstIndex(of: addedLine) {
      let card = after[..<index].lastIndex(of: "BEGIN:VCARD").map { Array(after[$0..<index]) } ?? []
      #expect(card.contains("FN:Margaret Thornton"), "added to another card: \(card)")
    }
  }

  /// The book is byte for byte the sample book.
  static func expectUnchanged(_ pane: IntegrationPane) throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: EndToEnd.sampleBook))
    #expect(try Data(contentsOf: pane.file("book.vcf")) == before, "the book changed")
  }

  // MARK: neomutt

  /// neomutt on a maildir holding `message` (no network), sourcing
  /// `integrations/mutt/cpick.muttrc`; `CPICK_SOURCE` is `$T/book.vcf`. `$pipe_decode`
  /// is set and `$wait_key` left at its default (set), so the macro must switch both off
  /// for the pipe and put them back.
  static func neomutt() throws -> IntegrationPane {
    try IntegrationPane("env CPICK_SOURCE=\"$T/book.vcf\" neomutt -n -F \"$T/muttrc\"", width: 120, height: 30) {
      directory in
      try prepareMail(in: directory, folder: "mail/inbox")
      try """
      set folder = "\(directory.path)/mail"
      set spoolfile = "\(directory.path)/mail/inbox"
      set mbox_type = Maildir
      set record = ""
      set postponed = ""
      set header_cache = ""
      set pipe_decode = yes
      source "\(IntegrationPane.integrations.path)/mutt/cpick.muttrc"

      """.write(to: directory.appendingPathComponent("muttrc"), atomically: true, encoding: .utf8)
    }
  }

  /// Runs `set ?NAME` at neomutt's command prompt and waits for `NAME="value"`.
  static func expectSetting(_ pane: IntegrationPane, _ name: String, _ value: String) throws {
    try pane.type(":")
    try pane.type("set ?\(name)")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "\(name)=\"\(value)\"")
  }

  @Test(
    "neomutt: Alt-a on a new correspondent's mail, a, margaret, Enter, Enter adds exactly her new address",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttAddToExisting() throws {
    let pane = try Self.neomutt()
    defer { pane.close() }
    try pane.waitForScreen(containing: "Thornton, Maggi", "My new address")
    try pane.press("M-a")
    // cpick's card: the comma name turned round, the Subject under it, the two actions.
    try pane.waitForScreen(
      containing: "Maggie Thornton", "Subject: My new address", "maggie.new@example.net", "Add to Existing Contact")
    try Self.addToMargaret(pane)
    // Straight back in neomutt's index: no "Press any key", cpick's JSON not shown.
    let screen = try pane.waitForScreen(containing: "NeoMutt", "My new address")
    #expect(!screen.contains("Press any key"), "\(screen)")
    #expect(!screen.contains("didResolveToPerson"), "\(screen)")
    try Self.expectOnlyAddedLine(pane)
    // The macro put $pipe_decode and $wait_key back and left no variables behind.
    try Self.expectSetting(pane, "pipe_decode", "yes")
    try Self.expectSetting(pane, "wait_key", "yes")
    try pane.type(":")
    try pane.type("set ?my_cpick_pipe_decode")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "my_cpick_pipe_decode: unknown variable")
  }

  @Test(
    "neomutt: Alt-a in the pager, then Esc: back in the pager at once, nothing written; a second Alt-a shows the sender as known",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttPagerCancelAndKnown() throws {
    let pane = try Self.neomutt()
    defer { pane.close() }
    try pane.waitForScreen(containing: "My new address")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "Please write to me here from now on.")
    try pane.press("M-a")
    try pane.waitForScreen(containing: "Maggie Thornton", "Create New Contact")
    try pane.press("Escape")
    // Cancelled (cpick exits 130): the pager again, no "Press any key".
    let screen = try pane.waitForScreen(containing: "Please write to me here from now on.")
    #expect(!screen.contains("Press any key"), "\(screen)")
    try Self.expectUnchanged(pane)

    // Add her, then the same key says she is known now.
    try pane.press("M-a")
    try pane.waitForScreen(containing: "Add to Existing Contact")
    try Self.addToMargaret(pane)
    try pane.waitForScreen(containing: "Please write to me here from now on.")
    try Self.expectOnlyAddedLine(pane)
    try pane.press("M-a")
    try pane.waitForScreen(containing: "In contacts as Margaret Thornton")
    try pane.press("Escape")
    try pane.waitForScreen(containing: "Please write to me here from now on.")
  }

  // MARK: aerc

  /// aerc on a maildir account holding `message`; `binds.conf` is aerc's default
  /// bindings (when installed) with `integrations/aerc/binds.conf` appended, as the
  /// file says a user may do. `CPICK_SOURCE` is `$T/book.vcf`.
  static func aerc() throws -> IntegrationPane {
    try IntegrationPane("env CPICK_SOURCE=\"$T/book.vcf\" aerc", width: 120, height: 30) { directory in
      try prepareMail(in: directory, folder: "maildir/INBOX")
      let aerc = directory.appendingPathComponent("config/aerc")
      try FileManager.default.createDirectory(at: aerc, withIntermediateDirectories: true)
      let accounts = aerc.appendingPathComponent("accounts.conf")
      try """
      [test]
      source = maildir://\(directory.path)/maildir
      outgoing = /bin/true
      from = Tester <tester@example.org>
      default = INBOX

      """.write(to: accounts, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: accounts.path)
      try "[general]\nunsafe-accounts-conf = true\n".write(
        to: aerc.appendingPathComponent("aerc.conf"), atomically: true, encoding: .utf8)
      let defaults = (try? String(contentsOfFile: "/usr/share/aerc/binds.conf", encoding: .utf8)) ?? ""
      let ours = try String(
        contentsOf: IntegrationPane.integrations.appendingPathComponent("aerc/binds.conf"), encoding: .utf8)
      try (defaults + "\n" + ours).write(to: aerc.appendingPathComponent("binds.conf"), atomically: true, encoding: .utf8)
    }
  }

  /// After Alt-a: waits for cpick's card in aerc's new terminal tab. aerc 0.14 sometimes
  /// draws a tab opened by `:pipe` only at its next event (the message is fetched in the
  /// background), and that event goes to the widget that had the focus before. F12 is
  /// such an event that does nothing in aerc's message list and viewer (unbound) nor on
  /// cpick's card.
  static func waitForCard(_ pane: IntegrationPane, _ texts: String...) throws {
    let shown = { (screen: String) in texts.allSatisfy { screen.contains($0) } }
    if (try? pane.waitForScreen(timeout: 3, "the card", until: shown)) != nil { return }
    try pane.press("F12")
    try pane.waitForScreen("the card \(texts)", until: shown)
  }

  @Test(
    "aerc: Alt-a in the message list (:pipe -m), a, margaret, Enter, Enter adds exactly her new address",
    .enabled(if: IntegrationPane.has("aerc"), "aerc is not installed"))
  func aercAddToExisting() throws {
    let pane = try Self.aerc()
    defer { pane.close() }
    try pane.waitForScreen(containing: "INBOX", "My new address")
    try pane.press("M-a")
    try Self.waitForCard(pane, "Maggie Thornton", "Subject: My new address", "Add to Existing Contact")
    try Self.addToMargaret(pane, repaint: true)
    // cpick has exited; the tab waits for a key. (It shows cpick's JSON, or now and
    // then cpick's last frame: aerc 0.14 may drop a command's last output when it exits.)
    try pane.waitForScreen(containing: "Process complete")
    try Self.expectOnlyAddedLine(pane)
    try pane.press("Space")
    try pane.waitForScreen { !$0.contains("Process complete") && !$0.contains("cpick") && $0.contains("My new address") }
  }

  @Test(
    "aerc: Alt-a in the message viewer pipes the whole message (-m); Esc cancels and writes nothing",
    .enabled(if: IntegrationPane.has("aerc"), "aerc is not installed"))
  func aercViewerCancel() throws {
    let pane = try Self.aerc()
    defer { pane.close() }
    try pane.waitForScreen(containing: "INBOX", "My new address")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "From: \"Thornton, Maggie\" <maggie.new@example.net>")
    try pane.press("M-a")
    // Without -m the viewer would pipe only the text part: no From header, no card.
    try Self.waitForCard(pane, "Maggie Thornton", "Subject: My new address", "Create New Contact")
    try pane.press("Escape")
    try pane.waitForScreen(containing: "Process complete")
    try Self.expectUnchanged(pane)
  }
}
