import Testing

@testable import VCard

/// A line's name and kind come from the kinds' table when the name is known, in any
/// case; they are what upper-casing the name and looking it up give.
@Suite("Property names from the table")
struct PropertyNameTableTests {
  static let names = [
    "BEGIN", "end", "Version", "uid", "FN", "n", "N", "nickname", "Org", "TITLE", "bday", "NOTE", "tel", "Email",
    "ADR", "url", "IMPP", "x-aim", "X-Jabber", "x-skype", "X-SKYPE-USERNAME", "x-msn", "X-YAHOO", "X-ICQ",
    "x-gadugadu", "X-QQ", "x-google-talk", "X-GTALK", "x-twitter", "X-SOCIALPROFILE", "related",
    "X-ABRELATEDNAMES", "anniversary", "X-ABDATE", "x-anniversary", "X-PHONETIC-FIRST-NAME",
    "x-phonetic-middle-name", "X-PHONETIC-LAST-NAME", "sound", "CATEGORIES", "photo", "KIND",
    "x-addressbookserver-kind", "X-ABShowAs", "X-ABLabel",
    // Not known: another name, one letter off, a prefix, non-ASCII, a digit.
    "X-FOO", "TELL", "TE", "EMAIL2", "FÑ", "E\u{301}MAIL", "X-ABLABEL ", "", "X-PHONETIC-FIRST-NAMES", "1",
  ]

  @Test("known names give the upper-case name and its kind; others give nil")
  func table() {
    var known = 0
    for name in Self.names {
      let bytes = Array(name.utf8)
      let upper = bytes.withUnsafeBufferPointer { ContentLineParser.uppercasedASCII($0) }
      let found = bytes.withUnsafeBufferPointer { PropertyKind.known($0) }
      let kind = PropertyKind(upper)
      if kind == .other {
        #expect(found == nil, "\(name)")
      } else {
        known += 1
        #expect(found?.kind == kind, "\(name)")
        #expect(found?.name == upper, "\(name)")
      }
    }
    #expect(known == 45)
  }

  @Test("a read line has the upper-case name and kind, known or not")
  func readLines() {
    let text = "BEGIN:VCARD\r\nversion:3.0\r\nfn:Ann\r\nitem1.Email;type=work:a@b.c\r\nitem1.x-ablabel:Desk\r\nx-Foo:1\r\nEND:VCARD\r\n"
    let card = VCardReader.read(Array(text.utf8)).cards[0]
    #expect(card.lines.map(\.name) == ["VERSION", "FN", "EMAIL", "X-ABLABEL", "X-FOO"])
    #expect(card.lines.map(\.kind) == [.version, .formattedName, .email, .label, .other])
    #expect(card.lines.map(\.group) == [nil, nil, "item1", "item1", nil])
  }
}
