import CpickTestSupport
import Foundation

/// One tmux command against a test's own tmux server.
enum TmuxCommand {
  /// Runs `tmux -S socket arguments…` and returns its stdout. Output goes through
  /// files in `directory`: the server that `new-session` starts would keep a pipe
  /// open for ever.
  ///
  /// - Throws: `EndToEndError` when tmux fails or takes over 10 s.
  @discardableResult
  static func run(socket: String, directory: URL, _ arguments: [String]) throws -> String {
    let outURL = directory.appendingPathComponent("tmux-\(UUID().uuidString).out")
    let errURL = directory.appendingPathComponent("tmux-\(UUID().uuidString).err")
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let pid = try Spawn.start(
      EndToEnd.which("tmux") ?? "/usr/bin/tmux", ["-S", socket] + arguments,
      environment: EndToEnd.cleanEnvironment(in: directory), stdout: outURL.path, stderr: errURL.path)
    let status = Spawn.wait(pid, timeout: 10)
    guard status == 0 else {
      let message = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
      throw EndToEndError(
        description: "tmux \(arguments.joined(separator: " ")) failed (\(status.map(String.init) ?? "timeout")): \(message)")
    }
    return String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
  }
}
