import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores
@testable import CpickSupport
@testable import AddressBook

/// The binary form of contacts for the index cache: `ArchiveWriter`/`ArchiveReader`
/// encodings, `ContactArchive` round trips on the corpus, on odd and random
/// contacts, and damaged bytes that must throw or decode, never crash or read past
/// the end.
@Suite("Contact archive")
struct ContactArchiveTests {
  // MARK: - Primitives

  @Test("varints are LEB128, ints zig-zag, strings and bytes length-prefixed, fixed widths little-endian")
  func primitiveEncodings() {
    func bytes(_ write: (inout ArchiveWriter) -> Void) -> [UInt8] {
      var writer = ArchiveWriter()
      write(&writer)
      return writer.bytes
    }
    #expect(bytes { $0.write(UInt64(0)) } == [0])
    #expect(bytes { $0.write(UInt64(127)) } == [0x7F])
    #expect(bytes { $0.write(UInt64(128)) } == [0x80, 0x01])
    #expect(bytes { $0.write(UInt64(300)) } == [0xAC, 0x02])
    #expect(bytes { $0.write(UInt64.max) } == Array(repeating: 0xFF, count: 9) + [0x01])
    #expect(bytes { $0.write(0) } == [0])
    #expect(bytes { $0.write(-1) } == [1])
    #expect(bytes { $0.write(1) } == [2])
    #expect(bytes { $0.write(-64) } == [127])
    #expect(bytes { $0.write(64) } == [0x80, 0x01])
    #expect(bytes { $0.write(Int.min) }.count == 10)
    #expect(bytes { $0.write(true); $0.write(false) } == [1, 0])
    #expect(bytes { $0.write("") } == [0])
    #expect(bytes { $0.write("é\u{0}😀") } == [7, 0xC3, 0xA9, 0, 0xF0, 0x9F, 0x98, 0x80])
    #expect(bytes { $0.write([UInt8]([9, 8])) } == [2, 9, 8])
    #expect(bytes { $0.writeFixed32(0x0403_0201) } == [1, 2, 3, 4])
    #expect(bytes { $0.writeFixed64(0x0807_0605_0403_0201) } == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(bytes { $0.write(String(repeating: "a", count: 200)) }.prefix(2) == [0xC8, 0x01])
  }

  @Test("every primitive reads back what was written, in order, to the last byte")
  func primitiveRoundTrip() throws {
    let ints = [0, 1, -1, 63, -64, 64, -65, 1 << 31, -(1 << 31), Int.max, Int.min, Int.max - 1, Int.min + 1]
    let unsigned: [UInt64] = [0, 1, 127, 128, 16383, 16384, UInt64(UInt32.max), UInt64.max - 1, UInt64.max]
    let texts = ["", "a", "exactly15bytes!", "sixteen bytes ok", "王小明", "\u{0}\u{0}", "👩‍👩‍👧", String(repeating: "ß", count: 5000)]
    var writer = ArchiveWriter()
    for value in ints { writer.write(value) }
    for value in unsigned { writer.write(value) }
    for text in texts { writer.write(text) }
    writer.write([UInt8](0...255))
    writer.write([UInt8]())
    writer.write(true)
    writer.write(false)
    writer.writeFixed32(0xDEAD_BEEF)
    writer.writeFixed64(0x0123_4567_89AB_CDEF)
    writer.writeByte(0xFE)
    try writer.bytes.withUnsafeBytes { buffer throws in
      var reader = ArchiveReader(buffer)
      for value in ints { #expect(try reader.readInt() == value) }
      for value in unsigned { #expect(try reader.readVarint() == value) }
      for text in texts { #expect(try reader.readString() == text) }
      #expect(try reader.readBytes() == [UInt8](0...255))
      #expect(try reader.readBytes() == [])
      #expect(try reader.readBool() == true)
      #expect(try reader.readBool() == false)
      #expect(try reader.readFixed32() == 0xDEAD_BEEF)
      #expect(try reader.readFixed64() == 0x0123_4567_89AB_CDEF)
      #expect(try reader.readByte() == 0xFE)
      #expect(reader.isAtEnd)
      #expect(reader.offset == buffer.count)
      #expect(throws: ArchiveError.self) { try reader.readByte() }
    }
  }

  @Test("damaged primitives throw the kind of damage they are")
  func primitiveErrors() {
    func kind(_ bytes: [UInt8], _ read: (inout ArchiveReader) throws -> Void) -> ArchiveError.Kind? {
      bytes.withUnsafeBytes { buffer in
        var reader = ArchiveReader(buffer)
        do {
          try read(&reader)
          return nil
        } catch let error as ArchiveError {
          #expect(error.offset >= 0 && error.offset <= buffer.count)
          #expect(!error.reason.isEmpty)
          return error.kind
        } catch {
          Issue.record("not an ArchiveError: \(error)")
          return nil
        }
      }
    }
    #expect(kind([]) { _ = try $0.readByte() } == .truncated)
    #expect(kind([]) { _ = try $0.readVarint() } == .truncated)
    #expect(kind([0x80]) { _ = try $0.readVarint() } == .truncated)
    #expect(kind([0xFF, 0xFF]) { _ = try $0.readInt() } == .truncated)
    #expect(kind(Array(repeating: 0x80, count: 10) + [0x01]) { _ = try $0.readVarint() } == .badValue)
    #expect(kind(Array(repeating: 0xFF, count: 9) + [0x02]) { _ = try $0.readVarint() } == .badValue)
    #expect(kind(Array(repeating: 0xFF, count: 9) + [0x01]) { _ = try $0.readVarint() } == nil)
    #expect(kind([2]) { _ = try $0.readBool() } == .badValue)
    #expect(kind([3, 65, 66]) { _ = try $0.readString() } == .badLength)
    #expect(kind([0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) { _ = try $0.readBytes() } == .badLength)
    #expect(kind(Array(repeating: 0xFF, count: 9) + [0x01]) { _ = try $0.readString() } == .badLength)
    #expect(kind([5, 1, 1, 1, 1, 1]) { _ = try $0.readCount(minimumSize: 2) } == .badLength)
    #expect(kind([2, 1, 1, 1, 1]) { _ = try $0.readCount(minimumSize: 2) } == nil)
    #expect(kind([1, 2, 3]) { _ = try $0.readFixed32() } == .truncated)
    #expect(kind([1, 2, 3, 4, 5, 6, 7]) { _ = try $0.readFixed64() } == .truncated)
  }

  @Test("a string that is not UTF-8 reads as U+FFFD, not as an error")
  func invalidUTF8() throws {
    let bytes: [UInt8] = [4, 0x61, 0xFF, 0xC3, 0x62]
    let text = try bytes.withUnsafeBytes { buffer in
      var reader = ArchiveReader(buffer)
      return try reader.readString()
    }
    #expect(text == "a\u{FFFD}\u{FFFD}b")
  }

  @Test("a repeated string is given again with the same storage; another one is read as itself")
  func repeatedStrings() throws {
    let path = "/home/someone/.local/share/cpick/contacts.vcf"
    var writer = ArchiveWriter()
    for text in [path, path, "", "other", path] { writer.write(text) }
    try writer.bytes.withUnsafeBytes { buffer throws in
      var reader = ArchiveReader(buffer)
      let first = try reader.readRepeatedString()
      let second = try reader.readRepeatedString()
      #expect(first == path)
      #expect(second == path)
      #expect(Self.storage(first) == Self.storage(second))
      #expect(try reader.readRepeatedString() == "")
      #expect(try reader.readRepeatedString() == "other")
      #expect(try reader.readRepeatedString() == path)
      #expect(reader.isAtEnd)
    }
  }

  /// The address of a native string's UTF-8 bytes.
  static func storage(_ text: String) -> UnsafePointer<UInt8>? {
    text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
  }

  // MARK: - Layout

  @Test("the layout of a small contact, byte for byte (a change here needs a new IndexFormat.layoutRevision)")
  func goldenLayout() throws {
    #expect(IndexFormat.layoutRevision == 48)  // 9: a labeled value's preference as a rank (PREF=1…100, case 45); 10: cards with nothing to show by are stored too (issue 20); 11: a NOTE's CR LF read as LF (2.1 quoted-printable); 12: the letters each script folds together (ScriptFolding); 13: SORT-AS readings searched; 14: a sort key made of the first 64 characters of each name part (issue 22); 15: ROLE (bit 29) and an address's line in its country's order (issue 23); 16: sort keys carry the language's index row (kana, Hangul; issue 23); 17: abook books and mutt alias files read (issue 25); 18: an abook section's bytes as its record (issue 25, writing); 19: CSV and LDIF files read (issue 25); 20: a list file's sections column holds kana rows and Hangul consonants (SectionIndex.byte(ofSection:)); 21: a list file's renderings point at each contact's JSON with a span (JSON copied in file order); 22: a list file starts with its JSON and ends with its trailer (a cold book's temp file of JSON becomes the list file); 23: a Korean name's customary spelling among its search forms (HangulSpelling); 24: a Korean name's initial consonants among its search forms (ㅂㅈㅅ); 25: U+2010 and U+2011 folded to `-`; 26: conjoining and half-width Hangul initial consonants folded to compatibility jamo; 27: a Han or Hangul name with a surname reading also run together and as initials with that reading first (`parkjisung`, `pjs`); 28: a number written with letters also as the digits dialled (`1-800-FLOWERS`, PhoneKeypad); 29: a Cyrillic name's English spelling among its search forms (`dmitry`, CyrillicSpelling); 30: a custom TYPE label in a legacy charset decoded as the values are, Apple's X-ABADR as the ISO country code; 31: a card's other nicknames (bit 30); 32: a repeated single-value field (TITLE, ORG, N…) shows its first line with a value; 33: a list file's groups as three columns (GroupPositions); undeclared Shift_JIS kanji alone read as Shift_JIS, not GB18030; 34: a word of Hangul syllables keyed as their readings run together, without the `-` ICU puts between some (LetterReadings); 35: undeclared bytes that EUC-KR and GB2312 both read, read as the file's other such values tell (CharsetDecoder.eastAsianCharset), alone as Chinese when they read as a Chinese name and not as a Korean one (CommonCharacters); 36: a Han or Hangul name written only in FN searched by its first character's surname reading (`park`, `parkjisung`), as it sorts; a name whose transliteration starts with an apostrophe (Hebrew א, ע) keyed without it; a Cyrillic name's fuller English spelling among its search forms (`pyotr`, `yeltsin`, `sergei`) and a Korean surname's other spellings (`rhee`, `roh`); 37: default-ignorable code points (U+200B, U+FEFF, U+00AD) left out of folded text; a Cyrillic name's softened spelling among its search forms (`natalia`, `grigoriev`); 38: values of no declared charset in a script's legacy charset read in it (LegacyCharsetVerdict: Windows-1251, Windows-1250, EUC-JP…), declared charsets as WHATWG reads their labels (CharsetLabels: Shift_JIS as CP932); Unicode spaces and typographic apostrophes folded to the ASCII ones; `\\"` read as a quote; vendors' phone kinds (X-MS-TEL, X-EVOLUTION-CALLBACK, CAR…) and Nokia's X-EPOCSECONDNAME, X-ASSISTANT-TEL, X-CHILDREN read; a Hangul name's romanization kept beside the card's Latin reading; an alternate N in kana or with PHONETIC as the name's reading; an IM account Apple writes twice (IMPP and X-JABBER) listed once; a quoted-printable line break in ORG, TITLE, ROLE, ADR as LF; a card of only a note, URL or address named No Name; a person's FN without N sorted by it, not by ORG; names with ä ö ü ø å đ searched spelled out too (mueller, djokovic); 39: a Korean name searched in the Revised Romanization (`minseok`, `bora`), not ICU's transliteration (`minseog`, `bola`); 유 customarily `yoo`; a quoted-printable value ending in `=` no longer takes the next property line; a fold between an escape's `=` and its digits read as a fold; the ligatures ĳ ǆ ǉ ǌ ﬁ ﬂ folded to their letters; a pinyin ü also as v and yu (`lv`, `lyu` for 吕); a Greek name's passport spelling (ELOT 743: `dimitris`, `vasileiou`); a kana reading's passport and Kunrei spellings (`ohtani`, `homma`, `syohei`); SORT-STRING and X-PHONETIC-ORG read as the name's and the organization's readings; 40: a row's name is the display name every output gives (an FN of line breaks falls back to N, line breaks around it trimmed); an ORG, NICKNAME or N part of invisible characters alone is no name, nor a name of U+2800 or of combining marks alone (nor in sort keys); 41: a card named by its reading alone shows it, one of a title or suffix alone (N:;;;Dr.;) them, last; a name of Greek beside Latin or Cyrillic words composed with the passport spelling its text gives (GreekSpelling.elot of the whole); 42: an abook contact's identifier made from its section's fields, not its number; 43: the figure and en dashes and the minus sign folded to `-`, the middle dot to `.`; 44: letters of African alphabets and Azerbaijani ə folded to the Latin letters their names are written with (`ɔ` o, `ə` a), an LDIF entry after another without a blank line read as its own, an abook header without its `]` a section, a 2.1 fold at a blank between words kept; 45: CSV columns of Thunderbird, Yahoo, LinkedIn and a non-English Outlook, LDIF attributes of Thunderbird and the others in the note, Japanese names of kanji in EUC-JP, half-width katakana in Shift_JIS, a field over 1 KB searched by the readings of its beginning, a Devanagari word's key without the ASCII transform; 46: a card's name in other languages (FN and N of one ALTID, a repeated FN) searched (bit 31); 47: an X-ABADR or CC of anything but two letters is no country code, a blank first FN gives way to the next with a name; 48: a Hebrew or Arabic name transliterated with a leading ayin or alef sorted under A, Japanese kanji without a reading under #, ヴ in the あ row and ん in the わ row; a half-width katakana reading's passport and Kunrei spellings
    #expect(Self.encode(Contact(identifier: "", source: "")) == [0, 0, 0])
    var contact = Contact(identifier: "u", source: "s")
    contact.givenName = "A"
    contact.phoneNumbers = [LabeledValue(identifier: "p", label: "mobile", value: "1", isPreferred: true)]
    contact.hasImage = true
    contact.contactType = .organization
    contact.sourceRecord = SourceRecord(bytes: [7], firstLine: 2, version: "3.0")
    let mask: UInt64 = 1 << 1 | 1 << 3 | 1 << 5 | 1 << 27 | 1 << 28
    var expected = ArchiveWriter()
    expected.write(mask)
    expected.write("u")
    expected.write("s")
    expected.write(UInt64(1))  // organization
    expected.write("A")
    expected.write(UInt64(1))  // one phone
    expected.write(UInt64(5 << 1 | 1))  // "mobile" (code 5), with a preference
    expected.write(UInt64(1))  // preference 1
    expected.write("p")
    expected.write("1")
    expected.write(UInt64(2))  // version code 2, "3.0"; no outside groups; one twin
    expected.write([UInt8]([7]))
    expected.write(2)
    #expect(Self.encode(contact) == expected.bytes)
    #expect(expected.bytes == [0xAA, 0x80, 0x80, 0xC0, 0x01, 1, 117, 1, 115, 1, 1, 65, 1, 11, 1, 1, 112, 1, 49, 2, 1, 7, 4])
    #expect(try Self.decode(expected.bytes) == contact)
  }

  @Test("empty strings, empty arrays, nil and false cost nothing; a standard label costs no text")
  func emptyFieldsAreFree() {
    let bare = Contact(identifier: "id", source: "src")
    #expect(Self.encode(bare).count == 1 + 3 + 4)
    var note = bare
    note.note = "x"
    #expect(Self.encode(note).count == 1 + 3 + 4 + 2 + 1)  // the mask grows to 2 bytes at bit 9
    func phone(_ label: String?) -> Int {
      var contact = bare
      contact.phoneNumbers = [LabeledValue(identifier: "i", label: label, value: "1")]
      return Self.encode(contact).count
    }
    #expect(phone(nil) == phone("home"))
    #expect(phone("anniversary") == phone(nil))
    #expect(phone("") == phone(nil) + 1)
    #expect(phone("Home") == phone(nil) + 5)
  }

  @Test("the standard labels are distinct and each one decodes to itself")
  func standardLabels() throws {
    #expect(Set(ContactArchive.standardLabels).count == ContactArchive.standardLabels.count)
    var contact = Contact(identifier: "id", source: "src")
    contact.emailAddresses = (ContactArchive.standardLabels + ["", "HOME", "custom label"]).enumerated().map {
      LabeledValue(identifier: "e\($0.offset)", label: $0.element, value: "a@b", isPreferred: $0.offset % 2 == 0)
    }
    contact.emailAddresses.append(LabeledValue(identifier: "none", label: nil, value: "c@d"))
    #expect(try Self.decode(Self.encode(contact)) == contact)
  }

  @Test("bits, codes and heads that no writer makes are refused as .badValue")
  func unknownCodes() {
    func kind(_ bytes: [UInt8]) -> ArchiveError.Kind? {
      do {
        _ = try Self.decode(bytes)
        return nil
      } catch let error as ArchiveError {
        return error.kind
      } catch {
        return nil
      }
    }
    #expect(kind([0, 0, 0]) == nil)
    #expect(kind([0x80, 0x80, 0x80, 0x80, 0x10, 0, 0]) == .badValue)  // bit 32
    #expect(kind([0x80, 0x80, 0x80, 0x80, 0x01, 0, 0, 2]) == .badValue)  // contact type 2
    #expect(kind([0x80, 0x80, 0x80, 0x80, 0x01, 0, 0, 1]) == nil)  // organization
    #expect(kind([8, 0, 0, 1, 15 << 1, 0, 0]) == .badValue)  // label code 15
    #expect(kind([8, 0, 0, 1, 14 << 1 | 1, 101, 0, 0]) == .badValue)  // preference 101
    #expect(kind([8, 0, 0, 1, 14 << 1 | 1, 0, 0, 0]) == .badValue)  // preference 0
    #expect(kind([8, 0, 0, 1, 14 << 1 | 1, 100, 0, 0]) == nil)  // preference 100
    #expect(kind([8, 0, 0, 1, 14 << 1, 0, 0]) == nil)  // anniversary
    #expect(kind([0x80, 0x01, 0, 0, 1, 0, 0, 0x40]) == .badValue)  // postal address bit 6
    #expect(kind([0x80, 0x01, 0, 0, 1, 0, 0, 0x3F, 0, 0, 0, 0, 0, 0]) == nil)  // six empty parts
    #expect(kind([0x80, 0x02, 0, 0, 0x10]) == .badValue)  // date bit 4
    #expect(kind([0x80, 0x02, 0, 0, 0x0F, 0, 0, 0, 0]) == nil)  // year, month, day 0, text ""
    #expect(kind([32, 0, 0, 5, 0, 0]) == .badValue)  // version code 5
    #expect(kind([32, 0, 0, 32, 0, 0]) == .badValue)  // source record bit 5
    #expect(kind([32, 0, 0, 4, 0, 0, 0]) == nil)  // another version, empty
    #expect(kind([0, 0, 0, 0]) == .truncated)  // a second contact, cut short
  }

  // MARK: - Round trips

  @Test("every contact of every corpus file decodes equal to the original, source record included", .sharedCorpus)
  func corpusRoundTrip() throws {
    var total = 0
    var fieldsSeen: Set<ContactArchive.Field> = []
    for file in try SharedFiles.corpusFiles() {
      let path = SharedFiles.corpus.appendingPathComponent(file).path
      let contacts = try SourceResolver.store(for: path).load().contacts
      var writer = ArchiveWriter()
      for contact in contacts {
        ContactArchive.write(contact, to: &writer)
        fieldsSeen.formUnion(Self.fields(contact))
      }
      let decoded = try writer.bytes.withUnsafeBytes { try Self.readAll($0) }
      #expect(decoded.count == contacts.count, "\(file)")
      for (original, copy) in zip(contacts, decoded) where original != copy {
        Issue.record("\(file): \(original.displayName) differs after a round trip: \(copy)")
      }
      if let first = decoded.first {
        #expect(first.sourceRecord != nil, "\(file)")
        #expect(decoded.allSatisfy { $0.source == first.source })
      }
      total += contacts.count
    }
    #expect(total >= SharedFiles.corpusContactFloor)
    // The corpus exercises all but the rarest fields; the random test covers every one.
    let rare: Set<ContactArchive.Field> = [.nameSortAs, .organizationSortAs]
    #expect(Set(ContactArchive.Field.allCases).subtracting(fieldsSeen).subtracting(rare).isEmpty,
      "never in the corpus: \(Set(ContactArchive.Field.allCases).subtracting(fieldsSeen))")
  }

  @Test("a contact with every field set to odd values decodes equal to it")
  func oddContact() throws {
    let contact = Self.oddContact()
    #expect(Set(ContactArchive.Field.allCases) == Self.fields(contact))
    let bytes = Self.encode(contact)
    let copy = try Self.decode(bytes)
    #expect(copy == contact)
    // Field by field too, so that a failure says which one.
    #expect(copy.sourceRecord == contact.sourceRecord)
    #expect(copy.phoneNumbers == contact.phoneNumbers)
    #expect(copy.dates == contact.dates)
    #expect(copy.birthday == contact.birthday)
    #expect(copy.note.utf8.count == contact.note.utf8.count)
    #expect(copy.givenName.unicodeScalars.elementsEqual(contact.givenName.unicodeScalars))
    #expect(copy.phoneNumbers.map(\.label) == [nil, "", "mobile", "Mobile"])
    #expect(copy.phoneNumbers.map(\.preference) == [1, nil, 100, nil])
  }

  @Test("each field alone decodes equal, and sets only its own presence bit")
  func eachFieldAlone() throws {
    let odd = Self.oddContact()
    for field in ContactArchive.Field.allCases {
      let contact = Self.keeping(field, of: odd)
      #expect(Self.fields(contact) == [field], "\(field)")
      let bytes = Self.encode(contact)
      let mask = try bytes.withUnsafeBytes { buffer in
        var reader = ArchiveReader(buffer)
        return try reader.readVarint()
      }
      #expect(mask == field.bit, "\(field)")
      #expect(try Self.decode(bytes) == contact, "\(field)")
    }
  }

  @Test("random contacts (seeded) decode equal, one by one and all in one buffer")
  func randomContacts() throws {
    var maker = RandomContacts(seed: 0xC0FFEE)
    let contacts = (0..<400).map { _ in maker.contact() }
    var writer = ArchiveWriter()
    var seen: Set<ContactArchive.Field> = []
    for contact in contacts {
      #expect(try Self.decode(Self.encode(contact)) == contact)
      ContactArchive.write(contact, to: &writer)
      seen.formUnion(Self.fields(contact))
    }
    #expect(seen == Set(ContactArchive.Field.allCases))
    #expect(try writer.bytes.withUnsafeBytes { try Self.readAll($0) } == contacts)
  }

  @Test("decoded contacts of one source share one source string")
  func sharedSource() throws {
    let source = "/home/someone/.local/share/cpick/personal.vcf"
    var writer = ArchiveWriter()
    for index in 0..<3 { ContactArchive.write(Contact(identifier: "id\(index)", source: source), to: &writer) }
    let decoded = try writer.bytes.withUnsafeBytes { try Self.readAll($0) }
    #expect(decoded.map(\.source) == [source, source, source])
    #expect(Set(decoded.map { Self.storage($0.source) }).count == 1)
  }

  // MARK: - Damage

  @Test("every cut of an encoded contact throws ArchiveError, and never reads past the cut")
  func truncation() throws {
    var maker = RandomContacts(seed: 7)
    let contacts = [Self.oddContact(limitingLengths: true), Contact(identifier: "x", source: "y")]
      + (0..<40).map { _ in maker.contact() }
    for contact in contacts {
      let bytes = Self.encode(contact)
      bytes.withUnsafeBytes { full in
        // The cut is a view into the whole encoding: a read past it would find the
        // real bytes and succeed, so a success here is a read out of bounds.
        for length in 0..<full.count {
          var reader = ArchiveReader(UnsafeRawBufferPointer(rebasing: full[0..<length]))
          #expect(throws: ArchiveError.self, "cut at \(length) of \(full.count)") {
            try ContactArchive.read(from: &reader)
          }
          #expect(reader.offset <= length)
        }
      }
      #expect(try Self.decode(bytes) == contact)
    }
  }

  @Test("random byte flips throw ArchiveError or decode to a contact that round-trips; never a crash")
  func corruption() throws {
    var random = XorShiftRandom(seed: 42)
    var maker = RandomContacts(seed: 99)
    let contacts = [Self.oddContact(limitingLengths: true)] + (0..<30).map { _ in maker.contact() }
    var failures = 0
    var decodes = 0
    for contact in contacts {
      let original = Self.encode(contact)
      for _ in 0..<200 {
        var bytes = original
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        }
        // An exact-size copy, so that a read past the end leaves the allocation.
        let result = bytes.withUnsafeBytes { buffer -> Result<Contact, ArchiveError> in
          var reader = ArchiveReader(buffer)
          let result = Result { () throws(ArchiveError) in try ContactArchive.read(from: &reader) }
          #expect(reader.offset <= buffer.count)
          return result
        }
        switch result {
        case .failure:
          failures += 1
        case .success(let damaged):
          decodes += 1
          // Whatever was accepted is a contact like any other.
          #expect(try Self.decode(Self.encode(damaged)) == damaged)
        }
      }
    }
    #expect(failures > 0)
    #expect(decodes > 0)
  }

  // MARK: - Helpers

  /// `contact` encoded alone.
  static func encode(_ contact: Contact) -> [UInt8] {
    var writer = ArchiveWriter()
    ContactArchive.write(contact, to: &writer)
    return writer.bytes
  }

  /// The one contact in `bytes`; throws when there is another after it.
  static func decode(_ bytes: [UInt8]) throws -> Contact {
    let contacts = try bytes.withUnsafeBytes { try readAll($0) }
    guard contacts.count == 1 else { throw ArchiveError(.badLength, "\(contacts.count) contacts", offset: 0) }
    return contacts[0]
  }

  /// Every contact in `buffer`, read to its last byte.
  static func readAll(_ buffer: UnsafeRawBufferPointer) throws(ArchiveError) -> [Contact] {
    var reader = ArchiveReader(buffer)
    var contacts: [Contact] = []
    while !reader.isAtEnd { contacts.append(try ContactArchive.read(from: &reader)) }
    return contacts
  }

  /// The fields of `contact` that are not empty, `nil`, `false` or `.person`.
  static func fields(_ contact: Contact) -> Set<ContactArchive.Field> {
    var writer = ArchiveWriter()
    ContactArchive.write(contact, to: &writer)
    let mask = try? writer.bytes.withUnsafeBytes { buffer in
      var reader = ArchiveReader(buffer)
      return try reader.readVarint()
    }
    return Set(ContactArchive.Field.allCases.filter { (mask ?? 0) & $0.bit != 0 })
  }

  /// `contact` with every field but `field` (and the identifier and source) reset.
  static func keeping(_ field: ContactArchive.Field, of contact: Contact) -> Contact {
    var kept = Contact(identifier: contact.identifier, source: contact.source)
    switch field {
    case .formattedName: kept.formattedName = contact.formattedName
    case .givenName: kept.givenName = contact.givenName
    case .familyName: kept.familyName = contact.familyName
    case .phoneNumbers: kept.phoneNumbers = contact.phoneNumbers
    case .emailAddresses: kept.emailAddresses = contact.emailAddresses
    case .sourceRecord: kept.sourceRecord = contact.sourceRecord
    case .organizationName: kept.organizationName = contact.organizationName
    case .postalAddresses: kept.postalAddresses = contact.postalAddresses
    case .birthday: kept.birthday = contact.birthday
    case .note: kept.note = contact.note
    case .groups: kept.groups = contact.groups
    case .jobTitle: kept.jobTitle = contact.jobTitle
    case .urlAddresses: kept.urlAddresses = contact.urlAddresses
    case .middleName: kept.middleName = contact.middleName
    case .namePrefix: kept.namePrefix = contact.namePrefix
    case .nameSuffix: kept.nameSuffix = contact.nameSuffix
    case .nickname: kept.nickname = contact.nickname
    case .departmentName: kept.departmentName = contact.departmentName
    case .phoneticGivenName: kept.phoneticGivenName = contact.phoneticGivenName
    case .phoneticMiddleName: kept.phoneticMiddleName = contact.phoneticMiddleName
    case .phoneticFamilyName: kept.phoneticFamilyName = contact.phoneticFamilyName
    case .nameSortAs: kept.nameSortAs = contact.nameSortAs
    case .organizationSortAs: kept.organizationSortAs = contact.organizationSortAs
    case .instantMessageAddresses: kept.instantMessageAddresses = contact.instantMessageAddresses
    case .socialProfiles: kept.socialProfiles = contact.socialProfiles
    case .contactRelations: kept.contactRelations = contact.contactRelations
    case .dates: kept.dates = contact.dates
    case .hasImage: kept.hasImage = contact.hasImage
    case .contactType: kept.contactType = contact.contactType
    case .role: kept.role = contact.role
    case .otherNicknames: kept.otherNicknames = contact.otherNicknames
    case .alternateNames: kept.alternateNames = contact.alternateNames
    }
    return kept
  }

  /// A contact with every field set, to values a vCard rarely gives: empty and `nil`
  /// labels, NUL, non-BMP emoji, lone combining marks, strings of a megabyte (or of
  /// 300 bytes with `limitingLengths`, for tests that decode every cut), dates
  /// without year or with only text, extreme integers, a source record of every byte.
  static func oddContact(limitingLengths: Bool = false) -> Contact {
    let huge = String(repeating: "Ω😀\u{0}a", count: limitingLengths ? 30 : 120_000)
    var contact = Contact(identifier: "urn:uuid:\u{0}😀", source: "/tmp/odd\u{0}name.vcf")
    contact.contactType = .organization
    contact.formattedName = "\u{0}"
    contact.namePrefix = "Dr.\r\n"
    contact.givenName = "e\u{301}\u{301}👩‍👩‍👧"
    contact.middleName = " "
    contact.familyName = "王小明"
    contact.nameSuffix = "\u{FFFD}"
    contact.nickname = "\u{10FFFF}"
    contact.otherNicknames = ["", "Boss", huge]
    contact.alternateNames = ["Ichiro Yamamoto", huge, "\u{0}"]
    contact.phoneticGivenName = "ワン"
    contact.phoneticMiddleName = "\u{200D}"
    contact.phoneticFamilyName = "シャオミン"
    contact.nameSortAs = ["", "Mann", ""]
    contact.organizationSortAs = [huge]
    contact.organizationName = "ACME\u{0}"
    contact.departmentName = "R&D, Labs"
    contact.jobTitle = "🦄"
    contact.role = "∅ role"
    contact.birthday = ContactDate(month: 2, day: 29)
    contact.note = huge
    contact.phoneNumbers = [
      LabeledValue(identifier: "", label: nil, value: "", isPreferred: true),
      LabeledValue(identifier: "0123456789abcdef", label: "", value: "+1 555", isPreferred: false),
      LabeledValue(identifier: "1", label: "mobile", value: "\u{0}", preference: 100),
      LabeledValue(identifier: "2", label: "Mobile", value: "😀", isPreferred: false),
    ]
    contact.emailAddresses = [LabeledValue(identifier: "e", label: "_$!<Other>!$_", value: huge)]
    contact.postalAddresses = [
      LabeledValue(identifier: "a", label: "home", value: PostalAddress()),
      LabeledValue(
        identifier: "b", label: "work",
        value: PostalAddress(street: "1 Main\nFloor 2", city: "", state: "ÎdF", postalCode: "\u{0}", country: "", isoCountryCode: "fr")),
      LabeledValue(
        identifier: "c", label: nil,
        value: PostalAddress(street: "s", city: "c", state: "st", postalCode: "p", country: "co", isoCountryCode: "iso")),
    ]
    contact.urlAddresses = [LabeledValue(identifier: "u", label: "homePage", value: "https://例え.jp/😀")]
    contact.instantMessageAddresses = [
      LabeledValue(identifier: "i", label: "other", value: InstantMessageAddress(service: "", username: "")),
      LabeledValue(identifier: "j", label: "x", value: InstantMessageAddress(service: "xmpp", username: "a@b\u{0}")),
    ]
    contact.socialProfiles = [
      LabeledValue(identifier: "s", label: nil, value: SocialProfile(service: "twitter", username: "", urlString: "x.com/😀"))
    ]
    contact.contactRelations = [LabeledValue(identifier: "r", label: "mother", value: "Ада")]
    contact.dates = [
      LabeledValue(identifier: "d1", label: "anniversary", value: ContactDate(year: 1604, month: 1, day: 1)),
      LabeledValue(identifier: "d2", label: nil, value: ContactDate(year: -44, month: 3, day: 15)),
      LabeledValue(identifier: "d3", label: "", value: ContactDate(text: "sometime in spring")),
      LabeledValue(identifier: "d4", label: "x", value: ContactDate(year: Int.max, month: Int.min, day: 0, text: "")),
      LabeledValue(identifier: "d5", label: "y", value: ContactDate(year: 2001)),
      LabeledValue(identifier: "d6", label: "z", value: ContactDate()),
    ]
    contact.groups = ["", "Family", "家族", huge]
    contact.hasImage = true
    var record = SourceRecord(
      bytes: Array(0...255) + Array(repeating: 0xFF, count: limitingLengths ? 10 : 70_000), firstLine: Int.max,
      version: "2.0", outsideGroups: ["Team", ""])
    record.twins = 0
    contact.sourceRecord = record
    return contact
  }
}

/// xorshift64*: a small seeded generator, so a failing case can be replayed.
struct XorShiftRandom: RandomNumberGenerator {
  var state: UInt64
  /// A generator whose sequence depends only on `seed` (a zero state would stay zero).
  init(seed: UInt64) { state = seed == 0 ? 0x2545_F491 : seed }
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}

/// Random contacts: each field present about half the time, texts from tricky
/// pieces (NUL, emoji, CJK, combining marks, line ends), some longer than 127 bytes
/// so that their lengths take two varint bytes.
struct RandomContacts {
  var random: XorShiftRandom
  static let pieces = [
    "a", "Z", "0", " ", ";", "\r\n", "\u{0}", "é", "e\u{301}", "王", "😀", "👩‍👩‍👧", "\u{FFFD}", "ß", "\t", "Ω",
  ]
  static let labels: [String?] = [nil, "", "home", "work", "mobile", "iPhone", "anniversary", "Home", "custom label"]

  init(seed: UInt64) { random = XorShiftRandom(seed: seed) }

  mutating func chance() -> Bool { Bool.random(using: &random) }

  mutating func text() -> String {
    let count = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 40...120, using: &random) : Int.random(in: 0...6, using: &random)
    return (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
  }

  mutating func maybe() -> String { chance() ? text() : "" }

  mutating func int() -> Int {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return Int.random(in: -2...40, using: &random)
    case 1: return Int.random(in: 1600...2100, using: &random)
    case 2: return [Int.min, Int.max, -1, 1 << 40].randomElement(using: &random)!
    default: return Int.random(in: Int.min...Int.max, using: &random)
    }
  }

  mutating func optionalInt() -> Int? { chance() ? int() : nil }

  mutating func date() -> ContactDate {
    ContactDate(year: optionalInt(), month: optionalInt(), day: optionalInt(), text: chance() ? text() : nil)
  }

  mutating func list<T>(_ make: (inout RandomContacts) -> T) -> [T] {
    guard chance() else { return [] }
    return (0..<Int.random(in: 1...3, using: &random)).map { _ in make(&self) }
  }

  mutating func labeled<V>(_ make: (inout RandomContacts) -> V) -> [LabeledValue<V>] {
    list { maker in
      LabeledValue(
        identifier: maker.text(), label: Self.labels.randomElement(using: &maker.random)!, value: make(&maker),
        isPreferred: maker.chance())
    }
  }

  mutating func contact() -> Contact {
    var contact = Contact(identifier: text(), source: chance() ? "/tmp/a.vcf" : text())
    contact.contactType = chance() ? .person : .organization
    contact.formattedName = maybe()
    contact.namePrefix = maybe()
    contact.givenName = maybe()
    contact.middleName = maybe()
    contact.familyName = maybe()
    contact.nameSuffix = maybe()
    contact.nickname = maybe()
    contact.otherNicknames = list { $0.text() }
    contact.alternateNames = list { $0.text() }
    contact.phoneticGivenName = maybe()
    contact.phoneticMiddleName = maybe()
    contact.phoneticFamilyName = maybe()
    contact.nameSortAs = list { $0.text() }
    contact.organizationSortAs = list { $0.text() }
    contact.organizationName = maybe()
    contact.departmentName = maybe()
    contact.jobTitle = maybe()
    contact.role = maybe()
    contact.birthday = chance() ? date() : nil
    contact.note = maybe()
    contact.phoneNumbers = labeled { $0.text() }
    contact.emailAddresses = labeled { $0.text() }
    contact.postalAddresses = labeled { maker in
      PostalAddress(
        street: maker.maybe(), city: maker.maybe(), state: maker.maybe(), postalCode: maker.maybe(),
        country: maker.maybe(), isoCountryCode: maker.maybe())
    }
    contact.urlAddresses = labeled { $0.text() }
    contact.instantMessageAddresses = labeled { InstantMessageAddress(service: $0.text(), username: $0.text()) }
    contact.socialProfiles = labeled { SocialProfile(service: $0.text(), username: $0.text(), urlString: $0.text()) }
    contact.contactRelations = labeled { $0.text() }
    contact.dates = labeled { $0.date() }
    contact.groups = list { $0.text() }
    contact.hasImage = chance()
    if chance() {
      let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      let version = [nil, "2.1", "3.0", "4.0", "", "5.0"].randomElement(using: &random)!
      var record = SourceRecord(bytes: bytes, firstLine: int(), version: version, outsideGroups: list { $0.text() })
      record.twins = chance() ? 1 : int()
      contact.sourceRecord = record
    }
    return contact
  }
}
