import ContactKit
import CpickTestSupport
import Testing

@testable import Matching

/// A phone number written with letters (`1-800-FLOWERS`) is found by the digits
/// dialled and by the text as written; an extension mark stays what it is.
@Suite("Numbers written with letters")
struct VanityNumberTests {
  static let people: [Contact] = [
    TestContacts.person("Bloom", "Shop", phones: ["1-800-FLOWERS"]),
    TestContacts.person("Fedex", "Desk", phones: ["+1 800 GO FEDEX"]),
    TestContacts.person("Ext", "Person", phones: ["+1 555 0100 ext 77"]),
    TestContacts.person("Other", "Number", phones: ["+1 555 0100"]),
  ]

  @Test(
    "the digits dialled, the text as written (any case), with or without punctuation",
    arguments: [
      ("18003569377", ["Bloom Shop"]), ("800-356-9377", ["Bloom Shop"]), ("1-800-FLOWERS", ["Bloom Shop"]),
      ("1-800-flowers", ["Bloom Shop"]), ("1 800 flowers", ["Bloom Shop"]), ("tel:3569377", ["Bloom Shop"]),
      ("+1 800 go fedex", ["Fedex Desk"]), ("18004633339", ["Fedex Desk"]),
      ("15550100", ["Ext Person", "Other Number"]), ("555 0100 77", ["Ext Person"]),
    ] as [(String, Set<String>)])
  func found(query: String, expected: Set<String>) {
    #expect(names(ContactIndex(Self.people).search(query), in: Self.people) == expected)
  }

  @Test("an extension mark or a word is not dialled; letters need digits before them")
  func notDialled() {
    #expect(PhoneKeypad.dialled(Array("1-800-FLOWERS".utf8)) == Array("1-800-3569377".utf8))
    #expect(PhoneKeypad.dialled(Array("+1 800 go fedex".utf8)) == Array("+1 800 46 33339".utf8))
    for typed in ["+1 555 0100 ext 77", "555 0100 x77", "0170 555 EXTN 12", "flowers", "bob123", "(555) 01", "1-800-A"] {
      #expect(PhoneKeypad.dialled(Array(typed.utf8)) == nil, "\(typed)")
    }
  }
}

/// Russian, Ukrainian and Belarusian names are found by their English spelling
/// (`dmitry`, `mikhail`) as well as by ICU's transliteration (`dmitrij`, `mihail`).
@Suite("Cyrillic names' English spelling")
struct CyrillicSpellingTests {
  static let people: [Contact] = [
    TestContacts.person("Дмитрий", "Соколов"), TestContacts.person("Наталья", "Ковальчук"),
    TestContacts.person("Михаил", "Жуков"), TestContacts.person("Юрий", "Щербаков"),
    TestContacts.person("Алексей", "Цой"), TestContacts.person("Олександр", "Їжак"),
    TestContacts.person("Пётр", "Чайковский"), TestContacts.person("Сергей", "Ельцин"),
    TestContacts.person("Фёдор", "Григорьев"), TestContacts.person("Лев", "Толстой"),
    TestContacts.person("Новак", "Ђоковић"), TestContacts.person("Касым-Жомарт", "Тоқаев"),
    TestContacts.person("Ігор", "Ткаченко"), TestContacts.person("Юлія", "Мельник"),
    TestContacts.person("Христина", "Левченко"), TestContacts.person("Володимир", "Згурський"),
  ]

  @Test(
    "each spelling finds the person",
    arguments: [
      ("dmitry", "Дмитрий Соколов"), ("dmitrij", "Дмитрий Соколов"), ("natalya", "Наталья Ковальчук"),
      ("kovalchuk", "Наталья Ковальчук"), ("mikhail zhukov", "Михаил Жуков"), ("yury", "Юрий Щербаков"),
      ("shcherbakov", "Юрий Щербаков"), ("aleksey tsoy", "Алексей Цой"), ("yizhak", "Олександр Їжак"),
      // The fuller spelling: ё yo, е ye after a vowel or a sign, й i after a vowel, кс x.
      ("pyotr chaikovsky", "Пётр Чайковский"), ("petr chaykovsky", "Пётр Чайковский"), ("alexei tsoi", "Алексей Цой"),
      ("sergei yeltsin", "Сергей Ельцин"), ("sergey eltsin", "Сергей Ельцин"), ("fyodor grigoryev", "Фёдор Григорьев"),
      ("tolstoi", "Лев Толстой"), ("tolstoy", "Лев Толстой"),
      // The softened spelling: a sign before a vowel as i.
      ("natalia kovalchuk", "Наталья Ковальчук"), ("fyodor grigoriev", "Фёдор Григорьев"), ("grigoriev", "Фёдор Григорьев"),
      // Serbian and Kazakh letters.
      ("djokovic", "Новак Ђоковић"), ("tokayev", "Касым-Жомарт Тоқаев"), ("kasym", "Касым-Жомарт Тоқаев"),
      // Ukraine's passport spelling (KMU 2010): и y, г h, зг zgh, й ю я є ї inside a word i iu ia ie i.
      ("ihor tkachenko", "Ігор Ткаченко"), ("yuliia melnyk", "Юлія Мельник"), ("khrystyna", "Христина Левченко"),
      ("volodymyr zghurskyi", "Володимир Згурський"), ("melnik", "Юлія Мельник"),
    ])
  func found(query: String, expected: String) {
    let matches = ContactIndex(Self.people).search(query)
    #expect(matches.map { Self.people[$0.index].displayName } == [expected], "\(query)")
  }

  @Test("a word's spelling: -ий and -ый end in y; other scripts and mixed words have none")
  func spelling() {
    #expect(CyrillicSpelling.customary("Дмитрий", latin: "dmitrij") == "dmitry")
    #expect(CyrillicSpelling.customary("Жан-Поль", latin: "") == "zhan-pol")
    #expect(CyrillicSpelling.customary("Красный", latin: "") == "krasny")
    #expect(CyrillicSpelling.customary("Анна", latin: "anna") == nil)
    #expect(CyrillicSpelling.customary("Νίκος", latin: "nikos") == nil)
    #expect(CyrillicSpelling.customary("Д'Артаньян", latin: "") == nil)
    #expect(CyrillicSpelling.fuller("Достоевский", latin: "") == "dostoyevsky")
    #expect(CyrillicSpelling.fuller("Соловьёв", latin: "") == "solovyov")
    #expect(CyrillicSpelling.softened("Наталья", latin: "natal'a") == "natalia")
    #expect(CyrillicSpelling.softened("Соловьёва", latin: "") == "solovieva")
    #expect(CyrillicSpelling.softened("Ильина", latin: "") == "ilyina")
    #expect(CyrillicSpelling.softened("Васильев", latin: "") == "vasiliev")
    #expect(CyrillicSpelling.softened("Ольга", latin: "") == nil)  // no sign before a vowel
    #expect(CyrillicSpelling.softened("Анна", latin: "anna") == nil)
    #expect(CyrillicSpelling.fuller("Дмитрий", latin: "dmitrij") == nil)  // as the customary
    #expect(CyrillicSpelling.fuller("Анна", latin: "anna") == nil)
    #expect(CyrillicSpelling.ukrainian("Юлія", latin: "ulia", customary: "yuliya") == "yuliia")
    #expect(CyrillicSpelling.ukrainian("Євгенія", latin: "", customary: nil) == "yevheniia")
    #expect(CyrillicSpelling.ukrainian("Анна", latin: "anna", customary: nil) == nil)
    #expect(CyrillicSpelling.ukrainian("Ђорђе", latin: "", customary: nil) == nil)  // Serbian letters: not Ukrainian
  }
}
