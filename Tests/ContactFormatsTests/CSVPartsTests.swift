import ContactKit
import CpickTestSupport
import Testing

@testable import ContactFormats

/// A CSV export read part by part (`CSVContactReader.read(_:source:export:limits:inPartsOf:_:)`)
/// gives what it gives read whole: the same contacts (identifiers of a person exported
/// twice included), the same warnings with the same line numbers, in the same order,
/// whatever the parts' size.
@Suite struct CSVPartsTests {
  /// A Google export with rows spanning lines (a quoted note with line breaks and
  /// doubled quotes), CRLF rows, blank lines, rows with too few or too many cells,
  /// text after a closing quote, a row without a name or address, the same person
  /// several times far apart, and a quoted cell left open at the end.
  static let export: String = {
    var text = "Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value,Notes\n"
    for number in 0..<60 {
      switch number % 6 {
      case 0: text += "Ada \(number),Ada,L,* Home,ada\(number)@example.org,\"a note,\nover \"\"two\"\" lines\"\n"
      case 1: text += "Zoë \(number),Zoë,M,Work,zoe\(number)@example.org,plain\r\n"
      case 2: text += "Same Person,,,,same@example.org,\n\n"
      case 3: text += "Short \(number),Short\nLong \(number),L,M,,l\(number)@example.org,n,extra,cells\n"
      case 4: text += "\"Quoted\" after \(number),Q,,,q\(number)@example.org,x\n,,,,,only a note\n"
      default: text += "\"小明 \(number)\",明,小,,m\(number)@example.org,\"\"\"quoted\"\" \(number)\"\n"
      }
    }
    return text + "Open,O,,,open@example.org,\"never closed\nto the end\n"
  }()

  @Test("parts of any size give the contacts and warnings of the whole export", arguments: [1, 7, 60, 200, 1 << 20])
  func sameAsWhole(partSize: Int) {
    let whole = CSVContactReader.read(Self.export, source: "google.csv", export: .google)
    #expect(whole.contacts.count == 72)
    #expect(whole.warnings.count == 42)
    #expect(
      whole.warnings.suffix(2) == [
        "google.csv:102: a quoted cell opened here is not closed; it ends with its line, and the lines after it are read as records",
        "google.csv:103: 1 cells, the header has 6; the missing cells empty",
      ])
    #expect(whole.contacts.suffix(2).map(\.displayName) == ["Open", "to the end"])
    // In line order: a quoting problem among its row's (line 9's before line 10's).
    let lines = whole.warnings.compactMap { LineWarning.split($0, source: "google.csv")?.line }
    #expect(lines.count == whole.warnings.count && lines == lines.sorted())
    #expect(whole.warnings[2] == "google.csv:9: text after a quoted cell's closing quote; kept in the cell")
    let same = whole.contacts.filter { $0.displayName == "Same Person" }.map(\.identifier)
    #expect(same.count == 10 && Set(same).count == 10)
    #expect(whole.contacts.first?.note == "a note,\nover \"two\" lines")
    PartsAsWhole.expect(whole, severalParts: partSize < 4096) {
      CSVContactReader.read(Self.export, source: "google.csv", export: .google, inPartsOf: partSize, $0)
    }
  }
}
