/// A failed LDAP operation: what went wrong (``Kind``), the directory's URL and a
/// one-line message for a user.
///
/// Neither ``url`` nor ``message`` ever contains the bind password.
public struct LDAPError: Error, Sendable, CustomStringConvertible {
  /// The kind of failure, for a program to act on.
  public enum Kind: Sendable, Equatable {
    /// The bind was refused: wrong DN or password (result code 49, RFC 4511 §4.1.9).
    case invalidCredentials
    /// No connection: host not found, connection refused or reset (`LDAP_SERVER_DOWN`).
    case unreachable
    /// TLS failed: an untrusted certificate, a wrong host name, a handshake error, or a
    /// server that refuses StartTLS (RFC 4513 §3).
    case tls
    /// No answer in time (``LDAPOptions/connectTimeout`` or ``LDAPOptions/queryTimeout``;
    /// `LDAP_TIMEOUT`, or the server's `timeLimitExceeded`).
    case timeout
    /// The base DN does not exist (result code 32, `noSuchObject`).
    case noSuchObject
    /// The server's size limit ended a search that should have given every entry
    /// (result code 4, `sizeLimitExceeded`).
    case sizeLimit
    /// A URL, DN or filter the library refuses, or an answer it cannot read.
    case malformed
    /// Any other LDAP result code (RFC 4511 §4.1.9, or a negative libldap code).
    case server(Int32)
  }

  /// The kind of failure.
  public var kind: Kind
  /// The directory's URL, without credentials.
  public var url: String
  /// One line for a user, such as `wrong bind DN or password (Invalid credentials)`.
  public var message: String

  /// `url: message`.
  public var description: String { "\(url): \(message)" }

  /// An error of `kind` for `url`, told by `message`.
  public init(_ kind: Kind, url: String, message: String) {
    self.kind = kind
    self.url = url
    self.message = message
  }
}
