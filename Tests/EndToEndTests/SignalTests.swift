import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM, SIGHUP, SIGINT and SIGQUIT sent to the real binary in tmux: the exit status is
/// 128 + signal (not fzf's 1, "nothing matched"), the terminal is given back (tty
/// modes, alternate screen, inline rows), nothing is printed on stdout, and a save in
/// progress leaves no temp file and the file old or new, never a part.
@Suite(
  "Signals in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the signal tests need it"))
struct SignalTests {
  /// The pid of the cpick whose arguments include `argument` (a path unique to the test).
  func cpickProcess(with argument: String, timeout: TimeInterval = 10) throws -> pid_t {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = pid_t(entry),
          let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
        else { continue }
        let words = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        if let first = words.first, first.hasSuffix("cpick"), words.contains(argument) { return pid }
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw EndToEndError(description: "no cpick process with \(argument)")
  }

  /// The temp files (`.NAME.tmp-…`) in `folder`.
  func tempFiles(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".tmp-") }
  }

  /// The temp files in `folder` once there is one (looked for every 0.5 ms: a save's
  /// lives for milliseconds), or none after `timeout`.
  func waitForTempFiles(in folder: String, timeout: TimeInterval = TmuxPane.defaultTimeout) -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var seen = tempFiles(in: folder)
    while seen.isEmpty && Date() < deadline {
      usleep(500)
      seen = tempFiles(in: folder)
    }
    return seen
  }

  /// One tmux query about the pane (`display-message -p FORMAT`).
  func paneFormat(_ pane: TmuxPane, _ format: String) throws -> String {
    try TmuxCommand.run(
      socket: pane.directory.appendingPathComponent("tmux.sock").path, directory: pane.directory,
      ["display-message", "-p", "-t", pane.sessionName, format]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The pane's terminal modes (`stty -a` on its tty), as words.
  func ttyModes(_ pane: TmuxPane) throws -> [String] {
    let tty = try paneFormat(pane, "#{pane_tty}")
    let result = try CommandRunner.run(EndToEnd.which("stty") ?? "/bin/stty", ["-a", "-F", tty])
    try #require(result.status == 0, "stty: \(result.stderrText)")
    return result.stdoutText.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
  }

  /// A copy of the sample book in a fresh folder (a path unique to the test).
  func sampleBookCopy() throws -> String {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let path = folder.appendingPathComponent("book.vcf").path
    try FileManager.default.copyItem(atPath: EndToEnd.sampleBook, toPath: path)
    return path
  }

  @Test("an idle full-screen picker gets SIGTERM: status 143, tty modes and main screen back, stdout empty")
  func idleTerm() throws {
    let book = try sampleBookCopy()
    let pane = try TmuxPane(["-s", book])
    defer { pane.close() }
    try pane.waitForScreen(containing: "67/67")
    let shown = try pane.screen()
    #expect(try ttyModes(pane).contains("-icanon"))  // raw while the picker runs
    #expect(try paneFormat(pane, "#{alternate_on}") == "1")
    let pid = try cpickProcess(with: book)
    #expect(kill(pid, SIGTERM) == 0)
    #expect(try pane.waitForExit() == 143)
    #expect(pane.stdout.isEmpty)
    #expect(pane.stderrText().isEmpty)
    let modes = try pane.eventually({ try ttyModes(pane) }, until: { $0.contains("icanon") })
    #expect(modes.contains("icanon"))
    #expect(modes.contains("echo"))
    #expect(!modes.contains("-icanon"))
    #expect(try pane.eventually({ try paneFormat(pane, "#{alternate_on}") }, until: { $0 == "0" }) == "0")
    // The cursor is shown again.
    #expect(try pane.eventually({ try paneFormat(pane, "#{cursor_flag}") }, until: { $0 == "1" }) == "1")
    #expect(try pane.eventually({ try pane.screen() }, until: { $0 != shown }) != shown)
  }

  @Test(
    "leaving the picker while its list file is still being written in the background leaves no temp file in the index folder",
    .enabled(if: EndToEnd.which("strace") != nil, "strace is not installed (it holds the list file's rename)"))
  func exitWhileStoring() throws {
    // The sample book itself, only read: a copy just made (changed in the last two
    // seconds) would not be stored, and no list file written.
    let book = EndToEnd.sampleBook
    // Every rename(2) held 10 s: the list file's temp file, written once the picker shows
    // the list, stays until cpick leaves.
    let strace = try #require(EndToEnd.which("strace"))
    let pane = try TmuxPane(
      ["-s", book], wrapper: [strace, "-f", "-q", "-o", "/dev/null", "-e", "trace=rename", "-e", "inject=rename:delay_enter=10000000"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "67/67")
    let lists = pane.directory.appendingPathComponent("cache/cpick/lists").path
    try #require(waitForTempFiles(in: lists).count == 1, "no list file being written")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(tempFiles(in: lists) == [], "left: \(tempFiles(in: lists))")
  }

  @Test("SIGHUP: status 129; SIGINT sent as a signal: 130; SIGQUIT: 131; SIGUSR1 138, SIGALRM 142, SIGIO 157, a real-time signal; each restores the terminal")
  func hangUpAndInterrupt() throws {
    for (signal, status) in [
      (SIGHUP, Int32(129)), (SIGINT, Int32(130)), (SIGQUIT, Int32(131)), (SIGUSR1, Int32(138)), (SIGALRM, Int32(142)),
      (SIGIO, Int32(157)), (Int32(40), Int32(168)),
    ] {
      let book = try sampleBookCopy()
      let pane = try TmuxPane(["-s", book])
      defer { pane.close() }
      try pane.waitForScreen(containing: "67/67")
      #expect(kill(try cpickProcess(with: book), signal) == 0)
      #expect(try pane.waitForExit() == status, "signal \(signal)")
      #expect(pane.stdout.isEmpty)
      #expect(try pane.eventually({ try ttyModes(pane) }, until: { $0.contains("icanon") }).contains("icanon"))
      #expect(try pane.eventually({ try paneFormat(pane, "#{alternate_on}") }, until: { $0 == "0" }) == "0")
    }
  }

  @Test("an inline picker (--height) gets SIGTERM: 143, its rows cleared, the modes back")
  func inlineTerm() throws {
    let book = try sampleBookCopy()
    let pane = try TmuxPane(["--height", "10", "-s", book])
    defer { pane.close() }
    try pane.waitForScreen(containing: "67/67")
    #expect(try ttyModes(pane).contains("-icanon"))
    #expect(kill(try cpickProcess(with: book), SIGTERM) == 0)
    #expect(try pane.waitForExit() == 143)
    #expect(pane.stdout.isEmpty)
    #expect(try pane.eventually({ try ttyModes(pane) }, until: { $0.contains("icanon") }).contains("icanon"))
    let screen = try pane.eventually({ try pane.screen() }) { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    #expect(!screen.contains("67/67"), "rows not cleared:\n\(screen)")
    #expect(screen.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "rows not cleared:\n\(screen)")
  }

  /// A book of `count` filler cards and one "Zed Target" (TITLE:Night Porter): about
  /// 550 bytes a card.
  func bigBook(at path: String, count: Int) throws -> Data {
    var text = ""
    text.reserveCapacity(count * 560)
    let note = String(repeating: "filler text ", count: 30)
    for index in 0..<count {
      if index == count / 2 {
        text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:zed-target\r\nN:Target;Zed;;;\r\nFN:Zed Target\r\n"
          + "TITLE:Night Porter\r\nEMAIL:zed@example.org\r\nEND:VCARD\r\n"
      }
      text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:filler-\(index)\r\nN:Person \(index);Filler;;;\r\n"
        + "FN:Filler Person \(index)\r\nEMAIL:filler\(index)@example.org\r\nNOTE:\(note)\r\nEND:VCARD\r\n"
    }
    let data = Data(text.utf8)
    try data.write(to: URL(fileURLWithPath: path))
    return data
  }

  @Test("SIGTERM while a 50 MB file is being saved: 143, no temp file left, the file old or wholly new")
  func termDuringSave() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("big.vcf").path
    let count = 90_000
    let original = try bigBook(at: path, count: count)
    #expect(original.count > 45_000_000)
    let pane = try TmuxPane(["show", "zed target", "-s", path, "--edit"], width: 120, height: 40)
    defer { pane.close() }
    try pane.waitForScreen(containing: "Zed Target", "e edit", timeout: 60)
    try pane.press("e")
    try pane.waitForScreen(containing: "Night Porter")
    try SavingTests().focus(pane, on: "job title")
    try pane.press("C-u")
    try pane.type("Signal Officer")
    try pane.waitForScreen(containing: "Signal Officer")
    let pid = try cpickProcess(with: path)

    try pane.press("C-s")
    try #require(!waitForTempFiles(in: folder.path).isEmpty, "no temp file appeared during the save")
    #expect(kill(pid, SIGTERM) == 0)
    #expect(try pane.waitForExit() == 143)
    #expect(pane.stdout.isEmpty)
    #expect(tempFiles(in: folder.path) == [], "temp files left: \(tempFiles(in: folder.path))")
    #expect(try ttyModes(pane).contains("icanon"))

    let after = try Data(contentsOf: URL(fileURLWithPath: path))
    if after != original {
      // The rename won the race: the new version, whole.
      let text = String(decoding: after, as: UTF8.self)
      #expect(text.contains("TITLE:Signal Officer\r\n"))
      #expect(!text.contains("TITLE:Night Porter"))
      #expect(text.components(separatedBy: "BEGIN:VCARD\r\n").count - 1 == count + 1)
      #expect(text.hasSuffix("END:VCARD\r\n"))
    }
  }
}
