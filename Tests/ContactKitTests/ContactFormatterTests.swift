import ContactKit
import Testing

@Suite("Display names, sort keys and sections")
struct ContactFormatterTests {
  func contact(family: String = "", given: String = "", fn: String = "", org: String = "") -> Contact {
    var contact = Contact(identifier: "x", source: "t")
    contact.familyName = family
    contact.givenName = given
    contact.formattedName = fn
    contact.organizationName = org
    return contact
  }

  @Test(
    "a composed CJK name puts the family name first without a space; others given name first",
    arguments: [
      ("王", "美玲", "王美玲"), ("佐藤", "花子", "佐藤花子"), ("김", "민준", "김민준"),
      ("Okonkwo", "Adaeze", "Adaeze Okonkwo"), ("Tan", "Wei Ming", "Wei Ming Tan"),
    ])
  func cjkOrder(family: String, given: String, expected: String) {
    #expect(contact(family: family, given: given).displayName == expected)
  }

  @Test("FN is shown as written and never reordered")
  func formattedNameWins() {
    #expect(contact(family: "王", given: "美玲", fn: "Meiling Wang").displayName == "Meiling Wang")
  }

  @Test("without any name the organization, then nickname, email and phone name the card")
  func fallbacks() {
    #expect(contact(org: "Quayside Lamp Works").displayName == "Quayside Lamp Works")
    var card = contact()
    card.phoneNumbers = [LabeledValue(identifier: "p", label: nil, value: "+1 555 0100")]
    #expect(card.displayName == "+1 555 0100")
    card.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "no-name@drift.example")]
    #expect(card.displayName == "no-name@drift.example")
    card.nickname = "Drifter"
    #expect(card.displayName == "Drifter")
  }

  @Test("Han family names file under their pinyin initial: 王 under W, 张 under Z")
  func pinyinSections() {
    #expect(ContactFormatter.section(forSortKey: ContactFormatter.sortKey(for: contact(family: "王", given: "小明"))) == "W")
    #expect(ContactFormatter.section(forSortKey: ContactFormatter.sortKey(for: contact(family: "张", given: "伟"))) == "Z")
    #expect(ContactFormatter.section(forSortKey: ContactFormatter.sortKey(for: contact(family: "Álvarez"))) == "A")
    #expect(ContactFormatter.section(forSortKey: ContactFormatter.sortKey(for: contact(fn: "42 Club"))) == "#")
  }

  @Test("sorting by given name uses the given name first")
  func sortByGiven() {
    let ada = contact(family: "Lovelace", given: "Ada")
    #expect(ContactFormatter.sortKey(for: ada, by: .given).hasPrefix("ada"))
    #expect(ContactFormatter.sortKey(for: ada, by: .family).hasPrefix("lovelace"))
  }

  @Test("dates print as ISO 8601, without a year as --MM-DD")
  func dates() {
    #expect(ContactDate(year: 1815, month: 12, day: 10).description == "1815-12-10")
    #expect(ContactDate(month: 4, day: 15).description == "--04-15")
  }

  @Test("a name's reading is shown in the name's order: family first for a Japanese, Chinese or Korean name or reading")
  func phoneticNameOrder() {
    var yamada = Contact(identifier: "y", source: "s")
    yamada.familyName = "山田"
    yamada.givenName = "太郎"
    yamada.phoneticFamilyName = "やまだ"
    yamada.phoneticGivenName = "たろう"
    #expect(ContactFormatter.phoneticName(yamada) == "やまだ たろう")
    var wang = Contact(identifier: "w", source: "s")
    wang.formattedName = "王小明"
    wang.phoneticFamilyName = "Wáng"
    wang.phoneticGivenName = "Xiǎomíng"
    #expect(ContactFormatter.phoneticName(wang) == "Xiǎomíng Wáng", "no Han name parts, a Latin reading: given first")
    wang.familyName = "王"
    wang.givenName = "小明"
    #expect(ContactFormatter.phoneticName(wang) == "Wáng Xiǎomíng")
    var siobhan = Contact(identifier: "s", source: "s")
    siobhan.givenName = "Siobhán"
    siobhan.familyName = "Ó Súilleabháin"
    siobhan.phoneticGivenName = "shi-VAWN"
    siobhan.phoneticMiddleName = "M"
    siobhan.phoneticFamilyName = "oh SULL-i-van"
    #expect(ContactFormatter.phoneticName(siobhan) == "shi-VAWN M oh SULL-i-van")
    #expect(ContactFormatter.phoneticName(Contact(identifier: "n", source: "s")) == "")
  }

  @Test("an ORG, NICKNAME or N of invisible characters alone is no name, as such an FN is not (case 18's order goes on)")
  func invisibleOnlyNames() {
    func named(_ change: (inout Contact) -> Void) -> String {
      var contact = Contact(identifier: "i", source: "s")
      contact.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "only@x.example")]
      change(&contact)
      return contact.displayName
    }
    #expect(named { $0.organizationName = "\u{200B}" } == "only@x.example")
    #expect(named { $0.nickname = "\u{3164}" } == "only@x.example")
    #expect(named { $0.familyName = "\u{200B}"; $0.givenName = "\u{3164}" } == "only@x.example")
    #expect(named { $0.familyName = "\u{200B}"; $0.givenName = "Ida" } == "Ida")
    #expect(named { $0.contactType = .organization; $0.organizationName = "\u{FEFF}"; $0.departmentName = "Sales" } == "Sales")
    #expect(named { $0.nickname = "Kit" } == "Kit")
    // An FN of the blank Braille pattern, or of a combining mark alone, shows nothing either.
    #expect(named { $0.formattedName = "\u{2800}"; $0.givenName = "Kai" } == "Kai")
    #expect(named { $0.formattedName = "\u{301}\u{301}"; $0.givenName = "Ida" } == "Ida")
    #expect(named { $0.formattedName = "e\u{301}" } == "e\u{301}")
    // It sorts by the name shown, not in `#`.
    var org = Contact(identifier: "o", source: "s")
    org.organizationName = "Real Org"
    var blankN = org
    blankN.familyName = "\u{200B}"
    blankN.givenName = "\u{3164}"
    #expect(ContactFormatter.sortKey(for: blankN) == ContactFormatter.sortKey(for: org))
  }

  @Test("a card named by its reading alone shows the reading; a title or suffix alone names a card that has nothing else (case 18)")
  func readingOrTitleAlone() {
    var reading = Contact(identifier: "r", source: "s")
    reading.phoneticGivenName = "Taro"
    reading.phoneticFamilyName = "Yamada"
    reading.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "taro@x.example")]
    #expect(reading.displayName == "Taro Yamada")
    var kana = Contact(identifier: "k", source: "s")
    kana.phoneticGivenName = "たろう"
    kana.phoneticFamilyName = "やまだ"
    #expect(kana.displayName == "やまだ たろう")
    var doctor = Contact(identifier: "d", source: "s")
    doctor.namePrefix = "Dr."
    #expect(doctor.displayName == "Dr.")
    doctor.nameSuffix = "PhD"
    #expect(doctor.displayName == "Dr. PhD")
    // The email, when there is one, names it rather than a title (PRODUCT.md's order).
    doctor.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "doc@x.example")]
    #expect(doctor.displayName == "doc@x.example")
    var invisible = Contact(identifier: "i", source: "s")
    invisible.namePrefix = "\u{200B}"
    #expect(invisible.displayName == "")
  }
}

