import Foundation
import Testing

@testable import ContactStores
import VCard

/// `VCardLoading.mayHoldKindLines`: a file without a `KIND` line has no group card, so
/// the cards of a save are mapped alone (`VCardLoading.contacts(fromBytes:source:cards:)`)
/// and a vdir's files without one are not read for a group's rename.
@Suite struct KindLineScanTests {
  @Test(
    "a KIND or X-ADDRESSBOOKSERVER-KIND line is found at any line's start, after a group prefix, in any case; a name cut by folding may be one",
    arguments: [
      "BEGIN:VCARD\nKIND:group\nEND:VCARD\n",
      "BEGIN:VCARD\nkind;VALUE=text:group\nEND:VCARD\n",
      "BEGIN:VCARD\nitem1.X-ADDRESSBOOKSERVER-KIND:group\nEND:VCARD\n",
      "BEGIN:VCARD\nFN:A\nEND:VCARD\nBEGIN:VCARD\nx-addressbookserver-kind:group\nEND:VCARD\n",
      "KIND:group\n",
      "BEGIN:VCARD\r\nKI\r\n ND:group\r\nEND:VCARD\r\n",
      "BEGIN:VCARD\nX-ADDRESSBOOKSERVER-\n KIND:group\nEND:VCARD\n",
      "BEGIN:VCARD\nit\n\tem1.KIND:group\nEND:VCARD\n",
    ])
  func found(_ text: String) {
    #expect(VCardLoading.mayHoldKindLines(Array(text.utf8)))
  }

  /// Found by a helper comparing files read in parts and whole: the parser reads these
  /// as group cards, the scan did not (and the parts lost their groups).
  @Test(
    "every KIND line the parser reads is found: blanks around the name, a mark before it, any group prefix, folds across empty lines, CR line ends",
    arguments: [
      "KIND :group", "KIND\t:group", "\u{FEFF}KIND:group", "a.b.KIND:group", "item1 .KIND:group", "my group.KIND:group",
      "KI\n\n ND:group", "KI\r\n\r\n ND:group", "X-ADDRESSBOOKSERVER-KIND :group",
    ])
  func parserKinds(_ line: String) throws {
    let text = "BEGIN:VCARD\nVERSION:4.0\nFN:Friends\n\(line)\nMEMBER:urn:uuid:u5\nEND:VCARD\n"
    let card = try #require(VCardReader.read(Array(text.utf8)).cards.first)
    #expect(ContactDecoder.isGroupCard(card), "the parser's reading of \(line.debugDescription)")
    #expect(VCardLoading.mayHoldKindLines(Array(text.utf8)), "\(line.debugDescription)")
    // A book of one person and that group, read whole or in parts: the person is in
    // the group (in parts, once the book's group cards are resolved).
    let book = "BEGIN:VCARD\nVERSION:4.0\nUID:u5\nFN:Ada\nEND:VCARD\n" + text
    let whole = VCardLoading.contacts(fromBytes: Array(book.utf8), source: "g.vcf")
    #expect(whole.contacts.map(\.groups) == [["Friends"]])
    var parts = ContactLoad()
    #expect(VCardFileStore.loadInParts(Array(book.utf8), source: "g.vcf", partSize: 40) { parts.append($0) } == .done)
    #expect(parts.groupCards.map(\.name) == ["Friends"])
    parts.resolveGroups()
    #expect(parts.contacts.map(\.groups) == [["Friends"]])
  }

  @Test("a book of CR line ends is looked at line by line too")
  func carriageReturns() {
    #expect(VCardLoading.mayHoldKindLines(Array("BEGIN:VCARD\rFN:A\rKIND:group\rEND:VCARD\r".utf8)))
    #expect(!VCardLoading.mayHoldKindLines(Array("BEGIN:VCARD\rFN:A\rNOTE:KIND:group\rEND:VCARD\r".utf8)))
  }

  @Test(
    "KIND inside a value, as part of a longer name, or on the last line with nothing after it is no KIND line; nor is a folded value",
    arguments: [
      "BEGIN:VCARD\nNOTE:KIND:group\nEND:VCARD\n",
      "BEGIN:VCARD\nX-KIND:group\nKINDNESS:1\nEND:VCARD\n",
      "BEGIN:VCARD\nFN:A\n KIND:folded into the name\nEND:VCARD\n",
      "BEGIN:VCARD\nFN:A\nEND:VCARD\nKIND",
      "BEGIN:VCARD\nPHOTO;ENCODING=b:AAAA\n BBBB\n CCCC\n DDDD\nNOTE:a\n b\nEND:VCARD\n",
      "BEGIN:VCARD\r\nNOTE a line without a colon\r\n  folded\r\nEND:VCARD\r\n",
      "",
    ])
  func notFound(_ text: String) {
    #expect(!VCardLoading.mayHoldKindLines(Array(text.utf8)))
  }
}

/// A file read in parts gives its group cards with the contacts of their parts; the
/// book resolves them (`GroupMembership`) — or the file is read whole.
@Suite struct GroupCardsInPartsTests {
  /// Found by a helper comparing the builds: the outer card of a nested one has no
  /// place in the bytes and comes first, the nested card last — a span to the last
  /// card's end missed the outer card's `KIND` line after it, and its group was lost.
  @Test("a group card with a card nested before its KIND line is found read in parts as read whole")
  func nestedCard() {
    let text = [
      "BEGIN:VCARD", "VERSION:3.0", "UID:m0", "FN:Member 0", "END:VCARD",
      "BEGIN:VCARD", "VERSION:3.0", "UID:g", "FN:Team",
      "BEGIN:VCARD", "VERSION:3.0", "UID:inner", "FN:Inner", "END:VCARD",
      "KIND:group", "MEMBER:urn:uuid:m0", "END:VCARD", "",
    ].joined(separator: "\r\n")
    let bytes = Array(text.utf8)
    let parsed = VCardReader.read(bytes)
    #expect(parsed.cards.map(\.sourceRange).contains(nil))
    let whole = VCardLoading.contacts(fromBytes: bytes, source: "m1.vcf")
    #expect(whole.contacts.first { $0.identifier == "m0" }?.groups == ["Team"])
    var parts = ContactLoad()
    #expect(VCardFileStore.loadInParts(bytes, source: "m1.vcf", partSize: 4 << 20) { parts.append($0) } == .done)
    parts.resolveGroups()
    #expect(parts.contacts.first { $0.identifier == "m0" }?.groups == ["Team"])
    #expect(parts.contacts.map(\.identifier) == whole.contacts.map(\.identifier))
  }

  /// Found by the `vcard` fuzz target, which compares the two: a file that begins as
  /// a vCard and gives no contact said "text outside BEGIN:VCARD … END:VCARD" read in
  /// parts, and what it is (a binary file) read whole.
  @Test("a file that gives no contact in parts is read whole: the warning says what it is")
  func noContactReadWhole() {
    var bytes = Array("BEGIN:VCARD".utf8) + [0x01, 0, 0, 0, 0, 0, 0, 0x64, 0x0A]
    bytes += Array("VERSION:4.0\nEMAIL;PREF=3:2@example.org\nEND:VCARD".utf8)
    var given: [String] = []
    #expect(VCardFileStore.loadInParts(bytes, source: "b.vcf", partSize: 97) { given += $0.warnings } == .whole)
    let whole = VCardLoading.contacts(fromBytes: bytes, source: "b.vcf")
    #expect(whole.contacts.isEmpty)
    #expect(whole.warnings.count == 1)
    #expect(whole.warnings.first?.hasPrefix("b.vcf:1: a binary file, not vCard") == true)
    // One card among the same bytes: read in parts.
    let card = Array("BEGIN:VCARD\nVERSION:4.0\nFN:Ada\nEND:VCARD\n".utf8)
    var contacts = 0
    #expect(VCardFileStore.loadInParts(card + bytes, source: "b.vcf", partSize: 97) { contacts += $0.contacts.count } == .done)
    #expect(contacts == 1)
  }

  /// Found by the `vcard` fuzz target in CI: read in parts of 97 bytes, the file's first
  /// 97 looked like an LDIF file, its first 8 KiB (what tells another program's book,
  /// `ReadOnlyFormat.headBytes`) do not; the first block now holds those 8 KiB.
  @Test("another program's book is told by the same bytes whatever the part size")
  func foreignToldWhateverThePartSize() throws {
    let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fuzz/Seeds/vcard/foreign-told-past-a-part.vcf")
    let bytes = Array(try Data(contentsOf: seed))
    #expect(bytes.count == 1_806)
    let whole = VCardLoading.contacts(fromBytes: bytes, source: "f.vcf")
    #expect(whole.contacts.count == 2)
    for partSize in [1, 97, 4 << 20] {
      var warnings: [String] = []
      let done = VCardFileStore.loadInParts(bytes, source: "f.vcf", partSize: partSize) { warnings += $0.warnings } == .done
      // Not read in parts (text outside cards first): read whole, as `whole` is.
      #expect(!done, "parts of \(partSize)")
      #expect(!warnings.contains { $0.contains("LDIF") }, "parts of \(partSize): \(warnings)")
    }
  }
}


