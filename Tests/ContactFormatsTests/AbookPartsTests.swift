import ContactKit
import CpickTestSupport
import Testing

@testable import ContactFormats

/// An abook book read part by part (`AbookReader.read(_:source:inPartsOf:_:)`) gives what
/// it gives read whole: the same contacts (their source records' lines included), the
/// same warnings with the same line numbers, in the same order, whatever the parts' size.
@Suite struct AbookPartsTests {
  /// A book with lines before its first section, a comment between sections, blank
  /// lines, a header with spaces around it, CRLF lines, a broken line and a field
  /// given twice, and many short sections.
  static let book: [UInt8] = {
    var text = "# abook addressbook file\nstray=before any section\nnot a field\n\n[format]\nprogram=abook\nversion=0.6.1\n\n"
    for number in 0..<60 {
      switch number % 5 {
      case 0: text += "[\(number)]\nname=Person \(number)\nemail=p\(number)@example.org\n\n"
      case 1: text += "  [\(number)]  \r\nname=Ünïcode \(number)\r\nthis line is broken\r\nmobile=+49 170 \(number)\r\n\r\n"
      case 2: text += "# a comment between sections\n[\(number)]\nname=Twice \(number)\nname=Again\n"
      case 3: text += "[\(number)]\n\n\nnick=n\(number)\ngroups=a,b\n\n\n"
      default: text += "[\(number)]\nname=Last \(number)"  + (number == 59 ? "" : "\n")
      }
    }
    return Array(text.utf8)
  }()

  @Test("parts of any size give the contacts and warnings of the whole book", arguments: [1, 7, 40, 100, 333, 4096])
  func sameAsWhole(partSize: Int) {
    let whole = AbookReader.read(Self.book, source: "book")
    #expect(whole.contacts.count == 60)
    #expect(whole.warnings.count == 26)
    PartsAsWhole.expect(whole, severalParts: partSize < 4096) {
      AbookReader.read(Self.book, source: "book", inPartsOf: partSize, $0)
    }
  }

  @Test("a book with CRLF line ends, its headers indented with a no-break space, is cut into parts too")
  func crlfBookInParts() {
    let text = String(decoding: Self.book, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\n[", with: "\n\u{00A0}[").replacingOccurrences(of: "\n", with: "\r\n")
    let book = Array(text.utf8)
    let whole = AbookReader.read(book, source: "book")
    #expect(whole.contacts.count == 60)
    PartsAsWhole.expect(whole, severalParts: true) { AbookReader.read(book, source: "book", inPartsOf: 100, $0) }
  }

  @Test("a part ends only before a section header")
  func cutAtHeaders() {
    let book = Self.book
    var start = 0
    while start < book.count {
      let end = AbookReader.partEnd(book, from: start, size: 10)
      #expect(end > start)
      if end < book.count {
        let line = String(decoding: book[end...].prefix { $0 != 0x0A }, as: UTF8.self)
        #expect(AbookDocument.sectionName(line.trimmingCharacters(in: .whitespacesAndNewlines)) != nil, "\(line)")
      }
      start = end
    }
  }
}
