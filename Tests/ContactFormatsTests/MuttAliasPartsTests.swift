import ContactKit
import CpickTestSupport
import Testing

@testable import ContactFormats

/// A mutt alias file read part by part (`MuttAliasReader.read(_:source:inPartsOf:_:)`)
/// gives what it gives read whole: the same contacts (their source records' lines
/// included), the same warnings with the same line numbers, in the same order, whatever
/// the parts' size — an alias defined again in a later part too.
@Suite struct MuttAliasPartsTests {
  /// A file with comments, blank lines, CRLF lines, lines continued by a backslash
  /// (one ending in an escaped backslash, which does not continue; one before CR CR
  /// LF, which does), `-group`s, lines
  /// that are no alias, and aliases defined again far apart (one whose last definition
  /// has no address, and so does not replace it), and a group of aliases defined
  /// before them (one redefined, one named in other case, one no alias).
  static let file: [UInt8] = {
    var text = "# mutt aliases\n\nalias everyone p6, Q1, nobody\n"
    for number in 0..<60 {
      switch number % 6 {
      case 0: text += "alias p\(number) Person \(number) <p\(number)@example.org> # friend \(number)\n"
      case 1: text += "alias -group team -group x q\(number) \"Ünï, Code\" <q\(number)@example.org>\r\n"
      case 2:
        text += "alias c\(number) C <c\(number)@example.org>, \\\n   D <d\(number)@example.org>, \\\r\n  <e\(number)@example.org>\n"
        text += "alias cr\(number) CR <cr\(number)@example.org>, \\\r\r\n <f\(number)@example.org>\n"
      case 3: text += "set sort=alias\n\nalias again A \(number) <again\(number)@example.org>\n"
      case 4: text += "alias p\(number - 4) Replaced \(number) <r\(number)@example.org>\nalias slash\(number) <s\(number)@example.org> # ends in \\\\\n"
      default: text += "alias p0\nalias noaddress\(number)\n# a comment\n"
      }
    }
    return Array(text.utf8)
  }()

  @Test("parts of any size give the contacts and warnings of the whole file", arguments: [1, 7, 40, 100, 333, 1 << 20])
  func sameAsWhole(partSize: Int) {
    let whole = MuttAliasReader.read(Self.file, source: "aliases")
    #expect(whole.contacts.count == 61)
    // An alias of two people (its unnamed address the first's): a contact for each.
    let c2 = whole.contacts.filter { $0.nickname == "c2" }
    #expect(c2.map(\.displayName) == ["C", "D"])
    #expect(c2.map { $0.emailAddresses.map(\.value) } == [["c2@example.org", "e2@example.org"], ["d2@example.org"]])
    #expect(c2.map(\.groups) == [["c2"], ["c2"]])
    #expect(whole.contacts.first { $0.nickname == "cr2" }?.emailAddresses.count == 2)
    #expect(whole.contacts.first { $0.nickname == "again" }?.displayName == "A 57")
    #expect(whole.contacts.first { $0.nickname == "p0" }?.displayName == "Replaced 4")
    #expect(whole.contacts.firstIndex { $0.nickname == "p0" } == 0)
    #expect(whole.contacts.first { $0.nickname == "p6" }?.groups == ["everyone"])
    #expect(whole.contacts.first { $0.nickname == "p6" }?.displayName == "Replaced 10")
    #expect(whole.contacts.first { $0.nickname == "q1" }?.groups == ["team", "x", "everyone"])
    #expect(whole.contacts.filter { $0.groups.contains("everyone") }.count == 2)
    #expect(whole.warnings.count == 50)
    #expect(whole.warnings.first == "aliases:11: not an alias line; ignored")
    #expect(whole.warnings.last == "aliases:3: alias everyone names nobody, which is no alias of this file; left out of the group")
    PartsAsWhole.expect(whole, severalParts: partSize < 4096) {
      MuttAliasReader.read(Self.file, source: "aliases", inPartsOf: partSize, $0)
    }
  }

  @Test("a part ends only after a line break that ends a logical line")
  func cutAtLogicalLines() {
    let file = Self.file
    var start = 0
    var parts = 0
    while start < file.count {
      let end = MuttAliasReader.partEnd(file, from: start, size: 10)
      #expect(end > start)
      #expect(file[end - 1] == 0x0A)
      // Its last line, without the LF and up to two CRs, ends in an even number of backslashes.
      var last = end - 1
      for _ in 0..<2 where last > start && file[last - 1] == 0x0D { last -= 1 }
      let backslashes = file[start..<last].reversed().prefix { $0 == UInt8(ascii: "\\") }.count
      #expect(backslashes % 2 == 0, "part \(start)..<\(end)")
      start = end
      parts += 1
    }
    #expect(parts > 60)
  }
}
