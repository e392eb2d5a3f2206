import ContactFormats
import LDAPDirectory
import Testing

/// LDIF (RFC 2849) read into directory entries, as `slapcat` and `ldapsearch -LLL`
/// write it (issue 25).
@Suite("Reading LDIF")
struct LDIFReaderTests {
  @Test("version, comments, folded lines, base64 and options; one entry per record")
  func syntax() {
    let text = """
      version: 1

      # people
       (this comment goes on)
      dn: uid=ada,ou=people,dc=example,dc=org
      cn;lang-en: Ada Lovelace
      cn: Augusta Ada King
      description: one
        two
      jpegPhoto:: /9j/
       4A==
      sn:: TG92ZWxhY2U=

      dn:: dWlkPWpvc2U=
      changetype: add
      mail: jose@example.org
      """
    let read = LDIFReader.read(Array(text.utf8), source: "f.ldif")
    #expect(read.warnings == [])
    #expect(read.entries.map(\.line) == [5, 14])
    let ada = read.entries[0].entry
    #expect(ada.dn == "uid=ada,ou=people,dc=example,dc=org")
    #expect(ada.strings("cn") == ["Ada Lovelace", "Augusta Ada King"])
    #expect(ada.first("description") == "one two")
    #expect(ada.attributes["jpegphoto"] == [[0xFF, 0xD8, 0xFF, 0xE0]])
    #expect(ada.first("sn") == "Lovelace")
    #expect(read.entries[1].entry.dn == "uid=jose")
    #expect(read.entries[1].entry.first("mail") == "jose@example.org")
  }

  @Test("URLs, bad base64, lines without a colon, change records and values over the limit are warnings; the rest is read")
  func problems() {
    let text = "dn: cn=a\ncn: A\njpegPhoto:< file:///x.jpg\nsn:: !!!\nno colon here\n\n"
      + "dn: cn=b\nchangetype: delete\n\ndn: cn=c\ndescription: \(String(repeating: "x", count: 40))\ncn: C\n"
    var limits = ReadingLimits.standard
    limits.textValueBytes = 32
    let read = LDIFReader.read(Array(text.utf8), source: "f", limits: limits)
    #expect(read.entries.map(\.entry.dn) == ["cn=a", "cn=c"])
    #expect(read.entries[0].entry.first("cn") == "A")
    #expect(read.warnings == [
      "f:3: jpegPhoto: a value to fetch from a URL (:<) is not fetched; left out",
      "f:4: sn: not valid base64; left out",
      "f:5: not an attribute: value line; ignored",
      "f:8: a change record (changetype: delete), not an entry; skipped",
      "f:11: DESCRIPTION value longer than 32 bytes, the limit for a value other than PHOTO, LOGO, SOUND, KEY; left out",
    ])
  }

  @Test("a dn: line right after an entry, no blank line between, begins an entry of its own, with a warning (case 09's kind)")
  func entriesWithoutBlankLine() {
    let text = "version: 1\ndn: cn=Alder Finch,dc=x\ncn: Alder Finch\nmail: alder@x.example\n"
      + "DN: cn=Birch Nolan,dc=x\ncn: Birch Nolan\nmail: birch@x.example\ntelephoneNumber: +1 555 0122\n"
      + "dn:: Y249Q29iYg==\ncn: Cobb\n\ndn: cn=Dara,dc=x\ncn: Dara\n"
    let read = LDIFReader.read(Array(text.utf8), source: "f.ldif")
    #expect(read.entries.map(\.entry.dn) == ["cn=Alder Finch,dc=x", "cn=Birch Nolan,dc=x", "cn=Cobb", "cn=Dara,dc=x"])
    #expect(read.entries.map(\.line) == [1, 5, 9, 12])
    #expect(read.entries[0].entry.attributes["mail"]?.count == 1)
    #expect(read.entries[0].entry.first("telephonenumber") == nil)
    #expect(read.entries[1].entry.first("mail") == "birch@x.example")
    #expect(read.warnings == [
      "f.ldif:5: an entry begins here with no blank line before it; read as an entry of its own",
      "f.ldif:9: an entry begins here with no blank line before it; read as an entry of its own",
    ])
  }

  @Test("LDIF is told by its first line that is not a comment")
  func detection() {
    #expect(LDIFReader.isLDIF(Array("# dump\nversion: 1\n\ndn: cn=a\n".utf8)))
    #expect(LDIFReader.isLDIF(Array("dn: cn=a\ncn: a\n".utf8)))
    #expect(!LDIFReader.isLDIF(Array("BEGIN:VCARD\n".utf8)))
    #expect(!LDIFReader.isLDIF(Array("VERSION:3.0\r\nFN:John Doe\r\nEND:VCARD\r\n".utf8)))  // a vCard without BEGIN
    #expect(!LDIFReader.isLDIF(Array("Name,dn\n".utf8)))
  }

  @Test("only people are read from a dump: not its organization, units or groups")
  func people() {
    let person = LDAPEntry(dn: "uid=a", attributes: ["objectClass": [Array("inetOrgPerson".utf8)]])
    let unit = LDAPEntry(dn: "ou=people", attributes: ["objectClass": [Array("organizationalUnit".utf8)]])
    let bare = LDAPEntry(dn: "cn=b", attributes: ["mail": [Array("b@example.org".utf8)]])
    #expect(LDAPCardMapping.isPerson(person))
    #expect(!LDAPCardMapping.isPerson(unit))
    #expect(LDAPCardMapping.isPerson(bare))
    // A script's LDIF of names alone, no class, no cn (case 18's kind).
    let named = LDIFReader.read(Array("dn: uid=ao,dc=x\ngivenName: Adaeze\nsn: Okonkwo\n\ndn: ou=x\nou: x\n".utf8), source: "l")
    #expect(named.entries.map { LDAPCardMapping.isPerson($0.entry) } == [true, false])
    // An organization (or a role) with an address or a number is a card; the root
    // `o=` entry of a dump, with neither, is not.
    let company = LDIFReader.read(
      Array(
        """
        dn: o=Acme Widgets
        objectClass: organization
        o: Acme Widgets
        telephoneNumber: +1 555 0111
        mail: sales@acme.example

        dn: cn=Helpdesk,o=Acme
        objectClass: organizationalRole
        cn: Helpdesk
        telephoneNumber: +1 555 0112

        dn: o=Example
        objectClass: top
        objectClass: organization
        o: Example
        description: the root

        dn: o=PostOnly
        objectClass: organization
        o: PostOnly
        postalAddress: 1 Main St$Springfield

        """.utf8), source: "l")
    #expect(company.entries.map { LDAPCardMapping.isPerson($0.entry) } == [true, true, false, true])
  }
}
