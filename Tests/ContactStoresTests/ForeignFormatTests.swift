import Foundation
import ContactFormats
import Testing

@testable import ContactStores

/// A file of a format cpick does not read says what it is and what cpick reads (issue
/// 23: a CSV export gave "text outside BEGIN:VCARD … ignored" and "no contacts").
@Suite("Files of other formats")
struct ForeignFormatTests {
  /// The warnings of reading `text` as the file `name`.
  func warnings(_ bytes: [UInt8], name: String = "export") -> [String] {
    let load = VCardLoading.contacts(fromBytes: bytes, source: name)
    #expect(load.contacts.isEmpty)
    return load.warnings
  }

  func warnings(_ text: String, name: String = "export") -> [String] { warnings(Array(text.utf8), name: name) }

  @Test(
    "each format is named, with what cpick reads",
    arguments: [
      ("Order,Amount,Date\n1,2.50,2024-01-01\n", "a CSV file (comma-separated values)"),
      ("Order\tAmount\tDate\n1\t2.50\t2024-01-01\n", "a tab-separated (TSV) file"),
      ("{\"name\": \"Ada\"}\n", "JSON that is neither jCard (RFC 7095) nor cpick's JSON lines (one person per line)"),
      ("[{\"name\": \"Ada\"}]", "JSON that is neither jCard (RFC 7095) nor cpick's JSON lines (one person per line)"),
      ("<!DOCTYPE html><html><body>contacts</body></html>", "an HTML page"),
      ("just some notes\nabout people\n", "text without a BEGIN:VCARD line"),
    ])
  func textFormats(text: String, what: String) {
    let found = warnings(text)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("export:1: \(what), not vCard: \(ForeignFormat.formatsRead)") == true, "\(found)")
  }

  @Test(
    "binary files by their signatures",
    arguments: [
      ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], "a ZIP archive"),
      ([0x1F, 0x8B, 0x08, 0x00], "a gzip-compressed file"),
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], "a PNG image"),
      ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], "a JPEG image"),
      (Array("GIF89a".utf8) + [0, 0], "a GIF image"),
      (Array("%PDF-1.7\n".utf8), "a PDF document"),
      (Array("SQLite format 3".utf8) + [0], "an SQLite database"),
      ([0x00, 0x01, 0x02, 0x03], "a binary file"),
    ] as [([UInt8], String)])
  func binaryFormats(bytes: [UInt8], what: String) {
    let found = warnings(bytes)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("export:1: \(what), not vCard: \(ForeignFormat.formatsRead)") == true, "\(found)")
  }

  @Test("a vCard with a damaged card keeps its own warnings; a file with contacts and junk is read")
  func vCardsKeepTheirWarnings() {
    let damaged = VCardLoading.contacts(fromBytes: Array("BEGIN:VCARD\nVERSION:3.0\nN:Lovelace;Ada\n".utf8), source: "d")
    #expect(!damaged.warnings.isEmpty && !damaged.warnings.contains { $0.contains("not vCard") }, "\(damaged.warnings)")
    #expect(ForeignFormat.identify(Array("BEGIN:VCARD\nVERSION:3.0\n".utf8)) == nil)
    let mixed = VCardLoading.contacts(
      fromBytes: Array("a,b,c\nBEGIN:VCARD\nVERSION:3.0\nFN:Ada\nEND:VCARD\n".utf8), source: "mixed")
    #expect(mixed.contacts.map(\.displayName) == ["Ada"])
    #expect(!mixed.warnings.contains { $0.contains("not vCard") })
  }

  @Test("cpick's JSON lines saved with a byte-order mark or in UTF-16 are read (case 05's kind)")
  func jsonLinesWithByteOrderMark() {
    let line = "{\"identifier\":\"a\",\"displayName\":\"Jürgen Ö\",\"givenName\":\"Jürgen\"}\n"
    let encodings: [[UInt8]] = [
      [0xEF, 0xBB, 0xBF] + Array(line.utf8),
      [0xFF, 0xFE] + line.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
      [0xFE, 0xFF] + line.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
    ]
    for bytes in encodings {
      let load = VCardLoading.contacts(fromBytes: bytes, source: "people.jsonl")
      #expect(load.contacts.map(\.givenName) == ["Jürgen"], "\(bytes.prefix(3))")
      #expect(load.warnings.isEmpty, "\(load.warnings)")
    }
  }

  @Test("JSON lines each over the line limit say so, line by line, not that they are another format")
  func jsonLinesOverTheLimit() {
    let line = "{\"identifier\":\"a\",\"displayName\":\"A\(String(repeating: "x", count: ReadingLimits.standard.jsonLineBytes))\"}"
    let load = VCardLoading.contacts(fromBytes: Array((line + "\n" + line + "\n").utf8), source: "big.jsonl")
    #expect(load.contacts.isEmpty)
    #expect(load.warnings == [1, 2].map { "big.jsonl:\($0): \(ReadingLimits.standard.jsonLineProblem())" })
  }

  @Test("an empty or blank file is no other format: no such warning")
  func emptyFile() {
    #expect(warnings("").isEmpty)
    #expect(!warnings(" \n\n").contains { $0.contains("not vCard") })
  }
}
