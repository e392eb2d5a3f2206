import ContactKit
import CpickTestSupport
import Foundation
import LDAPDirectory
import Testing
import VCard

/// Directory entries as vCard 4.0 (RFC 6350): inetOrgPerson (RFC 2798) read from slapd,
/// and an Active Directory `user`.
@Suite struct MappingTests {
  static let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9]
  static let longNote =
    "王小明负责北京研究组的工作，精通普通话、英语和德语；欢迎联系。\nSecond line: a \\ backslash, a comma; and \"quotes\"."

  static let rich =
    [
      "dn: uid=wang.xiaoming,\(LDAPServer.people)", "objectClass: inetOrgPerson", "uid: wang.xiaoming",
      ldif("cn", "王小明"), ldif("sn", "王"), ldif("givenName", "小明"), "mail: xiaoming.wang@example.org",
      "mail: wxm@example.cn", "telephoneNumber: +86 10 6552 0000", "mobile: +86 138 0013 8000",
      "homePhone: +86 10 8888 1234", "facsimileTelephoneNumber: +86 10 6552 0001", "pager: +86 10 9999 0000",
      "o: Example Trading, Ltd.", "ou: Research; Development", "title: Principal Engineer",
      ldif("postalAddress", "1 Jianguomenwai Ave$100004 Beijing$China"),
      "labeledURI: https://example.org/~wxm Home page", ldif("jpegPhoto", photo),
      "manager: uid=li.na,\(LDAPServer.people)", ldif("description", longNote),
      "entryUUID: 5f0c6e1e-8d2b-4c1a-9e3f-2a7b6c5d4e3f", "modifyTimestamp: 20240315120000Z",
    ].joined(separator: "\n") + "\n\n"

  @Test func aRichInetOrgPersonGivesTheExpectedCard() throws {
    let server = try LDAPServer.slapd(
      seed: LDAPServer.baseEntries + person("li.na", given: "Na", family: "Li", extra: ["displayName: Li Na"])
        + Self.rich)
    defer { server.stop() }
    let entries = try readAll(try LDAPConnection(options: options(server))).entries
    let names = Dictionary(
      uniqueKeysWithValues: entries.map { (LDAPCardMapping.nameKey($0.dn), LDAPCardMapping.displayName($0)) })
    let entry = try #require(entries.first { $0.dn.hasPrefix("uid=wang.xiaoming") })

    let card = LDAPCardMapping.card(from: entry, names: names)

    #expect(
      lines(card) == [
        "BEGIN:VCARD",
        "VERSION:4.0",
        "UID:urn:uuid:5f0c6e1e-8d2b-4c1a-9e3f-2a7b6c5d4e3f",
        "FN:王小明",
        "N:王;小明;;;",
        "EMAIL:xiaoming.wang@example.org",
        "EMAIL:wxm@example.cn",
        "TEL;TYPE=work,voice:+86 10 6552 0000",
        "TEL;TYPE=cell:+86 138 0013 8000",
        "TEL;TYPE=home:+86 10 8888 1234",
        "TEL;TYPE=fax:+86 10 6552 0001",
        "TEL;TYPE=pager:+86 10 9999 0000",
        "ORG:Example Trading\\, Ltd.;Research\\; Development",
        "TITLE:Principal Engineer",
        "ADR;TYPE=work;LABEL=1 Jianguomenwai Ave^n100004 Beijing^nChina:;;1 Jianguom",
        " enwai Ave;Beijing;;100004;China",
        "URL:https://example.org/~wxm",
        "PHOTO:data:image/jpeg;base64,/9j/4AAQSkZJRgAB/9k=",
        "RELATED;VALUE=text;TYPE=x-manager:Li Na",
        "NOTE:王小明负责北京研究组的工作，精通普通话、英语和",
        " 德语；欢迎联系。\\nSecond line: a \\\\ backslash\\, a comma\\; and \"quo",
        " tes\".",
        "REV:20240315T120000Z",
        "X-LDAP-DN:uid=wang.xiaoming\\,ou=people\\,dc=example\\,dc=org",
        "END:VCARD",
      ])
    #expect(hasFoldedCRLFLines(card))

    // cpick's own reader gets the values back.
    let contact = try #require(
      VCardReader.read(card).cards.first.map { ContactDecoder.contact(from: $0, source: "ldap") })
    #expect(contact.formattedName == "王小明")
    #expect(contact.familyName == "王" && contact.givenName == "小明")
    #expect(contact.emailAddresses.map(\.value) == ["xiaoming.wang@example.org", "wxm@example.cn"])
    #expect(contact.phoneNumbers.count == 5)
    #expect(contact.organizationName == "Example Trading, Ltd." && contact.departmentName == "Research; Development")
    #expect(contact.note == Self.longNote)
    #expect(contact.postalAddresses.first?.value.city == "Beijing")
    #expect(contact.hasImage)
  }

  @Test("an entry that holds an attribute twice (slapadd keeps mail lines another attribute splits) gives every value once")
  func anAttributeHeldTwice() throws {
    let split = person("hugo", given: "Hugo", family: "Huge", extra: ["description: between", "mail: hugo2@example.org", "mail: hugo3@example.org"])
    let server = try LDAPServer.slapd(seed: LDAPServer.baseEntries + split)
    defer { server.stop() }
    let entry = try #require(try readAll(try LDAPConnection(options: options(server))).entries.first { $0.dn.hasPrefix("uid=hugo") })
    #expect(entry.strings("mail") == ["hugo@example.org", "hugo2@example.org", "hugo3@example.org"])
    #expect(entry.strings("description") == ["between"])
  }

  @Test func anActiveDirectoryUserMapsToo() {
    let guid: [UInt8] = [
      0x78, 0x56, 0x34, 0x12, 0x34, 0x12, 0x78, 0x56, 0x9A, 0xBC, 0xDE, 0xF0, 0x12, 0x34, 0x56, 0x78,
    ]
    let entry = LDAPEntry(
      dn: "CN=Jordan Smith,OU=Sales,DC=corp,DC=example,DC=com",
      attributes: [
        "objectClass": ["top", "person", "organizationalPerson", "user"].map { Array($0.utf8) },
        "objectGUID": [guid], "sAMAccountName": [Array("jsmith".utf8)], "displayName": [Array("Jordan Smith".utf8)],
        "cn": [Array("Jordan Smith".utf8)], "givenName": [Array("Jordan".utf8)], "sn": [Array("Smith".utf8)],
        "mail": [Array("jordan.smith@corp.example.com".utf8)], "telephoneNumber": [Array("+1 206 555 0100".utf8)],
        "company": [Array("Corp Example".utf8)], "department": [Array("Sales".utf8)],
        "title": [Array("Account Manager".utf8)], "streetAddress": [Array("ignored".utf8)],
        "street": [Array("500 Pine St".utf8)], "l": [Array("Seattle".utf8)], "st": [Array("WA".utf8)],
        "postalCode": [Array("98101".utf8)], "c": [Array("US".utf8)],
        "manager": [Array("CN=Pat Lee,OU=Sales,DC=corp,DC=example,DC=com".utf8)],
        "whenChanged": [Array("20250102030405.0Z".utf8)],
      ])

    #expect(
      lines(LDAPCardMapping.card(from: entry)) == [
        "BEGIN:VCARD",
        "VERSION:4.0",
        "UID:urn:uuid:12345678-1234-5678-9abc-def012345678",
        "FN:Jordan Smith",
        "N:Smith;Jordan;;;",
        "EMAIL:jordan.smith@corp.example.com",
        "TEL;TYPE=work,voice:+1 206 555 0100",
        "ORG:Corp Example;Sales",
        "TITLE:Account Manager",
        "ADR;TYPE=work:;;500 Pine St;Seattle;WA;98101;US",
        "RELATED;VALUE=text;TYPE=x-manager:CN=Pat Lee\\,OU=Sales\\,DC=corp\\,DC=example",
        " \\,DC=com",
        "REV:20250102T030405Z",
        "X-LDAP-DN:CN=Jordan Smith\\,OU=Sales\\,DC=corp\\,DC=example\\,DC=com",
        "END:VCARD",
      ])
  }

  @Test("a description of megabytes is cut to what a reader takes of a value: the copy reads without a warning, its start kept")
  func aLongDescriptionIsCut() throws {
    let description = String(repeating: "Ωmega; long\\text, ", count: 150_000)
    let entry = LDAPEntry(
      dn: "uid=big,ou=people,dc=example,dc=org",
      attributes: [
        "objectClass": [Array("inetOrgPerson".utf8)], "uid": [Array("big".utf8)], "cn": [Array("Big Note".utf8)],
        "sn": [Array("Note".utf8)], "description": [Array(description.utf8)],
      ])
    let card = LDAPCardMapping.card(from: entry)
    let read = VCardReader.read(card)
    #expect(read.warnings.isEmpty, "\(read.warnings)")
    let contact = try #require(read.cards.first.map { ContactDecoder.contact(from: $0, source: "-") })
    #expect(contact.note.hasSuffix("…"))
    #expect(contact.note.utf8.count > 400_000)
    #expect(description.hasPrefix(contact.note.dropLast()))
    // A description that fits is whole.
    let short = LDAPEntry(dn: entry.dn, attributes: entry.attributes.merging(["description": [Array("short; one".utf8)]]) { $1 })
    #expect(VCardReader.read(LDAPCardMapping.card(from: short)).cards.first.map { ContactDecoder.contact(from: $0, source: "-").note } == "short; one")
  }

  @Test func withoutAUUIDTheUIDIsHashedFromTheDN() {
    let entry = LDAPEntry(dn: "uid=x,dc=example,dc=org", attributes: ["CN": [Array("X".utf8)]])
    let same = LDAPEntry(dn: "UID=x, DC=example, DC=org", attributes: [:])
    let other = LDAPEntry(dn: "uid=y,dc=example,dc=org", attributes: [:])
    func uid(_ entry: LDAPEntry) -> String? {
      lines(LDAPCardMapping.card(from: entry)).first { $0.hasPrefix("UID:") }
    }

    #expect(entry.strings("cn") == ["X"])
    #expect(uid(entry) == uid(same))
    #expect(uid(entry) != uid(other))
    #expect(uid(entry).map { ContactIdentifier.uuid(in: String($0.dropFirst(4))) != nil } == true)
    #expect(lines(LDAPCardMapping.card(from: entry)).contains("FN:X"))
    #expect(lines(LDAPCardMapping.card(from: other)).contains("FN:y"))
  }

  @Test("a DN's name key: each type and value trimmed and in lower case, an = inside a value kept; ASCII or not")
  func nameKeys() {
    #expect(LDAPCardMapping.nameKey(" CN = Ada Lovelace ,\tOU=People,dc=Example,DC=org\r\n") == "cn=ada lovelace,ou=people,dc=example,dc=org")
    #expect(LDAPCardMapping.nameKey("cn=a = B,o=X=Y") == "cn=a = b,o=x=y")
    #expect(LDAPCardMapping.nameKey("CN=Zoë Çelik, O=Ünïcode") == "cn=zoë çelik,o=ünïcode")
    #expect(LDAPCardMapping.nameKey(",,=") == ",,=")
  }

  @Test func postalAddressLinesBecomeStreetLocalityRegionAndCode() {
    let entry = LDAPEntry(
      dn: "uid=z,dc=example,dc=org", attributes: ["postalAddress": [Array("9651 Maple Ct$80426 Denver$CO".utf8)]])

    #expect(
      unfolded(LDAPCardMapping.card(from: entry)).contains(
        "ADR;TYPE=work;LABEL=9651 Maple Ct^n80426 Denver^nCO:;;9651 Maple Ct;Denver;CO;80426;"))
  }
}

/// The physical lines of `card` (split at CR LF).
func lines(_ card: [UInt8]) -> [String] {
  var text = String(decoding: card, as: UTF8.self).components(separatedBy: "\r\n")
  if text.last == "" { text.removeLast() }
  return text
}

/// The logical lines of `card`: folded lines joined again (RFC 6350 §3.2).
func unfolded(_ card: [UInt8]) -> [String] {
  var out: [String] = []
  for line in lines(card) {
    if line.hasPrefix(" "), !out.isEmpty { out[out.count - 1] += line.dropFirst() } else { out.append(line) }
  }
  return out
}

/// Whether every line of `card` ends in CR LF, is 75 octets at most and is whole UTF-8
/// (a fold never splits a character, RFC 6350 §3.2).
func hasFoldedCRLFLines(_ card: [UInt8]) -> Bool {
  guard card.suffix(2) == [13, 10] else { return false }
  var lines: [[UInt8]] = [[]]
  var index = 0
  while index < card.count {
    if card[index] == 13 {
      guard index + 1 < card.count, card[index + 1] == 10 else { return false }
      lines.append([])
      index += 2
    } else if card[index] == 10 {
      return false
    } else {
      lines[lines.count - 1].append(card[index])
      index += 1
    }
  }
  return lines.dropLast().allSatisfy { $0.count <= 75 && String(validating: $0, as: UTF8.self) != nil }
}
