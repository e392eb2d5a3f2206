import ContactKit
import Foundation
import Testing

@testable import VCard

/// A small seeded generator (SplitMix64), so a failing case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random text: Latin, CJK, emoji (with ZWJ), combining marks, vCard's special
/// characters and newlines; in Unicode NFC, as the reader gives it.
struct TextMaker {
  var random: SeededGenerator
  static let pieces: [String] = [
    "a", "Z", "0", "7", " ", ",", ";", ":", "\\", "\n", "\"", "^", "=", "'", "é", "ß", "王", "小", "明", "佐藤", "한",
    "😀", "👩‍👩‍👧", "e\u{301}", "n\u{303}", "\t", "Ω", "ـ", "א", "\\n", "\\,", "=0D", "item1.", "BEGIN:VCARD",
  ]

  mutating func text(_ length: ClosedRange<Int> = 0...12, trimmed: Bool = true) -> String {
    let count = Int.random(in: length, using: &random)
    var out = ""
    for _ in 0..<count { out += Self.pieces.randomElement(using: &random)! }
    if Int.random(in: 0..<8, using: &random) == 0 {
      for _ in 0..<Int.random(in: 20...60, using: &random) { out += Self.pieces.randomElement(using: &random)! }
    }
    out = out.precomposedStringWithCanonicalMapping
    return trimmed ? out.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) : out
  }

  mutating func nonEmpty() -> String {
    while true {
      let t = text(1...12)
      if !t.isEmpty { return t }
    }
  }

  mutating func token() -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return String((0..<Int.random(in: 1...8, using: &random)).map { _ in letters.randomElement(using: &random)! })
  }

  mutating func bool() -> Bool { Bool.random(using: &random) }

  mutating func label() -> String? {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return nil
    case 1: return ["home", "work", "other", "school"].randomElement(using: &random)!
    case 2: return ["mobile", "iPhone", "homeFax", "workFax", "pager", "main", "otherFax"].randomElement(using: &random)!
    case 3: return "homePage"
    default: return nonEmpty()
    }
  }
}

/// The parts of a contact that writing must keep (identifiers aside).
struct Projection: Equatable {
  var names: [String]
  var phones: [String]
  var emails: [String]
  var addresses: [String]
  var urls: [String]
  var ims: [String]
  var socials: [String]
  var relations: [String]
  var dates: [String]
  var groups: [String]
  var birthday: ContactDate?

  init(_ c: Contact, newlines: Bool = false) {
    // vCard 2.1 writes every line break as quoted-printable CR LF (also as the
    // escaped `\r\n` of a value's description).
    func n(_ s: String) -> String {
      newlines ? s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\\r\\n", with: "\\n") : s
    }
    func l<V>(_ v: LabeledValue<V>, _ f: (V) -> String) -> String { "\(n(v.label ?? "-"))|\(v.isPreferred)|\(n(f(v.value)))" }
    names = [
      c.formattedName, c.givenName, c.familyName, c.middleName, c.namePrefix, c.nameSuffix, c.nickname,
      c.organizationName, c.departmentName, c.jobTitle, c.note, c.phoneticGivenName, c.phoneticFamilyName,
      c.contactType.rawValue,
    ].map(n)
    phones = c.phoneNumbers.map { l($0) { $0 } }
    emails = c.emailAddresses.map { l($0) { $0 } }
    addresses = c.postalAddresses.map { l($0) { "\($0)" } }
    urls = c.urlAddresses.map { l($0) { $0 } }
    ims = c.instantMessageAddresses.map { l($0) { "\($0.service)|\($0.username)" } }
    socials = c.socialProfiles.map { "\(n($0.label ?? "-"))|\($0.value.service)|\(n($0.value.username))|\(n($0.value.urlString))" }
    relations = c.contactRelations.map { "\(n($0.label ?? "-"))|\(n($0.value))" }
    dates = c.dates.map { "\(n($0.label ?? "-"))|\($0.value)" }
    groups = c.groups.map(n)
    birthday = c.birthday
  }
}

@Suite("property tests: random cards survive write → read")
struct PropertyTests {
  static func randomContact(_ maker: inout TextMaker, index: Int, plainUsernames: Bool) -> Contact {
    var c = Contact(identifier: "urn:uuid:00000000-0000-4000-8000-\(String(format: "%012d", index))", source: "mem")
    c.formattedName = maker.nonEmpty()
    c.givenName = maker.text()
    c.familyName = maker.text()
    c.middleName = maker.text()
    c.namePrefix = maker.text(0...2)
    c.nameSuffix = maker.text(0...2)
    c.nickname = maker.text(0...4)
    c.organizationName = maker.text(0...6)
    c.departmentName = maker.organizationless(c.organizationName)
    c.jobTitle = maker.text(0...6, trimmed: false)
    c.note = maker.text(0...30, trimmed: false)
    c.phoneticGivenName = maker.text(0...3, trimmed: false)
    c.phoneticFamilyName = maker.text(0...3, trimmed: false)
    let dates: [ContactDate] = [
      ContactDate(year: 1985, month: 4, day: 15), ContactDate(month: 2, day: 29), ContactDate(year: 2001),
      ContactDate(year: 1999, month: 12),
    ]
    c.birthday = maker.bool() ? dates.randomElement(using: &maker.random) : nil
    func values<V>(_ make: (inout TextMaker) -> V) -> [LabeledValue<V>] {
      (0..<Int.random(in: 0...3, using: &maker.random)).map { i in
        LabeledValue(identifier: "v\(i)", label: maker.label(), value: make(&maker), isPreferred: maker.bool())
      }
    }
    c.phoneNumbers = values { $0.nonEmpty() }
    c.emailAddresses = values { $0.nonEmpty() }
    c.postalAddresses = values { m in
      PostalAddress(street: m.text() + (m.bool() ? "\n" + m.nonEmpty() : ""), city: m.nonEmpty(), state: m.text(),
        postalCode: m.text(0...2), country: m.text(0...3), isoCountryCode: m.bool() ? "de" : "")
    }
    c.urlAddresses = values { "https://example.org/" + $0.nonEmpty() }
    c.instantMessageAddresses = values { m in
      InstantMessageAddress(service: ["xmpp", "skype", "aim", "Matrix", "Signal"].randomElement(using: &m.random)!,
        username: m.nonEmpty())
    }
    for i in c.instantMessageAddresses.indices { c.instantMessageAddresses[i].isPreferred = false }
    c.socialProfiles = values { m in
      SocialProfile(service: m.token(), username: plainUsernames ? m.token() : m.nonEmpty(), urlString: "https://s.example/" + m.token())
    }
    for i in c.socialProfiles.indices { c.socialProfiles[i].isPreferred = false }
    c.contactRelations = values { $0.nonEmpty() }
    for i in c.contactRelations.indices { c.contactRelations[i].isPreferred = false }
    c.dates = values { m in dates.randomElement(using: &m.random)! }
    for i in c.dates.indices { c.dates[i].isPreferred = false }
    var groups: [String] = []
    for _ in 0..<Int.random(in: 0...3, using: &maker.random) {
      let g = maker.nonEmpty()
      if !groups.contains(g) { groups.append(g) }
    }
    c.groups = groups
    return c
  }

  @Test("random contacts written as new cards read back the same", arguments: ["4.0", "3.0", "2.1"])
  func newCardsReadBack(version: String) throws {
    var maker = TextMaker(random: SeededGenerator(seed: 0xC0FFEE ^ UInt64(version.hashValue & 0xFF)))
    maker.random = SeededGenerator(seed: version == "4.0" ? 1 : version == "3.0" ? 2 : 3)
    let v = VCardSerializer.Version(version)
    for index in 0..<300 {
      let contact = Self.randomContact(&maker, index: index, plainUsernames: v == .v21)
      let text = VCardWriter.write(contact, options: VCardWriter.Options(version: v, revision: nil))
      let result = VCardReader.read(Array(text.utf8))
      #expect(result.warnings.isEmpty, "\(index): \(result.warnings)\n\(text)")
      let back = try #require(result.cards.first.map { ContactDecoder.contact(from: $0, source: "mem") })
      #expect(back.identifier == contact.identifier)
      let a = Projection(back, newlines: v == .v21)
      let b = Projection(contact)
      let same = a == b
      #expect(same, "seed \(version) #\(index): \(Mirror(reflecting: a).children.map(\.value).enumerated().filter { "\($0.1)" != "\(Array(Mirror(reflecting: b).children.map(\.value))[$0.0])" }.map { "\($0.1) vs \(Array(Mirror(reflecting: b).children.map(\.value))[$0.0])" })")
      if !same { break }
      for line in text.split(separator: "\r\n") {
        // 2.1 never folds: a line of ASCII is written whole, however long; a
        // quoted-printable one has soft breaks at 76.
        let quotedPrintable = line.contains("QUOTED-PRINTABLE") || line.hasSuffix("=")
        #expect(line.utf8.count <= 76 || (v == .v21 && !quotedPrintable), "long line: \(line)")
      }
    }
  }

  @Test("random edits of a read card read back as edited, other lines untouched")
  func editsReadBack() throws {
    var maker = TextMaker(random: SeededGenerator(seed: 42))
    for index in 0..<200 {
      let version: VCardSerializer.Version = [.v30, .v40].randomElement(using: &maker.random)!
      let seedContact = Self.randomContact(&maker, index: index, plainUsernames: false)
      let text = VCardWriter.write(seedContact, options: VCardWriter.Options(version: version, revision: nil))
      let original = try #require(loadContacts(Array(text.utf8), source: "mem").first)
      var edited = original
      let other = Self.randomContact(&maker, index: index, plainUsernames: false)
      switch index % 5 {
      case 0: edited.emailAddresses.append(contentsOf: other.emailAddresses.map { var v = $0; v.identifier = "n" + v.identifier; return v })
      case 1: if !edited.phoneNumbers.isEmpty { edited.phoneNumbers.removeFirst() }
      case 2: if !edited.postalAddresses.isEmpty { edited.postalAddresses[0].value.city = other.formattedName }
      case 3: edited.givenName = other.formattedName; edited.note = other.note
      default: if !edited.emailAddresses.isEmpty { edited.emailAddresses[0].label = other.emailAddresses.first?.label ?? "work" }
      }
      let written = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: nil))
      let back = try #require(loadContacts(Array(written.utf8), source: "mem").first)
      let same = Projection(back) == Projection(edited)
      #expect(same, "edit #\(index) (\(index % 5)):\n\(text)\n---\n\(written)")
      if !same { break }
    }
  }

  @Test("random content lines with random parameters survive serialisation", arguments: ["4.0", "3.0"])
  func randomLines(version: String) throws {
    var maker = TextMaker(random: SeededGenerator(seed: version == "4.0" ? 7 : 8))
    let v = VCardSerializer.Version(version)
    for index in 0..<500 {
      var lines: [ContentLine] = []
      var out = Array("BEGIN:VCARD\r\nVERSION:\(version)\r\n".utf8)
      for _ in 0..<Int.random(in: 1...6, using: &maker.random) {
        let group = maker.bool() ? maker.token() : nil
        let name = "X-" + maker.token().uppercased()
        let parameters = (0..<Int.random(in: 0...3, using: &maker.random)).map { _ in
          VCardParameter(name: maker.token().uppercased(), values: (0..<Int.random(in: 1...2, using: &maker.random)).map { _ in maker.text(0...6, trimmed: false).replacingOccurrences(of: "\t", with: " ") })
        }
        let value = VCardSerializer.escape(maker.text(0...40, trimmed: false))
        out += VCardSerializer.line(group: group, name: name, parameters: parameters, value: value, version: v)
        lines.append(ContentLine(group: group, name: name, parameters: parameters, value: value, text: "", lineNumber: 0))
      }
      out += Array("END:VCARD\r\n".utf8)
      let read = VCardReader.read(out)
      let back = try #require(read.cards.first).lines.filter { $0.name != "VERSION" }
      let expected = lines.map(RoundTripTests.Shape.init)
      let got = back.map(RoundTripTests.Shape.init)
      #expect(got == expected, "#\(index): \(String(decoding: out, as: UTF8.self))")
      if got != expected { break }
    }
  }
}

extension TextMaker {
  mutating func organizationless(_ organization: String) -> String { organization.isEmpty ? "" : text(0...4) }
}
