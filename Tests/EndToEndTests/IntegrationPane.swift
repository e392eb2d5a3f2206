import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Any program (a shell, an editor, a mail client) in its own detached tmux server, set
/// up as a user of `integrations/` would have it: `cpick` on `$PATH` (a link to the
/// binary under test) and `CPICK_SOURCE` on the sample address book. `HOME`, the XDG
/// folders and `XDG_RUNTIME_DIR` are inside a temporary folder, so no personal
/// configuration is read. The same socket, file and signal care as `TmuxPane`.
final class IntegrationPane {
  let directory: URL
  let sessionName: String
  private let socket: String
  private var closed = false

  /// `integrations/` in the package.
  static let integrations = EndToEnd.packageRoot.appendingPathComponent("integrations")

  /// How long a wait for a state goes on before the test fails (see
  /// `TmuxPane.defaultTimeout`; an editor or mail client starts slower than cpick).
  static let defaultTimeout: TimeInterval = 60

  /// Whether `program` is installed (for `.enabled(if:)`).
  static func has(_ program: String) -> Bool {
    EndToEnd.tmuxIsAvailable && EndToEnd.which(program) != nil
  }

  /// Starts `command` (run by `sh -c`, in the package root) in a `width` × `height` pane.
  /// `prepare` may write files into the folder first (its path is `$T` in `command`).
  init(_ command: String, width: Int = 100, height: Int = 30, prepare: (URL) throws -> Void = { _ in }) throws {
    let binary = try EndToEnd.binary()
    directory = try EndToEnd.makeTemporaryDirectory()
    sessionName = "cpick-integ-\(getpid())-\(UUID().uuidString.prefix(8))"
    socket = directory.appendingPathComponent("tmux.sock").path
    do {
      let fm = FileManager.default
      let bin = directory.appendingPathComponent("bin")
      for folder in ["bin", "home", "config", "data", "run"] {
        try fm.createDirectory(
          at: directory.appendingPathComponent(folder), withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      }
      try fm.createSymbolicLink(atPath: bin.appendingPathComponent("cpick").path, withDestinationPath: binary)
      try prepare(directory)

      let config = directory.appendingPathComponent("tmux.conf")
      try """
      set -s escape-time 0
      set -g status off
      set -g remain-on-exit on

      """.write(to: config, atomically: true, encoding: .utf8)
      let q = EndToEnd.shellQuoted
      let dir = directory.path
      let script = """
        unset CPICK_DEFAULT_OPTS ESCDELAY NO_COLOR TMUX TMUX_PANE
        T=\(q(dir)); export T
        PATH=\(q(bin.path)):$PATH; export PATH
        CPICK_SOURCE=\(q(EndToEnd.sampleBook)); export CPICK_SOURCE
        HOME=\(q(dir + "/home")); export HOME
        XDG_CONFIG_HOME=\(q(dir + "/config")); export XDG_CONFIG_HOME
        XDG_DATA_HOME=\(q(dir + "/data")); export XDG_DATA_HOME
        XDG_CACHE_HOME=\(q(dir + "/cache")); export XDG_CACHE_HOME
        XDG_RUNTIME_DIR=\(q(dir + "/run")); export XDG_RUNTIME_DIR
        TERM=xterm-256color; export TERM
        LANG=C.UTF-8; export LANG
        cd \(q(EndToEnd.packageRoot.path)) || exit 99
        exec \(command)

        """
      let scriptURL = directory.appendingPathComponent("run.sh")
      try script.write(to: scriptURL, atomically: true, encoding: .utf8)
      try tmux(
        "-f", config.path, "new-session", "-d", "-s", sessionName, "-x", "\(width)", "-y", "\(height)",
        "sh \(q(scriptURL.path))")
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  /// Kills this pane's tmux server (and with it the program) and removes the folder.
  func close() {
    guard !closed else { return }
    closed = true
    _ = try? tmux("kill-server")
    try? FileManager.default.removeItem(at: directory)
  }

  /// A file in the pane's folder.
  func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

  func type(_ text: String) throws { try tmux("send-keys", "-t", sessionName, "-l", text) }

  func press(_ keys: String...) throws { try tmux(["send-keys", "-t", sessionName] + keys) }

  func screen() throws -> String { try tmux("capture-pane", "-p", "-t", sessionName) }

  /// Changes the window size (a SIGWINCH; some programs only redraw on an event).
  func resize(width: Int, height: Int) throws {
    try tmux("resize-window", "-t", sessionName, "-x", "\(width)", "-y", "\(height)")
  }

  /// Waits until the screen contains every one of `texts`; returns that screen.
  @discardableResult
  func waitForScreen(containing texts: String..., timeout: TimeInterval = defaultTimeout) throws -> String {
    try waitForScreen(timeout: timeout, "containing \(texts)") { screen in texts.allSatisfy { screen.contains($0) } }
  }

  @discardableResult
  func waitForScreen(timeout: TimeInterval = defaultTimeout, _ what: String = "", until condition: (String) -> Bool) throws
    -> String
  {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while true {
      last = try screen()
      if condition(last) { return last }
      if Date() > deadline { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw EndToEndError(description: "the screen was not \(what) after \(timeout) s; screen:\n\(last)")
  }

  /// Waits until `url` exists and its text satisfies `condition`; returns that text.
  /// A program may create a file before it writes it (Emacs does): give a condition
  /// that only the finished text meets.
  @discardableResult
  func waitForFile(_ url: URL, timeout: TimeInterval = defaultTimeout, until condition: (String) -> Bool) throws
    -> String
  {
    let deadline = Date().addingTimeInterval(timeout)
    var last: String? = nil
    while Date() <= deadline {
      last = try? String(contentsOf: url, encoding: .utf8)
      if let text = last, condition(text) { return text }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw EndToEndError(
      description: """
        \(url.lastPathComponent) was \(last.map { "'\($0)'" } ?? "absent") after \(timeout) s; screen:
        \((try? screen()) ?? "")
        """)
  }

  @discardableResult
  private func tmux(_ arguments: String...) throws -> String { try tmux(arguments) }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    try TmuxCommand.run(socket: socket, directory: directory, arguments)
  }
}
