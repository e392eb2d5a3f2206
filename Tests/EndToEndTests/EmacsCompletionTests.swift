import Foundation
import Testing

/// `integrations/emacs/cpick.el` in a real `emacs -nw` in tmux, as a user has it: address
/// completion with TAB in the headers of `M-x message-mail` (through
/// `completion-at-point`, as `message-tab` calls it, not the capf alone), and a single
/// Esc in the picker of `M-x cpick-insert`.
@Suite("Emacs: address completion in message headers, Esc in the picker", .serialized)
struct EmacsCompletionTests {
  /// Emacs with cpick.el loaded and `cpick-message-setup` on `message-mode-hook` (the
  /// README's setup); `setup`, when given, is evaluated after (the user's own settings).
  /// `M-x message-mail` is open, point after `To: `.
  static func messageMail(setup: String = "") throws -> IntegrationPane {
    let hook = "(add-hook 'message-mode-hook #'cpick-message-setup)"
    let extra = setup.isEmpty ? "" : " --eval \"\(setup)\""
    let pane = try IntegrationPane(
      "emacs -nw -Q -l integrations/emacs/cpick.el --eval \"\(hook)\"\(extra)")
    do {
      try pane.waitForScreen(containing: "*scratch*")
      try pane.press("M-x")
      try pane.type("message-mail")
      try pane.press("Enter")
      try pane.waitForScreen(containing: "--text follows this line--", "Subject:")
      return pane
    } catch {
      pane.close()
      throw error
    }
  }

  /// The `To:` line of the current buffer, as Emacs holds it (written to a file with
  /// `M-:`, not read off the screen, where *Completions* may show the same text).
  static func toHeader(_ pane: IntegrationPane) throws -> String {
    try? FileManager.default.removeItem(at: pane.file("out.txt"))  // the text of an earlier call is no answer
    try pane.press("M-:")
    try pane.type("(write-region (point-min) (point-max) (expand-file-name \"out.txt\" (getenv \"T\")))")
    try pane.press("Enter")
    let text = try pane.waitForFile(pane.file("out.txt")) { $0.contains("--text follows this line--") }
    return text.split(separator: "\n").first { $0.hasPrefix("To:") }.map(String.init) ?? "(no To: line in \(text))"
  }

  static let huang = "黄丽娟 <huanglijuan@example.com>"

  @Test(
    "emacs -nw: TAB after `To: ada@example.org, huang` (pinyin, not a prefix; one mailbox) inserts 黄丽娟's mailbox, whatever the completion styles",
    .enabled(if: IntegrationPane.has("emacs"), "emacs is not installed"),
    arguments: [
      "",
      "(setq completion-styles '(flex))",
      // An orderless-like setup: no category defaults, a style that filters by itself.
      "(setq completion-styles '(substring) completion-category-defaults nil)",
    ])
  func oneMatchIsInserted(setup: String) throws {
    let pane = try Self.messageMail(setup: setup)
    defer { pane.close() }
    try pane.type("ada@example.org, huang")
    try pane.waitForScreen(containing: "To: ada@example.org, huang")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "To: ada@example.org, \(Self.huang)")
    #expect(try Self.toHeader(pane) == "To: ada@example.org, \(Self.huang)")
  }

  /// A query cpick answers with several mailboxes, and those mailboxes in cpick's order
  /// (which is never their alphabetical order here), each with its annotation.
  struct Several: CustomTestStringConvertible, Sendable {
    let query: String
    let mailboxes: [(String, String)]
    var testDescription: String { query }
  }

  @Test(
    "emacs -nw: TAB after `To: QUERY` lists every mailbox cpick found, in cpick's order; choosing the first fills the header",
    .enabled(if: IntegrationPane.has("emacs"), "emacs is not installed"),
    arguments: [
      // A nickname in the email address (not a prefix of the mailbox).
      Several(
        query: "maggie",
        mailboxes: [
          ("Margaret Thornton <maggie.thornton@example.com>", "home"),
          ("Margaret Thornton <m.thornton@riverside-clinic.example>", "work"),
        ]),
      // A prefix, which worked before: still the same list.
      Several(
        query: "Margaret",
        mailboxes: [
          ("Margaret Thornton <maggie.thornton@example.com>", "home"),
          ("Margaret Thornton <m.thornton@riverside-clinic.example>", "work"),
        ]),
      // Pinyin.
      Several(
        query: "wang",
        mailboxes: [
          ("王芳 <wangfang@example.com>", "home"),
          ("王芳 <fang.wang@yunshan-tea.example>", "work"),
          ("王小明 <xiaoming.wang@qingshi.example>", "work · 青石软件有限公司"),
          ("王小明 <wxm1988@example.org>", "home · 青石软件有限公司"),
        ]),
      // Without the accent.
      Several(
        query: "jurgen",
        mailboxes: [
          ("Jürgen Weiß <juergen@weiss-tischlerei.example>", "work · Weiß & Söhne Tischlerei"),
          ("Jürgen Weiß <j.weiss@post.test>", "home · Weiß & Söhne Tischlerei"),
        ]),
    ])
  func severalAreListed(_ several: Several) throws {
    let pane = try Self.messageMail()
    defer { pane.close() }
    try pane.type(several.query)
    try pane.waitForScreen(containing: "To: \(several.query)")
    try pane.press("Tab")
    let rows = several.mailboxes.map { "\($0.0)  \($0.1)" }
    let screen = try pane.waitForScreen("listing \(rows)") { screen in
      screen.contains("Possible completions are:") && rows.allSatisfy { screen.contains($0) }
    }
    // The list, between its heading and the mode line of *Completions*: exactly cpick's
    // mailboxes, in its order (one a line: each is wider than half the screen).
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    let heading = lines.firstIndex(of: "Possible completions are:") ?? lines.endIndex
    let listed = lines[heading...].dropFirst().prefix { !$0.contains("*Completions*") }.filter { !$0.isEmpty }
    #expect(Array(listed) == rows, "\(screen)")
    // The text is left as typed while the list shows.
    #expect(lines.contains("To: \(several.query)"), "\(screen)")

    try pane.press("C-x", "o")  // into *Completions*
    try pane.press("Tab")  // the first completion
    try pane.press("Enter")
    try pane.waitForScreen(containing: "To: \(several.mailboxes[0].0)")
    #expect(try Self.toHeader(pane) == "To: \(several.mailboxes[0].0)")
  }

  @Test(
    "emacs -nw: a single Esc cancels M-x cpick-insert (nothing inserted); arrows still reach the picker and M-x still works",
    .enabled(if: IntegrationPane.has("emacs"), "emacs is not installed"))
  func escapeCancelsThePicker() throws {
    let pane = try IntegrationTests.emacsInserting()
    defer { pane.close() }
    /// The picker shows everyone, then `wang`'s matches.
    func wang() throws {
      try pane.waitForScreen(containing: "67/67")
      try pane.type("wang")
      try pane.waitForScreen(containing: "王小明")
    }
    try wang()
    try pane.press("Escape")
    try pane.waitForScreen("back in out.txt, the picker gone") {
      $0.contains("out.txt") && !$0.contains("*cpick*") && !$0.contains("ESC-")
    }

    // Meta keys outside the picker, and arrows (Esc [ B) inside it, as before.
    try IntegrationTests.cpickInsert(pane)
    try wang()
    try pane.press("Down")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "xiaoming.wang@qingshi.example")  // 王小明's card
    try pane.press("Enter")
    try pane.waitForScreen(containing: "To: 王小明 <xiaoming.wang@qingshi.example>")
    let text = try IntegrationTests.saveInEmacs(pane, "To: 王小明 <xiaoming.wang@qingshi.example>")
    #expect(text.trimmingCharacters(in: .newlines) == "To: 王小明 <xiaoming.wang@qingshi.example>")
  }
}
