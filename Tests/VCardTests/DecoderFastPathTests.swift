import ContactKit
import Testing

@testable import VCard

/// The shortcuts of the mapping (the version read on the bytes, the one-digit count of
/// a stable hash, the street joined without an array) give what the general ways give.
@Suite("Mapping shortcuts")
struct DecoderFastPathTests {
  private func card(_ lines: [String]) -> RawCard {
    let text = (["BEGIN:VCARD"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
    let parsed = VCardReader.read(Array(text.utf8))
    #expect(parsed.cards.count == 1)
    return parsed.cards[0]
  }

  @Test("the version on the bytes is the decoded value, blanks trimmed")
  func version() {
    let cases: [(String, String?)] = [
      ("VERSION:3.0", "3.0"), ("VERSION:4.0", "4.0"), ("VERSION:2.1", "2.1"), ("VERSION: 3.0\t", "3.0"),
      ("version:4.0", "4.0"), ("VERSION:3.00", "3.00"), ("VERSION:3", "3"), ("VERSION:", ""),
      ("VERSION;ENCODING=QUOTED-PRINTABLE:=33.0", "3.0"), ("VERSION;CHARSET=UTF-8:2.1", "2.1"),
      ("VERSION:\\u{0033}.0", "\\u{0033}.0"), ("FN:x", nil),
    ]
    for (line, expected) in cases {
      let read = card([line, "FN:Ann"])
      #expect(read.version == expected, "\(line)")
      let general = read.lines.first { $0.name == "VERSION" }.map { $0.value.trimmingBlanks() }
      #expect(read.version == general, "\(line)")
    }
    var edited = card(["VERSION:3.0", "FN:Ann"])
    edited.lines[0].value = " 4.0 "
    #expect(edited.version == "4.0")
    // The first VERSION line counts, wherever it stands.
    #expect(card(["FN:Ann", "VERSION:4.0", "VERSION:3.0"]).version == "4.0")
  }

  @Test("the first line of a kind is the first line of its name")
  func firstOfKind() {
    let read = card(["VERSION:3.0", "FN:Ann", "UID:a", "FN:Bo", "UID:b"])
    #expect(read.first(.uid)?.value == "a")
    #expect(read.first(.formattedName)?.value == "Ann")
    #expect(read.first(.uid)?.value == read.first("UID")?.value)
    #expect(card(["FN:Ann"]).first(.uid) == nil)
  }

  /// The identifiers the values of `lines` should get: the hash of the UID, the line
  /// and how many identical lines came before it.
  private func identifiers(of lines: [String], uid: String) -> [String] {
    var seen: [String: Int] = [:]
    return lines.map { line in
      let count = seen[line, default: 0]
      seen[line] = count + 1
      return StableHash.hex("\(uid)\n\(line)\n\(count)")
    }
  }

  @Test("a count of identical lines hashes as its decimal digits")
  func decimalCount() {
    for number in [0, 1, 5, 9, 10, 11, 99, 100, 12_345, -1, -10] {
      var digits = StableHash()
      digits.add(decimal: number)
      var text = StableHash()
      text.add(String(number))
      #expect(digits.value == text.value, "\(number)")
    }
    #expect(StableHash.hex("") == "cbf29ce484222325")
    #expect(StableHash.hex("a") == "af63dc4c8601ec8c")
  }

  @Test("a value's identifier hashes the UID, its line and how many identical lines came before it")
  func valueIdentifiers() {
    let lines = ["TEL:1", "EMAIL:a@example.org", "TEL:1", "TEL:2", "TEL:1", "EMAIL:a@example.org", "TEL:2"]
    let contact = ContactDecoder.contact(from: card(["VERSION:3.0", "UID:u1", "FN:Ann"] + lines), source: "-")
    let expected = identifiers(of: lines, uid: "u1")
    let phones = contact.phoneNumbers.map(\.identifier)
    let emails = contact.emailAddresses.map(\.identifier)
    #expect(phones == [expected[0], expected[2], expected[3], expected[4], expected[6]])
    #expect(emails == [expected[1], expected[5]])
    #expect(Set(phones + emails).count == lines.count)
  }

  @Test(
    "past 16 distinct value texts (looked for one by one, then by hash) a repeat counts on from its earlier lines",
    arguments: [15, 16, 17, 40])
  func valueIdentifiersPastTheDirectTexts(distinct: Int) {
    // Each text three times: once before the switch to the dictionary, twice after.
    let texts = (0..<distinct).map { "TEL:+1 555 0100 \($0)" }
    let lines = texts + texts.reversed() + texts + ["EMAIL:x@example.org", "EMAIL:x@example.org"]
    let contact = ContactDecoder.contact(from: card(["VERSION:3.0", "UID:u1", "FN:Ann"] + lines), source: "-")
    let expected = identifiers(of: lines, uid: "u1")
    let identifiers = contact.phoneNumbers.map(\.identifier) + contact.emailAddresses.map(\.identifier)
    #expect(identifiers == expected)
    #expect(Set(identifiers).count == lines.count)
  }

  @Test("NOTE lines are joined by an empty line, in order")
  func notesJoined() {
    let contact = ContactDecoder.contact(
      from: card(["VERSION:3.0", "FN:Ann", "NOTE:one", "NOTE:two\\nlines", "NOTE:three"]), source: "-")
    #expect(contact.note == "one\n\ntwo\nlines\n\nthree")
  }

  @Test("a street is the non-empty first three address parts, one a line")
  func street() {
    let cases: [(String, String)] = [
      ("ADR:;;1 Main St;Town;;;", "1 Main St"), ("ADR:PO 1;Suite 2;1 Main St;Town;;;", "PO 1\nSuite 2\n1 Main St"),
      ("ADR:PO 1;;1 Main St;;;;", "PO 1\n1 Main St"), ("ADR:;Suite 2;;Town;;;", "Suite 2"),
      ("ADR:PO 1", "PO 1"), ("ADR:;;;Town;;;", ""),
    ]
    for (line, street) in cases {
      let contact = ContactDecoder.contact(from: card(["VERSION:3.0", "FN:Ann", line]), source: "-")
      #expect(contact.postalAddresses.first?.value.street ?? "" == street, "\(line)")
    }
  }
}
