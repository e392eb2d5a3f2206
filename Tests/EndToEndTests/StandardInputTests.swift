import Foundation
import Testing

/// What reads standard input to its end never waits silently on a terminal, and
/// standard input that cannot be read (a directory: `< /tmp`) is exit 2 with a message,
/// never a trap (issue 23: `Fatal error: 'try!' … Is a directory`, exit 132).
@Suite(
  "Standard input", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; a terminal on stdin needs it"))
struct StandardInputTests {
  @Test(
    "on a terminal, --from-message, --vcard - and -s - refuse at once and say what they wait for",
    arguments: [
      (["unknown", "--from-message"], "--from-message reads a mail message on standard input, which is a terminal"),
      (["new", "--vcard", "-"], "--vcard - reads a card on standard input, which is a terminal"),
      (["list", "-s", "-"], "-s - reads cards on standard input, which is a terminal"),
    ])
  func terminalRefused(arguments: [String], message: String) throws {
    let pane = try TmuxPane(arguments)
    defer { pane.close() }
    #expect(try pane.waitForExit() == 2)
    #expect(pane.stderrText().hasPrefix("cpick: \(message): pipe "), "\(pane.stderrText())")
    #expect(pane.stdout.isEmpty)
  }

  @Test(
    "a source or --vcard path that is a terminal (/dev/stdin on one, /dev/tty) is refused as -s - is",
    arguments: [["-s", "/dev/stdin"], ["list", "-s", "/dev/tty"], ["new", "--vcard", "/dev/stdin"]])
  func terminalPathRefused(arguments: [String]) throws {
    let pane = try TmuxPane(arguments)
    defer { pane.close() }
    #expect(try pane.waitForExit() == 2)
    let path = arguments.last!
    #expect(pane.stderrText().hasPrefix("cpick: \(path) is a terminal: it would be read until Ctrl-D; give a file"), "\(pane.stderrText())")
    #expect(pane.stdout.isEmpty)
  }

  @Test("cards on stdin while CPICK_SOURCE names the books: not read, and said; an empty stdin says nothing")
  func stdinBesideDefaultBooks() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let piped = folder.appendingPathComponent("piped.vcf").path
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Piped Person\r\nEND:VCARD\r\n".write(toFile: piped, atomically: true, encoding: .utf8)
    let ignored = try CommandRunner.shell(#"CPICK_SOURCE="$1" "$0" query piped < "$2""#, [EndToEnd.sampleBook, piped])
    #expect(ignored.status == 1)
    #expect(ignored.stderrText.contains("the cards on standard input are not read"), "\(ignored.stderrText)")
    let empty = try CommandRunner.shell(#"CPICK_SOURCE="$1" "$0" query 'jack miller' -f value < /dev/null"#, [EndToEnd.sampleBook])
    #expect(empty.stdoutLines == ["Jack Miller"])
    #expect(empty.stderrText.isEmpty, "\(empty.stderrText)")
    let read = try CommandRunner.shell(#"CPICK_SOURCE="$1" "$0" query piped -f value -s - < "$2""#, [EndToEnd.sampleBook, piped])
    #expect(read.stdoutLines == ["Piped Person"])
    // A script's names read in a loop: not cards, and each line left for the loop
    // (looked at, never taken).
    let names = folder.appendingPathComponent("names.txt").path
    try "jack miller\ngrace whitfield\n".write(toFile: names, atomically: true, encoding: .utf8)
    let loop = try CommandRunner.shell(
      #"cpick="$0"; while read -r name; do CPICK_SOURCE="$1" "$cpick" query "$name" -f value; done < "$2""#,
      [EndToEnd.sampleBook, names])
    #expect(loop.stdoutLines == ["Jack Miller", "Grace Whitfield"])
    #expect(loop.stderrText.isEmpty, "\(loop.stderrText)")
  }

  @Test(
    "a directory on stdin is exit 2 with the system's reason",
    arguments: [["unknown", "--from-message"], ["new", "--vcard", "-"], ["list", "-s", "-"]])
  func directoryOnStdin(arguments: [String]) throws {
    let result = try CommandRunner.cpick(arguments, stdin: NSTemporaryDirectory())
    #expect(result.status == 2, "\(result.stderrText)")
    #expect(result.stderrText.hasPrefix("cpick: "), "\(result.stderrText)")
    #expect(result.stderrText.contains("Is a directory"), "\(result.stderrText)")
  }
}
