import ContactKit
import Matching
import Testing

@testable import AddressBook
@testable import CpickSupport

/// The search fields of a file's payload, written straight from its segments'
/// `IndexEntries` (`SegmentArchive.writeEntries`): the same arrays as their
/// concatenation, without making it.
@Suite struct PayloadEntriesTests {
  /// Contacts with names, emails, phones, non-Latin names and a group.
  static func contacts(_ count: Int, from first: Int) -> [Contact] {
    (first..<(first + count)).map { number in
      var contact = Contact(identifier: "c\(number)", source: "t.vcf")
      contact.givenName = number % 3 == 0 ? "張" : "Ana\(number)"
      contact.familyName = number % 2 == 0 ? "García" : "Lee"
      contact.emailAddresses = [LabeledValue(identifier: "e\(number)", label: "work", value: "a\(number)@example.com")]
      if number % 4 == 0 { contact.phoneNumbers = [LabeledValue(identifier: "p\(number)", label: "mobile", value: "+33 6 12 34 \(number)")] }
      if number % 5 == 0 { contact.groups = ["Club"] }
      return contact
    }
  }

  @Test("several parts, one part, and none give the arrays of their concatenation", arguments: [[3, 1, 4], [5], [], [0, 2]])
  func sameAsConcatenation(_ sizes: [Int]) throws {
    var first = 0
    var parts: [IndexEntries] = []
    for size in sizes {
      parts.append(IndexEntries(Self.contacts(size, from: first)))
      first += size
    }
    var writer = ArchiveWriter()
    SegmentArchive.writeEntries(parts, to: &writer)
    let expected = IndexEntries(concatenating: parts)
    try writer.bytes.withUnsafeBytes { raw in
      var reader = ArchiveReader(raw)
      let bytes: [UInt8] = try SegmentArchive.readArray(&reader)
      let fieldStarts: [Int32] = try SegmentArchive.readArray(&reader)
      let fieldKinds: [UInt8] = try SegmentArchive.readArray(&reader)
      let contactStarts: [Int32] = try SegmentArchive.readArray(&reader)
      let masks: [UInt64] = try SegmentArchive.readArray(&reader)
      #expect(bytes == expected.bytes)
      #expect(fieldStarts == expected.fieldStarts)
      #expect(fieldKinds == expected.fieldKinds)
      #expect(contactStarts == expected.contactStarts)
      #expect(masks == expected.masks)
      #expect(contactStarts.count == first + 1)
      #expect(reader.isAtEnd)
    }
  }
}
