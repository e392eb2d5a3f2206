import ContactStores
import CpickTestSupport
import Foundation
import Matching
import Testing

@testable import AddressBook

/// Issue 20, item 7: a query in each script, typed the way its readers type it, finds the
/// contact as its first result (`Tests/Fixtures/multiscript-names.vcf`: names in eleven
/// scripts, each beside a name that shares letters with it).
@Suite struct ScriptQueryTableTests {
  /// (script, query, the first result's display name).
  static let table: [(String, String, String)] = [
    ("Latin", "jose alvarez", "José Álvarez"),
    ("Latin", "ÁLVAREZ", "José Álvarez"),
    ("Latin", "lukasz zolk", "Łukasz Żółkiewski"),
    ("Latin", "strasser", "Jürgen Straßer"),
    ("Latin, full width", "ｊｏｓｅ", "José Álvarez"),
    ("Greek", "νικος", "Νίκος Παπαδόπουλος"),
    ("Greek, final sigma typed as σ", "γιαννησ", "Γιάννης Σταματίου"),
    ("Greek, capitals", "ΣΤΑΜΑΤΙΟΥ", "Γιάννης Σταματίου"),
    ("Cyrillic, е for ё", "петр алексеев", "Пётр Алексеев"),
    ("Cyrillic", "смирнова", "Петра Смирнова"),
    ("Arabic, bare alef", "احمد", "أحمد عبد الرحمن"),
    ("Arabic, heh for teh marbuta", "فاطمه", "فاطمة الزهراء"),
    ("Arabic, no harakat", "محمد", "مُحَمَّد مصطفى"),
    ("Arabic, yeh for alef maqsura", "مصطفي", "مُحَمَّد مصطفى"),
    ("Arabic-Indic digits", "٠١٠٠٥٥٥", "أحمد عبد الرحمن"),
    ("Persian, Arabic yeh", "علي", "علی رضایی"),
    ("Hebrew, no niqqud", "יוסף", "יוֹסֵף כֹּהֵן"),
    ("Hebrew, non-final kaf typed mid-word", "כהנ", "יוֹסֵף כֹּהֵן"),
    ("Devanagari, no nukta", "राज", "राज़ शर्मा"),
    ("Devanagari, in Latin", "sharma", "राज़ शर्मा"),
    ("Devanagari", "प्रिया", "प्रिया वर्मा"),
    ("Chinese, pinyin", "wang xiaoming", "王小明"),
    ("Chinese, initials", "wxm", "王小明"),
    ("Chinese, Han", "李娜", "李娜"),
    ("Japanese, reading in katakana", "サトウ", "佐藤 美咲"),
    ("Japanese, reading in half-width katakana", "ｻﾄｳ", "佐藤 美咲"),
    ("Japanese, reading in romaji", "sato misaki", "佐藤 美咲"),
    ("Japanese, katakana name in hiragana", "たなか はなこ", "タナカ ハナコ"),
    ("Japanese, katakana name in half-width", "ﾀﾅｶ", "タナカ ハナコ"),
    ("Japanese, reading from N;SORT-AS", "あんどう", "安藤 ロイド"),
    ("Korean, Hangul", "김민", "김민준"),
    ("Korean, romanized", "kim minjun", "김민준"),
    ("Thai, without tone mark and thanthakhat", "นำทิพย", "น้ำทิพย์ ใจดี"),
    ("Thai", "สมชาย", "สมชาย ศรีสุข"),
  ]

  @Test("a query in each script finds its contact first", arguments: table)
  func firstResult(script: String, query: String, expected: String) throws {
    let list = try Self.list()
    let first = list.index.search(query, options: SearchOptions()).first.map { list.contacts[$0.index].displayName }
    #expect(first == expected, "\(script): \(query)")
  }

  @Test("the table covers at least eight scripts")
  func scripts() {
    let scripts = Set(Self.table.map { $0.0.split(separator: ",")[0] })
    #expect(scripts.count >= 8, "\(scripts.sorted())")
  }

  static func list() throws -> ContactList {
    let path = TestPaths.fixture("multiscript-names.vcf").path
    return ContactList(try VCardFileStore(path: path).load().contacts)
  }
}
