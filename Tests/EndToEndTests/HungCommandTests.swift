import CpickTestSupport
import Foundation
import Glibc
import Testing

/// A `password-command` that never finishes (a `pass` waiting on a locked keyring):
/// once cpick has given up on its helper, or was killed, neither the helper nor the
/// command nor what the command started is left running.
@Suite("a password-command that hangs is not left running")
struct HungCommandTests {
  /// A config whose account's `password-command` writes its shell's and its child's
  /// process IDs into `folder`, then waits for the child, a `sleep` of 300 s. Nothing
  /// listens at the URL; the command runs before any connection.
  static func writeConfig(in folder: URL, timeout: Int) throws {
    let config = folder.appendingPathComponent("config/cpick")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let command = "echo $$ > \(folder.path)/sh.pid; sleep 300 & echo $! > \(folder.path)/sleep.pid; wait"
    try "[account stuck]\nurl = http://127.0.0.1:9/book/\nusername = ada\ntimeout = \(timeout)\npassword-command = \(command)\n"
      .write(to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
  }

  /// The process ID written in `folder/name`, once the file holds one.
  static func pid(_ name: String, in folder: URL) -> pid_t? {
    guard let text = try? String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8) else {
      return nil
    }
    return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Whether process `pid` has ended: gone, or a zombie left for its new parent to reap.
  static func ended(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")"), stat.index(close, offsetBy: 2) < stat.endIndex
    else { return true }
    return ["Z", "X"].contains(stat[stat.index(close, offsetBy: 2)])
  }

  /// Waits until `condition` holds (checked every 10 ms), at most `seconds`.
  static func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      if Date() > deadline { return false }
      usleep(10_000)
    }
    return true
  }

  @Test("query gives up after the account's timeout: the helper, the command's shell and its child all end")
  func givenUp() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writeConfig(in: folder, timeout: 1)
    let run = try CommandRunner.shell(
      "export XDG_CONFIG_HOME=\(folder.path)/config; \"$0\" query -s http://127.0.0.1:9/book/ anyone", timeout: 60)
    #expect(run.status == 2)
    #expect(run.stderrLines.filter { $0.contains("no answer within 1 s") }.count == 1)
    // The command ran (before: it was left running, reparented to init, one more each query).
    let shell = try #require(Self.pid("sh.pid", in: folder))
    let sleep = try #require(Self.pid("sleep.pid", in: folder))
    #expect(Self.waitUntil(30) { Self.ended(shell) && Self.ended(sleep) })
  }

  @Test("cpick killed by SIGKILL while its helper waits for the command: the helper, the shell and its child end")
  func killed() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A bound cpick never reaches here: it is killed while it waits.
    try Self.writeConfig(in: folder, timeout: 120)
    var environment = EndToEnd.cleanEnvironment(in: folder)
    environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    let cpick = try Spawn.start(
      try EndToEnd.binary(), ["query", "-s", "http://127.0.0.1:9/book/", "anyone"], environment: environment,
      stdout: folder.appendingPathComponent("stdout").path, stderr: folder.appendingPathComponent("stderr").path)
    var killed = false
    defer { if !killed { kill(cpick, SIGKILL); _ = Spawn.wait(cpick, timeout: 10) } }
    #expect(Self.waitUntil(60) { Self.pid("sleep.pid", in: folder) != nil && Self.pid("sh.pid", in: folder) != nil })
    let shell = try #require(Self.pid("sh.pid", in: folder))
    let sleep = try #require(Self.pid("sleep.pid", in: folder))
    kill(cpick, SIGKILL)
    _ = Spawn.wait(cpick, timeout: 10)
    killed = true
    #expect(Self.waitUntil(30) { Self.ended(shell) && Self.ended(sleep) })
  }
}
