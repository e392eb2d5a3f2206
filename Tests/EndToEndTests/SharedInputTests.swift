import Foundation
import Testing

/// The picker on real exports from `../shared/corpus` and on the hostile card of
/// case 28, read in place (never copied into the package).
@Suite(
  "The picker on shared corpus files and cases", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"),
  .enabled(if: EndToEnd.sharedIsAvailable, "../shared (corpus and cases) is not checked out next to the package"))
struct SharedInputTests {
  /// A Mac OS X Address Book export of 30 cards (LF line endings, `itemN.` groups,
  /// Latin-1 bytes) from ical4j-vcard's samples.
  static let macAddressBookExport = "corpus/ical4j-vcard/vcard-vCards-SAP.vcf"

  @Test("A Mac OS X Address Book export: typing part of a name chooses that person")
  func macAddressBookExport() throws {
    let book = EndToEnd.sharedFile(Self.macAddressBookExport)
    let pane = try TmuxPane(["-s", book])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Marco Andriotti")
    try pane.type("krul")
    try pane.waitForScreen("showing Kristina Krull but no longer Marco Andriotti") { screen in
      screen.contains("krul") && screen.contains("Kristina Krull") && !screen.contains("Marco Andriotti")
    }
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    let person = try JSONDocument.selectedPerson(pane.stdout)
    #expect(person["displayName"] as? String == "Kristina Krull")
    #expect(person["givenName"] as? String == "Kristina")
    #expect(person["familyName"] as? String == "Krull")
    #expect(JSONDocument.values(person, "emailAddresses") == ["Kristina.Krull@sap.com"])
  }

  /// Case 28: `hostile.vcf` carries ESC sequences (clear screen, OSC 0 title,
  /// OSC 52 clipboard, SGR colour), BEL, BACKSPACEs, U+202E, U+0085, U+009B.
  static let hostileBook = "cases/28-control-chars-in-name/hostile.vcf"

  /// Byte sequences from the hostile data that must never reach the terminal. ncurses
  /// itself writes `ESC [ 2 J`, `ESC [ 31 m` and BACKSPACE (cursor left), so those
  /// are looked for together with the data around them.
  static let forbidden: [(String, [UInt8])] = [
    ("OSC 0 (window title)", [0x1B, 0x5D, 0x30, 0x3B]),
    ("OSC 52 (clipboard)", [0x1B, 0x5D, 0x35, 0x32, 0x3B]),
    ("ESC [2J from the name", Array("Salter\u{1B}[2J".utf8)),
    ("ESC [31m from the email", Array("rook\u{1B}[31m".utf8)),
    ("BEL", [0x07]),
    ("BACKSPACE after Admin", Array("Admin\u{08}".utf8)),
    ("U+0085 (C1 NEL)", [0xC2, 0x85]),
    ("U+009B (C1 CSI)", [0xC2, 0x9B]),
    ("U+202E (right-to-left override)", [0xE2, 0x80, 0xAE]),
  ]

  @Test("Control characters in names never reach the terminal raw, Admin stays visible, JSON escapes them")
  func hostileNames() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sharedFile(Self.hostileBook)], recordOutput: true)
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "Admin", "Quarry", "Rook Salter", "Tove")
    try pane.type("rook")
    try pane.waitForScreen("showing only Rook Salter") { screen in
      screen.contains("rook") && screen.contains("Rook Salter") && !screen.contains("Quarry")
    }
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)

    // The screen: the cards are listed, Admin is not overwritten by the backspaces.
    #expect(screen.contains("Admin"))
    #expect(try pane.paneTitle() != "totally-legit", "OSC 0 set the pane title")
    #expect(try pane.pasteBuffers() == "", "OSC 52 wrote to the clipboard")

    // Every byte cpick wrote to the pane.
    let bytes = pane.recordedBytes()
    try #require(bytes.containsSequence(Array("Rook Salter".utf8)), "pipe-pane did not record the rows")
    for (name, sequence) in Self.forbidden {
      #expect(!bytes.containsSequence(sequence), "\(name) was written to the terminal")
    }

    // The JSON: valid, the data kept and escaped (\u001b, \u0007), no raw control byte.
    let raw = pane.stdout
    #expect(!raw.contains(0x1B) && !raw.contains(0x07), "raw control bytes on stdout")
    #expect(pane.stdoutText().contains(#"\u001b[2J"#))
    let person = try JSONDocument.selectedPerson(raw)
    #expect(person["displayName"] as? String == "Rook Salter\u{1B}[2J\u{1B}]0;totally-legit\u{07}")
    #expect(JSONDocument.values(person, "emailAddresses") == ["rook\u{1B}[31m@salter.example"])
  }

  @Test("The card whose name hides Admin behind backspaces can be found and chosen")
  func backspacedName() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sharedFile(Self.hostileBook)])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Admin", "Rook Salter")
    try pane.type("admin")
    try pane.waitForScreen("showing only the Admin card") { screen in
      screen.contains("admin") && screen.contains("Admin") && !screen.contains("Rook Salter")
    }
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText().contains(#"Admin\u0008\u0008\u0008\u0008\u0008Guest Quarry"#))
    let person = try JSONDocument.selectedPerson(pane.stdout)
    #expect(person["displayName"] as? String == "Admin\u{08}\u{08}\u{08}\u{08}\u{08}Guest Quarry")
  }
}

/// Case 25 (`../shared/cases/25-bracketed-paste-markers`): a paste arrives wrapped in
/// `ESC [200~ … ESC [201~`; its line break must not choose anything.
@Suite(
  "Pasting into the picker (case 25)", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"),
  .enabled(if: EndToEnd.sharedIsAvailable, "../shared (corpus and cases) is not checked out next to the package"))
struct PasteTests {
  static let book = "cases/25-bracketed-paste-markers/contacts.vcf"

  @Test("A pasted name becomes the query, without the paste markers")
  func pasteOneLine() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sharedFile(Self.book)])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ingrid Solberg")
    try pane.paste("Ingrid Solberg")
    let screen = try pane.waitForScreen(containing: "> Ingrid Solberg")
    #expect(!screen.contains("200~") && !screen.contains("201~"))
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == "Ingrid Solberg")
  }

  @Test("A line break inside a paste is not Enter: nothing is chosen, cpick keeps running")
  func pasteTwoLines() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sharedFile(Self.book)])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ingrid Solberg")
    try pane.paste("Ingrid\rSolberg")
    try pane.waitForScreen("with Solberg in the query") { screen in
      screen.split(separator: "\n").contains { $0.contains("Ingrid") && $0.contains("Solberg") && $0.hasPrefix(">") }
    }
    #expect(pane.exitStatus() == nil, "the pasted line break chose a contact")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
  }

  @Test("A paste whose end marker never comes ends at a pause: its text is the query, keys after it work, Esc leaves")
  func pasteWithoutEnd() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sharedFile(Self.book)])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ingrid Solberg")
    try pane.sendBytes(Array("\u{1B}[200~Ing".utf8))
    try pane.waitForScreen("with the pasted Ing in the query") { screen in
      screen.split(separator: "\n").contains { $0.hasPrefix("> Ing") }
    }
    try pane.type("rid")
    try pane.waitForScreen("with Ingrid typed after the paste") { screen in
      screen.split(separator: "\n").contains { $0.hasPrefix("> Ingrid") }
    }
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
  }

  @Test(
    "Under a terminal that does not say whether bracketed paste is on (tmux 3.3), cpick leaves it as found: a paste after it exits is marked only if it was on",
    arguments: [[String](), ["--height", "10"]], [false, true])
  func pasteModeLeftAsFound(layout: [String], wasOn: Bool) throws {
    let after = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("after")
    defer { try? FileManager.default.removeItem(at: after.deletingLastPathComponent()) }
    let script = "printf '\\033[?2004\(wasOn ? "h" : "l")' > /dev/tty; \"$@\"; echo READY > /dev/tty; exec cat -v > '\(after.path)'"
    let pane = try TmuxPane(layout + ["-s", EndToEnd.sharedFile(Self.book)], wrapper: ["sh", "-c", script, "sh"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ingrid Solberg")
    try pane.press("Escape")
    try pane.waitForScreen(containing: "READY")
    try pane.paste("hello")
    try pane.press("Enter")
    try pane.press("C-d")
    #expect(try pane.waitForExit() == 0)
    let text = try String(contentsOf: after, encoding: .utf8)
    #expect(text == (wasOn ? "^[[200~hello^[[201~\n" : "hello\n"), "\(text)")
  }

  @Test("A paste of two lines that comes without markers (the mode left off) is still no Enter: its line break chooses nothing")
  func unmarkedPasteOfTwoLines() throws {
    for layout in [[String](), ["--height", "10"]] {
      let pane = try TmuxPane(layout + ["-s", EndToEnd.sharedFile(Self.book)])
      defer { pane.close() }
      try pane.waitForScreen(containing: "Ingrid Solberg")
      try pane.sendBytes(Array("Ingrid\rSolberg".utf8))  // one write, as a terminal pastes
      try pane.waitForScreen("with Solberg in the query") { screen in
        screen.split(separator: "\n").contains { $0.hasPrefix(">") && $0.contains("Ingrid Solberg") }
      }
      #expect(pane.exitStatus() == nil, "the pasted line break chose a contact")
      try pane.press("Enter")
      #expect(try pane.waitForExit() == 0)
      #expect(String(decoding: pane.stdout, as: UTF8.self).contains("\"displayName\":\"Ingrid Solberg\""))
    }
  }

  @Test("A paste whose end marker's ESC comes alone, the rest after the ESC delay (ssh), ends there: its text is the query")
  func pasteEndMarkerSplit() throws {
    // An ESC delay of 1 ms: the marker's two sends (two tmux commands) are always
    // further apart, so ncurses gives its ESC alone.
    let pane = try TmuxPane(["-s", EndToEnd.sharedFile(Self.book)], wrapper: ["env", "ESCDELAY=1"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ingrid Solberg")
    try pane.sendBytes(Array("\u{1B}[200~Ingrid Solberg\u{1B}".utf8))
    try pane.sendBytes(Array("[201~".utf8))
    try pane.waitForScreen("with the pasted name as the query") { screen in
      screen.split(separator: "\n").contains { $0.hasPrefix("> Ingrid Solberg ") || $0 == "> Ingrid Solberg" }
    }
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(String(decoding: pane.stdout, as: UTF8.self).contains("\"displayName\":\"Ingrid Solberg\""))
  }

  @Test(
    "A paste whose start marker is split after ESC [ or ESC [ 2, the rest after the ESC delay, is still a paste: its line break chooses nothing",
    arguments: [[String](), ["--height", "10"]], ["\u{1B}[", "\u{1B}[2"])
  func pasteStartMarkerSplit(layout: [String], first: String) throws {
    let pane = try TmuxPane(layout + ["-s", EndToEnd.sharedFile(Self.book)], wrapper: ["env", "ESCDELAY=1"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ingrid Solberg")
    try pane.sendBytes(Array(first.utf8))
    // A gap past the inline screen's 25 ms wait for the rest of a sequence, so that
    // the marker really arrives split (a busy machine only makes the gap longer).
    usleep(60_000)
    try pane.sendBytes(Array(("\u{1B}[200~".dropFirst(first.count) + "Ingrid\rSolberg\u{1B}[201~").utf8))
    let screen = try pane.waitForScreen("with the pasted name as the query") { screen in
      screen.split(separator: "\n").contains { $0.hasPrefix(">") && $0.contains("Ingrid") && $0.contains("Solberg") }
    }
    #expect(pane.exitStatus() == nil, "the pasted line break chose a contact")
    #expect(!screen.contains("00~"))
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
  }
}

extension Array where Element == UInt8 {
  /// Whether `sequence` occurs in these bytes.
  func containsSequence(_ sequence: [UInt8]) -> Bool {
    guard !sequence.isEmpty, sequence.count <= count else { return false }
    for start in 0...(count - sequence.count) where self[start] == sequence[0] {
      if self[start..<(start + sequence.count)].elementsEqual(sequence) { return true }
    }
    return false
  }
}

/// Case 26's kind (`../shared/cases/26-esc-key-delay`): what follows an ESC is a key or
/// a sequence, told by the bytes. A terminal's reply to what cpick asks at start (`CSI
/// c`, `CSI 16 t`, `CSI ? 2004 $ p`) may come after the wait for it (over ssh, from a slow
/// terminal), or a terminal may send a report or a key ncurses does not know: each is
/// dropped whole, never typed into the query.
@Suite(
  "Late terminal replies in the picker", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"),
  .enabled(if: EndToEnd.sharedIsAvailable, "../shared (corpus and cases) is not checked out next to the package"))
struct LateReplyTests {
  /// Types `ingr`, sends `pieces` (with a gap between them past the screens' wait for a
  /// lone ESC: a busy machine only makes it longer, and a piece under way is waited for a
  /// second), types `id`: the query must be `ingrid`, and Enter chooses Ingrid.
  static func typeAround(_ pieces: [String], layout: [String]) throws {
    let pane = try TmuxPane(layout + ["-s", EndToEnd.sharedFile(PasteTests.book)])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ingrid Solberg")
    try pane.type("ingr")
    try pane.waitForScreen("with the query typed") { screen in screen.split(separator: "\n").contains { $0.hasPrefix("> ingr") } }
    for (number, piece) in pieces.enumerated() {
      if number > 0 { usleep(200_000) }
      try pane.sendBytes(Array(piece.utf8))
    }
    try pane.type("id")
    let screen = try pane.waitForScreen("with the rest of the query typed") { screen in
      screen.split(separator: "\n").contains { $0.hasPrefix("> ingrid") }
    }
    #expect(screen.split(separator: "\n").contains { $0 == "> ingrid" || $0.hasPrefix("> ingrid ") }, "\(screen)")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == "Ingrid Solberg")
  }

  @Test(
    "A reply or report that arrives once the picker is shown is not typed: Enter chooses the first person",
    arguments: [[String](), ["--height", "10"]],
    ["\u{1B}[?64;1;2;6;22c", "\u{1B}[6;20;10t", "\u{1B}[?2004;2$y", "\u{1B}[5;1R", "\u{1B}[97;5u",
      "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}"])
  func lateReply(layout: [String], reply: String) throws {
    try Self.typeAround([reply], layout: layout)
  }

  @Test(
    "A reply that arrives in two pieces (over ssh) is dropped whole too",
    arguments: [[String](), ["--height", "10"]],
    [["\u{1B}]11;rgb:0", "/0/0\u{07}"], ["\u{1B}P>|tm", "ux 3.3\u{1B}\\"], ["\u{1B}[", "?64;1c"]])
  func splitReply(layout: [String], pieces: [String]) throws {
    try Self.typeAround(pieces, layout: layout)
  }
}
