import Foundation
import Glibc

/// A server on 127.0.0.1 that answers every connection with a status line and headers,
/// then one byte of body every `interval` without end (a slow-loris peer): a client must
/// give up on an answer that comes too slowly, not only on one that never comes.
/// Stopped by `close()`.
public final class TricklingListener: @unchecked Sendable {
  /// The port it listens on.
  public let port: Int
  private let socket: Int32
  private let stopped = StopFlag()

  /// Whether `close()` was called, as the connections' threads see it.
  private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    var value: Bool { lock.withLock { isSet } }
    func set() { lock.withLock { isSet = true } }
  }

  /// Listens on a free port and serves each connection on a thread of its own.
  public init(interval: TimeInterval = 0.2) throws {
    let stopped = stopped
    (socket, port) = try LoopbackServer.serving { connection in
      Self.trickle(connection, interval: interval, until: stopped)
    }
  }

  private static func trickle(_ connection: Int32, interval: TimeInterval, until stopped: StopFlag) {
    defer { Glibc.close(connection) }
    var request = [UInt8](repeating: 0, count: 4096)
    _ = recv(connection, &request, request.count, 0)
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/vcard\r\nContent-Length: 1000000\r\n\r\n"
    guard send(connection, head, head.utf8.count, Int32(MSG_NOSIGNAL)) > 0 else { return }
    while !stopped.value {
      guard send(connection, "x", 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
      Thread.sleep(forTimeInterval: interval)
    }
  }

  /// Stops listening and trickling.
  public func close() {
    stopped.set()
    shutdown(socket, Int32(SHUT_RDWR))
    _ = Glibc.close(socket)
  }
}
