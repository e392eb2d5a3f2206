import Foundation

/// One cpick run inside a detached tmux session of a fixed size, as fzf's end-to-end
/// tests do: its own tmux server (socket in a temporary folder), its own session,
/// stdout/stderr/exit status of cpick written to files in that folder.
///
/// The command waits for a `go` file before it starts, so `pipe-pane` can be set up
/// first. Call `close()` (in a `defer`) to kill the server and remove the folder.
final class TmuxPane {
  let directory: URL
  let sessionName: String
  private let socket: String
  private var closed = false

  /// The poll interval of every wait.
  static let pollInterval: TimeInterval = 0.05
  /// How long a wait for a state goes on before the test fails: generous, since a
  /// wait ends as soon as its state is reached, and a loaded 2-core machine (other
  /// builds, a CPU hog beside the suite) can take seconds to draw a frame.
  static let defaultTimeout: TimeInterval = 30

  var stdoutURL: URL { directory.appendingPathComponent("stdout") }
  var stderrURL: URL { directory.appendingPathComponent("stderr") }
  var statusURL: URL { directory.appendingPathComponent("status") }
  var recordingURL: URL { directory.appendingPathComponent("pane-bytes") }

  /// Starts `cpick ARGUMENTS` (or `SHELLPREFIX cpick ARGUMENTS`, e.g. `cat FILE |`) in a
  /// new session of `width` × `height` cells with `TERM=xterm-256color`.
  ///
  /// - Parameters:
  ///   - recordOutput: record every byte cpick writes to the pane (`tmux pipe-pane`)
  ///     into `recordingURL`.
  ///   - wrapper: a command cpick runs under (`strace -f …`), before the binary.
  init(
    _ arguments: [String], stdinPipeFrom: String? = nil, width: Int = 100, height: Int = 30,
    recordOutput: Bool = false, config: String? = nil, wrapper: [String] = []
  ) throws {
    let binary = try EndToEnd.binary()
    directory = try EndToEnd.makeTemporaryDirectory()
    sessionName = "cpick-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    socket = directory.appendingPathComponent("tmux.sock").path

    if let config {  // cpick's config file, in the pane's own XDG_CONFIG_HOME
      let folder = directory.appendingPathComponent("config/cpick")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try config.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    }
    let config = directory.appendingPathComponent("tmux.conf")
    try """
    set -s escape-time 0
    set -s set-clipboard on
    set -g status off
    set -g remain-on-exit off

    """.write(to: config, atomically: true, encoding: .utf8)

    let q = EndToEnd.shellQuoted
    let dir = directory.path
    let command = (wrapper + [binary] + arguments).map(q).joined(separator: " ")
    let input = stdinPipeFrom.map { "cat \(q($0)) | " } ?? ""
    let script = """
      unset CPICK_DEFAULT_OPTS CPICK_SOURCE ESCDELAY NO_COLOR
      TERM=xterm-256color; export TERM
      XDG_CONFIG_HOME=\(q(dir + "/config")); export XDG_CONFIG_HOME
      XDG_DATA_HOME=\(q(dir + "/data")); export XDG_DATA_HOME
      XDG_CACHE_HOME=\(q(dir + "/cache")); export XDG_CACHE_HOME
      XDG_STATE_HOME=\(q(dir + "/state")); export XDG_STATE_HOME
      cd \(q(EndToEnd.packageRoot.path)) || exit 99
      n=0; while [ ! -e \(q(dir + "/go")) ]; do n=$((n+1)); [ $n -gt 3000 ] && exit 98; sleep 0.02; done
      \(input)\(command) >\(q(stdoutURL.path)) 2>\(q(stderrURL.path))
      echo $? >\(q(dir + "/status.tmp")) && mv \(q(dir + "/status.tmp")) \(q(statusURL.path))
      exec sleep 60

      """
    let scriptURL = directory.appendingPathComponent("run.sh")
    try script.write(to: scriptURL, atomically: true, encoding: .utf8)

    do {
      try tmux(
        "-f", config.path, "new-session", "-d", "-s", sessionName, "-x", "\(width)", "-y", "\(height)",
        "sh \(q(scriptURL.path))")
      if recordOutput {
        try tmux("pipe-pane", "-o", "-t", sessionName, "cat >> \(q(recordingURL.path))")
      }
      _ = FileManager.default.createFile(atPath: dir + "/go", contents: nil)
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  /// Kills this test's tmux server and removes the temporary folder.
  func close() {
    guard !closed else { return }
    closed = true
    _ = try? tmux("kill-server")
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: Keys

  /// Types `text` literally (`send-keys -l`).
  func type(_ text: String) throws {
    try tmux("send-keys", "-t", sessionName, "-l", text)
  }

  /// Sends named keys: `Enter`, `Escape`, `Up`, `Down`, `C-c`, `C-g`, ….
  func press(_ keys: String...) throws {
    try tmux(["send-keys", "-t", sessionName] + keys)
  }

  /// Writes raw bytes to the pane in one go (`send-keys -H`).
  func sendBytes(_ bytes: [UInt8]) throws {
    try tmux(["send-keys", "-t", sessionName, "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// Pastes `text` as a terminal would: through a tmux buffer, wrapped in
  /// bracketed-paste markers when the program turned that mode on (`paste-buffer -p`).
  func paste(_ text: String) throws {
    try tmux("set-buffer", "-b", "e2e-paste", text)
    try tmux("paste-buffer", "-p", "-d", "-b", "e2e-paste", "-t", sessionName)
  }

  /// Changes the terminal's size, as a user resizing the window would (SIGWINCH).
  func resize(width: Int, height: Int) throws {
    try tmux("resize-window", "-t", sessionName, "-x", "\(width)", "-y", "\(height)")
  }

  // MARK: The screen

  /// The visible screen as text (`capture-pane -p`).
  func screen() throws -> String {
    try tmux("capture-pane", "-p", "-t", sessionName)
  }

  /// The pane's title (which an OSC 0 sequence would change).
  func paneTitle() throws -> String {
    try tmux("display-message", "-p", "-t", sessionName, "#{pane_title}")
      .trimmingCharacters(in: .newlines)
  }

  /// tmux's paste buffers (which an OSC 52 sequence would fill with `set-clipboard on`).
  func pasteBuffers() throws -> String {
    try tmux("list-buffers")
  }

  /// Waits until the screen contains every one of `texts`; returns that screen.
  ///
  /// - Throws: `EndToEndError` with the last screen when `timeout` passes first, or
  ///   when cpick exits while we wait.
  @discardableResult
  func waitForScreen(containing texts: String..., timeout: TimeInterval = defaultTimeout) throws -> String {
    try waitForScreen(timeout: timeout, "containing \(texts)") { screen in
      texts.allSatisfy { screen.contains($0) }
    }
  }

  /// What `read` gives once `done` holds of it, or at the default timeout: the pane's
  /// state after cpick has exited, which tmux may not have taken in yet (cpick's last
  /// output — the screen cleared, the cursor shown — can still be on its way when the
  /// exit status is there).
  func eventually<T>(_ read: () throws -> T, until done: (T) -> Bool) rethrows -> T {
    let deadline = Date().addingTimeInterval(Self.defaultTimeout)
    while true {
      let value = try read()
      if done(value) || Date() > deadline { return value }
      Thread.sleep(forTimeInterval: Self.pollInterval)
    }
  }

  /// Waits until `condition` holds for the screen; returns that screen.
  @discardableResult
  func waitForScreen(
    timeout: TimeInterval = defaultTimeout, _ what: String = "", until condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while true {
      last = try screen()
      if condition(last) { return last }
      if let status = exitStatus() {
        throw EndToEndError(
          description: """
            cpick exited with \(status) while waiting for a screen \(what); \
            stderr: \(stderrText())
            screen:
            \(last)
            """)
      }
      if Date() > deadline { break }
      Thread.sleep(forTimeInterval: Self.pollInterval)
    }
    throw EndToEndError(
      description: """
        the screen was not \(what) after \(timeout) s; stderr: \(stderrText())
        screen:
        \(last)
        """)
  }

  // MARK: The end

  /// cpick's exit status, or `nil` while it runs.
  func exitStatus() -> Int32? {
    guard let text = try? String(contentsOf: statusURL, encoding: .utf8) else { return nil }
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Waits for cpick to exit and returns its status.
  ///
  /// - Throws: `EndToEndError` with the screen when it still runs after `timeout`.
  func waitForExit(timeout: TimeInterval = defaultTimeout) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() <= deadline {
      if let status = exitStatus() { return status }
      Thread.sleep(forTimeInterval: Self.pollInterval)
    }
    if let status = exitStatus() { return status }
    throw EndToEndError(
      description: """
        cpick was still running \(timeout) s after the last key; screen:
        \(((try? screen()) ?? "(no screen)"))
        """)
  }

  var stdout: Data { (try? Data(contentsOf: stdoutURL)) ?? Data() }
  func stdoutText() -> String { String(decoding: stdout, as: UTF8.self) }
  func stderrText() -> String { String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self) }

  /// The bytes recorded by `pipe-pane`, once they hold `end` (by default what a
  /// full-screen cpick writes last as it gives the terminal back: leaving the
  /// alternate screen, `ESC [ ? 1 0 4 9 l`), or after `timeout`.
  func recordedBytes(
    through end: [UInt8] = Array("\u{1B}[?1049l".utf8), timeout: TimeInterval = defaultTimeout
  ) -> [UInt8] {
    let deadline = Date().addingTimeInterval(timeout)
    var bytes: [UInt8] = []
    repeat {
      bytes = [UInt8]((try? Data(contentsOf: recordingURL)) ?? Data())
      if bytes.containsSequence(end) { break }
      Thread.sleep(forTimeInterval: Self.pollInterval)
    } while Date() < deadline
    return bytes
  }

  // MARK: tmux

  @discardableResult
  private func tmux(_ arguments: String...) throws -> String {
    try tmux(arguments)
  }

  /// Runs one tmux command against this test's server (output through files: the
  /// server that `new-session` starts would keep a pipe open for ever).
  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    try TmuxCommand.run(socket: socket, directory: directory, arguments)
  }
}
