import Foundation
import Testing

/// The people picker driven through tmux: keys in, the screen and stdout out.
@Suite(
  "The picker in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct PickerTests {
  /// The picker on the sample book, its list shown (José Álvarez on screen).
  static func samplePicker() throws -> TmuxPane {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook])
    do {
      try pane.waitForScreen(containing: "José Álvarez")
    } catch {
      pane.close()
      throw error
    }
    return pane
  }

  @Test("Typing part of a name and pressing Enter prints that person as one JSON document")
  func typeAndChoose() throws {
    let pane = try Self.samplePicker()
    defer { pane.close() }
    try pane.type("jose alv")
    try pane.waitForScreen(containing: "jose alv", "José Álvarez")
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    let person = try JSONDocument.selectedPerson(pane.stdout)
    #expect(person["displayName"] as? String == "José Álvarez")
    #expect(JSONDocument.values(person, "emailAddresses").contains("jose.alvarez@example.com"))
    #expect(pane.stderrText() == "")
  }

  @Test("Alt-Backspace deletes the last word of the query; it does not cancel the picker")
  func altBackspace() throws {
    let pane = try Self.samplePicker()
    defer { pane.close() }
    try pane.type("jose alv zzz")
    try pane.waitForScreen(containing: "jose alv zzz")
    try pane.press("M-BSpace")  // ESC DEL in one write
    try pane.waitForScreen(containing: "José Álvarez")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == "José Álvarez")
  }

  @Test(
    "A cancel key exits 130 with nothing on stdout",
    arguments: ["Escape", "C-c", "C-g"])
  func cancel(key: String) throws {
    let pane = try Self.samplePicker()
    defer { pane.close() }
    try pane.press(key)

    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
    #expect(pane.stderrText() == "")
  }

  @Test("Down then Enter chooses the second row, the same second match that cpick query lists")
  func downChoosesSecondRow() throws {
    let ranked = try CommandRunner.cpick(["query", "thornton", "-s", EndToEnd.sampleBook, "-f", "value"])
    try #require(ranked.status == 0)
    try #require(ranked.stdoutLines.count >= 2, "the sample book has several Thorntons: \(ranked.stdoutLines)")
    let second = ranked.stdoutLines[1]

    let pane = try Self.samplePicker()
    defer { pane.close() }
    try pane.type("thornton")
    try pane.waitForScreen(containing: "thornton", ranked.stdoutLines[0], second)
    try pane.press("Down")
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    let person = try JSONDocument.selectedPerson(pane.stdout)
    #expect(person["displayName"] as? String == second)
  }

  @Test("Up after Down returns to the first row")
  func upReturnsToFirstRow() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-q", "thornton"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "thornton", "Margaret Thornton")
    let first = try CommandRunner.cpick(["query", "thornton", "-s", EndToEnd.sampleBook, "-f", "value"])
      .stdoutLines.first
    try pane.press("Down")
    try pane.press("Up")
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == first)
  }

  @Test("Enter with no match ends the picker as fzf does: exit 1, the query with --print-query, nothing chosen")
  func enterWithNoMatch() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "--print-query"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "José Álvarez", "67/67")
    try pane.type("zzqx")
    try pane.waitForScreen(containing: "0/67")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 1)
    #expect(pane.stdoutText() == "zzqx\n")
  }

  @Test("PageDown keeps the row it selects on screen")
  func pageDownKeepsSelectionVisible() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook])
    defer { pane.close() }
    // The whole list first (its count on the query line), so that the change awaited
    // below is PageDown's.
    let before = try pane.waitForScreen(containing: "José Álvarez", "67/67", "esc cancel")
    try pane.press("PageDown")
    // The row PageDown selects lies below the first screen, so the screen must change.
    // The highlighted row moved (a capture of a frame half drawn — its query line
    // redrawn over the old rows, or the old mark cleared and the new one not yet drawn
    // — is not that state).
    func highlighted(_ screen: String) -> String? {
      screen.components(separatedBy: "\n").first { $0.hasPrefix("▌") }
    }
    let after = try pane.waitForScreen("changed by PageDown") { screen in
      screen.contains("67/67") && highlighted(screen) != nil && highlighted(screen) != highlighted(before)
    }
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    let chosen = try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String ?? "(none)"
    #expect(after.contains(chosen), "chose \(chosen), which was not on the screen after PageDown:\n\(after)")
  }

  @Test("Digits of a phone number written with punctuation find its owner")
  func phoneDigits() throws {
    let pane = try Self.samplePicker()
    defer { pane.close() }
    try pane.type("0100142")
    try pane.waitForScreen("with only Margaret Thornton listed") { screen in
      screen.contains("0100142") && screen.contains("Margaret Thornton") && !screen.contains("José Álvarez")
    }
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    let person = try JSONDocument.selectedPerson(pane.stdout)
    #expect(person["displayName"] as? String == "Margaret Thornton")
    #expect(JSONDocument.values(person, "phoneNumbers").contains("+1 (555) 010-0142"))
  }

  @Test("-q starts with that query on screen and Enter chooses its best match")
  func initialQuery() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-q", "jose alv"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "jose alv", "José Álvarez")
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == "José Álvarez")
  }

  @Test("After the terminal is resized the picker redraws for the new size and still chooses")
  func resize() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-q", "jose alv"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "jose alv", "José Álvarez")
    try pane.resize(width: 50, height: 8)
    try pane.waitForScreen("redrawn in 50 columns") { screen in
      // The prompt line, with the match count now at the right edge of 50 columns.
      let prompt = screen.split(separator: "\n").first ?? ""
      return prompt.hasPrefix(">") && prompt.contains("jose alv") && prompt.count <= 50 && prompt.hasSuffix("/67")
        && screen.contains("José Álvarez")
    }
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == "José Álvarez")
  }

  @Test("Contacts piped on stdin are listed while the picker draws on /dev/tty")
  func contactsOnStdin() throws {
    let pane = try TmuxPane(["-q", "jose alv"], stdinPipeFrom: EndToEnd.sampleBook)
    defer { pane.close() }
    try pane.waitForScreen(containing: "jose alv", "José Álvarez")
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    let person = try JSONDocument.selectedPerson(pane.stdout)
    #expect(person["displayName"] as? String == "José Álvarez")
  }

  @Test("-f mailbox chooses an address: a person with several opens the card, preferred first")
  func formats() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-q", "jose alv", "-f", "mailbox"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "jose alv", "José Álvarez")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "pepe.alv@correo.test", "enter choose")
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "José Álvarez <jose.alvarez@example.com>\n")
  }
}

/// Case 26 (`../shared/cases/26-esc-key-delay`): Escape must not wait for ncurses'
/// default one-second ESCDELAY, and an arrow key's bytes must still read as the key.
@Suite(
  "Escape and arrow keys (case 26)", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct EscapeKeyTests {
  @Test("Escape cancels promptly — as soon as Ctrl-C does, not after ncurses' 1 s wait for a sequence — with status 130")
  func escapeIsPrompt() throws {
    // How long after the key the exit status is there, for Ctrl-C (no wait) and Escape,
    // on the same machine under the same load.
    func exitTime(after key: String) throws -> (status: Int32, seconds: TimeInterval, stdout: Data) {
      let pane = try PickerTests.samplePicker()
      defer { pane.close() }
      let start = Date()
      try pane.press(key)
      let status = try pane.waitForExit()
      return (status, Date().timeIntervalSince(start), pane.stdout)
    }
    let interrupt = try exitTime(after: "C-c")
    let escape = try exitTime(after: "Escape")
    #expect(interrupt.status == 130)
    #expect(escape.status == 130)
    #expect(escape.stdout.isEmpty)
    #expect(escape.seconds < interrupt.seconds + 0.9, "Escape \(escape.seconds) s, Ctrl-C \(interrupt.seconds) s")
  }

  @Test("ESC [ B written in one go is Down, not Escape: Enter then chooses the second row")
  func arrowBytesAreOneKey() throws {
    let ranked = try CommandRunner.cpick(["query", "thornton", "-s", EndToEnd.sampleBook, "-f", "value"])
    try #require(ranked.stdoutLines.count >= 2)

    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-q", "thornton"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "thornton", ranked.stdoutLines[1])
    try pane.sendBytes([0x1B, 0x5B, 0x42])
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == ranked.stdoutLines[1])
  }

  @Test("Down with Shift, Alt or Ctrl (ESC [ 1 ; m B) is Down: Enter then chooses the second row", arguments: [2, 3, 5])
  func modifiedArrowIsArrow(modifier: Int) throws {
    let ranked = try CommandRunner.cpick(["query", "thornton", "-s", EndToEnd.sampleBook, "-f", "value"])
    try #require(ranked.stdoutLines.count >= 2)

    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-q", "thornton"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "thornton", ranked.stdoutLines[1])
    try pane.sendBytes(Array("\u{1B}[1;\(modifier)B".utf8))
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == ranked.stdoutLines[1])
  }

  @Test("a byte that begins no UTF-8 character (0xFF, a Latin-1 é, an X10 mouse column past 95) is U+FFFD in the query, and Escape still cancels")
  func invalidUTF8Input() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-f", "value", "--print-query"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "67/67")
    try pane.sendBytes([0x74, 0xFF, 0x68, 0xE9, 0x6F])
    try pane.waitForScreen(containing: "t\u{FFFD}h\u{FFFD}o")
    // An X10 mouse report of column 120: dropped whole.
    try pane.sendBytes([0x1B, 0x5B, 0x4D, 32, 32 + 120, 32 + 4])
    try pane.sendBytes([0x72])
    try pane.waitForScreen(containing: "t\u{FFFD}h\u{FFFD}or")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    // Cancelled: nothing on stdout, not the query either (PRODUCT.md; fzf alike).
    #expect(pane.stdoutText() == "")
  }
}

/// fzf's habits: --print-query, --expect, the mouse.
@Suite(
  "fzf habits in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct FzfHabitTests {
  @Test("--print-query and --expect print the query and the key before the selection, as fzf does")
  func printQueryAndExpect() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "--print-query", "--expect", "ctrl-e,ctrl-v", "-f", "value"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "José Álvarez")
    try pane.type("jose alv")
    try pane.waitForScreen(containing: "jose alv")
    try pane.press("C-v")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "jose alv\nctrl-v\nJosé Álvarez\n")
  }

  @Test("--expect takes fzf's F-keys, Alt keys and enter")
  func expectMoreKeys() throws {
    // F1 too, which otherwise opens the help.
    for (key, name) in [("F2", "f2"), ("M-x", "alt-x"), ("Enter", "enter"), ("F1", "f1")] {
      let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "--expect", "f1,f2,alt-x,enter", "-f", "value", "-q", "jose alv"])
      defer { pane.close() }
      try pane.waitForScreen(containing: "José Álvarez")
      try pane.press(key)
      #expect(try pane.waitForExit() == 0, "\(key)")
      #expect(pane.stdoutText() == "\(name)\nJosé Álvarez\n", "\(key)")
    }
  }

  @Test("with --expect, Enter prints an empty key line")
  func expectEnter() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "--expect", "ctrl-e", "-f", "value", "-q", "jose alv"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "José Álvarez")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "\nJosé Álvarez\n")
  }

  @Test("a double click on a row chooses it")
  func doubleClick() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-f", "value", "-q", "thornton"])
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "3/67", "Margaret Thornton")
    let lines = screen.components(separatedBy: "\n")
    let row = try #require(lines.firstIndex { $0.contains("Margaret Thornton") })
    // SGR mouse reports (xterm 1006): press and release twice at column 5 of that row.
    let press = "\u{1B}[<0;5;\(row + 1)M", release = "\u{1B}[<0;5;\(row + 1)m"
    try pane.sendBytes(Array((press + release + press + release).utf8))
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "Margaret Thornton\n")
  }
}

/// `--height`: the picker drawn below the prompt, the prompt's lines kept.
@Suite(
  "Inline picker", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct InlinePickerTests {
  @Test("--height 8 draws 8 rows below the cursor, keeps what was above, and clears itself on exit")
  func inline() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "--height", "8", "-f", "value"])
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "67/67")
    let lines = screen.components(separatedBy: "\n")
    let prompt = try #require(lines.firstIndex { $0.hasPrefix(">") })
    let footer = try #require(lines.firstIndex { $0.contains("esc cancel") })
    #expect(footer - prompt == 7)
    try pane.type("jose alv")
    try pane.waitForScreen(containing: "jose alv", "José Álvarez")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "José Álvarez\n")
    #expect(try !pane.eventually({ try pane.screen() }, until: { !$0.contains("67/67") }).contains("67/67"))
  }
}
