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
    #expect(GreekSpelling.elot(SearchFolding.fold(text), latin: "") == expected)
  }

  @Test("the passport spelling of a name as written: capitals, accents, diaeresis, final sigma, polytonic; none with Latin letters in it",
    arguments: [
      ("ΔΗΜΉΤΡΗΣ", "dimitris"), ("Σωκράτης", "sokratis"), ("ΒΑΣΙΛΕΊΟΥ", "vasileiou"), ("Ραΐσα", nil), ("ΕΥΤΥΧΊΑ", "eftychia"),
      ("Ζωή", "zoi"), ("Ἀθῆναι", "athinai"), ("Μαρία-Ελένη", "maria-eleni"), ("ΕΥΆΓΓΕΛΟΣ", "evangelos"),
      ("Αλέξης Τσίπρας", "alexis tsipras"), ("Νίκος Smith", nil), ("Ελένη2", nil), ("ΑΝΝΑ Mary", nil),
    ] as [(String, String?)])
  func spellingAsWritten(text: String, expected: String?) {
    // The transliteration, then the passport spelling where it differs.
    #expect(FoldedForms.compute(text).aliases.dropFirst() == (expected.map { [$0] } ?? [])[...])
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
