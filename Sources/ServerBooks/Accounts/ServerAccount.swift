import ContactStores
import CpickSupport
import Foundation

/// A server account: a CardDAV account (RFC 6352) or an LDAP directory (RFC 4511) —
/// where its books are, how to sign in, and how fresh the local copy is kept. Made from a config section `[account NAME]`
/// (`ConfigFile`), or for a `--source URL` that no section names, from the URL alone
/// (signing in with `~/.netrc`).
///
/// Keys of the section:
/// - `url`: a server, a principal or one address-book collection (`https://`; `http://`
///   only to this machine). Address books are discovered from it (RFC 6764, RFC 6352 §7).
/// - `username`, and one of `password-command` (its first line of output is the
///   password: `pass show dav`, `secret-tool lookup …`, `gpg -d …`), `token-command`
///   (an OAuth bearer token, RFC 6750: Google, Fastmail), or `netrc = yes` (the default
///   when neither command is given: `~/.netrc`, or `$NETRC`).
/// - `books`: which of the discovered address books to read, by name or by the last
///   part of their path, comma-separated (default: every one).
/// - `ca-file`: the certificate authorities to verify the server with (a self-signed
///   server); the server is always verified.
/// - `max-age`: seconds after which `cpick query` and `cpick list` refresh the copy
///   before answering (default 300; a directory 3600); `timeout`: the seconds they wait
///   for it (default 5).
///
/// A directory (`url = ldap://host/BASE` or `ldaps://…`) also takes `bind-dn` (with
/// `password-command`; none: an anonymous bind), `start-tls = yes`, `filter` (default
/// `(objectClass=inetOrgPerson)`), `mode = mirror` (the whole directory copied, paged,
/// and searched locally: the default) or `mode = query` (each query asked of the server,
/// for directories too large to copy), and `limit` (query results, default 50).
public struct ServerAccount: Sendable, Hashable {
  /// What kind of server the account is on.
  public enum Kind: Sendable, Hashable {
    /// A CardDAV server (`http://`, `https://`).
    case cardDAV
    /// An LDAP directory (`ldap://`, `ldaps://`): read-only.
    case directory
  }

  /// How a directory is searched.
  public enum DirectoryMode: String, Sendable, Hashable {
    /// Copied whole and searched locally.
    case mirror
    /// Searched on the server, query by query.
    case query
  }

  /// The kind, from the URL's scheme.
  public var kind: Kind {
    let lower = url.lowercased()
    return lower.hasPrefix("ldap://") || lower.hasPrefix("ldaps://") ? .directory : .cardDAV
  }
  /// A directory's bind DN (nil: anonymous).
  public var bindDN: String?
  /// Whether a directory's `ldap://` connection is upgraded with StartTLS (RFC 4513).
  public var startTLS = false
  /// A directory's search filter.
  public var filter = "(objectClass=inetOrgPerson)"
  /// How a directory is searched.
  public var mode = DirectoryMode.mirror
  /// The most results of one query in `query` mode.
  public var limit = 50
  /// The section's name, or the URL's host for an account made from a URL.
  public var name: String
  /// The URL the books are found from.
  public var url: String
  /// The user name, when signing in with a password.
  public var username: String?
  /// How the password or token is found.
  public var credentials: CredentialSource
  /// The address books to read (names or last path parts); empty: all.
  public var books: [String] = []
  /// A file of certificate authorities (PEM), or nil for the system's.
  public var caFile: String?
  /// Seconds after which a non-interactive command refreshes the copy first.
  public var maxAge: Double = 300
  /// Seconds a non-interactive command waits for that refresh.
  public var timeout: Double = 5

  /// Where the secret comes from. Never from the command line, a URL or a file
  /// cpick writes.
  public enum CredentialSource: Sendable, Hashable {
    /// `~/.netrc` (or `$NETRC`): curl's reading of it.
    case netrc
    /// A command whose first line of output is the password.
    case passwordCommand(String)
    /// A command whose first line of output is a bearer token.
    case tokenCommand(String)
  }

  /// An account.
  public init(name: String, url: String, username: String? = nil, credentials: CredentialSource = .netrc) {
    self.name = name
    self.url = url
    self.username = username
    self.credentials = credentials
  }

  /// The keys an `[account NAME]` section may have.
  public static let knownKeys: Set<String> = [
    "url", "username", "user", "password-command", "token-command", "netrc", "books", "ca-file", "max-age", "timeout",
    "bind-dn", "start-tls", "filter", "mode", "limit",
  ]

  /// The account of a config section, or nil when it has no `url`.
  public init?(name: String, keys: [String: String]) {
    guard let url = keys["url"] else { return nil }
    let credentials: CredentialSource
    if let command = keys["password-command"] {
      credentials = .passwordCommand(command)
    } else if let command = keys["token-command"] {
      credentials = .tokenCommand(command)
    } else {
      credentials = .netrc
    }
    self.init(name: name, url: url, username: keys["username"] ?? keys["user"], credentials: credentials)
    bindDN = keys["bind-dn"]
    if bindDN != nil, username == nil { username = bindDN }
    startTLS = ["yes", "true", "1"].contains(keys["start-tls"]?.lowercased() ?? "")
    if let value = keys["filter"] { filter = value }
    if let value = keys["mode"].flatMap({ DirectoryMode(rawValue: $0.lowercased()) }) { mode = value }
    if let value = keys["limit"].flatMap(Int.init), value > 0 { limit = value }
    if kind == .directory { maxAge = 3600 }
    books = (keys["books"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    caFile = keys["ca-file"]
    if let value = keys["max-age"].flatMap(Double.init), value >= 0 { maxAge = value }
    if let value = keys["timeout"].flatMap(Double.init), value > 0 { timeout = value }
  }

  /// Whether `spec` names a server book (`http://`, `https://`, `ldap://`, `ldaps://`).
  public static func isServerSpec(_ spec: String) -> Bool {
    let lower = spec.lowercased()
    return ["https://", "http://", "ldap://", "ldaps://"].contains { lower.hasPrefix($0) }
  }

  /// The account for the source `spec` (a URL): the config's account with that URL,
  /// else the first whose URL is on the same server with a path that contains the
  /// other's (its credentials then serve a collection named directly), else an
  /// account of the URL alone, signing in with `~/.netrc`.
  public static func forSource(_ spec: String, config: ConfigFile) -> ServerAccount {
    let table = AccountTable.of(config)
    let accounts = table.accounts
    if let index = table.byURL[AccountTable.urlKey(spec)] {
      var exact = accounts[index]
      exact.isConfigured = true
      return exact
    }
    if var related = accounts.first(where: { onSameServer($0.url, spec) }) {
      related.url = spec
      related.books = []
      return related
    }
    var account = ServerAccount(name: URLComponents(string: spec)?.host ?? spec, url: spec)
    if account.kind == .directory { account.maxAge = 3600 }
    return account
  }

  /// The accounts of the config.
  public static func all(in config: ConfigFile) -> [ServerAccount] {
    config.accounts.compactMap { ServerAccount(name: $0.name, keys: $0.keys) }.map { account in
      var account = account
      account.isConfigured = true
      return account
    }
  }

  /// The accounts of a config, and the first of each URL (compared as
  /// `urlKey`): made once per config text, so that finding the accounts of many
  /// books is not their number times the config's.
  struct AccountTable: Sendable {
    var accounts: [ServerAccount]
    var byURL: [String: Int]

    /// A URL as URLs are compared: without a final `/`, in lower case.
    static func urlKey(_ url: String) -> String { (url.hasSuffix("/") ? String(url.dropLast()) : url).lowercased() }

    private static let made = Locked<[Int: AccountTable]>([:])

    static func of(_ config: ConfigFile) -> AccountTable {
      if config.textHash != 0, let known = made.withLock({ $0[config.textHash] }) { return known }
      let accounts = config.accounts.compactMap { ServerAccount(name: $0.name, keys: $0.keys) }
      var byURL: [String: Int] = [:]
      for (index, account) in accounts.enumerated() where byURL[urlKey(account.url)] == nil {
        byURL[urlKey(account.url)] = index
      }
      let table = AccountTable(accounts: accounts, byURL: byURL)
      if config.textHash != 0 { made.withLock { $0[config.textHash] = table } }
      return table
    }
  }

  private static func onSameServer(_ a: String, _ b: String) -> Bool {
    guard let x = URLComponents(string: a), let y = URLComponents(string: b) else { return false }
    guard x.scheme?.lowercased() == y.scheme?.lowercased(), x.host?.lowercased() == y.host?.lowercased(),
      x.port == y.port
    else { return false }
    let (p, q) = (x.path.isEmpty ? "/" : x.path, y.path.isEmpty ? "/" : y.path)
    return p.hasPrefix(q) || q.hasPrefix(p)
  }

  /// Whether the account is a config section's as written (not a URL alone, nor
  /// another URL on a section's server): its copy and queue are then kept under its
  /// name, so that changing its `url` (a principal for the server, http for https)
  /// neither loses an edit waiting to be sent nor leaves the old copy behind.
  public var isConfigured = false

  /// A stable key for the account's local copy: a configured account's name
  /// (`account-NAME`), else its host and a hash of its URL and user name (two users of
  /// one server keep separate copies).
  public var key: String {
    if isConfigured {
      return "account-" + MirrorFiles.safeName(name, others: "-_") + "-" + StableName.hex(name).prefix(8)
    }
    let host = URLComponents(string: url)?.host ?? "server"
    let safeHost = MirrorFiles.safeName(host, others: ".-")
    let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
    return safeHost + "-" + StableName.hex(trimmed.lowercased() + "\n" + (username ?? ""))
  }
}

extension ServerAccount {
  /// The server books among `specs`, each with its account — the config read once, and
  /// not at all when no spec is a server's (a run on local books reads no config here).
  public static func servers(in specs: [String], environment: [String: String]) -> [(spec: String, account: ServerAccount)] {
    let named = specs.filter(isServerSpec)
    guard !named.isEmpty else { return [] }
    let config = ConfigFile.load(environment: environment)
    return named.map { ($0, forSource($0, config: config)) }
  }

  /// The account of the server book `spec` (`forSource(_:config:)` with the config of `environment`).
  public static func forSource(_ spec: String, environment: [String: String]) -> ServerAccount {
    forSource(spec, config: ConfigFile.load(environment: environment))
  }

  /// Whether the account is a directory searched on the server (`mode = query`): it has
  /// no copy and no list of its own.
  public var isSearchedOnServer: Bool { kind == .directory && mode == .query }
}
