/// How an ``LDAPConnection`` reaches a directory: its URL and base, the bind, TLS, the
/// filter people match and time limits.
///
/// TLS peers and host names are always verified (`LDAP_OPT_X_TLS_REQUIRE_CERT` is
/// `DEMAND`); ``caFile`` only says what is trusted.
public struct LDAPOptions: Sendable {
  /// The directory's LDAP URL (RFC 4516): `ldap://host:port/BASE` or `ldaps://host:port/BASE`.
  ///
  /// The base DN of every search is the URL's path, percent-decoded
  /// (`ldap://ldap.example.org/ou=people,dc=example,dc=org`); no path searches from the
  /// root DSE's empty DN. Attributes, scope and filter parts of the URL are not used
  /// (``filter`` says what is searched for).
  public var url: String
  /// The DN to bind as with a simple bind (RFC 4513 §5.1.3); `nil` for an anonymous
  /// bind (RFC 4513 §5.1.1).
  public var bindDN: String?
  /// The bind password, read from a password command: it never appears in an argument
  /// list, a log or an ``LDAPError``.
  public var password: String?
  /// Whether to start TLS on an `ldap://` connection before binding (StartTLS, RFC 4513
  /// §3); `ldaps://` is TLS from the start and ignores it.
  public var startTLS: Bool = false
  /// A PEM file of certificates to trust (`LDAP_OPT_X_TLS_CACERTFILE`); `nil` for the
  /// system's.
  public var caFile: String?
  /// The filter an entry must match to be a person (RFC 4515), ANDed with every query.
  public var filter: String = "(objectClass=inetOrgPerson)"
  /// Seconds allowed to establish the TCP connection (`LDAP_OPT_NETWORK_TIMEOUT`).
  public var connectTimeout: Double = 5
  /// Seconds allowed for each operation — bind, StartTLS, each page of a search
  /// (`LDAP_OPT_TIMEOUT` and the search's time limit).
  public var queryTimeout: Double = 10
  /// Entries asked for per page of ``LDAPConnection/searchAll(attributes:page:)``
  /// (RFC 2696 simple paged results).
  public var pageSize: Int = 500

  /// Options for the directory at `url`, with the given bind, TLS, filter and limits.
  public init(
    url: String, bindDN: String? = nil, password: String? = nil, startTLS: Bool = false, caFile: String? = nil,
    filter: String = "(objectClass=inetOrgPerson)", connectTimeout: Double = 5, queryTimeout: Double = 10,
    pageSize: Int = 500
  ) {
    self.url = url
    self.bindDN = bindDN
    self.password = password
    self.startTLS = startTLS
    self.caFile = caFile
    self.filter = filter
    self.connectTimeout = connectTimeout
    self.queryTimeout = queryTimeout
    self.pageSize = pageSize
  }
}
