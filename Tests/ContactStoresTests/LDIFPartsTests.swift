import ContactKit
import CpickTestSupport
import DirectoryEntries
import Testing

@testable import ContactStores

/// An LDIF file read part by part (`ReadOnlyFormat.readLDIF(_:source:inPartsOf:_:)`) gives
/// what it gives read whole: the same people, a manager named by an entry in another
/// part, the same warnings at the same lines.
@Suite struct LDIFPartsTests {
  /// A dump with a version line, comments (one continued), an organizational unit, a
  /// change record, a bad base64 value, CRLF entries, and people whose managers come
  /// later in the file.
  static let dump: [UInt8] = {
    var text = "version: 1\n# a dump of dc=example,dc=org\n#  continued comment\n\n"
    text += "dn: ou=people,dc=example,dc=org\nobjectClass: organizationalUnit\nou: people\n\n"
    for number in 0..<40 {
      let dn = "uid=p\(number),ou=people,dc=example,dc=org"
      var entry = "dn: \(dn)\nobjectClass: inetOrgPerson\ncn: Person \(number)\nsn: Family\(number % 7)\n"
      entry += "mail: p\(number)@example.org\n"
      if number < 39 { entry += "manager: uid=p\(number + 1),ou=people,dc=example,dc=org\n" }
      if number % 9 == 4 { entry += "description:: not base64!\n" }
      if number % 10 == 5 { entry = entry.replacingOccurrences(of: "\n", with: "\r\n") }
      text += entry + (number % 10 == 5 ? "\r\n" : "\n")
      if number == 20 { text += "dn: uid=gone,dc=example,dc=org\nchangetype: delete\n\n" }
    }
    return Array(text.utf8)
  }()

  @Test("parts of any size give the people and warnings of the whole file", arguments: [1, 90, 400, 1_000, 1 << 20])
  func sameAsWhole(partSize: Int) {
    let whole = ReadOnlyFormat.readLDIF(Self.dump, source: "dump.ldif")
    #expect(whole.contacts.count == 40)
    #expect(whole.warnings.count == 5)
    // The manager of the first person is named by the second, wherever it was read.
    #expect(whole.contacts.first?.contactRelations.map(\.value) == ["Person 1"])
    PartsAsWhole.expect(whole, severalParts: partSize < 1 << 20) {
      ReadOnlyFormat.readLDIF(Self.dump, source: "dump.ldif", inPartsOf: partSize, $0)
    }
  }

  @Test("parts end after a blank line, and count the lines before them")
  func cutAfterBlankLines() {
    let parts = LDIFReader.parts(Self.dump, size: 50)
    #expect(parts.count > 10)
    #expect(parts.first?.range.lowerBound == 0 && parts.last?.range.upperBound == Self.dump.count)
    for (part, next) in zip(parts, parts.dropFirst()) {
      #expect(part.range.upperBound == next.range.lowerBound)
      let before = Self.dump[..<next.range.lowerBound]
      #expect(before.suffix(2) == [0x0A, 0x0A] || before.suffix(3) == [0x0A, 0x0D, 0x0A])
      #expect(next.linesBefore == before.filter { $0 == 0x0A }.count)
    }
  }
}
