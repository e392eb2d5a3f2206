import CpickTestSupport
import Foundation
import Testing

/// `integrations/` driven through the real programs in tmux: shells, editors and mail
/// clients, each skipped with a message when it is not installed. Every test starts
/// the program with `cpick` on `$PATH` and `CPICK_SOURCE` on the sample address book.
@Suite("Integrations with shells, editors and mail clients", .serialized)
struct IntegrationTests {
  static let jose = "José Álvarez <jose.alvarez@example.com>"

  /// In the picker: type `query`, choose the first row; when the person has several
  /// values of the property, the card opens (`cardText` is on it) and Enter takes the
  /// preferred one.
  static func choose(_ pane: IntegrationPane, _ query: String, row: String, cardText: String?) throws {
    try pane.waitForScreen(containing: "67/67")
    try pane.type(query)
    try pane.waitForScreen(containing: query, row)
    try pane.press("Enter")
    if let cardText {
      try pane.waitForScreen(containing: cardText)
      try pane.press("Enter")
    }
  }

  // MARK: Shells

  /// Sources the integration, types `echo `, presses Alt-m, chooses José Álvarez: the
  /// line reads `echo José Álvarez <jose.alvarez@example.com>`. Then completion:
  /// `cpick --for<Tab>` becomes `cpick --format`.
  static func shell(_ command: String, setup: String) throws {
    let pane = try IntegrationPane(command)
    defer { pane.close() }
    try pane.type(setup)
    try pane.press("Enter")
    try pane.waitForScreen(containing: "ready")
    try pane.type("echo ")
    try pane.press("M-m")
    try choose(pane, "jose alv", row: "José Álvarez", cardText: "Socio fundador")
    try pane.waitForScreen(containing: "$ echo \(jose)")

    try pane.press("C-u")
    try pane.type("cpick --for")
    try pane.waitForScreen(containing: "$ cpick --for")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "$ cpick --format")
  }

  @Test(
    "bash: Alt-m inserts the chosen mailbox at the cursor; Tab completes cpick's options",
    .enabled(if: IntegrationPane.has("bash"), "bash is not installed"))
  func bash() throws {
    try Self.shell(
      "bash --norc --noprofile",
      setup: "PS1='$ '; source integrations/shell/cpick.bash && echo re''ady")
  }

  @Test(
    "bash: Alt-k inserts the chosen phone number in the middle of the line",
    .enabled(if: IntegrationPane.has("bash"), "bash is not installed"))
  func bashPhone() throws {
    let pane = try IntegrationPane("bash --norc --noprofile")
    defer { pane.close() }
    try pane.type("PS1='$ '; source integrations/shell/cpick.bash && echo re''ady")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "ready")
    try pane.type("call  now")
    try pane.press("Left", "Left", "Left", "Left")
    try pane.press("M-k")
    try Self.choose(pane, "jose alv", row: "José Álvarez", cardText: "Socio fundador")
    try pane.waitForScreen(containing: "$ call +34 612 48 93 07 now")
    // The cursor is after the number: what is typed next lands there.
    try pane.type("!")
    try pane.waitForScreen(containing: "$ call +34 612 48 93 07! now")
  }

  @Test(
    "zsh: Alt-m inserts the chosen mailbox at the cursor; Tab completes cpick's options",
    .enabled(if: IntegrationPane.has("zsh"), "zsh is not installed"))
  func zsh() throws {
    try Self.shell("zsh -f", setup: "PS1='$ '; source integrations/shell/cpick.zsh && echo re''ady")
  }

  @Test(
    "fish: Alt-m inserts the chosen mailbox at the cursor; Tab completes cpick's options",
    .enabled(if: IntegrationPane.has("fish"), "fish is not installed"))
  func fish() throws {
    try Self.shell(
      "fish --no-config",
      setup: "function fish_prompt; echo '$ '; end; source integrations/shell/cpick.fish; and echo re''ady")
  }

  /// Cards whose mailboxes are hard to write: specials in a name (quoted, `"` and `\`
  /// escaped), and a U+200B in a name and in an address (left out of a mail header).
  static let hardNames = [
    ("Lovelace\\, Ada", "ada@example.org"), (#"Say "hi" \\ o"#, "a@b.example"),
    ("Zara\u{200B} Zwicky", "zara\u{200B}.zwicky@example.org"),
  ].map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\($0.0)\r\nEMAIL:\($0.1)\r\nEND:VCARD\r\n" }.joined()

  /// Their mailboxes as `cpick -f mailbox` writes them, for the queries `lovelace`,
  /// `say` and `zwicky`: what every editor's completion must give.
  static let hardMailboxes = [
    #""Lovelace, Ada" <ada@example.org>"#, #""Say \"hi\" \\ o" <a@b.example>"#, "Zara Zwicky <zara.zwicky@example.org>",
  ]

  // MARK: neomutt

  /// A muttrc with no network and no mailbox that sources `integrations/mutt/cpick.muttrc`;
  /// `cpick-mutt-to` on `$PATH`; `environment` (`env NAME=value `) in front of the command.
  static func neomutt(width: Int = 160, environment: String = "") throws -> IntegrationPane {
    try IntegrationPane(environment + "neomutt -n -F \"$T/muttrc\"", width: width) { directory in
      let fm = FileManager.default
      try fm.createDirectory(at: directory.appendingPathComponent("mail"), withIntermediateDirectories: true)
      try fm.createSymbolicLink(
        atPath: directory.appendingPathComponent("bin/cpick-mutt-to").path,
        withDestinationPath: IntegrationPane.integrations.appendingPathComponent("mutt/cpick-mutt-to").path)
      try """
      set folder = "\(directory.path)/mail"
      set spoolfile = /dev/null
      set record = ""
      set postponed = ""
      set header_cache = ""
      set wait_key = no
      set query_format = "%4c %t %-45.45a %-25.25n %?e?(%e)?"
      source "\(IntegrationPane.integrations.path)/mutt/cpick.muttrc"

      """.write(to: directory.appendingPathComponent("muttrc"), atomically: true, encoding: .utf8)
    }
  }

  @Test(
    "neomutt: Q thornton shows every address cpick --format mutt gives, the first one first",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttQuery() throws {
    let expected = try CommandRunner.cpick(["--format", "mutt", "thornton", "-s", EndToEnd.sampleBook])
    let addresses = expected.stdoutLines.dropFirst().map { $0.components(separatedBy: "\t")[0] }
    try #require(addresses.count == 6, "\(expected.stdoutLines)")

    let pane = try Self.neomutt()
    defer { pane.close() }
    try pane.waitForScreen(containing: "NeoMutt")
    try pane.press("Q")
    try pane.waitForScreen(containing: "Query")
    try pane.type("thornton")
    try pane.press("Enter")
    let screen = try pane.waitForScreen(containing: addresses[0])
    for address in addresses { #expect(screen.contains(address), "\(address) missing:\n\(screen)") }
    // The first result is the first row of the menu: nothing dropped as a header.
    let rows = screen.components(separatedBy: "\n").filter { $0.contains("@") }
    #expect(rows.first?.contains("1") == true && rows.first?.contains(addresses[0]) == true, "\(screen)")
  }

  /// Runs `Q` with `query` typed at the prompt and returns the screen once `shown`
  /// (or the prompt's answer) is on it.
  static func neomuttQuery(_ pane: IntegrationPane, _ query: String, until shown: String) throws -> String {
    try pane.waitForScreen(containing: "NeoMutt")
    try pane.press("Q")
    try pane.waitForScreen(containing: "Query")
    try pane.type(query)
    try pane.press("Enter")
    return try pane.waitForScreen(containing: shown)
  }

  @Test(
    "neomutt: Q takes the query as one word as typed — spaces, an apostrophe, shell syntax",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttQueryIsOneWord() throws {
    // Shell syntax is searched for, never run.
    var pane = try Self.neomutt()
    let marker = pane.file("ran")
    try pane.waitForScreen(containing: "NeoMutt")
    try pane.press("Q")
    try pane.waitForScreen(containing: "Query")
    try pane.type("x; touch \(marker.path)")
    try pane.press("Enter")
    // No match: NeoMutt is back on its index (the query prompt gone).
    // NeoMutt waits for its query_command to end before it shows the index again: had
    // the shell run `touch`, the file would be there now.
    var screen = try pane.waitForScreen("the index") { !$0.contains("Query:") && $0.contains("q:Quit") }
    #expect(!FileManager.default.fileExists(atPath: marker.path), "\(screen)")
    #expect(!screen.contains("@"), "\(screen)")
    pane.close()
    // Two words: one query (not `jose` and `alv` apart), José Álvarez first.
    pane = try Self.neomutt()
    screen = try Self.neomuttQuery(pane, "jose alv", until: "pepe.alv@correo.test")
    let rows = screen.components(separatedBy: "\n").filter { $0.contains("@") }
    #expect(rows.first?.contains("jose.alvarez@example.com") == true, "\(screen)")
    pane.close()
    // An apostrophe in a name.
    pane = try Self.neomutt()
    defer { pane.close() }
    screen = try Self.neomuttQuery(pane, "o'connor", until: "liam.oconnor@example.com")
    #expect(screen.contains("liam@bluegum-guides.example"), "\(screen)")
  }

  @Test(
    "neomutt: the query menu keeps cpick's order (best match first), not sorted by name",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttQueryOrder() throws {
    let expected = try CommandRunner.cpick(["--format", "mutt", "okafor", "-s", EndToEnd.sampleBook])
    let lines = expected.stdoutLines.dropFirst().map { $0.components(separatedBy: "\t") }
    try #require(lines.count >= 2, "\(expected.stdoutLines)")
    // Sorted by name the first row would be another one: the test tells the orders apart.
    let byName = lines.sorted { $0[1] < $1[1] }
    try #require(byName[0][0] != lines[0][0])
    let pane = try Self.neomutt()
    defer { pane.close() }
    let screen = try Self.neomuttQuery(pane, "okafor", until: lines[0][0])
    let rows = screen.components(separatedBy: "\n").filter { $0.contains("@") }
    #expect(rows.count == lines.count, "\(screen)")
    for (row, line) in zip(rows, lines) { #expect(row.contains(line[0]), "\(line[0]) not in \(row)\n\(screen)") }
  }

  @Test(
    "neomutt: Tab at the To: prompt runs complete-query; choosing fills the prompt",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttCompleteQuery() throws {
    let pane = try Self.neomutt()
    defer { pane.close() }
    try pane.waitForScreen(containing: "NeoMutt")
    try pane.press("m")
    try pane.waitForScreen(containing: "To:")
    try pane.type("maggie")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "maggie.thornton@example.com", "m.thornton@riverside-clinic.example")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "To: Margaret Thornton <maggie.thornton@example.com>")
  }

  @Test(
    "neomutt: Alt-m opens cpick; the marked people land in the To: prompt of a new message",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttPickerMacro() throws {
    let pane = try Self.neomutt()
    defer { pane.close() }
    try pane.waitForScreen(containing: "NeoMutt")
    try pane.press("M-m")
    try pane.waitForScreen(containing: "67/67")
    try pane.type("thornton")
    try pane.waitForScreen(containing: "3/67")
    try pane.press("Tab")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "(2)")
    try pane.press("Enter")
    try pane.waitForScreen(
      containing: "To: David Thornton <dave.thornton@example.com>, Ellie Thornton <ellie.thornton@example.com>")
  }

  @Test(
    "neomutt: Alt-m types a ^ in an address as a ^, and a name with <Home> in it is not the Home key",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttPickerMacroKeyNames() throws {
    let book = try TempFolder("mutt-to-keys")
    defer { book.remove() }
    let cards = [("Kim ^Caret^ Stone", "kim^c@example.org"), ("Anna <Home> Lee", "anna.lee@example.org")]
      .map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\($0.0)\r\nEMAIL:\($0.1)\r\nEND:VCARD\r\n" }
    let path = try book.write("keys.vcf", Array(cards.joined().utf8))
    for (query, to) in [("stone", "To: Kim ^Caret^ Stone <kim^c@example.org>"), ("anna lee", "To: anna.lee@example.org")] {
      let pane = try Self.neomutt(environment: "env CPICK_SOURCE=\(path) ")
      defer { pane.close() }
      try pane.waitForScreen(containing: "NeoMutt")
      try pane.press("M-m")
      try pane.waitForScreen(containing: "2/2")
      try pane.type(query)
      try pane.waitForScreen(containing: "1/2")
      try pane.press("Enter")
      // NeoMutt shows a control character as ^ and its letter: "^C" for what "^c" became.
      let screen = try pane.waitForScreen(containing: "To: ")
      let line = screen.components(separatedBy: "\n").first { $0.hasPrefix("To: ") } ?? ""
      #expect(line.trimmingCharacters(in: .whitespaces) == to, "\(screen)")
    }
  }

  @Test(
    "neomutt: when cpick fails in Alt-m, its message is on NeoMutt's status line",
    .enabled(if: IntegrationPane.has("neomutt"), "neomutt is not installed"))
  func neomuttPickerMacroError() throws {
    let pane = try Self.neomutt(environment: "env CPICK_SOURCE=/nonexistent/book.vcf ")
    defer { pane.close() }
    try pane.waitForScreen(containing: "NeoMutt")
    try pane.press("M-m")
    let screen = try pane.waitForScreen(containing: "/nonexistent/book.vcf")
    #expect(screen.contains("cpick:"), "\(screen)")
    // No message was started.
    #expect(!screen.contains("To:"), "\(screen)")
  }

  // MARK: aerc

  /// aerc on an empty maildir account (no network), with `integrations/aerc/aerc.conf`.
  static func aerc() throws -> IntegrationPane {
    try IntegrationPane("aerc", width: 160) { directory in
      let aerc = directory.appendingPathComponent("config/aerc")
      let maildir = directory.appendingPathComponent("maildir/INBOX")
      let fm = FileManager.default
      for folder in ["cur", "new", "tmp"] {
        try fm.createDirectory(at: maildir.appendingPathComponent(folder), withIntermediateDirectories: true)
      }
      try fm.createDirectory(at: aerc, withIntermediateDirectories: true)
      let accounts = aerc.appendingPathComponent("accounts.conf")
      try """
      [test]
      source = maildir://\(directory.path)/maildir
      outgoing = /bin/true
      from = Tester <tester@example.org>
      default = INBOX

      """.write(to: accounts, atomically: true, encoding: .utf8)
      try fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: accounts.path)
      let snippet = try String(
        contentsOf: IntegrationPane.integrations.appendingPathComponent("aerc/aerc.conf"), encoding: .utf8)
      try ("[general]\nunsafe-accounts-conf = true\n" + snippet)
        .write(to: aerc.appendingPathComponent("aerc.conf"), atomically: true, encoding: .utf8)
    }
  }

  @Test(
    "aerc: typing in the To: field of a new message lists cpick's addresses (address-book-cmd)",
    .enabled(if: IntegrationPane.has("aerc"), "aerc is not installed"))
  func aercCompletion() throws {
    let pane = try Self.aerc()
    defer { pane.close() }
    try pane.waitForScreen(containing: "INBOX")
    try pane.type(":compose")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "To:", "Subject:")
    try pane.type("thornton")
    try pane.waitForScreen(
      containing: "dave.thornton@example.com", "david@thornton-carpentry.example", "ellie.t@university.example",
      "m.thornton@riverside-clinic.example")
    // A query with a space reaches cpick as one argument (aerc runs no shell).
    try pane.press("C-u")
    try pane.type("jose alv")
    try pane.waitForScreen(containing: "jose.alvarez@example.com", "jl.alvarez@arquitectos.example")
    // So does one with an apostrophe, inside the configuration's double quotes.
    try pane.press("C-u")
    try pane.type("o'connor")
    try pane.waitForScreen(containing: "liam.oconnor@example.com", "liam@bluegum-guides.example")
  }

  // MARK: Vim and Neovim

  /// `:CpickInsert` in Normal mode, then `<C-x><C-a>` in Insert mode, then `:w`.
  static func editor(_ command: String) throws {
    let pane = try IntegrationPane(command + " --cmd 'set rtp+=integrations/vim' -c 'runtime plugin/cpick.vim' \"$T/out.txt\"")
    defer { pane.close() }
    try pane.waitForScreen(containing: "out.txt")
    try pane.type("iTo: ")
    try pane.press("Escape")
    try pane.type(":CpickInsert")
    try pane.press("Enter")
    try choose(pane, "jose alv", row: "José Álvarez", cardText: "Socio fundador")
    try pane.waitForScreen(containing: "To: \(jose)")
    try pane.type("a, ")
    try pane.press("C-x", "C-a")
    try choose(pane, "ellie", row: "Ellie Thornton", cardText: "ellie.t@university.example")
    try pane.waitForScreen(containing: "To: \(jose), Ellie Thornton <ellie.thornton@example.com>")
    try pane.type("!")  // Insert mode resumed just after the address
    try pane.press("Escape")
    try pane.type(":w")
    try pane.press("Enter")
    let text = try pane.waitForFile(pane.file("out.txt")) { $0.hasSuffix("\n") }
    #expect(text == "To: \(jose), Ellie Thornton <ellie.thornton@example.com>!\n")
  }

  @Test(
    "vim: :CpickInsert and <C-x><C-a> insert the chosen mailbox at the cursor",
    .enabled(if: IntegrationPane.has("vim"), "vim is not installed"))
  func vim() throws {
    try Self.editor("vim -u NONE -N -n")
  }

  @Test(
    "neovim: :CpickInsert and <C-x><C-a> insert the chosen mailbox (floating terminal)",
    .enabled(if: IntegrationPane.has("nvim"), "neovim is not installed"))
  func neovim() throws {
    try Self.editor("nvim --clean -n")
  }

  @Test(
    "vim: the omnifunc cpick#complete completes 'maggie' to her first address, the others in the menu",
    .enabled(if: IntegrationPane.has("vim"), "vim is not installed"))
  func vimOmnifunc() throws {
    let pane = try IntegrationPane(
      "vim -u NONE -N -n --cmd 'set rtp+=integrations/vim' -c 'runtime plugin/cpick.vim' -c 'set omnifunc=cpick#complete' \"$T/out.txt\""
    )
    defer { pane.close() }
    try pane.waitForScreen(containing: "out.txt")
    try pane.type("iTo: ada@example.org, maggie")
    try pane.press("C-x", "C-o")
    try pane.waitForScreen(containing: "m.thornton@riverside-clinic.example> work")
    try pane.press("Escape")
    try pane.type(":w")
    try pane.press("Enter")
    let text = try pane.waitForFile(pane.file("out.txt")) { $0.hasSuffix("\n") }
    #expect(text == "To: ada@example.org, Margaret Thornton <maggie.thornton@example.com>\n")
  }

  @Test(
    "vim: cpick#complete gives cpick's own mailboxes: specials quoted, invisible characters left out",
    .enabled(if: IntegrationPane.has("vim"), "vim is not installed"))
  func vimOmnifuncMailboxes() throws {
    let folder = try TempFolder("vim-hard-names")
    defer { folder.remove() }
    let hard = try folder.write("hard.vcf", Array(Self.hardNames.utf8))
    let out = folder.path + "/out.txt"
    let q = EndToEnd.shellQuoted
    let script = "call writefile(map(cpick#complete(0, 'lovelace') + cpick#complete(0, 'say') + cpick#complete(0, 'zwicky'), 'v:val.word'), $OUT)"
    let result = try CommandRunner.run(
      "/bin/sh",
      [
        "-c",
        "cd \(q(EndToEnd.packageRoot.path)) && OUT=\(q(out)) CPICK_SOURCE=\(q(hard)) XDG_CACHE_HOME=\(q(folder.path)) "
          + "vim -u NONE -N -es --cmd 'set rtp+=integrations/vim' -c \(q("let g:cpick_command = " + (try EndToEnd.binary()).debugDescription)) "
          + "-c \(q(script)) -c 'qa!'",
      ], timeout: 30)
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.components(separatedBy: "\n").dropLast() == Self.hardMailboxes, "\(text)\n\(result.stderrText)")
  }

  // MARK: Emacs

  /// `emacs -nw` with cpick.el on `$T/out.txt`, `To: ` typed, and `M-x cpick-insert` run.
  static func emacsInserting() throws -> IntegrationPane {
    let pane = try IntegrationPane("emacs -nw -Q -l integrations/emacs/cpick.el \"$T/out.txt\"")
    do {
      try pane.waitForScreen(containing: "out.txt")
      try pane.type("To: ")
      try cpickInsert(pane)
      return pane
    } catch {
      pane.close()
      throw error
    }
  }

  /// `M-x cpick-insert` in the Emacs of `pane`.
  static func cpickInsert(_ pane: IntegrationPane) throws {
    try pane.press("M-x")
    try pane.type("cpick-insert")
    try pane.press("Enter")
  }

  @Test(
    "emacs: M-x cpick-insert runs the picker in a term and inserts the mailbox at point",
    .enabled(if: IntegrationPane.has("emacs"), "emacs is not installed"))
  func emacsInsert() throws {
    let pane = try Self.emacsInserting()
    defer { pane.close() }
    try Self.choose(pane, "jose alv", row: "José Álvarez", cardText: "Socio fundador")
    try pane.waitForScreen(containing: "To: \(Self.jose)")
    let text = try Self.saveInEmacs(pane, "To: \(Self.jose)")
    #expect(text.trimmingCharacters(in: .newlines) == "To: \(Self.jose)")
  }

  /// Saves the Emacs buffer of `pane` (`C-x C-s`, into `$T/out.txt`) and returns the
  /// file's text once Emacs says it wrote it and the file holds `expected` (Emacs
  /// creates the file before it writes the text: an empty file is no answer); on
  /// timeout, the error shows what the file held.
  static func saveInEmacs(_ pane: IntegrationPane, _ expected: String) throws -> String {
    try pane.press("C-x", "C-s")
    try pane.waitForScreen(containing: "Wrote ")
    return try pane.waitForFile(pane.file("out.txt")) { $0.contains(expected) }
  }

  @Test(
    "emacs --batch: cpick-completion-at-point offers every address of the matches, annotated; mailboxes are quoted",
    .enabled(if: EndToEnd.which("emacs") != nil, "emacs is not installed"))
  func emacsCapf() throws {
    let folder = try TempFolder("emacs-hard-names")
    defer { folder.remove() }
    let hard = try folder.write("hard.vcf", Array(Self.hardNames.utf8))
    let q = EndToEnd.shellQuoted
    let lisp = """
      (progn
        (setq cpick-program \(try EndToEnd.binary().debugDescription))
        (setenv "CPICK_SOURCE" \(EndToEnd.sampleBook.debugDescription))
        (with-temp-buffer
          (insert "To: ada@example.org, maggie")
          (let* ((capf (cpick-completion-at-point))
                 (all (all-completions "" (nth 2 capf))))
            (princ (format "start %d end %d\\n" (nth 0 capf) (nth 1 capf)))
            (dolist (c all) (princ (format "%s|%s\\n" c (cpick--annotate c))))))
        (setenv "CPICK_SOURCE" \(hard.debugDescription))
        (dolist (query (list "lovelace" "say" "zwicky"))
          (dolist (c (cpick--candidates "query" query)) (princ c) (terpri))))
      """
    let result = try CommandRunner.run(
      "/bin/sh", ["-c", "emacs --batch -Q -l \(q(IntegrationPane.integrations.path + "/emacs/cpick.el")) --eval \(q(lisp))"],
      timeout: 30)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(
      result.stdoutLines == [
        "start 22 end 28",
        "Margaret Thornton <maggie.thornton@example.com>|  home",
        "Margaret Thornton <m.thornton@riverside-clinic.example>|  work",
      ] + Self.hardMailboxes, "\(result.stdoutText)\n\(result.stderrText)")
  }
}
