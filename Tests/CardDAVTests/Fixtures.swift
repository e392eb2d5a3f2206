import CardDAV
import CpickTestSupport
import Foundation
import Glibc
import Testing

/// The servers the tests run against.
enum ServerKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case radicale, xandikos

  var testDescription: String { rawValue }
}

/// A running server, a client for it and an address book of the test's own.
struct Fixture {
  let server: DAVServer
  let client: DAVClient
  /// The address book's path on the server (`/alice/book/`).
  let bookPath: String
  /// Its absolute URL.
  var book: String { server.url(bookPath) }

  /// Starts `kind` with an address book: Radicale `/alice/book/` (made by MKCOL, named
  /// "Friends"), Xandikos its default `/user/contacts/addressbook/`.
  static func start(_ kind: ServerKind) throws -> Fixture {
    switch kind {
    case .radicale:
      let server = try DAVServer.radicale()
      try server.makeAddressBook(path: "/alice/book/", displayName: "Friends")
      let client = try DAVClient(options: DAVOptions(credentials: .basic(user: "alice", password: "secret")))
      return Fixture(server: server, client: client, bookPath: "/alice/book/")
    case .xandikos:
      let server = try DAVServer.xandikos()
      return Fixture(server: server, client: try DAVClient(options: DAVOptions()), bookPath: "/user/contacts/addressbook/")
    }
  }

  /// The absolute URL of card `name` in the book.
  func card(_ name: String) -> String { book + name + ".vcf" }

  /// Stores cards `names` as another client would; their URLs.
  @discardableResult
  func putRaw(_ names: [String]) throws -> [String] {
    for name in names { try server.putRaw(path: bookPath + name + ".vcf", bytes: vCard(name)) }
    return names.map(card)
  }
}

/// A vCard 3.0 for `name` (UID = name), CR LF line ends.
func vCard(_ name: String, note: String? = nil) -> [UInt8] {
  var lines = ["BEGIN:VCARD", "VERSION:3.0", "UID:\(name)", "FN:\(name.capitalized) Example", "N:Example;\(name.capitalized);;;"]
  if let note { lines.append("NOTE:\(note)") }
  lines.append("END:VCARD")
  return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
}

/// Whether `bytes` end every line in CR LF (and have at least one line).
func hasCRLFLineEnds(_ bytes: [UInt8]) -> Bool {
  guard bytes.count >= 2, bytes.suffix(2) == [13, 10] else { return false }
  for (index, byte) in bytes.enumerated() where byte == 10 {
    if index == 0 || bytes[index - 1] != 13 { return false }
  }
  return true
}

/// The `DAVError` kind `body` throws, or `nil` when it does not throw.
func errorKind<T>(_ body: () throws(DAVError) -> T) -> DAVError.Kind? {
  do {
    _ = try body()
    return nil
  } catch {
    return error.kind
  }
}

/// A TCP socket on 127.0.0.1 that listens and never reads: the kernel completes
/// connections, nothing answers. Closed by `close()`.
final class SilentListener {
  let port: Int
  let socket: Int32

  init() throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let socket = self.socket
    let ok = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0 && listen(socket, 16) == 0
      }
    }
    guard socket >= 0, ok else { throw DAVServer.Failure(description: "cannot listen: \(errno)") }
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  func close() { Glibc.close(socket) }

  /// A port nothing listens on now: bound, then closed.
  static func closedPort() throws -> Int {
    let listener = try SilentListener()
    listener.close()
    return listener.port
  }
}

/// An HTTP server on 127.0.0.1 that answers every request with `301 Moved Permanently`
/// to `target` followed by the request's path: another host for libcurl when `target`
/// names the same machine differently (`localhost` for `127.0.0.1`). Closed by `close()`.
final class RedirectListener: @unchecked Sendable {
  let port: Int
  private let listener: SilentListener
  private let target: String

  init(to target: String) throws {
    listener = try SilentListener()
    port = listener.port
    self.target = target
    let thread = Thread { [self] in serve() }
    thread.start()
  }

  /// Stops serving: `shutdown` wakes the thread blocked in `accept` (closing alone
  /// does not, on Linux).
  func close() {
    shutdown(listener.socket, Int32(SHUT_RDWR))
    listener.close()
  }

  /// Answers connections until the socket is closed: each request read to the end of
  /// its body (Content-Length), then answered and its connection closed.
  private func serve() {
    while true {
      let connection = accept(listener.socket, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR { continue }
        return
      }
      var request: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      var wanted: Int? = nil
      while wanted.map({ request.count < $0 }) ?? true {
        let count = read(connection, &buffer, buffer.count)
        guard count > 0 else { break }
        request += buffer[0..<count]
        if wanted == nil, let end = request.firstRange(of: Array("\r\n\r\n".utf8)) {
          let head = String(decoding: request[..<end.lowerBound], as: UTF8.self)
          let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
          wanted = end.upperBound + length
        }
      }
      let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
      let path = line.count > 1 ? String(line[1]) : "/"
      let answer =
        "HTTP/1.1 301 Moved Permanently\r\nLocation: \(target)\(path.dropFirst())\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
      _ = Array(answer.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      Glibc.close(connection)
    }
  }
}
