import CpickSupport
import ContactKit

/// The identifier of a contact read from a book that has no UIDs of its own (an abook
/// section, a mutt alias): a `urn:uuid:` whose 128 bits are two checksums of the book's
/// path (`SourcePath.canonical`), the format and the record's key in it (the section,
/// the alias), with the version and variant bits of RFC 9562's version 8 (custom). The
/// same record of the same file always gets the same identifier, so picks, the index
/// and a vCard converted from it (`cpick list --format vcard`) stay the same from run to
/// run; another key or another file gives another.
package enum ForeignRecordIdentifier {
  /// The identifier of record `key` of the `format` book at `source`.
  package static func identifier(source: String, format: String, key: String) -> String {
    let text = Array("\(SourcePath.canonical(source))\u{0}\(format)\u{0}\(key)".utf8)
    let high = UInt64(bitPattern: Checksum.of(text))
    let low = UInt64(bitPattern: Checksum.of(text + [0x01]))
    var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
    bytes[8] = (bytes[8] & 0x3F) | 0x80  // variant 10
    let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
    let groups = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }
    return ContactIdentifier.uuidURNPrefix + groups.joined(separator: "-")
  }
}
