import Foundation
import ContactKit
import Testing

@testable import ContactStores

@Suite("Reading a large file on all cores")
struct ParallelLoadingTests {
  /// A book of `count` cards, some damaged, large enough to be read in pieces.
  func book(_ count: Int) -> [UInt8] {
    var text = ""
    for index in 0..<count {
      text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:uid-\(index)\r\nFN:Person \(index)\r\nN:Family\(index);Person;;;\r\n"
      text += "EMAIL;TYPE=work:person\(index)@example.org\r\nNOTE:" + String(repeating: "x", count: 200) + "\r\n"
      if index % 997 == 0 { text += "LINE WITHOUT A COLON\r\n" }
      text += "END:VCARD\r\n"
    }
    return Array(text.utf8)
  }

  @Test("a file read in pieces gives the same contacts and warnings, with whole-file line numbers")
  func sameAsWhole() throws {
    let bytes = book(12_000)
    let whole = VCardLoading.contacts(fromBytes: Array(bytes.prefix((1 << 21))), source: "b")
    let parallel = VCardLoading.contacts(fromBytes: bytes, source: "b")
    #expect(parallel.contacts.count == 12_000)
    #expect(parallel.contacts.map(\.identifier) == (0..<12_000).map { "uid-\($0)" })
    #expect(parallel.contacts.prefix(whole.contacts.count - 1) == whole.contacts.prefix(whole.contacts.count - 1))
    // Every 997th card has a damaged line; a card has 8 lines (9 with the bad one).
    let damaged = [0, 997, 1994, 2991, 3988, 4985, 5982, 6979, 7976, 8973, 9970, 10967, 11964]
    #expect(parallel.warnings.count == damaged.count)
    var line = 1
    var expected: [String] = []
    for index in 0..<12_000 {
      if damaged.contains(index) { expected.append("b:\(line + 7): line has no ':' between name and value; skipped") }
      line += damaged.contains(index) ? 9 : 8
    }
    #expect(parallel.warnings.map { $0.components(separatedBy: ":").prefix(2).joined(separator: ":") }
      == expected.map { $0.components(separatedBy: ":").prefix(2).joined(separator: ":") })
  }
}
