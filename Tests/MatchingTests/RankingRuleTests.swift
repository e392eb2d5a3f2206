import ContactKit
import CpickTestSupport
import Matching
import Testing

/// The order of `people` for `query`.
private func ranked(_ query: String, _ people: [Contact]) -> [String] {
  orderedNames(ContactIndex(people).search(query), in: people)
}

@Suite("Ranking rules")
struct RankingRuleTests {
  @Test("the start of a name part beats a match inside a word")
  func nameStartBeatsInside() {
    #expect(ranked("ann", [TestContacts.person("Joanne", "Berg"), TestContacts.person("Lena", "Annerud")]) == ["Lena Annerud", "Joanne Berg"])
  }

  @Test("a name start beats a match inside an email")
  func nameStartBeatsEmail() {
    let people = [TestContacts.person("Bo", "Ek", emails: ["xmaria@example.com"]), TestContacts.person("Maria", "Lind")]
    #expect(ranked("maria", people) == ["Maria Lind", "Bo Ek"])
  }

  @Test("consecutive characters beat scattered ones")
  func consecutiveBeatsScattered() {
    let people = [TestContacts.person("Mar Tina", "Aro"), TestContacts.person("Martina", "Aro")]
    #expect(ranked("mart", people).first == "Martina Aro")
    // m-r-t: "ma-r-t" has one gap, "ma-u-r-i-t" three.
    let fuzzy = [TestContacts.person("Mauritania", "Lind"), TestContacts.person("Marta", "Lind")]
    #expect(ranked("mrt", fuzzy) == ["Marta Lind", "Mauritania Lind"])
  }

  @Test("a display name beats the organization, which beats an email")
  func fieldOrder() {
    let people = [
      TestContacts.person("Ed", "Ames", emails: ["ed@orion.example"]),
      TestContacts.person("Di", "Bell", org: "Orion"),
      TestContacts.person("Orion", "Cole"),
    ]
    #expect(ranked("orion", people) == ["Orion Cole", "Di Bell", "Ed Ames"])
  }

  @Test("a given or family name beats a middle name with the same letters")
  func middleNameBelowGivenName() {
    var alejandro = TestContacts.person("Alejandro", "García")
    alejandro.middleName = "María"
    let people = [alejandro, TestContacts.person("María", "García")]
    // Sorted by family then given name, Alejandro comes first; the given name wins.
    #expect(ranked("maria garcia", people) == ["María García", "Alejandro María García"])
    // Also when the family name goes on (Spanish double surnames).
    let double = [alejandro, TestContacts.person("María", "García Fernández de la Torre")]
    #expect(ranked("maria garcia", double) == ["María García Fernández de la Torre", "Alejandro María García"])
    var henry = TestContacts.person("Henry", "Smith")
    henry.middleName = "John"
    #expect(ranked("john smith", [henry, TestContacts.person("John", "Smith")]) == ["John Smith", "Henry John Smith"])
    // The middle name still finds the person: below a given name that starts so, above
    // a match inside a word.
    #expect(ranked("maria", [TestContacts.person("Rosamaria", "Abel"), alejandro, TestContacts.person("Marianne", "Abel")])
      == ["Marianne Abel", "Alejandro María García", "Rosamaria Abel"])
  }

  @Test("a pinyin reading ranks below a Latin name with the same letters")
  func aliasBelowName() {
    #expect(ranked("wang", [TestContacts.person("小明", "王"), TestContacts.person("Wang", "Li")]) == ["Wang Li", "王小明"])
  }

  @Test("equal matches keep the sort order they were given in")
  func tiesBySortOrder() {
    let people = [TestContacts.person("Maria", "Alves"), TestContacts.person("Maria", "Brandt"), TestContacts.person("Maria", "Costa")]
    #expect(ranked("maria", people) == ["Maria Alves", "Maria Brandt", "Maria Costa"])
    #expect(ranked("maria", people.reversed()) == ["Maria Costa", "Maria Brandt", "Maria Alves"])
  }

  @Test("an OR clause counts its best alternative")
  func orTakesBest() {
    let people = [TestContacts.person("Gracie", "Doe"), TestContacts.person("Ada", "Zed")]
    // "ada" is a whole given name, "grace" only a prefix of "Gracie".
    #expect(ranked("grace | ada", people) == ["Ada Zed", "Gracie Doe"])
  }

  @Test("excluding terms do not change the order of what remains")
  func negationKeepsOrder() {
    let people = [TestContacts.person("Annabel", "Lee"), TestContacts.person("Ann", "Moore"), TestContacts.person("Anna", "Smith")]
    #expect(ranked("ann !smith", people) == ["Ann Moore", "Annabel Lee"])
  }
}
