/// How a ``DAVClient`` connects: credentials, trusted certificates and time limits.
///
/// TLS peers and host names are always verified; `caFile` only adds what is trusted.
public struct DAVOptions: Sendable {
  /// What the client sends to authenticate (RFC 7617 Basic, RFC 6750 Bearer, or `~/.netrc`).
  ///
  /// Credentials are handed to libcurl as options; they never appear in a URL, an argument
  /// list, a file written by the client or an error message.
  public enum Credentials: Sendable, Equatable {
    /// No authentication.
    case none
    /// HTTP Basic authentication (RFC 7617), sent with the first request.
    case basic(user: String, password: String)
    /// An OAuth 2 bearer token (RFC 6750).
    case bearer(String)
    /// Whatever `~/.netrc` (or the file named by `$NETRC`) gives for the host; nothing
    /// when it has no entry.
    case netrc
  }

  /// What the client sends to authenticate; ``Credentials/none`` by default.
  public var credentials: Credentials = .none
  /// A PEM file of certificates to trust besides the system's (`CURLOPT_CAINFO`); `nil`
  /// for the system's alone.
  public var caFile: String? = nil
  /// Seconds allowed to establish a connection (TCP and TLS).
  public var connectTimeout: Double = 10
  /// Seconds without a byte received — or with fewer than 64 bytes a second, a server
  /// that trickles its answer — after which a request fails with
  /// ``DAVError/Kind/timeout`` (rounded up to whole seconds, at least 1).
  public var idleTimeout: Double = 30
  /// Seconds allowed for a whole request, redirects included; `nil` for no bound.
  public var requestTimeout: Double? = nil
  /// The most bytes of one answer's body read: 256 MiB by default, far more than a
  /// multiget batch or a sync report of a large account takes. Past it the request
  /// fails with ``DAVError/Kind/malformed`` (a server that never stops sending took
  /// 3 GB in 5 s).
  public var largestAnswer = 256 << 20

  /// Options with the given credentials, trusted certificates and time limits (seconds).
  public init(
    credentials: Credentials = .none, caFile: String? = nil, connectTimeout: Double = 10, idleTimeout: Double = 30,
    requestTimeout: Double? = nil
  ) {
    self.credentials = credentials
    self.caFile = caFile
    self.connectTimeout = connectTimeout
    self.idleTimeout = idleTimeout
    self.requestTimeout = requestTimeout
  }
}
