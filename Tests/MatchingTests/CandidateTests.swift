import ContactKit
import CpickTestSupport
import Matching
import Testing

/// Loose fuzzy matches — letters picked out of the middle of several words — rank far
/// below the rest and are no candidates for a command that takes the one match
/// (`show`, `-1`): issue 23's `cpick show heiko` that also listed "Herminio Dock Barton".
@Suite("Scattered matches and the one candidate")
struct CandidateTests {
  let people = [
    TestContacts.person("Herminio", "Barton", fn: "Herminio Dock Barton"),
    TestContacts.person("Heiko", "Mustermann"),
    TestContacts.person("Doug", "Kutch", fn: "Doug Emilia Kutch"),
    TestContacts.person("John", "Doe"),
    TestContacts.person("Jane", "Doering"),
    TestContacts.person("Bo", "Ek", emails: ["hei.ko@example.com"]),
  ]

  func names(_ matches: [ContactMatch]) -> [String] { matches.map { people[$0.index].displayName } }

  @Test("letters scattered over several words rank below a fuzzy match in an email")
  func scatteredRanksFarBelow() {
    let found = names(ContactIndex(people).search("heiko"))
    #expect(found == ["Heiko Mustermann", "Bo Ek", "Herminio Dock Barton"])
  }

  @Test("every nickname of a card is searched, not only the first")
  func otherNicknames() {
    var wilhelmina = TestContacts.person("Wilhelmina", "Prax")
    wilhelmina.nickname = "Willa"
    wilhelmina.otherNicknames = ["Boss", "Минка"]
    let people = [TestContacts.person("Bosse", "Lind"), wilhelmina]
    for query in ["willa", "boss", "минка", "minka"] {
      #expect(ContactIndex(people).search(query).contains { $0.index == 1 }, "\(query)")
    }
  }

  @Test("a card's name in another language (FN and N of one ALTID) is searched: Ichiro Yamamoto finds 山本一郎")
  func alternateNames() {
    var ichiro = Contact(identifier: "ichiro", source: "-")
    ichiro.formattedName = "山本一郎"
    ichiro.alternateNames = ["Ichiro Yamamoto", "Иtiro"]
    let people = [TestContacts.person("Ichika", "Mori"), ichiro]
    for query in ["ichiro", "yamamoto", "ichiro yama", "иtiro"] {
      #expect(ContactIndex(people).search(query).map(\.index) == [1], "\(query)")
    }
    #expect(ContactIndex([TestContacts.person("Ichika", "Mori")]).search("yamamoto").isEmpty)
  }

  @Test("word pieces typed in order are not scattered: jsm finds John Smith, doe Doug Emilia Kutch after the Does")
  func wordPiecesStay() {
    let smith = [TestContacts.person("Jo", "Hasmith"), TestContacts.person("John", "Smith")]
    #expect(names(ContactIndex(smith).search("jsm"), in: smith) == ["John Smith", "Jo Hasmith"])
    #expect(names(ContactIndex(people).search("doe")) == ["John Doe", "Jane Doering", "Doug Emilia Kutch"])
  }

  func names(_ matches: [ContactMatch], in contacts: [Contact]) -> [String] {
    matches.map { contacts[$0.index].displayName }
  }

  @Test("the candidates are the contacts the words start when there are any")
  func candidatesAtWordStarts() {
    let index = ContactIndex(people)
    #expect(names(index.candidates("heiko")) == ["Heiko Mustermann"])
    #expect(names(index.candidates("doe")) == ["John Doe", "Jane Doering"])
    #expect(names(index.candidates("'doe'")) == ["John Doe"])
    #expect(names(index.candidates("mustermann hei")) == ["Heiko Mustermann"])
  }

  @Test("without word starts, the fuzzy matches that are not scattered; scattered ones never")
  func candidatesWithoutWordStarts() {
    let index = ContactIndex(people)
    #expect(names(index.candidates("dgemil")) == ["Doug Emilia Kutch"])
    #expect(names(index.candidates("hmk")) == [])  // the k inside Dock: scattered only
    #expect(names(index.search("hmk")) == ["Herminio Dock Barton"], "the list still shows it")
  }

  @Test("a phone term stays a digit match under every breadth")
  func phoneTerms() {
    let people = [TestContacts.person("Tilde", "Ark", phone: "0170 5550123")]
    #expect(ContactIndex(people).candidates("5550123").map(\.index) == [0])
  }
}
