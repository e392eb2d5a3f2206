import Foundation
import Testing

/// The answer on stdout is never lost silently: a write that fails (a full disk) is an
/// error, while a reader that goes away (`| head -1`) is not.
@Suite("Writing the answer")
struct OutputErrorTests {
  @Test(
    "a full stdout is exit 2 with a message, for query, list, groups and -1",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full is absent"),
    arguments: [
      ["query", "thornton"], ["list"], ["groups"], ["-q", "jack miller", "--exact", "-1", "-f", "mailbox"],
    ])
  func fullDisk(arguments: [String]) throws {
    let result = try CommandRunner.shell(#""$0" "$@" > /dev/full"#, arguments + ["-s", EndToEnd.sampleBook])
    #expect(result.status == 2, "\(arguments)")
    #expect(result.stderrText == "cpick: cannot write to standard output: No space left on device\n", "\(arguments)")
  }

  @Test("a reader that stops early is not an error: the command's own status, nothing on stderr")
  func readerGone() throws {
    let statusFile = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("status")
    // cpick's own exit status, written by the left side of the pipe; 2 000 lines so
    // that writes go on after `head` has left.
    let result = try CommandRunner.shell(
      #"{ for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30; do cat "$1"; done | "$0" list -s - ; echo $? > "$2"; } | head -n 1 > /dev/null"#,
      [EndToEnd.sampleBook, statusFile.path])
    #expect(result.stderrText.isEmpty, "\(result.stderrText)")
    let status = try String(contentsOf: statusFile, encoding: .utf8)
    #expect(status == "0\n")
  }
}
