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
    #expect(pane.stderrText().hasPrefix("cpick: \(path) is a terminal: it would be read until Ctrl-D"), "\(pane.stderrText())")
    #expect(pane.stdout.isEmpty)
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
