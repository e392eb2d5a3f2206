import Foundation
import CpickSupport

/// Composes display names, sort keys and index sections (CNContactFormatter,
/// ABPersonSortOrdering).
///
/// Rules for the composed name: family name first without a space when the given
/// and family names are written in Han, Kana or Hangul (王美玲, 佐藤花子, 김민준);
/// given name first otherwise (Adaeze Okonkwo); for a card with no name its reading
/// (the phonetic names), then the organization (its first component, else the
/// department), nickname, first email, first phone, and last a title or suffix alone
/// (`N:;;;Dr.;`). A card marked an organization's (`KIND:org`, Apple's
/// `X-ABShowAs:COMPANY`) is named by its organization first, as Apple's formatter names
/// it, its name parts being its contact person's.
public enum ContactFormatter {
  /// The order of name parts in a composed name (`--name-order`).
  public enum NameOrder: String, Sendable, CaseIterable {
    /// Family first for CJK names, given first otherwise.
    case auto
    /// Given name first (`given-first`), whatever the script.
    case givenFirst = "given-first"
    /// Family name first (`family-first`), whatever the script.
    case familyFirst = "family-first"
  }

  /// Which name part sorts a contact (`--sort-by`, ABPersonSortOrdering).
  public enum SortOrder: String, Sendable, CaseIterable {
    /// By given name (CNContactSortOrder.givenName, kABPersonSortByFirstName).
    case given
    /// By family name (CNContactSortOrder.familyName, kABPersonSortByLastName).
    case family
    /// Not sorted: the books' own order (CNContactSortOrder.none, fzf's `--no-sort`):
    /// the books in the order given, a file's cards in file order, a folder's files
    /// by name. Every sort key is empty, so every contact is in the `#` section.
    case unsorted = "none"
  }

  /// What a contact without a display name (a card with only a photo, a note, a URL,
  /// an address, or nothing) is shown as, in Apple's Contacts' words: on the picker's rows, the card
  /// and `list`'s plain lines. The data (`displayName`, the person JSON) stays empty.
  public static let noName = "No Name"

  /// `name` as shown: `noName` when it is empty or blank.
  public static func shown(_ name: String) -> String {
    name.trimmingWhitespace.isEmpty ? noName : name
  }

  /// The composed name of `contact`, ignoring `FN`; falls back as described above.
  public static func string(for contact: Contact, order: NameOrder = .auto) -> String {
    if contact.contactType == .organization {
      // Its first `ORG` part, else (that one blank) its department.
      let organization = contact.organizationName.trimmingWhitespace
      if !Contact.isBlankName(organization) { return organization }
      let department = contact.departmentName.trimmingWhitespace
      if !Contact.isBlankName(department) { return department }
    }
    let name = composedName(contact, order: order)
    if !name.isEmpty { return name }
    // A name given by its reading alone (a phone's phonetic fields): shown by it, as
    // it sorts under it.
    let reading = phoneticName(contact)
    if !Contact.isBlankName(reading) { return reading }
    // PRODUCT.md's order (case 18): organization, nickname, email, phone; then a title
    // or suffix alone (`N:;;;Dr.;`). Nothing else:
    // a card of only a note, a URL or an address is "No Name" (`noName`), as in Apple's
    // Contacts — a note is often private (a door code), never a name to show.
    var candidates: [String] = [contact.organizationName, contact.departmentName, contact.nickname]
    candidates.append(contact.emailAddresses.mostPreferred()?.value ?? "")
    candidates.append(contact.phoneNumbers.mostPreferred()?.value ?? "")
    // A value that shows nothing (white space and invisible characters, as an `FN` of
    // them: `Contact.isBlankName`) is no name.
    for candidate in candidates {
      let trimmed = candidate.trimmingWhitespace
      if !Contact.isBlankName(trimmed) { return trimmed }
    }
    return [shownPart(contact.namePrefix), shownPart(contact.nameSuffix)].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// A name part (or `FN`) as it shows: trimmed, and empty when it shows nothing
  /// (`Contact.isBlankName`: U+200B, the Hangul filler) — for the composed name, the
  /// sort key and `displayName` alike.
  static func shownPart(_ part: String) -> String {
    let trimmed = part.trimmingWhitespace
    return Contact.isBlankName(trimmed) ? "" : trimmed
  }

  /// The name parts alone (prefix, given, middle, family, suffix), in the order of
  /// `order`; empty when the card has no name parts.
  public static func composedName(_ contact: Contact, order: NameOrder = .auto) -> String {
    let given = shownPart(contact.givenName)
    let family = shownPart(contact.familyName)
    let middle = shownPart(contact.middleName)
    // A title or suffix alone ("N:;;;Dr.;") is no name; the organization comes first.
    if given.isEmpty && family.isEmpty && middle.isEmpty { return "" }
    let cjk = isCJK(given + middle + family)
    let familyFirst: Bool
    switch order {
    case .auto: familyFirst = cjk
    case .givenFirst: familyFirst = false
    case .familyFirst: familyFirst = true
    }
    if cjk && familyFirst {
      return [contact.namePrefix.trimmingWhitespace, family + middle + given,
              contact.nameSuffix.trimmingWhitespace]
        .filter { !$0.isEmpty }.joined(separator: " ")
    }
    let core = familyFirst ? [family, given, middle] : [given, middle, family]
    return ([contact.namePrefix.trimmingWhitespace] + core + [contact.nameSuffix.trimmingWhitespace])
      .filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The name's reading (the phonetic given, middle and family names) as the card shows
  /// it under the name: in the name's order — family first for a Chinese, Japanese or
  /// Korean name or reading (`やまだ たろう` under 山田太郎), as Apple's card shows it
  /// — the parts apart; empty when the card has none.
  public static func phoneticName(_ contact: Contact) -> String {
    let given = contact.phoneticGivenName.trimmingWhitespace
    let middle = contact.phoneticMiddleName.trimmingWhitespace
    let family = contact.phoneticFamilyName.trimmingWhitespace
    let familyFirst = isCJK(contact.givenName + contact.middleName + contact.familyName) || isCJK(given + middle + family)
    return (familyFirst ? [family, given, middle] : [given, middle, family]).filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// True when `text` has letters and every letter is Han, Kana or Hangul.
  public static func isCJK(_ text: String) -> Bool {
    var sawLetter = false
    for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
      guard isCJKScalar(scalar) else { return false }
      sawLetter = true
    }
    return sawLetter
  }

  /// True for a scalar in the Han, Hiragana, Katakana or Hangul blocks.
  public static func isCJKScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,  // kana, half-width katakana
      0x3005...0x3007, 0x303B,  // 々 〆 〇 〻 (佐々木)
      0x2E80...0x2FDF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF,  // Han
      0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC:  // Hangul
      return true
    default:
      return false
    }
  }

  /// The key a contact sorts by, compared with `<`: lower-case ASCII, so that the
  /// binary order is the collation order of one alphabet for every script.
  ///
  /// - A person sorts by the name parts in `order` (family, given, middle — or given,
  ///   family, middle), each replaced by its phonetic counterpart when the card has one
  ///   (`X-PHONETIC-*`, `SOUND;X-IRMC-N`: 佐藤 with reading さとう sorts as `satou`);
  ///   sorting by family name, vCard 4.0 `SORT-AS` on `N` comes first of all.
  /// - An organization card (`KIND:org`, `X-ABShowAs:COMPANY`), or a card without a
  ///   name, sorts by its organization (`SORT-AS` on `ORG` first), else by its
  ///   display name.
  /// - Each part is folded by `latinKey`: case and diacritics dropped, so `Öberg` files
  ///   with `O` and `Łukasz` with `L` (the root collation's primary level); Han as
  ///   pinyin with a Han surname read as a surname (曾 → `zeng`, 单 → `shan`), Hangul
  ///   surnames as they are usually spelt (김 → `kim`), Kana as romaji, other scripts
  ///   by their Latin transliteration.
  /// - A key that does not start with a letter (`42 Club`, an emoji) starts with `~`,
  ///   so it sorts after `z`, in the `#` section at the end, as in Apple's Contacts.
  /// - With `.unsorted` the key is empty: the list keeps the books' order.
  /// - Each part is keyed by its first `sortKeyPrefixLength` characters only: two
  ///   names that differ only after them sort as equal.
  ///
  /// - Complexity: O(n) in the name's length; an ICU transform of at most
  ///   `sortKeyPrefixLength` characters a part for non-Latin names.
  ///   To key many contacts, use a `SortKeys` value, which remembers names it has seen.
  public static func sortKey(for contact: Contact, by order: SortOrder = .family) -> String {
    var keys = SortKeys(order: order)
    return keys.key(for: contact)
  }

  /// Sort keys for many contacts: remembers the folded form of every name part, so a
  /// book where thousands share a family name transliterates it once.
  public struct SortKeys {
    /// The name part the keys sort by.
    public let order: SortOrder
    private var cache: [ByteKey: String] = [:]
    private var surnameCache: [ByteKey: String] = [:]
    private var wordCache: [ByteKey: String] = [:]

    /// The index whose rows the keys carry (`SectionIndex.marked`).
    public let index: SectionIndex

    /// Keys by `order`, for `index` (the language's by default).
    public init(order: SortOrder, index: SectionIndex = .current) {
      self.order = order
      self.index = index
    }

    /// The sort key of `contact` (see `ContactFormatter.sortKey(for:by:)`).
    public mutating func key(for contact: Contact) -> String {
      if order == .unsorted { return "" }
      var key = ""
      var source: String?  // the first part keyed, for the index's rows
      func append(_ part: String, surname: Bool = false) {
        let trimmed = ContactFormatter.sortKeyPrefix(part.trimmingWhitespace)
        guard !trimmed.isEmpty else { return }
        if source == nil { source = trimmed }
        var folded = surname ? surnameKey(trimmed) : partKey(trimmed)
        // A letter that its transliteration makes an apostrophe or a half ring (Hebrew
        // א and ע, Arabic ع and ء: `אברהם` → `'brhm`, `علي` → `ʿly`; the ʻokina) does not
        // put the name in `#`. Hebrew's and Arabic's are read as an `a`, as Avraham,
        // Amar, Ali and Abdullah are written in Latin letters; another script's sorts
        // by the letters after it.
        if let mark = folded.unicodeScalars.first, Self.isGlottalMark(mark),
          let first = trimmed.unicodeScalars.first, first.value >= 0x80
        {
          let rest = String(folded.unicodeScalars.drop(while: Self.isGlottalMark))
          folded = (0x0590...0x08FF).contains(first.value) ? "a" + rest : rest
        }
        guard !folded.isEmpty else { return }
        if !key.isEmpty { key += " " }
        key += folded
      }
      let given = ContactFormatter.shownPart(contact.givenName)
      let family = ContactFormatter.shownPart(contact.familyName)
      let middle = ContactFormatter.shownPart(contact.middleName)
      let hasName = !(given.isEmpty && family.isEmpty && middle.isEmpty)
        || !(contact.phoneticGivenName.isEmpty && contact.phoneticFamilyName.isEmpty)
      // An organization's card, or one shown by its organization: a person's FN without
      // N parts (`FN:Zed Adams`, `ORG:Acme`) sorts by that name, as it is shown.
      if contact.contactType == .organization || (!hasName && contact.formattedNameIsBlank) {
        if !contact.organizationSortAs.isEmpty {
          for part in contact.organizationSortAs { append(part) }
        } else if !contact.organizationName.trimmingWhitespace.isEmpty {
          append(contact.organizationName)
        }
      }
      if key.isEmpty && hasName {
        if order == .family && !contact.nameSortAs.isEmpty {
          for part in contact.nameSortAs { append(part) }
        } else {
          let phoneticFamily = contact.phoneticFamilyName
          let phoneticGiven = contact.phoneticGivenName
          let phoneticMiddle = contact.phoneticMiddleName
          let familyPart = phoneticFamily.isEmpty ? family : phoneticFamily
          let givenPart = phoneticGiven.isEmpty ? given : phoneticGiven
          let middlePart = phoneticMiddle.isEmpty ? middle : phoneticMiddle
          let familyIsWritten = phoneticFamily.isEmpty
          switch order {
          case .family:
            append(familyPart, surname: familyIsWritten)
            append(givenPart)
          case .given, .unsorted:
            append(givenPart)
            append(familyPart, surname: familyIsWritten)
          }
          append(middlePart)
        }
      }
      if key.isEmpty {
        let name = contact.displayName
        if let parts = ContactFormatter.familyFirstParts(name) {
          append(parts.family, surname: true)
          append(parts.given)
        } else {
          append(name)
        }
      }
      return index.marked(ContactFormatter.sortable(key), source: source)
    }

    /// Whether `scalar` is what transliterations write for a glottal stop or an ayin:
    /// `'`, `ʻ`, `ʼ`, `ʽ`, `ʾ`, `ʿ` (two comparisons: every name part's key asks).
    private static func isGlottalMark(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "'" || (0x02BB...0x02BF).contains(scalar.value)
    }

    private mutating func partKey(_ part: String) -> String {
      // An ASCII part's key is the part lower-cased (`computeKey`): cheaper to make
      // than to look up (a vdir keys each file's contact with a `SortKeys` of its own).
      if part.utf8.allSatisfy({ $0 < 0x80 }) { return part.lowercased() }
      let lookup = ByteKey(part)
      if let known = cache[lookup] { return known }
      // A part of several words (a name given only in `FN`) is likely met once: made
      // from its words' keys, kept here, without the shared cache's lock.
      let key =
        ContactFormatter.latinKey(words: part, word: { localWordKey($0) }) ?? Self.sharedKey(part, surname: false)
      cache[lookup] = key
      return key
    }

    /// `ContactFormatter.latinWord(word)` (kept for the process by `latinTransformed`),
    /// kept here too (no lock for a word met again).
    private mutating func localWordKey(_ word: Substring) -> String {
      let lookup = ByteKey(String(word))
      if let known = wordCache[lookup] { return known }
      let key = ContactFormatter.latinWord(word)
      wordCache[lookup] = key
      return key
    }

    private mutating func surnameKey(_ part: String) -> String {
      // As in `partKey`: an ASCII surname has no special reading.
      if part.utf8.allSatisfy({ $0 < 0x80 }) { return part.lowercased() }
      let lookup = ByteKey(part)
      if let known = surnameCache[lookup] { return known }
      let key = Self.sharedKey(part, surname: true)
      surnameCache[lookup] = key
      return key
    }

    /// The folded keys of non-ASCII name parts met by any `SortKeys` of the process
    /// (a book is keyed in chunks on all cores, each chunk with its own `SortKeys`;
    /// the same names recur in every chunk). Keyed by the part, and by whether it is
    /// a written family name; at most 200,000, kept while parts recur (`Memo`).
    static let shared = Memo<SharedKey, String>(capacity: 200_000)

    /// A name part, and whether it is read as a surname.
    struct SharedKey: Hashable, Sendable {
      var part: ByteKey
      var surname: Bool
    }

    /// The key of `part` (a trimmed, non-empty name part): `surnameReading` for a
    /// surname that has one, else `latinKey`; non-ASCII parts through `shared`.
    static func sharedKey(_ part: String, surname: Bool) -> String {
      if part.utf8.allSatisfy({ $0 < 0x80 }) { return computeKey(part, surname: surname) }
      let lookup = SharedKey(part: ByteKey(part), surname: surname)
      if let known = shared.value(for: lookup) { return known }
      let key = computeKey(part, surname: surname)
      shared.store(key, for: lookup)
      return key
    }

    /// The key of `part` computed anew, without the cache of parts: a part of several
    /// words (a name given only in `FN`, distinct in every card) from its words'
    /// transforms (`latinWord`), which recur.
    static func computeKey(_ part: String, surname: Bool) -> String {
      if surname, let reading = ContactFormatter.surnameReading(part) { return reading }
      return ContactFormatter.latinKey(words: part, word: ContactFormatter.latinWord)
        ?? ContactFormatter.latinKey(part, joiningSyllables: true)
    }
  }

  /// How many characters of a name part its sort key is made of: far more than a
  /// real name has, and few enough that a name of 200,000 letters costs no more to
  /// key than a short one (ICU's transforms grow faster than the text).
  public static let sortKeyPrefixLength = 64

  /// The first `sortKeyPrefixLength` characters of `part` (all of it when shorter).
  ///
  /// - Complexity: O(`sortKeyPrefixLength`).
  static func sortKeyPrefix(_ part: String) -> String {
    // No more characters than UTF-8 bytes: a short part is whole without counting them.
    if part.utf8.count <= sortKeyPrefixLength { return part }
    var end = part.startIndex
    var count = 0
    while count < sortKeyPrefixLength, end < part.endIndex {
      end = part.index(after: end)
      count += 1
    }
    return end == part.endIndex ? part : String(part[..<end])
  }

  /// `key` with a `~` in front when it does not start with a letter.
  static func sortable(_ key: String) -> String {
    guard let first = key.utf8.first else { return "~" }
    return first &- 97 < 26 ? key : "~" + key
  }

  /// The index section of a sort key: `A`–`Z`, or `#` for anything else; a kana row or
  /// a Hangul consonant for a key that `SectionIndex` marked with one.
  public static func section(forSortKey key: String) -> String {
    if let row = SectionIndex.section(ofMarked: key) { return row }
    guard let first = key.unicodeScalars.first(where: { !$0.properties.isWhitespace }), first.isASCII else {
      return "#"
    }
    return section(ofASCII: UInt8(first.value))
  }

  /// `section(forSortKey:)` of a key given as its UTF-8: no string is made for a key
  /// that starts with an ASCII letter (a marked key starts with `!`).
  public static func section(forSortKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> String {
    if let first = key.first, first | 0x20 >= UInt8(ascii: "a"), first | 0x20 <= UInt8(ascii: "z") {
      return section(ofASCII: first)
    }
    return section(forSortKey: String(decoding: key, as: UTF8.self))
  }

  /// The section of a key whose first character is the ASCII `byte`: its letter,
  /// upper-cased, or `#`.
  private static func section(ofASCII byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): SectionIndex.section(ofByte: byte - 0x20)
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): SectionIndex.section(ofByte: byte)
    default: "#"
    }
  }

  /// The family and given name of a CJK name written only in `FN` (`박지성`: `박`,
  /// `지성`): its first character is the family name, as East Asian names are written.
  /// Sort keys and the search index read such a name so; nil for a name that is not CJK.
  public static func familyFirstParts(_ name: String) -> (family: String, given: String)? {
    guard isCJK(name), let first = name.first else { return nil }
    return (String(first), String(name.dropFirst()))
  }

  /// The Latin reading of a Han or Hangul family name when it is read differently as a
  /// surname than ICU's transliteration gives (曾 → `zeng`, not `ceng`; 单 → `shan`;
  /// 김 → `kim`, not `gim`; 이 → `lee`); nil otherwise. Both search (an extra key) and
  /// sorting use it.
  public static func surnameReading(_ familyName: String) -> String? {
    guard let first = familyName.unicodeScalars.first, first.value >= 0x3000 else { return nil }
    let name = familyName.trimmingWhitespace
    if name.unicodeScalars.count == 2, let reading = surnames[name] { return reading }
    guard let reading = surnames[String(first)] else { return nil }
    if name.unicodeScalars.count == 1 { return reading }
    // A family name of two characters with a known first one (单于 is rare): keep the
    // rest as ICU reads it.
    let rest = String(String.UnicodeScalarView(name.unicodeScalars.dropFirst()))
    return reading + latinKey(rest, joiningSyllables: true)
  }

  /// The other spellings a Korean surname has in practice, on passports and cards of
  /// other years (`surnameReading`'s is the commonest: 이 `lee`; here `yi`, `rhee`):
  /// the search index holds them too. Empty for any other family name.
  public static func otherSurnameSpellings(_ familyName: String) -> [String] {
    otherKoreanSurnameSpellings[familyName.trimmingWhitespace] ?? []
  }

  /// The spellings of `otherSurnameSpellings(_:)`.
  static let otherKoreanSurnameSpellings: [String: [String]] = [
    "이": ["yi", "rhee", "rhie"], "박": ["pak", "bak"], "최": ["choe"], "정": ["chung", "jeong"], "강": ["gang"],
    "조": ["jo", "joe"], "윤": ["yun"], "장": ["chang"], "임": ["im", "rim"], "한": ["hahn"], "오": ["o"],
    "서": ["suh", "seo"], "신": ["sin"], "권": ["kweon"], "황": ["whang"], "안": ["an"], "송": ["sung"],
    "류": ["yoo", "yu", "lyu"], "유": ["yu", "you"], "전": ["chun", "jun"], "고": ["koh", "goh"], "문": ["mun"],
    "손": ["sohn"], "배": ["bai"], "백": ["paik", "baik"], "허": ["huh", "hur"], "남": ["nahm"], "노": ["roh", "no"],
    "하": ["hah"], "성": ["seong"], "주": ["ju", "chu"], "구": ["ku", "goo"], "진": ["chin"], "나": ["ra", "rha"],
    "지": ["chi"], "엄": ["uhm", "eom"], "채": ["chai"], "천": ["chon"], "현": ["hyeon"], "변": ["byeon", "pyun"],
    "염": ["yum"], "여": ["yeo"], "추": ["chu"], "석": ["suk"], "선": ["sun"], "설": ["sul"], "명": ["myeong"],
    "김": ["gim"], "남궁": ["namkoong", "namgoong"], "황보": ["whangbo"], "제갈": ["jekal"], "선우": ["seonu"],
  ]

  /// Surnames whose reading differs from the usual reading of the character, and the
  /// spellings Korean surnames have in practice.
  static let surnames: [String: String] = [
    // Han (Simplified and Traditional).
    "曾": "zeng", "单": "shan", "單": "shan", "解": "xie", "仇": "qiu", "朴": "piao",
    "区": "ou", "區": "ou", "查": "zha", "乐": "yue", "樂": "yue", "覃": "qin", "盖": "ge",
    "蓋": "ge", "缪": "miao", "繆": "miao", "翟": "zhai", "秘": "bi", "召": "shao",
    "种": "chong", "折": "she", "燕": "yan", "宿": "su", "尉迟": "yuchi", "尉遲": "yuchi",
    "万俟": "moqi", "萬俟": "moqi", "长孙": "zhangsun", "長孫": "zhangsun", "令狐": "linghu",
    "澹台": "tantai", "澹臺": "tantai", "沈": "shen", "瀋": "shen", "贲": "ben", "賁": "ben",
    "黑": "he", "隗": "wei", "句": "gou", "弗": "fu",
    // Hangul: the customary spelling rather than the Revised Romanization.
    "김": "kim", "이": "lee", "박": "park", "최": "choi", "정": "jung", "강": "kang",
    "조": "cho", "윤": "yoon", "장": "jang", "임": "lim", "한": "han", "오": "oh",
    "서": "seo", "신": "shin", "권": "kwon", "황": "hwang", "안": "ahn", "송": "song",
    "류": "ryu", "유": "yoo", "전": "jeon", "홍": "hong", "고": "ko", "문": "moon",
    "양": "yang", "손": "son", "배": "bae", "백": "baek", "허": "heo", "남": "nam",
    "노": "noh", "하": "ha", "곽": "kwak", "성": "sung", "차": "cha", "주": "joo",
    "우": "woo", "구": "koo", "민": "min", "진": "jin", "나": "na", "지": "ji", "엄": "um",
    "채": "chae", "원": "won", "천": "chun", "방": "bang", "공": "kong", "현": "hyun",
    "변": "byun", "염": "yeom", "여": "yeo", "추": "choo", "도": "do", "소": "so",
    "석": "seok", "선": "sun", "설": "seol", "마": "ma", "길": "gil", "연": "yeon",
    "위": "wi", "표": "pyo", "명": "myung", "기": "ki", "반": "ban", "왕": "wang",
    "금": "keum", "옥": "ok", "육": "yook", "인": "in", "맹": "maeng", "제": "je",
    "모": "mo", "탁": "tak", "국": "kook", "어": "eo", "은": "eun", "편": "pyun",
    "용": "yong", "예": "ye", "경": "kyung", "봉": "bong", "사": "sa", "부": "boo",
    "황보": "hwangbo", "남궁": "namgung", "제갈": "jegal", "선우": "sunwoo", "독고": "dokgo",
  ]

  /// `text` folded to lower-case ASCII: Han as pinyin, other scripts transliterated,
  /// diacritics dropped (`ł`, `ø`, `ß`, `æ` included). ASCII text is only lower-cased.
  /// With `joiningSyllables`, Han, Kana and Hangul syllables are run together
  /// (`小明` → `xiaoming`), so a name in Han sorts among its Latin spellings.
  public static func latinKey(_ text: String, joiningSyllables: Bool = false) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    // Latin letters with diacritics need no ICU transform, only folding.
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    if folded.utf8.allSatisfy({ $0 < 0x80 }) { return folded }
    // A word of letters ICU reads one at a time (Cyrillic, …; Hangul syllables when
    // they are run together) from their readings, without ICU's lock.
    if let letters = LetterReadings.latin(text, joiningHangul: joiningSyllables) { return letters }
    // Han read from the table, not by ICU's Han-Latin rules (whose compilation is a
    // quarter of a first read of 10,000 contacts): the syllables are run together.
    if joiningSyllables,
      let joined = HanReadings.joinedLatin(text, transform: { run in
        latinTransformed(run)
      })
    {
      return joined
    }
    guard let latin = latinTransformed(text) else { return folded }
    if joiningSyllables && text.unicodeScalars.contains(where: isCJKScalar) {
      return latin.split(separator: " ").joined()
    }
    return latin
  }

  /// `latinKey(text, joiningSyllables: true)` made from the transforms of the words of
  /// `text` (cut at U+0020 spaces, kept), each given by `word` — so that a caller can
  /// keep each word's, and a name given only in `FN` (`Анна Иванова 12`, distinct in
  /// every card) costs lookups, not a transform of its own. `word(w)` must be
  /// `latinWord(w)`. A text that folds to ASCII needs no transform: its key is the
  /// folded text, as `latinKey`'s. Nil when the text must be made whole: one word,
  /// Han, Kana, Hangul or Bopomofo in it (whose syllables are run together across the
  /// words), or a word that starts or ends as below.
  ///
  /// ICU's `latinTransform` of such a text is its words' transforms joined by its
  /// spaces when each word is a run of its own: Any-Latin transliterates script runs,
  /// and a character of no script (punctuation, marks, `ـ`, `ℵ`, `µ`) is read with a
  /// neighbouring run — across a space too: `Anna; Νίκος` is `anna? nikos` whole,
  /// `Νίκος · Π…` reads `·` as Greek. So every word must start with a letter of a
  /// script (or an ASCII letter or digit, which every script's transliteration keeps)
  /// and every word but the last end with one (`WordwiseSortKeyTests` checks 20
  /// scripts, and what helpers comparing the builds found); otherwise the text is made
  /// whole. Words are cut at U+0020 scalars, not characters (a space and the mark
  /// after it are one character).
  static func latinKey(words text: String, word: (Substring) -> String) -> String? {
    guard text.utf8.contains(0x20), !text.unicodeScalars.contains(where: { isCJKScalar($0) || isBopomofo($0) })
    else { return nil }
    // The scans first: a text made whole is then not folded here too.
    let words = text.unicodeScalars.split(separator: " ", omittingEmptySubsequences: false).map(Substring.init)
    for (number, part) in words.enumerated() {
      guard let first = part.unicodeScalars.first, let last = part.unicodeScalars.last else { continue }
      guard isScriptLetter(first), number == words.count - 1 || isScriptLetter(last) else { return nil }
    }
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    if folded.utf8.allSatisfy({ $0 < 0x80 }) { return folded }
    var key = ""
    for (number, part) in words.enumerated() {
      if number > 0 { key += " " }
      key += part.utf8.allSatisfy({ $0 < 0x80 }) ? part.lowercased() : word(part)
    }
    return key
  }

  /// Whether `scalar` is a letter that has a script of its own, or an ASCII letter or
  /// digit: not punctuation, a symbol, a mark, a modifier letter (`ـ`, `ˇ`), `µ`, or a
  /// letter of the letterlike and mathematical blocks (`ℵ`, `𝐀`), which ICU reads with
  /// a neighbouring run (`latinKey(words:word:)`).
  static func isScriptLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.properties.isAlphabetic || (0x30...0x39).contains(scalar.value) }
    switch scalar.value {
    case 0xB5, 0x2100...0x214F, 0x1D400...0x1D7FF, 0x1EE00...0x1EEFF: return false
    default: break
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: return true
    default: return false
    }
  }

  /// Bopomofo (U+3100–312F, U+31A0–31BF): made whole by `latinKey(words:word:)`, as Han.
  static func isBopomofo(_ scalar: Unicode.Scalar) -> Bool {
    (0x3100...0x312F).contains(scalar.value) || (0x31A0...0x31BF).contains(scalar.value)
  }

  /// The transform of one word of a text for `latinKey(words:word:)`: `latinTransform`'s,
  /// the word folded when the transform fails.
  static func latinWord(_ word: Substring) -> String {
    if let letters = LetterReadings.latin(word) { return letters }
    let text = String(word)
    return latinTransformed(text) ?? text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// `text.applyingTransformInPieces(latinTransform)`, kept for the process: the sort
  /// key of a name part and the search index's transliteration of the same word (a
  /// word of a script `LetterReadings` does not cover, met in every chunk of a book)
  /// are one ICU transform, which runs under ICU's process-wide lock. A text longer
  /// than `latinTransformedLength` bytes is transformed anew each time; the store
  /// keeps at most 100,000 texts, while texts recur (`Memo`).
  package static func latinTransformed(_ text: String) -> String? {
    guard text.utf8.count <= latinTransformedLength else {
      TransliterationWarmUp.waitIfRunning()
      return text.applyingTransformInPieces(latinTransliterator)
    }
    let key = ByteKey(text)
    if let known = transformed.value(for: key) { return known }
    TransliterationWarmUp.waitIfRunning()
    guard let latin = text.applyingTransformInPieces(latinTransliterator) else { return nil }
    transformed.store(latin, for: key)
    return latin
  }

  /// The longest text, in UTF-8 bytes, whose transform `latinTransformed` keeps: a
  /// name part's, a sort key's prefix of one (`sortKeyPrefixLength` characters).
  static let latinTransformedLength = 256

  /// The transforms `latinTransformed` keeps, by text: at most 100,000, kept while
  /// texts recur (`Memo`).
  static let transformed = Memo<ByteKey, String>(capacity: 100_000)

  /// Empties the process's stores of sort keys of name parts (`SortKeys.shared`) and
  /// of transforms (`transformed`), their tables too: once a large book is keyed they
  /// only hold memory until another book is keyed, which makes them again.
  package static func forgetMemoized() {
    SortKeys.shared.removeAll()
    transformed.removeAll()
  }

  /// The transform of `latinKey` (and of the search index's transliterations).
  public static let latinTransform = StringTransform("Any-Latin; Latin-ASCII; Lower")

  /// `latinTransform`'s transliterators, kept open (`ICUTransform`).
  package static let latinTransliterator = ICUTransform(latinTransform.rawValue)
}
