import AddressBook
import CardDAV
import BookSync
import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import ServerBooks

/// A CardDAV account on a real server on 127.0.0.1 (Radicale with a password, or
/// Xandikos), an address book on it with three cards, and a home of its own for
/// cpick (config, cache, state): what the sync tests share.
final class CardDAVBookFixture {
  enum Kind: String, CaseIterable, CustomStringConvertible, Sendable {
    case radicale, xandikos
    var description: String { rawValue }
  }

  /// A server as a test meets it: which one, and whether its ETags reach cpick as sent
  /// or through a proxy that makes them weak or leaves them out.
  struct Setup: Sendable, CustomStringConvertible {
    var kind: Kind
    var etags: ETagRewritingProxy.Rewrite?
    var description: String { etags.map { "\(kind), ETags \($0)" } ?? kind.description }
    /// Both servers as they are, and Radicale with weak ETags and with none.
    static var all: [Setup] {
      [Setup(kind: .radicale), Setup(kind: .xandikos), Setup(kind: .radicale, etags: .weak), Setup(kind: .radicale, etags: .absent)]
    }
  }

  let server: DAVServer
  let home: TempFolder
  let bookPath: String
  let environment: [String: String]
  let account: ServerAccount
  /// The proxy the account reaches the server through, if any.
  let proxy: ETagRewritingProxy?

  /// `etags`: the account reaches the server through a proxy that makes its ETags weak
  /// or leaves them out.
  init(_ kind: Kind, password: String? = nil, etags: ETagRewritingProxy.Rewrite? = nil) throws {
    server = kind == .radicale ? try DAVServer.radicale() : try DAVServer.xandikos()
    home = try TempFolder("carddav-home")
    if kind == .radicale {
      bookPath = "/alice/contacts/"
      try server.makeAddressBook(path: bookPath)
    } else {
      bookPath = "/user/contacts/addressbook/"
    }
    for number in 1...3 { try server.putRaw(path: bookPath + "c\(number).vcf", bytes: Self.card(number)) }
    let upstream = server.url
    proxy = try etags.map { try ETagRewritingProxy(upstream: upstream, rewrite: $0) }
    let url = proxy?.url("/") ?? server.url
    var config = "[account test]\nurl = \(url)\n"
    if let (user, secret) = server.account {
      config += "username = \(user)\npassword-command = printf '%s\\n' '\(password ?? secret)'\n"
    }
    try FileManager.default.createDirectory(atPath: home.path + "/config/cpick", withIntermediateDirectories: true)
    _ = try home.write("config/cpick/config", Array(config.utf8))
    environment = [
      "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "XDG_CACHE_HOME": home.path + "/cache",
      "XDG_STATE_HOME": home.path + "/state", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "CPICK_SYNC": TestPaths.syncHelper,
    ]
    account = ServerAccount.forSource(url, config: ConfigFile.load(environment: environment))
  }

  convenience init(_ setup: Setup) throws {
    try self.init(setup.kind, etags: setup.etags)
  }

  deinit {
    proxy?.close()
    server.stop()
    home.remove()
  }

  /// A card in vCard 3.0 with CRLF line ends and a property cpick does not know.
  static func card(_ number: Int, note: String? = nil) -> [UInt8] {
    var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:c\(number)\r\nFN:Person \(number)\r\nN:P\(number);Person;;;\r\n"
    text += "EMAIL;TYPE=work:p\(number)@example.org\r\nX-CUSTOM;X-PARAM=kept:exactly as sent\r\n"
    if let note { text += "NOTE:\(note)\r\n" }
    return Array((text + "END:VCARD\r\n").utf8)
  }

  var paths: MirrorPaths { MirrorPaths(account: account, environment: environment) }

  /// One sync, as `cpick sync` runs it.
  @discardableResult
  func sync() -> AccountSync.Outcome {
    AccountSync(account: account, environment: environment).run()
  }

  /// The account's contacts as the address book reads them (from the copy).
  func contacts() throws -> [Contact] {
    try ServerBookSource(account: account, environment: environment).store().load().contacts
  }

  func contact(_ uid: String) throws -> Contact {
    guard let found = try contacts().first(where: { $0.identifier == uid }) else {
      throw FixtureError(description: "no contact \(uid) in the copy")
    }
    return found
  }

  var store: CardDAVStore { CardDAVStore(account: account, environment: environment) }

  /// The card on the server now, as another client reads it (GET).
  func serverCard(_ name: String) throws -> String? {
    return try client().get(server.url(bookPath + name)).map { String(decoding: $0.bytes, as: UTF8.self) }
  }

  /// Every card of the book on the server now (PROPFIND, then GET each), by URL.
  func serverCards() throws -> [String: String] {
    let client = try client()
    var cards: [String: String] = [:]
    for member in try client.members(of: server.url(bookPath)) {
      cards[member.url] = try client.get(member.url).map { String(decoding: $0.bytes, as: UTF8.self) }
    }
    return cards
  }

  private func client() throws -> DAVClient {
    try DAVClient(options: DAVOptions(credentials: server.account.map { .basic(user: $0.user, password: $0.password) } ?? .none))
  }
}

struct FixtureError: Error, CustomStringConvertible {
  var description: String
}
