import CpickTestSupport
import Foundation

/// What a finished command left behind.
struct CommandResult {
  var status: Int32
  var stdout: Data
  var stderr: Data

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  /// stdout split into lines, without the final empty one.
  var stdoutLines: [String] {
    var lines = stdoutText.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// stderr split into lines, without the final empty one.
  var stderrLines: [String] {
    var lines = stderrText.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Runs a program without a terminal: stdin from a file (by default `/dev/null`),
/// stdout and stderr into files, a deadline after which it is killed and the test fails.
enum CommandRunner {
  static func run(
    _ executable: String, _ arguments: [String], stdin: String = "/dev/null", timeout: TimeInterval = 10
  ) throws -> CommandResult {
    let directory = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    let pid = try Spawn.start(
      executable, arguments, environment: EndToEnd.cleanEnvironment(in: directory),
      stdin: stdin, stdout: outURL.path, stderr: errURL.path)
    guard let status = Spawn.wait(pid, timeout: timeout) else {
      throw EndToEndError(
        description: "\(([executable] + arguments).joined(separator: " ")) did not finish within \(timeout) s")
    }
    return CommandResult(
      status: status,
      stdout: (try? Data(contentsOf: outURL)) ?? Data(),
      stderr: (try? Data(contentsOf: errURL)) ?? Data())
  }

  /// Runs the cpick under test with `arguments`.
  static func cpick(_ arguments: [String], stdin: String = "/dev/null", timeout: TimeInterval = 10) throws
    -> CommandResult
  {
    try run(try EndToEnd.binary(), arguments, stdin: stdin, timeout: timeout)
  }

  /// Runs `script` with `sh -c`; `$0` is the cpick under test, `$1`… are `arguments`.
  static func shell(_ script: String, _ arguments: [String] = [], timeout: TimeInterval = 10) throws
    -> CommandResult
  {
    try run("/bin/sh", ["-c", script, try EndToEnd.binary()] + arguments, timeout: timeout)
  }
}
