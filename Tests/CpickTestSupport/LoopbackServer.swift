import Foundation
import Glibc

/// What the test servers on 127.0.0.1 (``DAVServer``, ``LDAPServer``) share: a free
/// port, finding their program, a temp folder, private files, stopping by PID.
enum LoopbackServer {
  /// A server that could not be prepared.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// SIGTERM, up to 10 s for the process to end, then SIGKILL; reaped either way.
  static func terminate(_ pid: pid_t) {
    kill(pid, SIGTERM)
    _ = Spawn.wait(pid, timeout: 10)
  }

  /// A TCP port on 127.0.0.1 that is free now (bound to port 0, then released).
  static func freePort() throws -> Int {
    let (socket, port) = try boundSocket()
    close(socket)
    return port
  }

  /// A TCP socket bound to a free port on 127.0.0.1, and that port.
  static func boundSocket() throws -> (socket: Int32, port: Int) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
      }
    }
    guard bound else {
      let message = String(cString: strerror(errno))
      close(socket)
      throw Failure(description: "bind: \(message)")
    }
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// A socket listening on a free port of 127.0.0.1 whose connections are each given to
  /// `serve` on a thread of its own, until the socket is closed; and that port.
  static func serving(_ serve: @escaping @Sendable (Int32) -> Void) throws -> (socket: Int32, port: Int) {
    let (socket, port) = try boundSocket()
    guard listen(socket, 16) == 0 else {
      close(socket)
      throw Failure(description: "listen: \(String(cString: strerror(errno)))")
    }
    Thread.detachNewThread {
      while true {
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else { return }
        Thread.detachNewThread { serve(connection) }
      }
    }
    return (socket, port)
  }

  /// `name` on the PATH, else `fallback` when it is executable.
  static func executable(_ name: String, fallback: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
      return "\(folder)/\(name)"
    }
    return access(fallback, X_OK) == 0 ? fallback : nil
  }

  /// A new folder `cpick-LABEL-UUID` in the temp folder, readable by its owner only.
  static func makeFolder(_ label: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-\(label)-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return folder
  }

  /// Writes `text` to `path` (no line end added) with permissions `mode`.
  static func write(_ path: String, _ text: String, mode: mode_t) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, mode)
  }
}

/// A socket listening on 127.0.0.1 that accepts connections (the kernel's backlog) and
/// never answers: a server that hangs, for timeout tests. Closed by `close()`.
public final class SilentListener: @unchecked Sendable {
  /// The port it listens on.
  public let port: Int
  private let socket: Int32

  /// Listens on a free port.
  public init() throws {
    (socket, port) = try LoopbackServer.boundSocket()
    guard listen(socket, 8) == 0 else {
      Glibc.close(socket)
      throw LoopbackServer.Failure(description: "listen: \(String(cString: strerror(errno)))")
    }
  }

  /// Stops listening.
  public func close() { _ = Glibc.close(socket) }
}
