import ContactKit
import CpickSupport

/// What a field holds; decides which terms can match it and its score penalty.
enum FieldKind: UInt8 {
  /// Display name, name parts, nickname, phonetic names.
  case name = 0
  /// The Latin transliteration of a non-Latin name (pinyin, romaji, …).
  case alias = 1
  /// Organization and department.
  case organization = 2
  case email = 3
  /// The digits of a phone number; matched by phone terms only.
  case phone = 4
  /// The Latin transliteration of a non-Latin organization or department.
  case organizationAlias = 5
  /// A group (`CATEGORIES`); matched by `group:` terms only.
  case group = 6
  /// A middle name: a name, but a weaker match than the given or family name — below
  /// their prefixes, above a word inside another field — so that `maria garcia` finds
  /// María García (and María García Díaz) before Alejandro María García.
  case middleName = 7

  /// Subtracted from the tier score of a match in a field of this kind.
  @inline(__always)
  static func penalty(_ raw: UInt8) -> Int {
    switch raw {
    case 0: return 0
    case 1: return 40
    case 2: return 60
    case 3: return 100
    case 5: return 80
    case 6: return 120
    case 7: return 250
    default: return 0
    }
  }

  var bit: UInt8 { 1 << rawValue }

  /// The kinds a plain term matches: all but groups.
  static let defaultFields: UInt8 = 0b1011_1111
  /// `name:`.
  static let nameFields: UInt8 = 0b1000_0011
  /// `org:`.
  static let organizationFields: UInt8 = 0b0010_0100
  /// `email:`.
  static let emailFields: UInt8 = 0b0000_1000
  /// `tel:`.
  static let phoneFields: UInt8 = 0b0001_0000
  /// `group:`.
  static let groupFields: UInt8 = 0b0100_0000
  /// Kinds whose characters are in a contact's mask (all but phone and group).
  static let maskedTextFields: UInt8 = 0b1010_1111

  /// The kind of the transliteration of a field of this kind.
  var aliasKind: FieldKind? {
    switch self {
    case .name, .alias, .middleName: return .alias
    case .organization, .organizationAlias: return .organizationAlias
    case .group: return .group
    case .email, .phone: return nil
    }
  }
}

/// Folds the searchable fields of contacts into the flat arrays of `ContactIndex`.
struct IndexBuilder {
  var bytes = ContiguousArray<UInt8>()
  var fieldStarts = ContiguousArray<Int32>([0])
  var fieldKinds = ContiguousArray<UInt8>()
  var contactStarts = ContiguousArray<Int32>([0])
  var masks = ContiguousArray<UInt64>()

  /// The first field of the contact being added (for de-duplication).
  private var contactFirstField = 0
  private var mask: UInt64 = 0
  /// For a contact of more than `scannedFields` fields: its fields so far by a hash of
  /// their bytes and whether they are phones, so that a repeat is found without
  /// comparing with every earlier field (a card of 20,000 numbers), and how many of
  /// the contact's fields are in it.
  private var fieldsByHash: [Int: [Int]] = [:]
  private var hashedFields = 0
  /// Up to how many fields a contact's fields are compared one by one.
  static let scannedFields = 16
  /// The forms of the non-ASCII texts this builder met (at most `localForms` of
  /// them), before the shared cache: a builder runs on one thread, so repeated names
  /// cost no lock (several threads taking `FoldedForms.cache`'s for every name spent
  /// more time waiting for it than folding).
  private var formsMet: [ByteKey: FoldedForms] = [:]
  /// The most texts `formsMet` holds; it is emptied when full.
  static let localForms = 4_096

  init(expectedContacts: Int) {
    bytes.reserveCapacity(expectedContacts * 96)
    fieldStarts.reserveCapacity(expectedContacts * 8 + 1)
    fieldKinds.reserveCapacity(expectedContacts * 8)
    contactStarts.reserveCapacity(expectedContacts + 1)
    masks.reserveCapacity(expectedContacts)
  }

  package mutating func add(_ contact: Contact) {
    contactFirstField = fieldKinds.count
    if hashedFields > 0 {
      fieldsByHash.removeAll()
      hashedFields = 0
    }
    mask = 0
    // A name part whose reading the card gives (`X-PHONETIC-*`, `SOUND;X-IRMC-N`) is
    // found by that reading, not by a transliteration of its characters: the kanji of
    // 佐藤美咲 read `sato misaki` are not the Mandarin `zuo teng mei xiao`. The display
    // name, made of the parts, then has no transliteration either.
    // Hangul has one reading: a Latin spelling the card gives (`Chul-soo`) is found
    // beside the Revised Romanization (`cheolsu`), not instead of it.
    let givenRead = !contact.phoneticGivenName.isEmpty && !Self.isHangul(contact.givenName)
    let familyRead = !contact.phoneticFamilyName.isEmpty && !Self.isHangul(contact.familyName)
    addText(contact.displayName, kind: .name, transliterated: !givenRead && !familyRead)
    addText(contact.givenName, kind: .name, transliterated: !givenRead)
    addText(contact.familyName, kind: .name, transliterated: !familyRead)
    addText(contact.middleName, kind: .middleName, transliterated: contact.phoneticMiddleName.isEmpty)
    for name in [contact.nickname, contact.phoneticGivenName, contact.phoneticFamilyName] {
      addText(name, kind: .name)
    }
    for nickname in contact.otherNicknames { addText(nickname, kind: .name) }
    for name in contact.alternateNames { addText(name, kind: .name) }
    addText(contact.phoneticMiddleName, kind: .middleName)
    // vCard 4.0 `SORT-AS` (RFC 6350 §5.9) is how a 4.0 card gives a name's reading
    // (Android writes `N;SORT-AS="あんどう,ろいど":安藤;ロイド`): found by it too.
    for reading in contact.nameSortAs { addText(reading, kind: .alias) }
    for reading in contact.organizationSortAs { addText(reading, kind: .organizationAlias) }
    // A Han or Hangul family name read as a surname (曾 → zeng, 김 → kim), a Korean
    // one's other spellings too (이: yi, rhee); of a name written only in FN, its first
    // character (박지성 → park, parkjisung), as it sorts.
    let nameOnlyInFN = contact.familyName.isEmpty && contact.givenName.isEmpty && contact.middleName.isEmpty
      && contact.contactType == .person && !givenRead
    if !familyRead,
      let name = nameOnlyInFN
        ? ContactFormatter.familyFirstParts(contact.displayName) : (contact.familyName, contact.givenName),
      let reading = ContactFormatter.surnameReading(name.family)
    {
      addFolded(reading, kind: .alias)
      for spelling in ContactFormatter.otherSurnameSpellings(name.family) { addFolded(spelling, kind: .alias) }
      if !givenRead { addSurnameFirst(reading, family: name.family, given: name.given) }
    }
    addText(contact.organizationName, kind: .organization)
    addText(contact.departmentName, kind: .organization)
    for email in contact.emailAddresses { addText(email.value, kind: .email) }
    for phone in contact.phoneNumbers { addPhone(phone.value) }
    for group in contact.groups { addText(group, kind: .group) }
    contactStarts.append(Int32(fieldKinds.count))
    masks.append(mask)
  }

  /// Adds `text` folded; for non-Latin text also its transliteration, unless not
  /// `transliterated` (a card's reading replaces it), and a Korean text's typed
  /// initials (`FoldedForms.typedInitials`) either way.
  mutating func addText(_ text: String, kind: FieldKind, transliterated: Bool = true) {
    if text.isEmpty { return }
    var text = text
    let ascii = text.withUTF8 { buffer -> Bool in
      for byte in buffer where byte >= 0x80 { return false }
      appendTrimmed(buffer, lowercase: true)
      return true
    }
    if ascii {
      finishField(kind: kind)
      return
    }
    let key = ByteKey(text)
    var forms: FoldedForms
    if text.utf8.count > Self.readingBytes {
      // Longer than any name: found in its own letters whole, by its readings (Latin
      // letters, spellings, initials) as far as its beginning — each a transform of
      // every word, under ICU's lock of the process (80 cards of a 1 MB name took 77 s).
      forms = FoldedForms.of(ByteKey(Self.beginning(of: text)))
      forms.folded = SearchFolding.fold(text)
    } else if let met = formsMet[key] {
      forms = met
    } else if let composed = FoldedForms.composed(text, word: { self.forms(of: ByteKey(String($0))) }) {
      // Several words (a display name, distinct in every card): from its words', which
      // recur; kept by neither cache.
      forms = composed
    } else {
      forms = self.forms(of: key)
    }
    var folded = forms.folded
    folded.withUTF8 { appendTrimmed($0, lowercase: false) }
    finishField(kind: kind)
    guard let alias = kind.aliasKind else { return }
    if transliterated {
      for latin in forms.aliases { addFolded(latin, kind: alias) }
    }
    if let spelled = forms.spelled { addFolded(spelled, kind: alias) }
    if let initials = forms.typedInitials { addFolded(initials, kind: alias) }
  }

  /// The most UTF-8 bytes of a field whose readings are all indexed (`addText`): four
  /// times a long name of several parts in a script of three bytes a letter.
  static let readingBytes = 1024

  /// The first `readingBytes` bytes of `text`, or fewer: to its last space there when
  /// that is in their second half, else to the end of a character.
  static func beginning(of text: String) -> String {
    var end = text.startIndex
    var lastSpace: String.Index? = nil
    var bytes = 0
    for index in text.indices {
      let length = text[index].utf8.count
      if bytes + length > readingBytes { break }
      if text[index] == " ", bytes > readingBytes / 2 { lastSpace = index }
      bytes += length
      end = text.index(after: index)
    }
    return String(text[..<(lastSpace ?? end)])
  }

  /// The forms of the text of `key` (non-ASCII): from `formsMet`, else
  /// `FoldedForms.of`, then kept in `formsMet`.
  private mutating func forms(of key: ByteKey) -> FoldedForms {
    if let met = formsMet[key] { return met }
    let forms = FoldedForms.of(key)
    if formsMet.count >= Self.localForms { formsMet.removeAll(keepingCapacity: true) }
    formsMet[key] = forms
    return forms
  }

  /// Adds the whole name of a one-character family name read as a surname (`reading`)
  /// and a given name of Han or Hangul syllables, with that reading first, run together
  /// and as initials, in each spelling of the given name (`FoldedForms.nameSpellings`):
  /// 박지성 → `parkjisung`, `parkjiseong`, `pjs`; 曾小明 → `zengxiaoming`, `zxm`. The
  /// transliteration of the whole name reads the family name as any other character
  /// (`bagjiseong`, `cengxiaoming`), and the surname alone is a field of its own, so a
  /// name typed in one piece as people write it would find nothing.
  private mutating func addSurnameFirst(_ reading: String, family: String, given: String) {
    guard family.unicodeScalars.count(where: { !$0.properties.isWhitespace }) == 1, !given.isEmpty,
      !given.utf8.allSatisfy({ $0 < 0x80 })
    else { return }
    for spelling in forms(of: ByteKey(given)).nameSpellings {
      let syllables = [Substring(reading)] + spelling.split(separator: " ")
      addFolded(syllables.joined(), kind: .alias)
      addFolded(String(syllables.compactMap(\.first)), kind: .alias)
    }
  }

  /// Adds already folded text.
  private mutating func addFolded(_ text: String, kind: FieldKind) {
    var text = text
    text.withUTF8 { appendTrimmed($0, lowercase: true) }
    finishField(kind: kind)
  }

  /// Whether `name` is written in Hangul syllables (and blanks).
  static func isHangul(_ name: String) -> Bool {
    !name.isEmpty && name.unicodeScalars.allSatisfy { $0 == " " || Transliteration.isHangulSyllable($0) }
  }

  /// Adds the digits of a phone number (`+1 (555) 010-0166`, `tel:+1-555-010-0177`)
  /// and, for an international number, its national form too (`+49 (0)170 5550123` →
  /// `491705550123` and `01705550123`), so a number is found as dialled at home or
  /// abroad. Digits of any script count as their ASCII digits (`０９０-１２３４-５６７８`
  /// is found by `090`), as in a query.
  mutating func addPhone(_ value: String) {
    var value = value
    let start = bytes.count
    var international = false
    value.withUTF8 { buffer in
      for byte in buffer {
        if byte &- 48 < 10 {
          bytes.append(byte)
        } else if byte == UInt8(ascii: "+") && bytes.count == start {
          international = true
        } else if byte >= 0x80 {
          // Digits of other scripts (full-width ０-９, Arabic-Indic ٠-٩, Devanagari
          // ०-९ …) as the query's are folded: read again scalar by scalar.
          bytes.removeSubrange(start...)
          international = false
          break
        }
      }
    }
    if bytes.count == start, value.utf8.contains(where: { $0 >= 0x80 }) {
      for scalar in value.unicodeScalars {
        if scalar == "+" && bytes.count == start {
          international = true
        } else if scalar.properties.generalCategory == .decimalNumber, let digit = scalar.properties.numericValue {
          bytes.append(UInt8(48 + Int(digit)))
        }
      }
    }
    let length = bytes.count - start
    guard length > 0 else { return }
    let digits = Array(bytes[start...])
    finishPhone(start: start)
    addPhoneForms(digits, international: international)
    // A number written with letters (`1-800-FLOWERS`): also the digits dialled.
    if let dialled = PhoneKeypad.dialled(value.utf8) {
      let dialledStart = bytes.count
      bytes.append(contentsOf: dialled.lazy.filter { $0 &- 48 < 10 })
      let dialledDigits = Array(bytes[dialledStart...])
      finishPhone(start: dialledStart)
      addPhoneForms(dialledDigits, international: international)
    }
  }

  /// The other written forms of a number's digits (`PhoneForms.forms`), each a phone
  /// field.
  private mutating func addPhoneForms(_ digits: [UInt8], international: Bool) {
    guard let forms = PhoneForms.forms(digits: digits, international: international) else { return }
    for form in forms {
      let formStart = bytes.count
      bytes.append(contentsOf: form)
      finishPhone(start: formStart)
    }
  }

  private mutating func finishPhone(start: Int) {
    let length = bytes.count - start
    if length == 0 || isDuplicate(start: start, length: length, phone: true) {
      bytes.removeLast(length)
      return
    }
    mask |= ByteMatcher.phoneMask(bytes[start...])
    fieldKinds.append(FieldKind.phone.rawValue)
    fieldStarts.append(Int32(bytes.count))
  }

  private mutating func appendTrimmed(_ buffer: UnsafeBufferPointer<UInt8>, lowercase: Bool) {
    var lower = 0
    var upper = buffer.count
    while lower < upper && isSpace(buffer[lower]) { lower += 1 }
    while upper > lower && isSpace(buffer[upper - 1]) { upper -= 1 }
    if lowercase {
      for i in lower..<upper { bytes.append(SearchFolding.lowerASCII(buffer[i])) }
    } else {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[lower..<upper]))
    }
  }

  @inline(__always)
  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Keeps the bytes appended since the last field as a new field, unless empty or a
  /// repeat of a field of the same contact (the first, higher-ranked kind wins).
  private mutating func finishField(kind: FieldKind) {
    let start = Int(fieldStarts[fieldStarts.count - 1])
    let length = bytes.count - start
    guard length > 0 else { return }
    if isDuplicate(start: start, length: length, phone: false) {
      bytes.removeLast(length)
      return
    }
    if FieldKind.maskedTextFields & kind.bit != 0 { mask |= ByteMatcher.mask(bytes[start...]) }
    fieldKinds.append(kind.rawValue)
    fieldStarts.append(Int32(bytes.count))
  }

  /// Whether the bytes from `start` repeat a field of the contact being added (of the
  /// same sort: a phone or not).
  ///
  /// - Complexity: O(`length`) amortized: fields compared one by one up to
  ///   `scannedFields`, then found by hash.
  private mutating func isDuplicate(start: Int, length: Int, phone: Bool) -> Bool {
    let fieldCount = fieldKinds.count - contactFirstField
    guard fieldCount > Self.scannedFields else {
      var f = contactFirstField
      while f < fieldKinds.count {
        if isSame(field: f, start: start, length: length, phone: phone) { return true }
        f += 1
      }
      return false
    }
    while hashedFields < fieldCount {
      let f = contactFirstField + hashedFields
      let otherStart = Int(fieldStarts[f])
      let key = fieldHash(
        start: otherStart, length: Int(fieldStarts[f + 1]) - otherStart, phone: fieldKinds[f] == FieldKind.phone.rawValue)
      fieldsByHash[key, default: []].append(f)
      hashedFields += 1
    }
    for f in fieldsByHash[fieldHash(start: start, length: length, phone: phone)] ?? []
    where isSame(field: f, start: start, length: length, phone: phone) {
      return true
    }
    return false
  }

  /// Whether field `f` holds the bytes from `start` and is of the same sort.
  private func isSame(field f: Int, start: Int, length: Int, phone: Bool) -> Bool {
    let otherStart = Int(fieldStarts[f])
    let otherLength = Int(fieldStarts[f + 1]) - otherStart
    guard otherLength == length && (fieldKinds[f] == FieldKind.phone.rawValue) == phone else { return false }
    for k in 0..<length where bytes[otherStart + k] != bytes[start + k] { return false }
    return true
  }

  /// The hash of `length` bytes from `start` and whether they are a phone.
  private func fieldHash(start: Int, length: Int, phone: Bool) -> Int {
    var hasher = Hasher()
    hasher.combine(phone)
    bytes.withUnsafeBufferPointer { all in
      hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[start..<(start + length)])))
    }
    return hasher.finalize()
  }
}

/// What a non-ASCII text gives the index: its folded form and the Latin forms added
/// for it as aliases — the same for every field and contact that has the text, so
/// kept, process-wide, for every text met (names and organizations recur through a
/// book, which is indexed in chunks on all cores).
struct FoldedForms: Sendable {
  /// `SearchFolding.fold` of the text.
  var folded: String
  /// The text with its letters spelled out as an ASCII keyboard spells them
  /// (`SearchFolding.spelledOut`: `Müller` → `mueller`), when that is another form.
  var spelled: String? = nil
  /// The transliteration (`Transliteration.latinize`), and for Han or Kana of more
  /// than one syllable, the syllables run together and their initials; for a Korean
  /// name, its customary spelling too (`HangulSpelling`); empty when the folded text is
  /// ASCII or has no non-ASCII letters.
  var aliases: [String]
  /// The initial consonants of its Hangul syllables as a Korean keyboard types them
  /// (`HangulSpelling.initialConsonants`: 박지성(Park) `ㅂㅈㅅ`), folded; nil without
  /// Hangul. Not a transliteration: kept where a card's reading replaces the aliases.
  var typedInitials: String? = nil
  /// For a text of nothing but Han or Hangul syllables (a given name: 小明, 지성), how
  /// its syllables are spelled, spaced: the transliteration (`xiao ming`, `ji seong`)
  /// and a Korean name's customary spelling when it differs (`ji sung`); empty for any
  /// other text. `IndexBuilder` puts a family name's surname reading before them.
  var nameSpellings: [String] = []
  /// Which of `aliases` are a Cyrillic name's English spellings (`compute`): bit 0, the
  /// customary one is `aliases[1]`; bit 1, the fuller one follows it (or is `aliases[1]`);
  /// bit 2, the softened one follows those there are.
  var cyrillicSpellings: UInt8 = 0

  /// The forms computed anew, without the cache.
  static func compute(_ text: String) -> FoldedForms {
    let folded = SearchFolding.fold(text)
    var forms = FoldedForms(folded: folded, aliases: [])
    forms.spelled = SearchFolding.spelledOut(text).flatMap { $0 == folded ? nil : $0 }
    guard !SearchFolding.isASCII(folded), let (latin, hasCJK) = Transliteration.latinize(text)
    else { return forms }
    forms.aliases.append(latin)
    // A Cyrillic name's spellings in English too (`Дмитрий`: `dmitrij`, `dmitry`;
    // `Пётр`: `petr`, `pyotr`).
    if text.unicodeScalars.contains(where: { (0x400...0x4FF).contains($0.value) }) {
      let spellings = customarySpellings(text, latin: latin)
      if let customary = spellings.customary {
        forms.aliases.append(customary)
        forms.cyrillicSpellings |= 1
      }
      if let fuller = spellings.fuller, !forms.aliases.contains(fuller) {
        forms.aliases.append(fuller)
        forms.cyrillicSpellings |= 2
      }
      if let softened = spellings.softened, !forms.aliases.contains(softened) {
        forms.aliases.append(softened)
        forms.cyrillicSpellings |= 4
      }
      if let ukrainian = spellings.ukrainian, !forms.aliases.contains(ukrainian) {
        forms.aliases.append(ukrainian)
        forms.cyrillicSpellings |= 8
      }
    }
    // A Greek name as passports write it (`dimitris`, `vasileiou`).
    if text.unicodeScalars.contains(where: GreekSpelling.isGreek),
      let elot = GreekSpelling.elot(folded, latin: latin), !forms.aliases.contains(elot)
    {
      forms.aliases.append(elot)
    }
    // A kana reading as a passport and an input method write it (`satoh`, `syohei`).
    if hasCJK && KanaSpelling.isKana(text) {
      for spelling in KanaSpelling.others(latin) where !forms.aliases.contains(spelling) { forms.aliases.append(spelling) }
    }
    if hasCJK {
      let syllables = latin.split(separator: " ")
      if syllables.count > 1 {
        forms.aliases.append(syllables.joined())
        forms.aliases.append(String(syllables.compactMap(\.first)))
      }
      // A Korean name (nothing but Hangul syllables and spaces): its customary
      // spelling too (`HangulSpelling`).
      let hangul = IndexBuilder.isHangul(text)
      let customary = hangul ? HangulSpelling.customary(ofSyllablesIn: text) : nil
      if let customary {
        forms.aliases.append(customary.spaced)
        if syllables.count > 1 { forms.aliases.append(customary.joined) }
      }
      // A Chinese name with a pinyin `ü` (吕, 女): as typed (`lv`) and as on a passport (`lyu`).
      if !hangul, let umlaut = PinyinUmlaut.spellings(text, syllables: syllables) {
        for spelling in [umlaut.typed, umlaut.passport] {
          forms.aliases.append(spelling.joined(separator: " "))
          if spelling.count > 1 { forms.aliases.append(spelling.joined()) }
        }
      }
      if text.unicodeScalars.allSatisfy(Transliteration.isSyllable) {
        forms.nameSpellings = [latin] + (customary.map { [$0.spaced] } ?? [])
      }
      forms.typedInitials = HangulSpelling.initialConsonants(text).map(SearchFolding.fold)
    }
    return forms
  }

  /// `latin` (the transliteration of `text`) with each word of Cyrillic letters in its
  /// customary spelling (`CyrillicSpelling`), with each in its fuller one (else its
  /// customary one), and with each in its softened one (else its customary one), word
  /// by word as `composed(_:word:)` joins the words' forms; each nil when no word's
  /// differs.
  static func customarySpellings(_ text: String, latin: String) -> (
    customary: String?, fuller: String?, softened: String?, ukrainian: String?
  ) {
    // Customary, fuller, softened, Ukrainian: each word's piece, joined with single spaces.
    var spellings = ["", "", "", ""]
    for part in text.split(separator: " ", omittingEmptySubsequences: false) {
      let pieces: [String]
      if part.utf8.allSatisfy({ $0 < 0x80 }) {
        let piece = part.split(whereSeparator: { $0 == "\t" || $0 == "\n" }).joined(separator: " ")
        pieces = [piece, piece, piece, piece]
      } else {
        let word = String(part)
        let transliterated = Transliteration.latinize(word)?.text ?? word
        let wordCustomary = CyrillicSpelling.customary(word, latin: transliterated)
        let plain = wordCustomary ?? transliterated
        pieces = [
          plain, CyrillicSpelling.fuller(word, latin: transliterated, customary: wordCustomary) ?? plain,
          CyrillicSpelling.softened(word, latin: transliterated, customary: wordCustomary) ?? plain,
          CyrillicSpelling.ukrainian(word, latin: transliterated, customary: wordCustomary) ?? plain,
        ]
      }
      for (number, piece) in pieces.enumerated() where !piece.isEmpty {
        if !spellings[number].isEmpty { spellings[number] += " " }
        spellings[number] += piece
      }
    }
    let (customary, fuller, softened, ukrainian) = (spellings[0], spellings[1], spellings[2], spellings[3])
    return (
      customary == latin ? nil : customary, fuller == latin ? nil : fuller,
      softened == customary || softened == latin ? nil : softened,
      ukrainian == customary || ukrainian == latin ? nil : ukrainian
    )
  }

  /// The forms of `text` made from the forms of its words (cut at U+0020 spaces), as
  /// `word` gives them for a non-ASCII word (`of(_:)`'s): what `compute(text)` gives.
  /// `SearchFolding.fold` folds a scalar at a time (a space ends a word for a final
  /// sigma either way); `Transliteration.latinize` transliterates a run of non-ASCII
  /// letters at a time (a space ends a run) and joins the words with single spaces —
  /// a word's transliteration is its alias when it folds to non-ASCII, else made here
  /// (only when another word needs the text's). Nil when the text is made whole: no
  /// space, or ASCII (no forms to make), a normal form needed (`fold` decides it for
  /// the whole text), or Han, Kana or Hangul in it (their syllables are run together
  /// and their initials taken across the words).
  static func composed(_ text: String, word: (Substring) -> FoldedForms) -> FoldedForms? {
    // A text that needs a normal form (a combining mark, a presentation form) is
    // normalised whole by `fold`: a word of it alone might not be.
    guard text.utf8.contains(0x20), !SearchFolding.isASCII(text), SearchFolding.normalization(of: text) == .none
    else { return nil }
    // Greek in it: the passport spelling of the whole text, as `compute` makes it (a
    // word's alone would differ beside Latin letters, and at `αυ` before a space).
    var hasGreek = false
    for scalar in text.unicodeScalars where scalar.value >= 0x80 {
      if Transliteration.isHanOrKana(scalar) || Transliteration.isSyllable(scalar) || HanReadings.hasReading(scalar) {
        return nil
      }
      hasGreek = hasGreek || GreekSpelling.isGreek(scalar)
    }
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    var forms: [FoldedForms?] = []
    forms.reserveCapacity(words.count)
    var folded = ""
    for (number, part) in words.enumerated() {
      if number > 0 { folded += " " }
      if part.utf8.allSatisfy({ $0 < 0x80 }) {
        folded += SearchFolding.asciiLowercased(String(part))
        forms.append(nil)
      } else {
        let made = word(part)
        folded += made.folded
        forms.append(made)
      }
    }
    // The spelled-out form word by word, as `compute` makes it whole.
    var spelled: String? = nil
    if forms.contains(where: { $0?.spelled != nil }) {
      spelled = zip(words, forms).map { part, made in
        made.map { $0.spelled ?? $0.folded } ?? SearchFolding.asciiLowercased(String(part))
      }.joined(separator: " ")
    }
    guard !SearchFolding.isASCII(folded) else { return FoldedForms(folded: folded, spelled: spelled, aliases: []) }
    var latin = ""
    // With each Cyrillic word's customary spelling in its place, its fuller one, its
    // softened one and its Ukrainian one (`cyrillicSpellings`).
    var customary = ""
    var fuller = ""
    var softened = ""
    var ukrainian = ""
    for (part, made) in zip(words, forms) {
      let piece: String
      if let made {
        piece = made.aliases.first ?? Transliteration.latinize(String(part))?.text ?? String(part)
      } else {
        piece = part.split(whereSeparator: { $0 == "\t" || $0 == "\n" }).joined(separator: " ")
      }
      guard !piece.isEmpty else { continue }
      if !latin.isEmpty {
        latin += " "
        customary += " "
        fuller += " "
        softened += " "
        ukrainian += " "
      }
      latin += piece
      let spellings = made?.cyrillicSpellings ?? 0
      let aliases = made?.aliases ?? []
      let customaryPiece = spellings & 1 != 0 ? aliases[1] : piece
      customary += customaryPiece
      fuller += spellings & 2 != 0 ? aliases[spellings & 1 != 0 ? 2 : 1] : customaryPiece
      softened += spellings & 4 != 0 ? aliases[1 + (spellings & 3).nonzeroBitCount] : customaryPiece
      ukrainian += spellings & 8 != 0 ? aliases[1 + (spellings & 7).nonzeroBitCount] : customaryPiece
    }
    var aliases = [latin]
    for spelling in [customary, fuller, softened, ukrainian] where !aliases.contains(spelling) { aliases.append(spelling) }
    if hasGreek, let greek = GreekSpelling.elot(folded, latin: latin), !aliases.contains(greek) { aliases.append(greek) }
    return FoldedForms(folded: folded, spelled: spelled, aliases: aliases)
  }

  /// The forms of texts met so far, with their aliases: at most 200,000, kept while
  /// texts recur (`Memo`).
  static let cache = Memo<ByteKey, FoldedForms>(capacity: 200_000)

  /// The forms of `text` (non-ASCII), from the cache when met before. The aliases
  /// are there whatever the field's kind; a kind without aliases ignores them.
  static func of(_ text: String) -> FoldedForms { of(ByteKey(text)) }

  /// The forms of the text of `key` (see `of(_:)`).
  static func of(_ key: ByteKey) -> FoldedForms {
    if let known = cache.value(for: key) { return known }
    let forms = compute(key.text)
    cache.store(forms, for: key)
    return forms
  }
}

extension IndexEntries {
  /// Empties the process's stores of the forms and transliterations of texts met
  /// (`FoldedForms.cache`, `Transliteration.cache`), their tables too: once a large
  /// book is indexed they only hold memory (160,000 Korean names: about 90 MB) until
  /// another book is indexed, which makes them again.
  package static func forgetMemoized() {
    FoldedForms.cache.removeAll()
    Transliteration.cache.removeAll()
  }
}
