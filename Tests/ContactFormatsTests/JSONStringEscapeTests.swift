import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing

@testable import ContactFormats

/// `JSONValue.writeString` escapes on the UTF-8 bytes; it must give exactly what the
/// scalar-by-scalar reference (`writeStringByScalars`) gives.
@Suite("JSON string escapes on bytes")
struct JSONStringEscapeTests {
  private func written(_ text: String) -> String {
    var out: [UInt8] = [UInt8(ascii: "x")]  // appended after what is there
    JSONValue.writeString(text, to: &out)
    return String(decoding: out.dropFirst(), as: UTF8.self)
  }

  private func reference(_ text: String) -> String {
    var out: [UInt8] = []
    JSONValue.writeStringByScalars(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  @Test("known escapes, written out")
  func knownEscapes() {
    #expect(written("") == #""""#)
    #expect(written("plain ASCII 123") == #""plain ASCII 123""#)
    #expect(written("a\"b\\c") == #""a\"b\\c""#)
    #expect(written("l1\nl2\r\tend") == #""l1\nl2\r\tend""#)
    #expect(written("\u{0}\u{1B}[31m\u{7F}") == #""\u0000\u001b[31m\u007f""#)
    #expect(written("Zoë\u{85}\u{9F}\u{A0}") == "\"Zoë\\u0085\\u009f\u{A0}\"")
    #expect(written("\u{202E}evil\u{202A}\u{2029}\u{2028}\u{200E}\u{200F}") == #""\u202eevil\u202a\u2029\u2028\u200e\u200f""#)
    #expect(written("\u{2066}\u{2069}\u{061C}\u{FEFF}x") == #""\u2066\u2069\u061c\ufeffx""#)
    // Neighbours of escaped characters stay as they are.
    #expect(written("\u{2027}\u{202F}\u{2065}\u{206A}\u{061B}\u{061D}\u{FEFE}\u{FF00}\u{200D}") == "\"\u{2027}\u{202F}\u{2065}\u{206A}\u{061B}\u{061D}\u{FEFE}\u{FF00}\u{200D}\"")
    #expect(written("王小明 😀 e\u{301}") == "\"王小明 😀 e\u{301}\"")
  }

  @Test("every scalar, alone between letters and all in one string, as the reference writes it")
  func everyScalar() {
    var all = ""
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      all.unicodeScalars.append(scalar)
      if value < 0x3000 || (0xFE00...0x10000).contains(value) {
        let text = "a" + String(Character(scalar)) + "b"
        if written(text) != reference(text) { mismatches.append(value) }
        let alone = String(Character(scalar))
        if written(alone) != reference(alone) { mismatches.append(value) }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    #expect(written(all) == reference(all))
    #expect(written(all).utf8.count > all.utf8.count)
  }

  @Test("eight bytes at a time: a word is plain exactly when each of its bytes is")
  func plainWords() {
    let plain = UInt64(0x6161_6161_6161_6161)  // "aaaaaaaa"
    #expect(JSONValue.isPlain(plain))
    #expect(JSONValue.isPlain(0x2020_2020_2020_2020))
    #expect(JSONValue.isPlain(0x7E7E_7E7E_7E7E_7E7E))
    var wrong: [String] = []
    for byte in UInt64(0)...255 {
      let expected = byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C
      for position in UInt64(0)..<8 {
        let word = plain & ~(0xFF << (8 * position)) | byte << (8 * position)
        if JSONValue.isPlain(word) != expected { wrong.append("\(byte) at \(position)") }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10))")
  }

  @Test("each byte to escape, at every offset of a long ASCII run, as the reference writes it")
  func escapesInRuns() {
    let run = "abcdefghijklmnopqrstuvwx"
    var mismatches: [String] = []
    for value in UInt32(0)..<0xA0 {
      let scalar = String(Character(Unicode.Scalar(value)!))
      for offset in 0...run.count {
        let text = String(run.prefix(offset)) + scalar + String(run.dropFirst(offset))
        if written(text) != reference(text) { mismatches.append("\(value) at \(offset)") }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    #expect(written(run + "\"" + run) == "\"" + run + "\\\"" + run + "\"")
  }

  @Test("a string that is not contiguous UTF-8 (bridged, a substring made into one) is written the same")
  func otherStorage() {
    let text = String("--\"王\u{202E}\u{85}--".dropFirst(2).dropLast(2))
    #expect(written(text) == "\"\\\"王\\u202e\\u0085\"")
  }

  @Test("every text of every contact of the corpus is escaped as the reference escapes it", .sharedCorpus)
  func corpusTexts() throws {
    let corpus = PersonJSONBytesTests.corpus
    var count = 0
    let files = try FileManager.default.subpathsOfDirectory(atPath: corpus.path).sorted()
    for file in files where file.hasSuffix(".vcf") || file.hasSuffix(".vcard") {
      guard let load = try? VCardFileStore(path: corpus.appendingPathComponent(file).path).load() else { continue }
      for contact in load.contacts {
        var texts = [
          contact.identifier, contact.source, contact.displayName, contact.givenName, contact.familyName,
          contact.middleName, contact.namePrefix, contact.nameSuffix, contact.nickname, contact.organizationName,
          contact.departmentName, contact.jobTitle, contact.note, contact.phoneticGivenName,
          contact.phoneticFamilyName,
        ]
        texts += contact.phoneNumbers.flatMap { [$0.value, $0.label ?? "", $0.identifier] }
        texts += contact.emailAddresses.flatMap { [$0.value, $0.label ?? ""] }
        texts += contact.postalAddresses.flatMap { [$0.value.street, $0.value.city, $0.value.country] }
        texts += contact.urlAddresses.map(\.value) + contact.contactRelations.map(\.value) + contact.groups
        for text in texts {
          #expect(written(text) == reference(text), "\(file) \(contact.identifier)")
          count += 1
        }
      }
    }
    #expect(count > 10_000)
  }
}
