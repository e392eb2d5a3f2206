import Foundation
import Testing

@testable import ContactStores

/// A file with more warnings than it lists (`ReadingLimits.listedWarnings`) gives the
/// same contacts and the same warnings read whole or part by part — as the `vcard` fuzz
/// target checks; it found the list cut per piece of a part instead of per file.
@Suite struct WarningsInPartsTests {
  @Test("150 problems in 30 cards: the first 100 and one line for the rest, whatever the part size")
  func sameWarningsInParts() throws {
    let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fuzz/Seeds/vcard/many-warnings-in-parts.vcf")
    let bytes = Array(try Data(contentsOf: seed))
    #expect(bytes.count == 3_700)
    let whole = VCardLoading.contacts(fromBytes: bytes, source: "w.vcf")
    #expect(whole.contacts.count == 30)
    #expect(whole.warnings.count == 101)
    #expect(whole.warnings.last == "w.vcf:204: problems not listed: 50 more, the first on this line")
    for partSize in [1, 97, 1_000] {
      var contacts = 0
      var warnings: [String] = []
      let done = VCardFileStore.loadInParts(bytes, source: "w.vcf", partSize: partSize) {
        contacts += $0.contacts.count
        warnings += $0.warnings
      } == .done
      #expect(done, "parts of \(partSize)")
      #expect(contacts == 30, "parts of \(partSize)")
      #expect(warnings == whole.warnings, "parts of \(partSize)")
    }
  }

  @Test("a card without BEGIN:VCARD at the end of a file of 99 problems: 100 listed, read whole or in parts")
  func cardWithoutBeginAtTheEnd() {
    var lines: [String] = []
    for number in 0..<99 { lines += ["BEGIN:VCARD", "VERSION:3.0", "FN:P\(number)", "junk line \(number)", "END:VCARD"] }
    lines += ["N:Orphan;;", "FN:Orphan", "END:VCARD"]
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let whole = VCardLoading.contacts(fromBytes: bytes, source: "o.vcf")
    #expect(whole.contacts.count == 100)
    #expect(whole.warnings.count == 100)
    #expect(whole.warnings.last == "o.vcf:496: END:VCARD on line 498 without BEGIN:VCARD; the lines before it read as a card")
    for partSize in [1, 97] {
      var warnings: [String] = []
      let done = VCardFileStore.loadInParts(bytes, source: "o.vcf", partSize: partSize) { warnings += $0.warnings } == .done
      if done { #expect(warnings == whole.warnings, "parts of \(partSize)") }
    }
  }
}
