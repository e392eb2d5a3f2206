/// A failed CardDAV request: what went wrong (``Kind``), the URL asked for and a one-line
/// message for a user.
///
/// Neither ``url`` nor ``message`` ever contains credentials.
public struct DAVError: Error, Sendable, CustomStringConvertible {
  /// The kind of failure, for a program to act on.
  public enum Kind: Sendable, Equatable {
    /// HTTP 401: missing or wrong credentials.
    case unauthorized
    /// HTTP 403: the credentials do not allow this request.
    case forbidden
    /// HTTP 404: no resource at the URL.
    case notFound
    /// HTTP 412: an `If-Match` or `If-None-Match` condition did not hold (the resource
    /// changed, or already exists).
    case preconditionFailed
    /// The server does not know the sync token (RFC 6578 §3.2 `DAV:valid-sync-token`):
    /// sync again from scratch.
    case invalidSyncToken
    /// No connection: host not found, connection refused or reset.
    case unreachable
    /// TLS failed: an untrusted certificate, a wrong host name, a handshake error.
    case tls
    /// No answer in time (``DAVOptions/idleTimeout``, ``DAVOptions/connectTimeout`` or
    /// ``DAVOptions/requestTimeout``).
    case timeout
    /// Any other HTTP status that is not a success, with its code.
    case http(Int)
    /// A URL or an argument the client refuses, or an answer it cannot read (unparsable
    /// XML, a multistatus without what was asked).
    case malformed
  }

  /// The kind of failure.
  public var kind: Kind
  /// The URL requested, without credentials.
  public var url: String
  /// One line for a user, such as `wrong user name or password (HTTP 401)`.
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
