import ContactKit
import CpickTestSupport
import TerminalKit
import Testing

@testable import ContactPicker

/// fzf's `--select-1` / `--exit-0`: what the initial query decides without a screen,
/// and the picker started on the one match's card (`initialCard`).
@MainActor
@Suite("The initial query's one match")
struct InitialMatchTests {
  func picker(_ mode: PeoplePickerSelectionMode, query: String, multi: Bool = false) -> PeoplePickerController {
    let picker = PeoplePickerController(contacts: PropertyBook.contacts)
    picker.selectionMode = mode
    picker.initialQuery = query
    picker.allowsMultipleSelection = multi
    return picker
  }

  func contact(_ givenName: String) -> Contact {
    PropertyBook.contacts.first { $0.givenName == givenName }!
  }

  @Test("one match with several emails needs its card, not the list")
  func severalValuesNeedTheCard() {
    #expect(picker(.property(.emailAddresses), query: "ada").initialMatch() == .card(contact("Ada")))
  }

  @Test("one match with one email is chosen without a screen, as one property or, with -m, a list of one")
  func oneValueIsChosen() throws {
    let email = try #require(contact("Grace").properties(for: .emailAddresses).first)
    #expect(picker(.property(.emailAddresses), query: "grace").initialMatch() == .chosen(.selectedProperty(email)))
    #expect(
      picker(.property(.emailAddresses), query: "grace", multi: true).initialMatch()
        == .chosen(.selectedProperties([email])))
  }

  @Test("one person is chosen; one the selection predicate refuses needs its card")
  func person() {
    #expect(picker(.person, query: "grace").initialMatch() == .chosen(.selectedPerson(contact("Grace"))))
    let refusing = picker(.person, query: "grace")
    refusing.predicateForSelectionOfContact = { _ in false }
    #expect(refusing.initialMatch() == .card(contact("Grace")))
  }

  @Test("a match that cannot be chosen does not count: no match, or the one other")
  func disabledMatches() throws {
    // Charles has no email; the blank query lists all three, of whom Ada and Grace have one.
    #expect(picker(.property(.emailAddresses), query: "babbage").initialMatch() == .noMatch)
    #expect(picker(.property(.emailAddresses), query: "zzqxj").initialMatch() == .noMatch)
    #expect(picker(.property(.emailAddresses), query: "").initialMatch() == .several)
    let onlyGrace = picker(.property(.emailAddresses), query: "")
    onlyGrace.predicateForEnablingContact = { $0.givenName == "Grace" }
    let email = try #require(contact("Grace").properties(for: .emailAddresses).first)
    #expect(onlyGrace.initialMatch() == .chosen(.selectedProperty(email)))
  }

  @Test("started on the card, the first frame is the card and Enter chooses its preferred email")
  func startOnTheCard() throws {
    let picker = picker(.property(.emailAddresses), query: "ada")
    picker.initialCard = contact("Ada")
    let screen = MemoryScreen(rows: 24, columns: 70, keys: [.enter])
    let result = picker.run(on: screen)
    #expect(screen.frames.first?.text.contains("ada@home.example") == true)
    #expect(screen.frames.first?.text.contains("> ada") == false, "the list was not drawn")
    let preferred = try #require(contact("Ada").properties(for: .emailAddresses).first { $0.isPreferred })
    #expect(result == .selectedProperty(preferred))
  }

  @Test("Esc on the card it started on goes back to the list of the query, on that contact")
  func backToTheList() {
    let picker = picker(.property(.emailAddresses), query: "a")
    picker.initialCard = contact("Grace")
    let screen = MemoryScreen(rows: 24, columns: 70, keys: [.escape])
    _ = picker.run(on: screen)
    let list = screen.frames.last?.text ?? ""
    #expect(list.contains("> a"))
    let state = picker.state!
    #expect(state.selectedContact.map { state.list.contacts[$0].givenName } == "Grace")
  }
}

/// `-1` takes the contact the query's words start, not a loose fuzzy match beside it.
@MainActor
@Suite("The initial query's one candidate")
struct InitialCandidateTests {
  let people = [
    TestContacts.person("Herminio", "Barton", fn: "Herminio Dock Barton"),
    TestContacts.person("Heiko", "Mustermann"),
  ]

  func initialMatch(_ query: String) -> PeoplePickerInitialMatch {
    let picker = PeoplePickerController(contacts: people)
    picker.initialQuery = query
    return picker.initialMatch()
  }

  @Test("a name the words start is taken although a scattered match is listed too")
  func wordStartIsTaken() {
    #expect(initialMatch("heiko") == .chosen(.selectedPerson(people[1])))
  }

  @Test("only scattered matches: the list, not one of them; no match at all: noMatch")
  func scatteredOnly() {
    #expect(initialMatch("hmk") == .several)
    #expect(initialMatch("zzz") == .noMatch)
  }
}
