/// One directory entry as read: its DN and attributes.
///
/// Attribute names are lower case (`givenname`, `jpegphoto`) as LDAP compares them
/// (RFC 4512 §2.5); values are bytes, because some are binary (`jpegPhoto`,
/// `objectGUID`) — text attributes are UTF-8 (RFC 4517 §3.1).
public struct LDAPEntry: Sendable, Hashable {
  /// The entry's distinguished name as the server wrote it (RFC 4514).
  public var dn: String
  /// The attribute values by lower-case attribute description.
  public var attributes: [String: [[UInt8]]]

  /// An entry `dn` with `attributes` (names are lower-cased).
  public init(dn: String, attributes: [String: [[UInt8]]]) {
    self.dn = dn
    if attributes.keys.allSatisfy({ !$0.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } }) {
      self.attributes = attributes
    } else {
      var lowered: [String: [[UInt8]]] = [:]
      for (name, values) in attributes { lowered[name.lowercased(), default: []] += values }
      self.attributes = lowered
    }
  }

  /// The values of attribute `name` (any case) as text: UTF-8, any invalid sequence
  /// replaced by U+FFFD; none when the entry lacks it.
  public func strings(_ name: String) -> [String] {
    (attributes[name.lowercased()] ?? []).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The first value of attribute `name` as text, without blanks at its ends; `nil`
  /// when missing or blank.
  public func first(_ name: String) -> String? {
    for value in attributes[name.lowercased()] ?? [] {
      // Blanks are ASCII: trimmed on the bytes, before decoding.
      let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
      guard let start = value.firstIndex(where: { !isBlank($0) }), let end = value.lastIndex(where: { !isBlank($0) })
      else { continue }
      return String(decoding: value[start...end], as: UTF8.self)
    }
    return nil
  }
}

extension String {
  /// Without spaces, tabs and line breaks at its ends.
  package func trimmingBlanks() -> String {
    let blanks: Set<Character> = [" ", "\t", "\r", "\n", "\r\n"]
    guard let start = firstIndex(where: { !blanks.contains($0) }) else { return "" }
    let end = lastIndex(where: { !blanks.contains($0) })!
    return String(self[start...end])
  }
}
