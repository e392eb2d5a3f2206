import ContactKit
import CpickTestSupport
import Testing

@testable import Matching

/// Case 20's kind (a name found as its readers write it): a Greek name is found by its
/// passport spelling (ELOT 743), as by ICU's scholarly one.
@Suite struct GreekSpellingTests {
  @Test("ELOT 743: β v, η i, χ ch, ου ou, αυ/ευ av/ev or af/ef, γκ/γγ nk/ng; accents dropped", arguments: [
    ("Δημήτρης", "dimitris"), ("Ελένη", "eleni"), ("Βασιλείου", "vasileiou"), ("Χατζιδάκης", "chatzidakis"),
    ("Ευάγγελος", "evangelos"), ("Αυτοκράτορας", "aftokratoras"), ("Παπαδόπουλος", "papadopoulos"),
    ("Γιώργος", "giorgos"), ("Θεοφάνης-Ψαράς", "theofanis-psaras"),
  ])
  func spelling(text: String, expected: String) {
    #expect(GreekSpelling.elot(text, latin: "") == expected)
  }

  @Test("a Greek name is found by its passport spelling and by ICU's")
  func search() {
    let people = [
      TestContacts.person("Δημήτρης", "Βασιλείου"), TestContacts.person("Ελένη", "Χατζιδάκη"),
      TestContacts.person("Ευάγγελος", "Παπαδόπουλος"),
    ]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    for (query, name) in [
      ("dimitris", "Δημήτρης Βασιλείου"), ("vasileiou", "Δημήτρης Βασιλείου"), ("basileiou", "Δημήτρης Βασιλείου"),
      ("eleni", "Ελένη Χατζιδάκη"), ("chatzidaki", "Ελένη Χατζιδάκη"), ("evangelos", "Ευάγγελος Παπαδόπουλος"),
    ] {
      #expect(found(query) == [name], "query \(query)")
    }
  }
}
