import CpickTestSupport
import Foundation
import LDAPDirectory
import Testing

/// A line of LDIF (RFC 2849): `name: value`, or `name:: base64` for a value that is not
/// a SAFE-STRING (non-ASCII, a line break, a leading space, colon or `<`).
func ldif(_ name: String, _ value: String) -> String {
  ldif(name, Array(value.utf8))
}

/// A line of LDIF for a value given as bytes.
func ldif(_ name: String, _ bytes: [UInt8]) -> String {
  let safe =
    !bytes.contains { $0 >= 0x80 || $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    && !(bytes.first.map { $0 == 0x20 || $0 == 0x3A || $0 == 0x3C } ?? false)
    && bytes.last != 0x20
  return safe ? "\(name): \(String(decoding: bytes, as: UTF8.self))" : "\(name):: \(Data(bytes).base64EncodedString())"
}

/// An inetOrgPerson under `ou=people` with `uid`, `cn` `given family`, `sn`,
/// `givenName`, a mail and any `extra` LDIF lines.
func person(_ uid: String, given: String, family: String, extra: [String] = []) -> String {
  ([
    "dn: uid=\(uid),\(LDAPServer.people)", "objectClass: inetOrgPerson", ldif("uid", uid),
    ldif("cn", "\(given) \(family)"),
    ldif("sn", family), ldif("givenName", given), ldif("mail", "\(uid)@example.org"),
  ] + extra).joined(separator: "\n") + "\n\n"
}

/// Options for `server`'s `ldap://` URL, anonymous unless a bind is given.
func options(_ server: LDAPServer, bindDN: String? = nil, password: String? = nil, pageSize: Int = 500) -> LDAPOptions {
  LDAPOptions(url: server.url, bindDN: bindDN, password: password, pageSize: pageSize)
}

/// Every entry `searchAll` gives, and the sizes of its pages.
func readAll(_ connection: LDAPConnection, attributes: [String]? = nil) throws -> (entries: [LDAPEntry], pages: [Int]) {
  var entries: [LDAPEntry] = []
  var pages: [Int] = []
  try connection.searchAll(attributes: attributes) { page in
    entries += page
    pages.append(page.count)
  }
  return (entries, pages)
}

/// The error `body` throws; records an issue when it throws none.
func ldapError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> LDAPError? {
  do {
    try body()
    Issue.record("no error", sourceLocation: sourceLocation)
    return nil
  } catch let error as LDAPError {
    return error
  } catch {
    Issue.record("not an LDAPError: \(error)", sourceLocation: sourceLocation)
    return nil
  }
}
