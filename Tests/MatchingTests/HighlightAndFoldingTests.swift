import ContactKit
import CpickTestSupport
import Matching
import Testing

@Suite("Highlighting")
struct HighlightTests {
  @Test("a long value of decomposed accents, folded a piece at a time, is what its short pieces fold to")
  func longDecomposedValue() {
    let unit = "Ame\u{0301}lie E\u{0301}\u{0302}mile Zoe\u{0308} "
    let long = String(repeating: unit, count: 20_000)
    #expect(long.utf8.count > 100 * String.transformPiece)
    let expected = String(repeating: SearchFolding.fold(unit), count: 20_000)
    #expect(SearchFolding.fold(long) == expected)
    #expect(SearchFolding.fold(unit) == "amelie emile zoe ")
    // One word of a thousand marked letters, cut between characters.
    let word = String(repeating: "a\u{0301}", count: 5_000)
    #expect(SearchFolding.fold(word) == String(repeating: "a", count: 5_000))
  }

  @Test("should highlight the accented letters of the original text")
  func accented() {
    #expect(SearchHighlighter.positions(of: "alvaro", in: "Álvaro Peñalosa") == [0, 1, 2, 3, 4, 5])
    #expect(SearchHighlighter.positions(of: "pena", in: "Álvaro Peñalosa") == [7, 8, 9, 10])
    #expect(SearchHighlighter.positions(of: "lucja", in: "Łucja Wróbel") == [0, 1, 2, 3, 4])
  }

  @Test("should highlight every word of the query")
  func severalWords() {
    #expect(SearchHighlighter.positions(of: "jose alv", in: "José Álvarez") == [0, 1, 2, 3, 5, 6, 7])
  }

  @Test("should highlight the word start occurrence rather than the first one")
  func bestOccurrence() {
    #expect(SearchHighlighter.positions(of: "son", in: "Jameson Sonny") == [8, 9, 10])
  }

  @Test("should highlight a fuzzy match, but not with exact options")
  func fuzzy() {
    #expect(SearchHighlighter.positions(of: "jsmi", in: "Jane Smith") == [0, 5, 6, 7])
    #expect(SearchHighlighter.positions(of: "jsmi", in: "Jane Smith", options: .init(exact: true)) == [])
  }

  @Test("should highlight Han characters for a pinyin query")
  func pinyin() {
    #expect(SearchHighlighter.positions(of: "wang", in: "王小明") == [0])
    #expect(SearchHighlighter.positions(of: "xiaoming", in: "王小明") == [1, 2])
    #expect(SearchHighlighter.positions(of: "wxm", in: "王小明") == [0, 1, 2])
    #expect(SearchHighlighter.positions(of: "小明", in: "王小明") == [1, 2])
  }

  @Test("should highlight the digits of a formatted phone number")
  func phone() {
    #expect(SearchHighlighter.positions(of: "0172555", in: "(0172) 555 01 55") == [1, 2, 3, 4, 7, 8, 9])
    #expect(SearchHighlighter.positions(of: "555-01", in: "(0172) 555-01") == [7, 8, 9, 10, 11, 12])
  }

  @Test("should count positions in grapheme clusters")
  func graphemes() {
    #expect(SearchHighlighter.positions(of: "ana", in: "👩‍👩‍👧 Ana") == [2, 3, 4])
    #expect(SearchHighlighter.positions(of: "strasse", in: "Straße") == [0, 1, 2, 3, 4, 5])
  }

  @Test("should highlight the letters a script folds together: kana, Arabic alef, Hebrew niqqud")
  func scriptVariants() {
    #expect(SearchHighlighter.positions(of: "たなか", in: "タナカ ハナコ") == [0, 1, 2])
    #expect(SearchHighlighter.positions(of: "ﾊﾅｺ", in: "タナカ ハナコ") == [4, 5, 6])
    #expect(SearchHighlighter.positions(of: "احمد", in: "أحمد علي") == [0, 1, 2, 3])
    #expect(SearchHighlighter.positions(of: "יוסף", in: "יוֹסֵף כהן") == [0, 1, 2, 3])
  }

  @Test("should return nothing when the query does not match")
  func noMatch() {
    #expect(SearchHighlighter.positions(of: "zzz", in: "Álvaro") == [])
    #expect(SearchHighlighter.positions(of: "", in: "Álvaro") == [])
  }
}

@Suite("Folding")
struct FoldingTests {
  @Test("should fold case and diacritics", arguments: [
    ("Álvaro Peñalosa", "alvaro penalosa"), ("Zoë", "zoe"), ("ÇA", "ca"), ("Ångström", "angstrom"),
  ])
  func diacritics(input: String, expected: String) {
    #expect(SearchFolding.fold(input) == expected)
  }

  @Test("should fold letters that do not decompose", arguments: [
    ("Łucja Wróbel", "lucja wrobel"), ("Søren", "soren"), ("Đorđe", "dorde"), ("Straße", "strasse"),
    ("Ærøskøbing", "aeroskobing"), ("Œuvre", "oeuvre"), ("ıi", "ii"), ("Þór", "thor"), ("Ðan", "dan"),
  ])
  func table(input: String, expected: String) {
    #expect(SearchFolding.fold(input) == expected)
  }

  @Test("should leave out invisible characters on both sides: a query pasted with one finds the name without it")
  func invisibles() {
    #expect(SearchFolding.fold("\u{FEFF}Ingrid\u{200B}") == "ingrid")
    #expect(SearchFolding.fold("Sol\u{AD}berg") == "solberg")
    #expect(SearchFolding.fold("Zw\u{200B}sp") == "zwsp")
    let index = ContactIndex([
      TestContacts.person("Ingrid", "Solberg", fn: "Ingrid Solberg"), TestContacts.person("Zw\u{200B}sp", "Test", fn: "Zw\u{200B}sp Test"),
    ])
    for query in ["\u{FEFF}ingrid", "ingrid\u{200B}", "sol\u{AD}berg", "sol\u{200B}berg"] {
      #expect(index.search(query, options: SearchOptions()).map(\.index) == [0], "\(query.unicodeScalars.map { $0.value })")
    }
    #expect(index.search("zw\u{2060}sp", options: SearchOptions(exact: true)).map(\.index) == [1])
  }

  @Test("should lower-case ASCII and keep other scripts")
  func asciiAndOthers() {
    #expect(SearchFolding.fold("Ada O'Brien") == "ada o'brien")
    #expect(SearchFolding.fold("王小明") == "王小明")
    #expect(SearchFolding.fold("ＡＢＣ１２") == "abc12")
  }

  @Test("should fold the letters a script's readers treat as one, as the query is folded", arguments: [
    ("サトウ", "さとう"), ("ｻﾄｳ", "さとう"), ("ｶﾞｯｺｳ", "がっこう"), ("ﾊﾟﾝ", "ぱん"), ("ヴ", "ゔ"),
    ("أحمد", "احمد"), ("إيمان", "ايمان"), ("آمنة", "امنه"), ("مُحَمَّد", "محمد"), ("مصطفى", "مصطفي"),
    ("بـــدر", "بدر"), ("علی", "علي"), ("کریم", "كريم"), ("ﻻ", "لا"),
    ("יוֹסֵף", "יוספ"), ("ך ם ן ף ץ", "כ מ נ פ צ"), ("\u{FB2A}", "ש"),
    ("राज़", "राज"), ("\u{095B}", "ज"), ("ড়", "ড"),
    ("น้ำทิพย์", "นำทิพย"), ("٠١٢٣", "0123"), ("۴۵", "45"), ("१२३", "123"), ("๑๒", "12"),
    ("Γιάννης", "γιαννησ"), ("Пётр", "петр"),
  ])
  func scripts(input: String, expected: String) {
    #expect(SearchFolding.fold(input) == expected)
  }

  @Test("should keep apart what the script's readers distinguish", arguments: [
    ("が", "か"), ("ぱ", "は"), ("ؤ", "و"), ("ئ", "ي"), ("ٱ", "ا"), ("ت", "ه"), ("ב", "כ"), ("ग", "ज"),
  ])
  func distinct(a: String, b: String) {
    #expect(SearchFolding.fold(a) != SearchFolding.fold(b))
  }

  @Test("a name longer than a row is highlighted as far as its first 1,024 characters")
  func longNameHighlighted() {
    let name = "Ada " + String(repeating: "Жук ", count: 2_000) + "Lovelace"
    #expect(SearchHighlighter.positions(of: "ada", in: name) == [0, 1, 2])
    #expect(SearchHighlighter.positions(of: "жук", in: name) == [4, 5, 6])
    #expect(SearchHighlighter.positions(of: "lovelace", in: name).isEmpty)
  }
}
