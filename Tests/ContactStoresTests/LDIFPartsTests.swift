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

  @Test("a warning about an entry's card names the entry's line, warnings come in line order, a folded manager is found")
  func warningsAndFoldedManager() {
    let long = String(repeating: "x", count: 600_000)
    var text = "dn: uid=early,dc=example,dc=org\nobjectClass: person\ncn: Early Note\n"
    // (A description that long is cut to fit, `LDAPCardMapping.escapedNote`; a title is
    // not, and its warning names its own line.)
    text += "title: \(long)\(long)\n\n"
    text += "dn: uid=worker,dc=example,dc=org\nobjectClass: person\ncn: Worker\nmana\n ger: uid=boss,dc=example,dc=org\n\n"
    for number in 0..<30 {
      text += "dn: uid=p\(number),dc=example,dc=org\nobjectClass: person\ncn: Person \(number)\n\n"
    }
    let badLine = text.filter { $0 == "\n" }.count + 4
    text += "dn: uid=boss,dc=example,dc=org\nobjectClass: person\ncn: The Boss\nthis line has no colon\n\n"
    let dump = Array(text.utf8)
    let whole = ReadOnlyFormat.readLDIF(dump, source: "d.ldif")
    #expect(whole.warnings.count == 2)
    #expect(whole.warnings.first?.hasPrefix("d.ldif:4: TITLE") == true, "\(whole.warnings.first ?? "")")
    #expect(whole.warnings.last?.hasPrefix("d.ldif:\(badLine): ") == true, "\(whole.warnings.last ?? "")")
    #expect(whole.contacts[1].contactRelations.map(\.value) == ["The Boss"])
    PartsAsWhole.expect(whole, severalParts: true) { ReadOnlyFormat.readLDIF(dump, source: "d.ldif", inPartsOf: 100, $0) }
  }

  @Test("an attribute's name is found across folds, in any case, before a colon or a semicolon")
  func attributeAcrossFolds() {
    for text in ["manager: x", "Manager;lang-en: x", "cn: a\nmana\n ger: x", "cn: a\r\nm\r\n anager: x", "MANAGER:: eA=="] {
      #expect(LDIFReader.mayHoldAttribute("manager", Array(text.utf8)), "\(text)")
    }
    for text in ["managers: x", "cn: manager", "mana\nger: x", "cn: x"] {
      #expect(!LDIFReader.mayHoldAttribute("manager", Array(text.utf8)), "\(text)")
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
