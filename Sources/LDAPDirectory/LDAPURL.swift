import CLDAP
import Foundation

/// An LDAP URL (RFC 4516) as a connection needs it: the scheme, the URI libldap
/// connects to (scheme, host and port) and the base DN.
struct LDAPURL: Sendable, Equatable {
  /// `ldap`, `ldaps` or `ldapi`, lower case.
  var scheme: String
  /// `scheme://host:port` — what `ldap_initialize` is given.
  var connectionURI: String
  /// The URL's path, percent-decoded (RFC 4516 §2); empty for none.
  var baseDN: String

  /// The same host and port as `ldap://`, to tell a refused connection from a failed
  /// TLS handshake.
  var plainURI: String { "ldap" + connectionURI.drop(while: { $0 != ":" }) }

  /// Whether the connection is TLS from the start (`ldaps://`).
  var isTLS: Bool { scheme == "ldaps" }

  /// Parses `text` with `ldap_url_parse`.
  ///
  /// - Throws: ``LDAPError/Kind/malformed`` when it is not an LDAP URL.
  init(_ text: String) throws(LDAPError) {
    var description: UnsafeMutablePointer<LDAPURLDesc>? = nil
    let code = ldap_url_parse(text, &description)
    guard code == LDAP_URL_SUCCESS, let description else {
      throw LDAPError(.malformed, url: text, message: "not an LDAP URL (ldap://host:port/base-DN, RFC 4516)")
    }
    defer { ldap_free_urldesc(description) }
    scheme = description.pointee.lud_scheme.map { String(cString: $0).lowercased() } ?? "ldap"
    baseDN = description.pointee.lud_dn.map { String(cString: $0) } ?? ""
    // The URI up to the path: `ldap://[::1]:389` keeps its brackets as written.
    guard let separator = text.range(of: "://") else {
      throw LDAPError(.malformed, url: text, message: "not an LDAP URL (ldap://host:port/base-DN, RFC 4516)")
    }
    let rest = text[separator.upperBound...]
    let hostEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
    connectionURI = String(text[..<hostEnd])
  }
}
