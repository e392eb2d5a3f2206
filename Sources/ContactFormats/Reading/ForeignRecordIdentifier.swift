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
    var text = Array("\(SourcePath.canonical(source))\u{0}\(format)\u{0}\(key)".utf8)
    let high = UInt64(bitPattern: Checksum.of(text))
    text.append(0x01)
    let low = UInt64(bitPattern: Checksum.of(text))
    let bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    return ContactIdentifier.customUUID(bytes)
  }
}
