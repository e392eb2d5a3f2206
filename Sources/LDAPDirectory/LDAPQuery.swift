/// The filters of a query-mode search (RFC 4515): which attributes a term is looked
/// for in, and how a term is made safe to put in a filter.
public enum LDAPQuery {
  /// The attributes a query term is looked for in (any of them, as a substring).
  public static let searchAttributes = [
    "cn", "sn", "givenName", "displayName", "mail", "telephoneNumber", "mobile", "uid",
  ]

  /// `value` escaped as an assertion value (RFC 4515 §3): `*`, `(`, `)`, `\`, NUL and
  /// the other control characters as `\XX` (two hex digits), so that a term such as
  /// `*)(uid=*` matches those characters literally. Other characters, UTF-8 included,
  /// are kept.
  ///
  /// - Complexity: O(n) in the length of `value`.
  public static func escape(_ value: String) -> String {
    let hex = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      switch byte {
      case 0x2A, 0x28, 0x29, 0x5C, 0x00..<0x20, 0x7F:
        out += [0x5C, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      default:
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The filter for `terms` within `base`: every term (AND) as a substring of any of
  /// ``searchAttributes`` (OR) — `(&BASE(&(|(cn=*t1*)(sn=*t1*)…)(|(cn=*t2*)…)))`.
  ///
  /// Terms are trimmed; blank ones are left out, and no terms give `base` alone. A
  /// `base` without parentheses is put in some.
  ///
  /// - Complexity: O(n) in the length of the terms.
  public static func filter(terms: [String], base: String) -> String {
    let trimmedBase = base.trimmingBlanks()
    let baseFilter = trimmedBase.hasPrefix("(") ? trimmedBase : "(" + trimmedBase + ")"
    let clauses = terms.map { $0.trimmingBlanks() }.filter { !$0.isEmpty }.map { term -> String in
      let value = escape(term)
      return "(|" + searchAttributes.map { "(\($0)=*\(value)*)" }.joined() + ")"
    }
    guard !clauses.isEmpty else { return baseFilter }
    return "(&" + baseFilter + "(&" + clauses.joined() + "))"
  }
}
