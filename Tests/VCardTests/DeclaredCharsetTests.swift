import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// Case 04's kind (charsets named or not): a `CHARSET` label read as the WHATWG
/// Encoding Standard reads it (`CharsetLabels`), a value not valid in the charset it
/// names read as undeclared bytes are, and a double-byte charset another card names
/// not forced on a Latin-1 value it does not read.
@Suite("declared charsets as writers mean them")
struct DeclaredCharsetTests {
  /// The contacts of fixture `charsets/name`, in file order.
  static func contacts(_ name: String) throws -> [Contact] {
    loadContacts(Array(try Data(contentsOf: TestPaths.fixture("charsets/" + name))))
  }

  @Test("CHARSET=SHIFT_JIS holds Windows-31J's characters (㈱, 髙); EUC-KR holds UHC's (똠)")
  func supersets() throws {
    let japanese = try #require(try Self.contacts("sjis-cp932-ext.vcf").first)
    #expect(japanese.familyName == "髙橋")
    #expect(japanese.organizationName == "㈱山田商事")
    let korean = try #require(try Self.contacts("euckr-uhc-control-char.vcf").first)
    #expect(korean.familyName == "똠방")
    #expect(korean.displayName.unicodeScalars.allSatisfy { !(0x80...0x9F).contains($0.value) }, "no C1 control")
  }

  @Test("labels iconv does not know: ks_c_5601-1987 is Korean, not the charset another card names")
  func labels() throws {
    let both = try Self.contacts("charset-label-leaks-across-cards.vcf")
    #expect(both.map(\.displayName) == ["Jörg Müller", "박지성"])
    let alone = try #require(try Self.contacts("ks_c_5601-charset.vcf").first)
    #expect(alone.organizationName == "똠방각하")
    for (label, name) in [("x-sjis", "CP932"), ("ISO-8859-8-I", "ISO-8859-8"), ("x-mac-roman", "MACINTOSH"), ("x-x-big5", "BIG5-HKSCS")] {
      #expect(CharsetLabels.decoderName(label) == name)
    }
  }

  @Test("CHARSET=UTF-8 over Windows-1252 bytes reads them as Windows-1252, not as U+FFFD")
  func declaredUTF8() throws {
    let contact = try #require(try Self.contacts("declared-utf8-invalid-bytes.vcf").first)
    #expect(contact.displayName == "Jörg Müller")
    #expect(contact.familyName == "Müller" && contact.givenName == "Jörg")
  }

  @Test("Shift_JIS named on one card is not forced on another card's Latin-1 text")
  func namedElsewhere() throws {
    let names = try Self.contacts("sjis-declared-elsewhere-hijacks-cp1252.vcf").map(\.displayName)
    #expect(names == ["鈴木一郎", "Seán O’Brien"])
  }

  @Test("a single-byte charset named over UTF-8 is UTF-8; over its own bytes it is itself")
  func mislabeledUTF8() {
    let utf8 = loadContacts("BEGIN:VCARD\nVERSION:2.1\nN;CHARSET=ISO-8859-1:Müller;Jörg;;;\nEND:VCARD\n", crlf: true)
    #expect(utf8.first?.familyName == "Müller")
    let latin1: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-8859-1:M".utf8) + [0xFC] + Array("ller;;;;\r\nEND:VCARD\r\n".utf8)
    #expect(loadContacts(latin1).first?.familyName == "Müller")
  }
}
