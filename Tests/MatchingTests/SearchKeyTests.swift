import ContactKit
import CpickTestSupport
@testable import Matching
import Testing

/// A book in many scripts, for the table of queries below.
private let world: [Contact] = {
  var hanako = TestContacts.person("花子", "佐藤")
  hanako.phoneticFamilyName = "さとう"
  hanako.phoneticGivenName = "はなこ"
  var yuki = TestContacts.person("ゆき", "たなか")
  var kenji = TestContacts.person("健二", "山田")
  kenji.phoneticFamilyName = "ヤマダ"
  kenji.phoneticGivenName = "ケンジ"
  return [
    TestContacts.person("Łukasz", "Wiśniewski"),
    TestContacts.person("Jürgen", "Straße"),
    TestContacts.person("小明", "王"),
    TestContacts.person("曉明", "王"),  // Traditional 曉
    TestContacts.person("伟", "曾"),
    hanako, yuki, kenji,
    TestContacts.person("Иван", "Петров"),
    TestContacts.person("Γιώργος", "Παπαδόπουλος"),
    TestContacts.person("민준", "김"),
    TestContacts.person("محمد", "علي"),
    TestContacts.person("דוד", "כהן"),
    TestContacts.person("राहुल", "शर्मा"),
    TestContacts.person("Anna", "Fischer", emails: ["anna.fischer@beispiel.example"], phones: ["+49 170 5550123"]),
    TestContacts.person("Bill", "Cole", phones: ["+1 555 010 0142"]),
    TestContacts.person("Claude", "Martin", phones: ["+33 (0)1 42 68 53 00"]),
    TestContacts.person("Dmitri", "Orlov", phones: ["+7 495 123-45-67"]),
    TestContacts.person("Erik", "Berg", phones: ["0046 8 123 456 78"]),
    // Saved in national form, without a country code.
    TestContacts.person("Anna", "Groß", phones: ["0152/1270339"]),
    TestContacts.person("Lucía", "Ortega", phones: ["915 55 01 27"]),  // Spain: no trunk prefix
    TestContacts.person("Rosa", "Parks", phones: ["(313) 555-0188"]),  // NANP
  ]
}()

@Suite("Search keys beyond the literal text")
struct SearchKeyTests {
  static let table: [(query: String, first: String)] = [
    ("lukasz", "Łukasz Wiśniewski"),
    ("wisniewski", "Łukasz Wiśniewski"),
    ("strasse", "Jürgen Straße"),
    ("jurgen", "Jürgen Straße"),
    ("wang", "王小明"),
    ("wxm", "王小明"),
    ("xiaoming", "王小明"),
    ("wang xiao ming", "王小明"),
    ("zeng", "曾伟"),  // 曾 as a surname, not "ceng"
    ("ceng", "曾伟"),
    ("satou", "佐藤花子"),  // the phonetic field
    ("hanako", "佐藤花子"),
    ("tanaka", "たなかゆき"),  // romaji of kana in the name itself
    ("yamada kenji", "山田健二"),  // katakana reading
    ("ivan petrov", "Иван Петров"),
    ("petrov", "Иван Петров"),
    ("papadopoulos", "Γιώργος Παπαδόπουλος"),
    ("giorgos", "Γιώργος Παπαδόπουλος"),
    ("kim", "김민준"),  // the customary spelling of 김
    ("gim minjun", "김민준"),  // Revised Romanization
    ("gmj", "김민준"),
    ("mhmd", "محمد علي"),  // ICU's Arabic transliteration has no vowels
    ("khn", "דוד כהן"),
    ("rahul", "राहुल शर्मा"),
    ("sharma", "राहुल शर्मा"),
    ("01705550123", "Anna Fischer"),  // national form of +49 170 5550123
    ("1705550123", "Anna Fischer"),
    ("+49 170 5550123", "Anna Fischer"),
    ("5550100142", "Bill Cole"),
    ("+1 555 010 0142", "Bill Cole"),
    ("0142685300", "Claude Martin"),  // +33 (0)1 …
    ("33142685300", "Claude Martin"),
    ("84951234567", "Dmitri Orlov"),  // Russia's trunk prefix is 8
    ("0812345678", "Erik Berg"),  // national form of 0046 8 …, written with 00 for +
    ("004917055501", "Anna Fischer"),  // dialled with the international prefix 00 for +
    ("tel:0049170", "Anna Fischer"),
    ("0046812345678", "Erik Berg"),
    // Typed with the country code, saved in national form.
    ("+49 152 1270339", "Anna Groß"),
    ("0049 152 1270339", "Anna Groß"),
    ("+49 (0)152 1270339", "Anna Groß"),
    ("tel:+491521270339", "Anna Groß"),
    ("+34 915 55 01 27", "Lucía Ortega"),
    ("+1 313 555 0188", "Rosa Parks"),
    ("anna.fischer", "Anna Fischer"),  // email local part
    ("beispiel", "Anna Fischer"),  // email domain
  ]

  @Test("a query in any script or form finds the expected person first", arguments: table)
  func firstResult(query: String, first: String) {
    let index = ContactIndex(world)
    #expect(orderedNames(index.search(query), in: world).first == first, "query \(query)")
  }

  @Test("a number typed with a country code matches at the start of a number, not the same digits inside one")
  func countryCodeAtTheStart() {
    let people = [
      TestContacts.person("Anna", "Germany", phones: ["+49 30 1234567"]),
      TestContacts.person("Bob", "Local", phones: ["030 5549 123"]),
      TestContacts.person("Carl", "Zeros", phones: ["0049 89 7654321"]),
      TestContacts.person("Dora", "Text", phones: ["Tel. +49 40 998877"]),
    ]
    let index = ContactIndex(people)
    for query in ["+49", "0049", "+49 5549", "'0049"] {
      #expect(!orderedNames(index.search(query), in: people).contains("Bob Local"), "\(query)")
    }
    #expect(Set(orderedNames(index.search("+49"), in: people)) == ["Anna Germany", "Carl Zeros", "Dora Text"])
    #expect(Set(orderedNames(index.search("0049"), in: people)) == ["Anna Germany", "Carl Zeros", "Dora Text"])
    // Typed without a country code, digits still match anywhere in a number.
    #expect(Set(orderedNames(index.search("49"), in: people)) == ["Anna Germany", "Bob Local", "Carl Zeros", "Dora Text"])
    #expect(orderedNames(index.search("5549"), in: people) == ["Bob Local"])
    // `+` typed first empties nothing: the list waits for the digits.
    #expect(index.search("+").count == people.count)
    #expect(index.search("(+").count == people.count)
    // Literal text (a key passed on as written) keeps digits matching anywhere.
    #expect(orderedNames(index.search("0049", options: SearchOptions(literal: true)), in: people).contains("Bob Local"))
    // The national form of a number typed with its code still starts a national number
    // (`030…` may be Berlin's).
    #expect(Set(orderedNames(index.search("+49 30 5549"), in: people)) == ["Bob Local"])
    #expect(Set(orderedNames(index.search("+49 30"), in: people)) == ["Anna Germany", "Bob Local"])
    // The value shown for a match is the number that starts with the code, highlighted there.
    let values: [(kind: SearchedValueKind, text: String)] = [(.phone, "030 5549 123"), (.phone, "+49 30 1234567")]
    #expect(
      SearchHighlighter.matchedValues(of: "+49", name: "Anna Germany", values: values)
        == [MatchedValue(text: "+49 30 1234567", positions: [0, 1, 2])])
  }

  @Test("a number typed with one country code does not find a number saved with another whose national forms look alike (Rome's 06 and a French mobile; case 21's kind)")
  func otherCountrysNationalForm() {
    let people = [
      TestContacts.person("French", "Plain", phones: ["+33 6 12 34 56 78"]),
      TestContacts.person("Roman", "Line", phones: ["+39 06 1234 5678"]),
      TestContacts.person("London", "Desk", phones: ["+44 (0)20 7946 0123"]),
      TestContacts.person("Saved", "National", phones: ["06 12 34 56 78"]),
    ]
    let index = ContactIndex(people)
    #expect(Set(orderedNames(index.search("+39 06 1234 5678"), in: people)) == ["Roman Line", "Saved National"])
    #expect(Set(orderedNames(index.search("+33 6 12 34 56 78"), in: people)) == ["French Plain", "Saved National"])
    #expect(orderedNames(index.search("+1 020 7946 0123"), in: people).isEmpty)
    #expect(orderedNames(index.search("+44 20 7946 0123"), in: people) == ["London Desk"])
  }

  @Test("a number typed with a country code finds only numbers with that national form")
  func nationalFormOnly() {
    let index = ContactIndex(world)
    #expect(orderedNames(index.search("+49 152 1270339"), in: world) == ["Anna Groß"])
    // A national number carries no country: any code whose national form is the same
    // digits reaches it (Austria also dials 0 at home), another trunk prefix does not.
    #expect(orderedNames(index.search("+43 152 1270339"), in: world) == ["Anna Groß"])
    #expect(orderedNames(index.search("+7 152 1270339"), in: world).isEmpty)
    // A number saved with another country code is not found through its national form.
    #expect(orderedNames(index.search("+33 170 5550123"), in: world).isEmpty)
    #expect(orderedNames(index.search("+49 170 5550123"), in: world) == ["Anna Fischer"])
    #expect(orderedNames(index.search("0170 5550123"), in: world) == ["Anna Fischer"])
    // Typed key by key, the national number is found from the first digit after the
    // code, and only from the start of a number.
    #expect(orderedNames(index.search("+49 15"), in: world) == ["Anna Groß"])
    #expect(orderedNames(index.search("+49 521270339"), in: world).isEmpty)
    // Without a trunk prefix (Spain) the national digits alone need four digits.
    #expect(!orderedNames(index.search("+34 9"), in: world).contains("Lucía Ortega"))
  }

  @Test("Traditional and Simplified characters share the pinyin")
  func traditional() {
    let index = ContactIndex(world)
    #expect(names(index.search("wang xiao ming"), in: world) == ["王小明", "王曉明"])
    #expect(names(index.search("wxm"), in: world) == ["王小明", "王曉明"])
  }

  @Test("the written script still matches itself")
  func nativeScript() {
    let index = ContactIndex(world)
    #expect(orderedNames(index.search("佐藤"), in: world) == ["佐藤花子"])
    #expect(orderedNames(index.search("さとう"), in: world) == ["佐藤花子"])
    #expect(orderedNames(index.search("петров"), in: world) == ["Иван Петров"])
    #expect(orderedNames(index.search("김"), in: world) == ["김민준"])
  }

  @Test("a Korean name is found by its customary spelling as by the Revised Romanization")
  func koreanSpellings() {
    let people = [
      TestContacts.person("지성", "박"), TestContacts.person("우성", "정"), TestContacts.person("영철", "이"),
      TestContacts.person("경희", "김"), TestContacts.person("윤주", "최"), TestContacts.person("석진", "한"),
      TestContacts.person("서연", "오"), TestContacts.person("민준", "강"), TestContacts.person("지훈", "임"),
    ]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    for (query, name) in [
      ("jisung", "박지성"), ("ji sung", "박지성"), ("park ji", "박지성"), ("bak jiseong", "박지성"),
      ("woosung", "정우성"), ("useong", "정우성"), ("jung woo", "정우성"), ("youngchul", "이영철"),
      ("yeongcheol", "이영철"), ("kyunghee", "김경희"), ("gyeonghui", "김경희"), ("yoonjoo", "최윤주"),
      ("yunju", "최윤주"), ("sukjin", "한석진"), ("seokjin", "한석진"), ("seoyeon", "오서연"),
      ("minjoon", "강민준"), ("minjun", "강민준"), ("jihoon", "임지훈"), ("jihun", "임지훈"),
    ] {
      #expect(found(query) == [name], "query \(query)")
    }
    // Spellings no rule gives find nothing; 연 keeps `yeon` (`yun` is 윤's).
    #expect(found("seoyun").isEmpty)
    #expect(found("yun").contains("최윤주") && !found("yun").contains("오서연"))
    #expect(found("jisoong").isEmpty)
    #expect(found("gyunghee").isEmpty)
    let customary = HangulSpelling.customary(ofSyllablesIn: "지성")
    #expect(customary?.spaced == "ji sung" && customary?.joined == "jisung")
    #expect(HangulSpelling.customary(ofSyllablesIn: "민호") == nil)
    let spaced = HangulSpelling.customary(ofSyllablesIn: "박 지성")
    #expect(spaced?.spaced == "bak ji sung" && spaced?.joined == "bakjisung")
    // The tables hold every syllable: the first, the last, and 석 between.
    #expect(HangulSpelling.revisedSyllables.count == 11_172 && HangulSpelling.customarySyllables.count == 11_172)
    #expect(HangulSpelling.revisedSyllable("가") == "ga" && HangulSpelling.revisedSyllable("힣") == "hit")
    #expect(HangulSpelling.customarySyllables[Int(("석" as Unicode.Scalar).value) - 0xAC00] == "suk")
  }

  @Test("the Revised Romanization, not ICU's transliteration: a final ㄱ ㄷ ㅂ is k t p, ㄹ before a vowel r; 유 also yoo")
  func revisedRomanization() {
    let people = [
      TestContacts.person("민석", "김"), TestContacts.person("정국", "전"), TestContacts.person("석열", "윤"),
      TestContacts.person("보라", "한"), TestContacts.person("유리", "이"), TestContacts.person("아름", "박"),
      TestContacts.person("우식", "최"), TestContacts.person("유진", "한"), TestContacts.person("도원", "곽"),
    ]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    for (query, name) in [
      ("minseok", "김민석"), ("min seok", "김민석"), ("minsuk", "김민석"), ("jeongguk", "전정국"), ("seokyeol", "윤석열"),
      ("bora", "한보라"), ("yuri", "이유리"), ("areum", "박아름"), ("usik", "최우식"), ("woosik", "최우식"),
      ("yoojin", "한유진"), ("yujin", "한유진"), ("gwak dowon", "곽도원"),
    ] {
      #expect(found(query) == [name], "query \(query)")
    }
    #expect("김 민석".unicodeScalars.compactMap(HangulSpelling.revisedSyllable) == ["gim", "min", "seok"])
    #expect("닭볶음".unicodeScalars.compactMap(HangulSpelling.revisedSyllable) == ["dak", "bok", "eum"])
    // The customary spellings of those syllables: a final k, t, p as the Revised
    // Romanization writes it (석 `suk`, 섭 `sup`, 박 `bak`).
    #expect(["석", "섭", "박", "욱", "경"].map { HangulSpelling.customary(Substring(HangulSpelling.revisedSyllable($0)!)) }
      == ["suk", "sup", "bak", "wook", "kyung"])
    // ICU's own spelling is no longer a key.
    #expect(found("minseog").isEmpty && found("bola").isEmpty)
    // The syllables a Revised Romanization matched are highlighted.
    #expect(SearchHighlighter.positions(of: "minseok", in: "김민석") == [1, 2])
    #expect(SearchHighlighter.positions(of: "bora", in: "한보라") == [1, 2])
  }

  @Test("a name whose family name is read as a surname is found typed in one piece")
  func surnameFirstInOnePiece() {
    var read = TestContacts.person("강인", "이")
    read.phoneticGivenName = "Kang-in"
    let people = [
      TestContacts.person("지성", "박"), TestContacts.person("경희", "김"), TestContacts.person("小明", "曾"),
      TestContacts.person("小明", "王"), read,
    ]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    for (query, name) in [
      ("parkjisung", "박지성"), ("parkjiseong", "박지성"), ("pjs", "박지성"), ("kimkyunghee", "김경희"),
      ("kimgyeonghui", "김경희"), ("kkh", "김경희"), ("zengxiaoming", "曾小明"), ("zxm", "曾小明"),
      // The Revised Romanization of the whole name.
      ("bakjiseong", "박지성"), ("bjs", "박지성"), ("cengxiaoming", "曾小明"), ("wangxiaoming", "王小明"),
    ] {
      #expect(found(query) == [name], "query \(query)")
    }
    // A Hangul given name the card reads (`Kang-in`) is found by that reading and, Hangul
    // having one reading, by its romanization too (`gangin`, `kangin`).
    #expect(found("lee kang") == ["이강인"])
    #expect(found("leekangin") == ["이강인"] && found("lee gangin") == ["이강인"])
  }

  /// As such a name sorts (`ContactFormatter.familyFirstParts`): its first character is
  /// the family name.
  @Test("a Han or Hangul name written only in FN is found by its surname reading, in one piece too")
  func surnameOfANameOnlyInFN() {
    let people = [
      TestContacts.person("", "", fn: "박지성"), TestContacts.person("", "", fn: "曾小明"),
      TestContacts.person("", "", fn: "류현진"), TestContacts.person("", "", fn: "Park Avenue"),
    ]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    for (query, name) in [
      ("park", "박지성"), ("parkjisung", "박지성"), ("pjs", "박지성"), ("zeng", "曾小明"), ("zengxiaoming", "曾小明"),
      ("ryu", "류현진"), ("bakjiseong", "박지성"), ("jisung", "박지성"),
    ] {
      #expect(found(query).contains(name), "query \(query)")
    }
    #expect(Set(found("park")) == ["박지성", "Park Avenue"])
    #expect(found("zeng") == ["曾小明"])
  }

  @Test("a Korean surname is found by its other spellings too: yi and rhee for 이, roh for 노, paik for 백")
  func otherSurnameSpellings() {
    let people = [
      TestContacts.person("승만", "이"), TestContacts.person("무현", "노"), TestContacts.person("", "", fn: "백남준"),
      TestContacts.person("Ada", "Lovelace"),
    ]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    #expect(found("rhee") == ["이승만"])
    #expect(found("yi seung") == ["이승만"])
    #expect(found("roh") == ["노무현"])
    #expect(found("paik") == ["백남준"])
    #expect(found("lee").contains("이승만"))  // the commonest, as before
    #expect(ContactFormatter.otherSurnameSpellings("Lovelace").isEmpty)
  }

  @Test("a Korean name is found by its initial consonants as a Korean keyboard types them (초성)")
  func koreanInitialConsonants() {
    let people = [
      TestContacts.person("지성", "박"), TestContacts.person("지수", "배"), TestContacts.person("민준", "강"),
      TestContacts.person("경희", "김"), TestContacts.person("꽃님", "이"), TestContacts.person("Ada", "Lovelace"),
    ]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    #expect(found("ㅂㅈㅅ") == ["박지성", "배지수"])
    #expect(found("ㅂㅈ") == ["박지성", "배지수"])
    #expect(found("ㅈㅅ") == ["박지성", "배지수"])  // the given name's alone
    #expect(found("ㄱㅁㅈ") == ["강민준"])
    #expect(found("ㄱㄱㅎ") == ["김경희"])
    #expect(found("ㄲㄴ") == ["이꽃님"])  // a doubled consonant is a letter of its own
    #expect(found("ㄱㄴ").isEmpty)
    #expect(found("ㅁㅈㄱ").isEmpty)  // in order only
    // Typed as conjoining jamo (an NFD keyboard or paste: no vowel, so NFC leaves them) or
    // as half-width jamo (a legacy encoding's): the same letters.
    #expect(found("\u{1107}\u{110C}\u{1109}") == ["박지성", "배지수"])
    #expect(found("\u{FFB2}\u{FFB8}\u{FFB5}") == ["박지성", "배지수"])
    #expect(found("\u{1100}\u{1100}\u{1112}") == ["김경희"])
    #expect(SearchFolding.fold("\u{1101}\u{FFA4}") == "ㄲㄴ")
    #expect(SearchFolding.fold("\u{1107}\u{1161}\u{11A8}") == "박")  // a whole syllable still composes
    // A name with other characters in it, and one whose card gives its reading (which
    // replaces the transliteration, not the initials).
    var noted = TestContacts.person("", "", fn: "김민수(삼성)")
    noted.organizationName = "삼성 Electronics"
    var read = TestContacts.person("강인", "이")
    read.phoneticGivenName = "Kang-in"
    read.phoneticFamilyName = "Lee"
    let more = [noted, read]
    let moreIndex = ContactIndex(more)
    let foundMore = { (query: String) in names(moreIndex.search(query), in: more) }
    #expect(foundMore("ㄱㅁㅅ") == ["김민수(삼성)"])
    #expect(foundMore("ㅅㅅ") == ["김민수(삼성)"])
    #expect(foundMore("ㅇㄱㅇ") == ["이강인"])
    #expect(foundMore("kang") == ["이강인"])
    #expect(HangulSpelling.initialConsonants("박지성") == "ㅂㅈㅅ")
    #expect(HangulSpelling.initialConsonants("꽃 Ada 힣") == "ㄲㅎ")
    #expect(HangulSpelling.initialConsonants("Ada") == nil)
  }

  @Test("a name whose reading the card gives is found by the reading, not by a Chinese reading of its kanji")
  func readingReplacesTransliteration() {
    let index = ContactIndex(world)
    // 佐藤花子 is さとう はなこ: found by that, by its kanji, and not as Mandarin zuo teng hua zi.
    #expect(orderedNames(index.search("sato hanako"), in: world) == ["佐藤花子"])
    #expect(orderedNames(index.search("佐藤花子"), in: world) == ["佐藤花子"])
    for mandarin in ["zuoteng", "zuo teng", "huazi", "hua zi", "zthz"] {
      #expect(!names(index.search(mandarin), in: world).contains("佐藤花子"), "\(mandarin)")
    }
    // Without a reading the characters are transliterated as before.
    #expect(orderedNames(index.search("wang xiao ming"), in: world).first == "王小明")
    // A reading of the family name only: the given name keeps its transliteration.
    var half = TestContacts.person("花子", "佐藤")
    half.phoneticFamilyName = "さとう"
    let halfIndex = ContactIndex([half])
    #expect(halfIndex.search("huazi").count == 1)
    #expect(halfIndex.search("zuoteng").isEmpty)
    #expect(halfIndex.search("sato").count == 1)
  }

  @Test("a national number is not given a country code it did not have")
  func nationalStaysNational() {
    let people = phonePeople
    let index = ContactIndex(people)
    #expect(index.search("491705550123").isEmpty)
  }

  @Test("org: matches a transliterated organization, name: does not")
  func transliteratedOrganization() {
    let people = [TestContacts.person("Anna", "Ivanova", org: "Газпром")]
    let index = ContactIndex(people)
    #expect(index.search("org:gazprom").count == 1)
    #expect(index.search("name:gazprom").isEmpty)
  }
}
