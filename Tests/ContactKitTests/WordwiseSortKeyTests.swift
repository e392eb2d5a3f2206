import Testing

@testable import ContactKit

/// A sort key made word by word (`ContactFormatter.latinKey(words:word:)`) must be the
/// key ICU gives the whole text: a name given only in `FN` is keyed from its words'
/// transforms, which recur across a book, instead of a transform of its own.
@Suite("Sort keys made word by word")
struct WordwiseSortKeyTests {
  /// Names of several words in many scripts, with what could carry context across a
  /// word: Greek final sigma and tonos, combining accents, apostrophes and hyphens,
  /// double spaces, dotless i, letters that fold to ASCII beside ones that do not.
  static let names = [
    "Анна Иванова 12", "Ёлкин Юрий", "Їжаченко Євген", "Ђорђе Јовановић", "Ана́ Пе́трова",
    "Д'Артаньян Жан-Поль", "Анна  Иванова", "Νίκος Παπαδόπουλος", "Σοφία Ευαγγελία", "Οδυσσέας Ελύτης",
    "ΑΓΓΕΛΟΣ ΣΙΚΕΛΙΑΝΟΣ", "محمد عبد الله", "دوست محمد خان", "דוד בן גוריון", "שָׁלוֹם עֲלֵיכֶם",
    "สมชาย ใจดี", "राहुल शर्मा", "সত্যজিৎ রায়", "சுப்பிரமணிய பாரதி", "გიორგი ბერიძე", "Արամ Խաչատրյան",
    "አበበ ቢቂላ", "Zoë Ørsted", "Łukasz Żółw", "Æsa Þór ß", "Işık Ilıcalı", "Nguyễn Thị Minh Khai",
    "Zoë Анна", "José María Aznar-López 7", "Ǆemal ŉ ĳssel", "Ｆｕｌｌ Ｗｉｄｔｈ Ａｎｎａ", "Ωμέγα ς σ",
  ]

  @Test("every name's key word by word is the key of the whole, in 20 scripts")
  func sameAsWhole() {
    var madeWordwise = 0
    for name in Self.names {
      let whole = ContactFormatter.latinKey(name, joiningSyllables: true)
      guard let wordwise = ContactFormatter.latinKey(words: name, word: ContactFormatter.latinWord) else { continue }
      madeWordwise += 1
      #expect(wordwise == whole, "\(name)")
    }
    // All but `Ана́ Пе́трова`, whose first word ends with a combining accent.
    #expect(madeWordwise == Self.names.count - 1)
  }

  /// A word that starts with what has no script of its own takes, in the whole text,
  /// the script of the word before (found by a helper comparing builds): `·` and `;`
  /// beside Greek, `،` `؛` `؟` `ـ` and a lone haraka beside Arabic, danda and U+0951
  /// beside Devanagari, `ℵ` beside Hebrew.
  static let scriptless = [
    "Νίκος · Παπαδόπουλος", "Νίκος ; Ζήτα", "Νίκος ;Ζήτα", "محمد ، أحمد", "محمد ؛ أحمد", "محمد ؟", "محمد ـ علي",
    "محمد \u{064B}", "راهول \u{0670}ب", "राहुल । शर्मा", "राहुल ॥", "राहुल \u{0951}क", "דוד ℵ", "דוד ℵב", "Anna 𝐀𝐧𝐧𝐚 Иван",
    // A word that ends so, before a word of another script (a second helper): ICU reads
    // the end with the next word's script (`Anna; Νίκος` is `anna? nikos` whole).
    "Anna; Νίκος", "Анна; Νίκος", "Łukasz; Νίκος", "Anna· Νίκος", "Annaµ Νίκος", "Anna، محمد", "Anna؟ محمد",
    "Anna। राम", "Annaℵ דוד", "Aˇ ㄅㄆ", "Anna\u{064E} محمد", "Anna\u{0314} Νίκος", "Ν፤ Νίκος",
    // A space and a mark after it are one character: still a word that starts with a mark.
    "007 \u{0951}\u{0953} \u{0975}\u{0953}",
  ]

  @Test("a word that starts, or ends before another, with punctuation, a mark or a letter of no script is keyed whole")
  func scriptlessWords() {
    for name in Self.scriptless {
      #expect(ContactFormatter.latinKey(words: name, word: ContactFormatter.latinWord) == nil, "\(name)")
      var keys = ContactFormatter.SortKeys(order: .family, index: .latin)
      var contact = Contact(identifier: name, source: "t")
      contact.formattedName = name
      let part = String(ContactFormatter.sortKeyPrefix(name.trimmingWhitespace))
      #expect(keys.key(for: contact) == ContactFormatter.sortable(ContactFormatter.latinKey(part, joiningSyllables: true)), "\(name)")
    }
  }

  @Test("one word, or Han, Kana or Hangul, is made whole; a text that folds to ASCII is folded, as whole")
  func madeWhole() {
    for name in ["Иванова", "王 小明", "やまだ たろう", "김 민준"] {
      #expect(ContactFormatter.latinKey(words: name, word: ContactFormatter.latinWord) == nil, "\(name)")
    }
    for name in ["Zoë Müller 12", "Ada Lovelace", "José María Aznar-López"] {
      var transformed: [Substring] = []
      let key = ContactFormatter.latinKey(words: name, word: { transformed.append($0); return "" })
      #expect(key == ContactFormatter.latinKey(name, joiningSyllables: true), "\(name)")
      #expect(transformed.isEmpty, "\(name): no word needs a transform")
    }
  }

  @Test("a contact named only in FN sorts by the key of the whole name, with its section")
  func contactKey() {
    var keys = ContactFormatter.SortKeys(order: .family, index: .latin)
    for name in Self.names {
      var contact = Contact(identifier: name, source: "t")
      contact.formattedName = name
      let whole = ContactFormatter.latinKey(String(ContactFormatter.sortKeyPrefix(name)), joiningSyllables: true)
      #expect(keys.key(for: contact) == ContactFormatter.sortable(whole), "\(name)")
    }
  }
}
