import Foundation
import Glibc

/// An HTTP proxy on 127.0.0.1 in front of a real server (``DAVServer``) that changes
/// the server's ETags on their way to the client, as an intermediary does (nginx makes
/// a strong ETag weak when it compresses an answer) or as a server without ETags
/// answers: in the `ETag` header and in `DAV:getetag` properties. Everything else
/// passes as the server sent it. One request per connection (`Connection: close`).
/// Stopped by `close()`.
public final class ETagRewritingProxy: @unchecked Sendable {
  /// What becomes of each ETag.
  public enum Rewrite: Sendable {
    /// `"abc"` → `W/"abc"` (RFC 7232 §2.3): `If-Match` never matches it.
    case weak
    /// No `ETag` header; `getetag` properties empty.
    case absent
  }

  /// The port it listens on.
  public let port: Int
  /// The proxy's URL for the server's `path` (`/alice/contacts/`).
  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)" + path }

  private let socket: Int32

  /// Listens on a free port, forwarding to `upstream` (`http://127.0.0.1:PORT…`).
  public init(upstream: String, rewrite: Rewrite) throws {
    guard let port = URLComponents(string: upstream)?.port else {
      throw LoopbackServer.Failure(description: "no port in \(upstream)")
    }
    let forwarding = Forwarding(upstreamPort: UInt16(port), rewrite: rewrite)
    (socket, self.port) = try LoopbackServer.serving { forwarding.serve($0) }
  }

  /// Stops listening.
  public func close() {
    shutdown(socket, Int32(SHUT_RDWR))
    _ = Glibc.close(socket)
  }

  /// One connection's work: the request to the server, its answer rewritten back.
  private struct Forwarding: Sendable {
    let upstreamPort: UInt16
    let rewrite: Rewrite

    func serve(_ client: Int32) {
      defer { Glibc.close(client) }
      guard var request = ETagRewritingProxy.readMessage(client, untilClose: false) else { return }
      // HTTP/1.0 upstream: an answer of Content-Length or up to the close, never chunked.
      request.head = request.head.filter { line in
        let name = line.split(separator: ":").first?.lowercased() ?? ""
        return name != "connection" && name != "expect" && name != "keep-alive"
      }
      request.head[0] = request.head[0].replacingOccurrences(of: "HTTP/1.1", with: "HTTP/1.0")
      request.head.append("Connection: close")
      guard let upstream = connectUpstream() else { return }
      defer { Glibc.close(upstream) }
      guard ETagRewritingProxy.write(upstream, request.bytes), var answer = ETagRewritingProxy.readMessage(upstream, untilClose: true) else { return }
      answer.body = rewritten(answer.body)
      answer.head = answer.head.compactMap { line in
        let name = line.split(separator: ":").first?.lowercased() ?? ""
        switch name {
        case "content-length", "connection", "transfer-encoding", "keep-alive": return nil
        case "etag":
          guard rewrite == .weak else { return nil }
          let value = line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
          return value.hasPrefix("W/") ? line : "ETag: W/" + value
        default: return line
        }
      }
      answer.head[0] = answer.head[0].replacingOccurrences(of: "HTTP/1.0", with: "HTTP/1.1")
      answer.head += ["Content-Length: \(answer.body.count)", "Connection: close"]
      _ = ETagRewritingProxy.write(client, answer.bytes)
    }

    /// The body with each `getetag` property's value made weak or empty.
    private func rewritten(_ body: [UInt8]) -> [UInt8] {
      let text = String(decoding: body, as: UTF8.self)
      guard text.contains("getetag>") else { return body }
      let pattern = try! NSRegularExpression(pattern: "(<([A-Za-z0-9]+:)?getetag>)([^<]*)(</)")
      let template = rewrite == .weak ? "$1W/$3$4" : "$1$4"
      let range = NSRange(text.startIndex..., in: text)
      return Array(pattern.stringByReplacingMatches(in: text, range: range, withTemplate: template).utf8)
    }

    private func connectUpstream() -> Int32? {
      let upstream = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard upstream >= 0 else { return nil }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = upstreamPort.bigEndian
      let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      guard connected else {
        Glibc.close(upstream)
        return nil
      }
      return upstream
    }
  }

  /// An HTTP message: its head's lines (the start line first) and its body.
  private struct Message {
    var head: [String]
    var body: [UInt8]
    var bytes: [UInt8] { Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body }
  }

  /// Reads a message from `socket`: the head, then `Content-Length` bytes of body, or
  /// (`untilClose`) everything up to the close when the head gives no length.
  private static func readMessage(_ socket: Int32, untilClose: Bool) -> Message? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    var length: Int?
    while true {
      if headEnd == nil, let end = received.firstRange(of: separator) {
        headEnd = end.upperBound
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        for line in head.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("content-length:") {
          length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        }
        if length == nil && !untilClose { length = 0 }
      }
      if let headEnd, let length, received.count >= headEnd + length { break }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[..<count]
    }
    guard let headEnd else { return nil }
    let head = String(decoding: received[..<(headEnd - 4)], as: UTF8.self).components(separatedBy: "\r\n")
    let body = Array(received[headEnd...].prefix(length ?? .max))
    return Message(head: head, body: body)
  }

  private static func write(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }
}
