import ContactKit
import Testing

private func card(
  family: String = "", given: String = "", fn: String = "", org: String = "",
  phoneticFamily: String = "", phoneticGiven: String = "", kind: ContactType = .person
) -> Contact {
  var contact = Contact(identifier: "\(family)|\(given)|\(fn)|\(org)", source: "t")
  contact.familyName = family
  contact.givenName = given
  contact.formattedName = fn
  contact.organizationName = org
  contact.phoneticFamilyName = phoneticFamily
  contact.phoneticGivenName = phoneticGiven
  contact.contactType = kind
  return contact
}

/// The display names of `contacts` in sort-key order (as `ContactList` sorts them).
private func sorted(_ contacts: [Contact], by order: ContactFormatter.SortOrder = .family) -> [String] {
  var keys = ContactFormatter.SortKeys(order: order)
  return contacts.map { (keys.key(for: $0), $0.displayName) }
    .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
}

private func section(_ contact: Contact) -> String {
  ContactFormatter.section(forSortKey: ContactFormatter.sortKey(for: contact))
}

@Suite("Sort order and sections")
struct SortKeyTests {
  @Test("a person's FN without N parts sorts by that name, not by the organization beside it; an organization's card by it")
  func formattedNameBeforeOrganization() {
    let people = [
      card(fn: "Zed Adams", org: "Acme"), card(fn: "Amy Zimmer", org: "Zeta Corp"), card(org: "Midway Ltd", kind: .organization),
    ]
    #expect(sorted(people, by: .given) == ["Amy Zimmer", "Midway Ltd", "Zed Adams"])
    #expect(section(people[0]) == "Z")
  }

  @Test("a long name part is keyed by its first characters only")
  func longNamePrefix() {
    let long = String(repeating: "ж", count: 10_000)
    let key = ContactFormatter.sortKey(for: card(family: long, given: "Иван"))
    let prefixKey = ContactFormatter.sortKey(
      for: card(family: String(long.prefix(ContactFormatter.sortKeyPrefixLength)), given: "Иван"))
    #expect(key == prefixKey)
    #expect(key.count < 4 * ContactFormatter.sortKeyPrefixLength)
    #expect(key.hasSuffix(" " + ContactFormatter.latinKey("Иван")) && key.hasPrefix(ContactFormatter.latinKey("жж")))
    // Names shorter than the prefix are keyed whole.
    #expect(
      ContactFormatter.sortKey(for: card(family: "Жуков", given: "Иван"))
        == ContactFormatter.latinKey("Жуков") + " " + ContactFormatter.latinKey("Иван"))
  }

  @Test("Latin letters with diacritics sort with their base letter: Ö with O, Ł with L")
  func latinCollation() {
    let people = [
      card(family: "Zander"), card(family: "Öberg"), card(family: "Olsen"), card(family: "Łukasiewicz"),
      card(family: "Lange"), card(family: "Müller"), card(family: "Murphy"), card(family: "Ørsted"),
    ]
    #expect(sorted(people) == ["Lange", "Łukasiewicz", "Müller", "Murphy", "Öberg", "Olsen", "Ørsted", "Zander"])
    #expect(section(card(family: "Öberg")) == "O")
    #expect(section(card(family: "Łukasiewicz")) == "L")
  }

  @Test("case does not change the order")
  func caseInsensitive() {
    #expect(sorted([card(family: "de Vries"), card(family: "Davis"), card(family: "Dunn")]) == ["Davis", "de Vries", "Dunn"])
  }

  @Test("Han names sort by pinyin among Latin names, family name first")
  func hanByPinyin() {
    let people = [
      card(family: "Zhou", given: "Jie"), card(family: "王", given: "小明"), card(family: "Walker", given: "Amy"),
      card(family: "李", given: "娜"), card(family: "Liu", given: "Yang"), card(family: "Wang", given: "Bo"),
    ]
    #expect(sorted(people) == ["李娜", "Yang Liu", "Amy Walker", "Bo Wang", "王小明", "Jie Zhou"])
  }

  @Test("a Han surname sorts by its reading as a surname: 曾 under Z, 单 under S")
  func surnameReadings() {
    #expect(section(card(family: "曾", given: "伟")) == "Z")
    #expect(section(card(family: "单", given: "田芳")) == "S")
    #expect(ContactFormatter.sortKey(for: card(family: "曾", given: "伟")) == "zeng wei")
  }

  @Test("a Hebrew or Arabic name that starts with alef, ayin or hamza sorts under A (Avraham, Ali), not in #")
  func hebrewAlefAndAyin() {
    #expect(section(card(fn: "אברהם")) == "A", "\(ContactFormatter.sortKey(for: card(fn: "אברהם")))")
    #expect(section(card(family: "עמית", given: "")) == "A")
    #expect(section(card(family: "علي", given: "سارة")) == "A", "\(ContactFormatter.sortKey(for: card(family: "علي", given: "سارة")))")
    #expect(section(card(family: "عثمان", given: "نور")) == "A")
    #expect(section(card(family: "أحمد", given: "ليلى")) == "A")
    #expect(section(card(family: "غانم", given: "هدى")) != "#")
    #expect(section(card(fn: "ʻAkaka")) == "A")
    #expect(section(card(fn: "ʻIolani")) == "I")
    let names = sorted([card(fn: "תמר"), card(fn: "אברהם"), card(fn: "דוד"), card(fn: "'Til Dawn")])
    #expect(names == ["אברהם", "דוד", "תמר", "'Til Dawn"])
  }

  @Test("Traditional characters sort with the Simplified ones")
  func traditional() {
    #expect(ContactFormatter.sortKey(for: card(family: "王", given: "曉明"))
      == ContactFormatter.sortKey(for: card(family: "王", given: "晓明")))
  }

  @Test("a Japanese card sorts by its phonetic reading, not the Chinese reading of its kanji")
  func japanesePhonetic() {
    let sato = card(family: "佐藤", given: "花子", phoneticFamily: "さとう", phoneticGiven: "はなこ")
    #expect(ContactFormatter.sortKey(for: sato) == "satou hanako")
    #expect(section(sato) == "S")
    let yamada = card(family: "山田", given: "健二", phoneticFamily: "ヤマダ", phoneticGiven: "ケンジ")
    #expect(sorted([yamada, sato, card(family: "Tanaka", given: "Aiko")]) == ["佐藤花子", "Aiko Tanaka", "山田健二"])
  }

  @Test("SORT-AS on N comes before everything when sorting by family name")
  func sortAs() {
    var deMann = card(family: "de Mann", given: "Henry")
    deMann.nameSortAs = ["Mann", "Henry"]
    #expect(ContactFormatter.sortKey(for: deMann) == "mann henry")
    #expect(section(deMann) == "M")
    #expect(ContactFormatter.sortKey(for: deMann, by: .given).hasPrefix("henry"))
  }

  @Test("an organization card sorts by its organization")
  func organizationCards() {
    let acme = card(family: "Doe", given: "John", org: "Acme", kind: .organization)
    #expect(ContactFormatter.sortKey(for: acme) == "acme")
    var theBank = card(org: "The Bank", kind: .organization)
    theBank.organizationSortAs = ["Bank"]
    #expect(section(theBank) == "B")
    #expect(section(card(org: "Quayside Lamp Works")) == "Q")
  }

  @Test("names that do not start with a letter sort last, in the # section")
  func numbersLast() {
    let people = [card(fn: "42 Club"), card(family: "Zeta"), card(family: "Abel"), card(fn: "🎸 Band")]
    let order = sorted(people)
    #expect(order.prefix(2) == ["Abel", "Zeta"])
    #expect(Set(order.suffix(2)) == ["42 Club", "🎸 Band"])
    #expect(section(card(fn: "42 Club")) == "#")
  }

  @Test("other scripts sort and file by their transliteration")
  func otherScripts() {
    #expect(section(card(family: "Петров", given: "Иван")) == "P")
    #expect(section(card(family: "Παπαδόπουλος")) == "P")
    #expect(section(card(family: "김", given: "민준")) == "K")
    #expect(section(card(family: "Straße")) == "S")
  }

  @Test("a CJK name written only in FN sorts family name first")
  func cjkFormattedNameOnly() {
    #expect(ContactFormatter.sortKey(for: card(fn: "王小明")) == "wang xiaoming")
  }
}
