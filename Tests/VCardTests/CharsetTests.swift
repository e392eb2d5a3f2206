import Testing

@testable import VCard

@Suite("charsets and quoted-printable")
struct CharsetTests {
  @Test(
    "quoted-printable values in a declared charset",
    arguments: [
      ("ISO-8859-1", "M=FCller", "Müller"),
      ("Windows-1252", "=80 5 =96 Reid=92s", "€ 5 – Reid’s"),
      ("SHIFT_JIS", "=88=C0=93=A1=83=8D=83=43=83=68", "安藤ロイド"),
      ("UTF-8", "=C3=91=20", "Ñ "),
    ])
  func declaredCharset(charset: String, encoded: String, text: String) throws {
    let line = try #require(
      firstLine("N", in: "BEGIN:VCARD\nVERSION:2.1\nN;CHARSET=\(charset);ENCODING=QUOTED-PRINTABLE:\(encoded)\nEND:VCARD\n"))
    #expect(line.value == text)
  }

  @Test("raw Shift_JIS whose trail byte is a backslash is not an escape")
  func shiftJISBackslashTrailByte() throws {
    // 表 is 0x95 0x5C in Shift_JIS.
    let bytes = Array("BEGIN:VCARD\r\nN;CHARSET=SHIFT_JIS:".utf8) + [0x95, 0x5C] + Array(";X\r\nEND:VCARD\r\n".utf8)
    let line = try #require(VCardReader.read(bytes).cards.first?.first("N"))
    #expect(ValueDecoder.components(line.value) == ["表", "X"])
  }

  @Test("undeclared bytes: UTF-8 when valid, else Windows-1252")
  func undeclared() throws {
    let utf8 = Array("BEGIN:VCARD\r\nFN;QUOTED-PRINTABLE:B=C3=A4r\r\nEND:VCARD\r\n".utf8)
    #expect(VCardReader.read(utf8).cards.first?.first("FN")?.value == "Bär")
    let latin = Array("BEGIN:VCARD\r\nFN:B".utf8) + [0xE4] + Array("r\r\nEND:VCARD\r\n".utf8)
    #expect(VCardReader.read(latin).cards.first?.first("FN")?.value == "Bär")
  }

  @Test("a custom TYPE label in Latin-1 bytes reads as the values do, not as U+FFFD (2.1 bare, 3.0 TYPE=, with CHARSET)")
  func labelInLegacyCharset() throws {
    let bytes =
      Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:J".utf8) + [0xFC] + Array("rgen\r\nTEL;X-B".utf8) + [0xFC]
      + Array("ro:+49 555 0103\r\nEMAIL;INTERNET;X-Gesch".utf8) + [0xE4] + Array("ft:jm@example.de\r\nEND:VCARD\r\n".utf8)
      + Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna\r\nTEL;TYPE=B".utf8) + [0xFC]
      + Array("ro;CHARSET=ISO-8859-1:+49 1\r\nTEL;TYPE=\"Caf".utf8) + [0xE9] + Array("\":+49 2\r\nEND:VCARD\r\n".utf8)
    let contacts = loadContacts(bytes)
    #expect(contacts.map(\.displayName) == ["Jürgen", "Anna"])
    #expect(contacts.first?.phoneNumbers.map(\.label) == ["Büro"])
    #expect(contacts.first?.emailAddresses.map(\.label) == ["Geschäft"])
    #expect(contacts.last?.phoneNumbers.map(\.label) == ["Büro", "Café"])
  }

  @Test("an = that starts no hex pair stays as written")
  func lenientQuotedPrintable() throws {
    let line = try #require(firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE:a=b =3D c=ZZ\nEND:VCARD\n"))
    #expect(line.value == "a=b = c=ZZ")
  }

  @Test("a truncated UTF-8 sequence becomes U+FFFD and the rest is kept")
  func truncatedUTF8() throws {
    let line = try #require(
      firstLine("ORG", in: "BEGIN:VCARD\nORG;CHARSET=UTF-8;QUOTED-PRINTABLE:=C3=91=C3\nEND:VCARD\n"))
    #expect(line.value == "Ñ\u{FFFD}")
  }

  @Test("text escapes: \\n \\N \\, \\; \\\\ and Apple's \\:")
  func textEscapes() {
    #expect(ValueDecoder.unescape(#"a\nb\Nc\,d\;e\\f\:g\x"#) == "a\nb\nc,d;e\\f:g\\x")
    #expect(ValueDecoder.components(#"a\;b;c\,d;"#) == ["a;b", "c,d", ""])
    #expect(ValueDecoder.list(#"one\, two, three,,"#) == ["one, two", "three"])
  }
}
