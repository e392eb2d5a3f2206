import ContactKit
import CpickTestSupport
import Matching
import Testing

/// Case 20's kind (letters folded alike on both sides): a ligature typed in a query
/// (Dutch `ĳ`, Croatian `ǉ`, typesetting's `ﬁ`) finds the letters written apart, and
/// the other way round.
@Suite("ligatures folded to their letters")
struct LigatureFoldingTests {
  @Test("each ligature folds to its letters, in either case", arguments: [
    ("ĳsselmeer", "ijsselmeer"), ("Ĳsselmeer", "ijsselmeer"), ("ǈubljana", "ljubljana"), ("Ǉ", "lj"), ("ǌ", "nj"),
    ("ǆ", "dz"), ("Ǳ", "dz"), ("ﬁsher", "fisher"), ("Raﬀaele", "raffaele"), ("ﬂ", "fl"),
  ])
  func folds(text: String, folded: String) {
    #expect(SearchFolding.fold(text) == folded)
  }

  @Test("a query with a ligature finds the name written with letters, and the other way round")
  func search() {
    let people = [
      TestContacts.person("Jan", "IJsselstein", fn: "Jan IJsselstein"),
      TestContacts.person("Ana", "Ǉubić", fn: "Ana Ǉubić"),
    ]
    let index = ContactIndex(people)
    #expect(names(index.search("ĳssel"), in: people) == ["Jan IJsselstein"])
    #expect(names(index.search("ljubic"), in: people) == ["Ana Ǉubić"])
    #expect(names(index.search("ǉub"), in: people) == ["Ana Ǉubić"])
  }
}

/// Case 20's kind: the letters of African alphabets and Azerbaijani's schwa fold to the
/// Latin letters the names are written with in English and on passports.
@Suite("African letters and the schwa folded")
struct AfricanLetterFoldingTests {
  @Test("each letter folds to its Latin one, in either case", arguments: [
    ("Əliyev", "aliyev"), ("Məmmədov", "mammadov"), ("Kɔfi", "kofi"), ("Ɔwusu", "owusu"), ("Mɛnsah", "mensah"),
    ("Ʋɔ", "vo"), ("Ɣeli", "geli"), ("Ʒur", "zur"), ("Ɖoe", "doe"), ("Ƒiaga", "fiaga"), ("Ɓala", "bala"),
  ])
  func folds(text: String, folded: String) {
    #expect(SearchFolding.fold(text) == folded)
  }

  @Test("the Latin spelling finds the name")
  func search() {
    let people = [
      TestContacts.person("İlham", "Əliyev", fn: "İlham Əliyev"), TestContacts.person("Kɔfi", "Mɛnsah", fn: "Kɔfi Mɛnsah"),
    ]
    let index = ContactIndex(people)
    #expect(names(index.search("aliyev"), in: people) == ["İlham Əliyev"])
    #expect(names(index.search("kofi"), in: people) == ["Kɔfi Mɛnsah"])
  }
}
