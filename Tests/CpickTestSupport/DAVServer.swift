import Foundation
import Glibc

/// A CardDAV server on 127.0.0.1 for tests: Debian's Radicale or Xandikos, in a temp folder
/// of its own, on a free port, stopped by `stop()` (or when released).
///
/// `radicale(…)` and `xandikos()` throw when the server program is missing or does not
/// start: a test that needs a server fails without it, never passes or skips silently.
/// Readiness is waited for by polling (an OPTIONS request answered), never by sleeping a
/// fixed time.
public final class DAVServer: @unchecked Sendable {
  /// A server that could not be started or a raw request that failed.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// The server's root URL, `http://127.0.0.1:PORT/` (`https://…` with TLS).
  public let url: String
  /// The server process.
  public let pid: pid_t
  /// The temp folder with its configuration and data (removed by `stop()`).
  public let dataFolder: String
  /// The user and password `putRaw`, `deleteRaw` and `makeAddressBook` authenticate as
  /// (Radicale: `alice` when there, else the first user), `nil` without authentication.
  public let account: (user: String, password: String)?
  /// The certificate to trust for a TLS server.
  public let caFile: String?

  private let lock = NSLock()
  private var running = true

  private init(url: String, pid: pid_t, dataFolder: String, account: (String, String)?, caFile: String?) {
    self.url = url
    self.pid = pid
    self.dataFolder = dataFolder
    self.account = account
    self.caFile = caFile
  }

  deinit { stop() }

  /// Debian's Radicale (`/usr/bin/radicale`) with htpasswd (plain) `users`, optionally over
  /// TLS with a PEM certificate and key.
  public static func radicale(users: [String: String] = ["alice": "secret"], tls: (cert: String, key: String)? = nil)
    throws -> DAVServer
  {
    guard let program = LoopbackServer.executable("radicale", fallback: "/usr/bin/radicale") else {
      throw Failure(description: "radicale is not installed (apt-get install radicale)")
    }
    let folder = try LoopbackServer.makeFolder("dav-radicale")
    let htpasswd = users.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)\n" }.joined()
    try LoopbackServer.write(folder + "/users", htpasswd, mode: 0o600)
    let user = users["alice"] != nil ? "alice" : users.keys.sorted().first
    let account = user.map { ($0, users[$0]!) }
    return try start(folder: folder, scheme: tls == nil ? "http" : "https", caFile: tls?.cert, account: account) { port in
      var config = """
        [server]
        hosts = 127.0.0.1:\(port)

        """
      if let tls { config += "ssl = True\ncertificate = \(tls.cert)\nkey = \(tls.key)\n" }
      config += """

        [auth]
        type = htpasswd
        htpasswd_filename = \(folder)/users
        htpasswd_encryption = plain
        delay = 0

        [storage]
        filesystem_folder = \(folder)/collections

        [web]
        type = none

        [logging]
        level = warning

        """
      try LoopbackServer.write(folder + "/config", config, mode: 0o600)
      return [program, "--config", folder + "/config"]
    }
  }

  /// Xandikos (`$CPICK_XANDIKOS`, else `xandikos` on the PATH, else
  /// `/opt/cpick-venv/bin/xandikos`) with `--defaults`: principal `/user/`, address book
  /// `/user/contacts/addressbook/`. No authentication (Xandikos has it only over HTTPS).
  public static func xandikos() throws -> DAVServer {
    let configured = ProcessInfo.processInfo.environment["CPICK_XANDIKOS"].flatMap { $0.isEmpty ? nil : $0 }
    guard let program = configured ?? LoopbackServer.executable("xandikos", fallback: "/opt/cpick-venv/bin/xandikos") else {
      throw Failure(
        description:
          "xandikos is not installed (python3 -m venv /opt/cpick-venv && /opt/cpick-venv/bin/pip install xandikos)")
    }
    let folder = try LoopbackServer.makeFolder("dav-xandikos")
    return try start(folder: folder, scheme: "http", caFile: nil, account: nil) { port in
      [
        program, "serve", "-d", folder + "/data", "--state-dir", folder + "/state", "--defaults", "-l", "127.0.0.1",
        "-p", String(port), "--no-detect-systemd",
      ]
    }
  }

  /// Stops the server (SIGTERM, then SIGKILL after 10 s), reaps it and removes its folder.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard running else { return }
    running = false
    LoopbackServer.terminate(pid)
    try? FileManager.default.removeItem(atPath: dataFolder)
  }

  /// The absolute URL of `path` (`/alice/book/`) on this server.
  public func url(_ path: String) -> String {
    String(url.dropLast()) + (path.hasPrefix("/") ? path : "/" + path)
  }

  /// Creates an address book at `path` (MKCOL with a CardDAV resource type, RFC 5689),
  /// with a `DAV:displayname` when given.
  public func makeAddressBook(path: String, displayName: String? = nil) throws {
    let name = displayName.map { "<D:displayname>\(Self.escaped($0))</D:displayname>" } ?? ""
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop><D:resourcetype>\
      <D:collection/><C:addressbook/></D:resourcetype>\(name)</D:prop></D:set></D:mkcol>
      """
    try raw("MKCOL", path, body: Array(body.utf8), contentType: "application/xml; charset=utf-8", expect: 200..<300)
  }

  /// Stores `bytes` at `path` unconditionally, as another client would.
  public func putRaw(path: String, bytes: [UInt8]) throws {
    try raw("PUT", path, body: bytes, contentType: "text/vcard; charset=utf-8", expect: 200..<300)
  }

  /// Removes `path` unconditionally, as another client would.
  public func deleteRaw(path: String) throws {
    try raw("DELETE", path, body: nil, contentType: nil, expect: 200..<300)
  }

  // MARK: Raw requests through the curl program

  /// Sends a request with the `curl` program, its whole configuration (credentials
  /// included) on stdin (`-K -`), never in its arguments; returns the status.
  @discardableResult
  private func raw(_ method: String, _ path: String, body: [UInt8]?, contentType: String?, expect: Range<Int>) throws
    -> Int
  {
    var config = ["request = \(Self.quoted(method))"]
    if let account { config.append("user = \(Self.quoted(account.user + ":" + account.password))") }
    if let contentType { config.append("header = \(Self.quoted("Content-Type: " + contentType))") }
    var bodyFile: String? = nil
    if let body {
      let file = dataFolder + "/raw-body-\(UUID().uuidString)"
      try Data(body).write(to: URL(fileURLWithPath: file))
      bodyFile = file
      config.append("data-binary = \(Self.quoted("@" + file))")
    }
    defer { if let bodyFile { try? FileManager.default.removeItem(atPath: bodyFile) } }
    let status = try Self.curl(url(path), config: config, caFile: caFile)
    guard expect.contains(status) else {
      throw Failure(description: "\(method) \(path): HTTP \(status)")
    }
    return status
  }

  /// Runs `curl -K -` for `url` with `config` lines on stdin; the HTTP status (0 when
  /// nothing answered).
  private static func curl(_ url: String, config: [String], caFile: String?, maxTime: Int = 30) throws -> Int {
    var lines = config + [
      "url = \(quoted(url))", "silent", "output = \"/dev/null\"", "write-out = \"%{http_code}\"",
      "max-time = \(maxTime)",
    ]
    if let caFile { lines.append("cacert = \(quoted(caFile))") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: LoopbackServer.executable("curl", fallback: "/usr/bin/curl") ?? "/usr/bin/curl")
    process.arguments = ["-K", "-"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    try input.fileHandleForWriting.close()
    let answer = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// Text escaped for XML.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// A curl configuration string: quoted, `\` and `"` escaped.
  private static func quoted(_ value: String) -> String {
    "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  // MARK: Starting and stopping

  /// Starts the server `command(port)` gives, on a free port, until it answers an OPTIONS
  /// request (60 s at most); a server that exits early (its port taken meanwhile) is
  /// started again on another port, five times at most.
  private static func start(
    folder: String, scheme: String, caFile: String?, account: (String, String)?, command: (Int) throws -> [String]
  ) throws -> DAVServer {
    var lastLog = ""
    for _ in 1...5 {
      let port = try LoopbackServer.freePort()
      let arguments = try command(port)
      let log = folder + "/server.log"
      let pid = try Spawn.start(
        arguments[0], Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        stdout: folder + "/server.out", stderr: log)
      let url = "\(scheme)://127.0.0.1:\(port)/"
      switch waitUntilReady(pid: pid, url: url, caFile: caFile, deadline: Date().addingTimeInterval(60)) {
      case .ready: return DAVServer(url: url, pid: pid, dataFolder: folder, account: account, caFile: caFile)
      case .exited: break  // reaped already
      case .late: LoopbackServer.terminate(pid)
      }
      lastLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }
    try? FileManager.default.removeItem(atPath: folder)
    throw Failure(description: "the server did not start; its last log:\n\(lastLog.suffix(2000))")
  }

  private enum Readiness { case ready, exited, late }

  /// Polls until the server answers OPTIONS, exits (reaped) or the deadline passes.
  private static func waitUntilReady(pid: pid_t, url: String, caFile: String?, deadline: Date) -> Readiness {
    while Date() < deadline {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid { return .exited }
      if let code = try? curl(url, config: ["request = \"OPTIONS\""], caFile: caFile, maxTime: 5), code > 0 {
        return .ready
      }
      usleep(100_000)
    }
    return .late
  }
}
