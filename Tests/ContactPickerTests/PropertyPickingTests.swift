import ContactKit
import CpickTestSupport
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker

@MainActor
final class PropertyDelegate: PeoplePickerDelegate {
  var events: [String] = []
  var property: ContactProperty?
  var properties: [ContactProperty] = []
  var people: [Contact] = []
  func peoplePicker(_ picker: PeoplePickerController, didSelect contact: Contact) { events.append("person \(contact.displayName)") }
  func peoplePicker(_ picker: PeoplePickerController, didSelect property: ContactProperty) {
    events.append("property \(property.value.singleLine)")
    self.property = property
  }
  func peoplePicker(_ picker: PeoplePickerController, didSelect contacts: [Contact]) {
    events.append("people")
    people = contacts
  }
  func peoplePicker(_ picker: PeoplePickerController, didSelect properties: [ContactProperty]) {
    events.append("properties")
    self.properties = properties
  }
  func peoplePickerDidCancel(_ picker: PeoplePickerController) { events.append("cancel") }
}

/// A book where Ada has two emails (the second preferred), Grace one, Charles none.
enum PropertyBook {
  static var contacts: [Contact] {
    var ada = TestContacts.person("Ada", "Lovelace", email: "ada@home.example", phone: "+44 20 7946 0000")
    ada.emailAddresses.append(LabeledValue(identifier: "ada-work", label: "work", value: "ada@work.example", isPreferred: true))
    ada.groups = ["Team"]
    ada.note = "Wrote the first program. " + String(repeating: "Analytical engine notes. ", count: 8)
    ada.postalAddresses = [LabeledValue(identifier: "adr", label: "home", value: PostalAddress(
      street: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH", country: "United Kingdom", isoCountryCode: "gb"))]
    var grace = TestContacts.person("Grace", "Hopper", email: "grace@navy.example")
    grace.groups = ["Team"]
    let charles = TestContacts.person("Charles", "Babbage", phone: "+44 20 7946 0001")
    return [ada, grace, charles]
  }
}

@MainActor
@Suite("Choosing a property")
struct PropertyPickingTests {
  func picker(_ mode: PeoplePickerSelectionMode, multi: Bool = false) -> PeoplePickerController {
    let picker = PeoplePickerController(contacts: PropertyBook.contacts)
    picker.selectionMode = mode
    picker.allowsMultipleSelection = multi
    return picker
  }

  func run(_ picker: PeoplePickerController, _ keys: [KeyEvent], rows: Int = 24, columns: Int = 70)
    -> (MemoryScreen, PropertyDelegate, PeoplePickerResult)
  {
    let screen = MemoryScreen(rows: rows, columns: columns, keys: keys)
    let delegate = PropertyDelegate()
    picker.delegate = delegate
    let result = picker.run(on: screen)
    return (screen, delegate, result)
  }

  @Test("a person with exactly one email is resolved at once")
  func singleValue() {
    let (_, delegate, _) = run(picker(.property(.emailAddresses)), MemoryScreen.keys(typing: "grace") + [.enter])
    #expect(delegate.events == ["property grace@navy.example"])
    #expect(delegate.property?.label == "work")
    #expect(delegate.property?.key == .emailAddresses)
  }

  @Test("a person with several emails opens the card on them, preferred first; Enter on the second chooses it")
  func severalValues() {
    let (screen, delegate, _) = run(
      picker(.property(.emailAddresses)), MemoryScreen.keys(typing: "ada") + [.enter, .down, .enter])
    #expect(delegate.events == ["property ada@home.example"])
    #expect(delegate.property?.identifier == "e-Ada")
    // The card showed both emails, the preferred one first, and the phone dimmed.
    let card = screen.frames[screen.frames.count - 2]
    let text = card.text
    #expect(text.contains("Ada Lovelace"))
    let work = text.range(of: "ada@work.example")!, home = text.range(of: "ada@home.example")!
    #expect(work.lowerBound < home.lowerBound)
    let phoneRow = (0..<card.rows).first { card.text(row: $0).contains("+44 20 7946 0000") }!
    #expect(card[phoneRow, 16].style.dim)
  }

  @Test("on a card where only emails can be chosen, the groups row is dimmed as the phone is; on a plain card it is not")
  func groupsRowDimmed() {
    var ada = Contact(identifier: "g", source: "s")
    ada.givenName = "Ada"
    ada.phoneNumbers = [LabeledValue(identifier: "p", label: "work", value: "+44 20 7946 0000")]
    ada.emailAddresses = [LabeledValue(identifier: "e", label: "work", value: "ada@work.example")]
    ada.groups = ["Analysts"]
    func groupsCells(_ state: PersonCardState) -> (value: Style, label: Style) {
      let frame = PersonCardView.render(state, rows: 16, columns: 60, color: true, hint: "")
      let row = (0..<frame.rows).first { frame.text(row: $0).contains("Analysts") }!
      let value = frame.text(row: row).range(of: "Analysts")!.lowerBound.utf16Offset(in: frame.text(row: row))
      let label = frame.text(row: row).range(of: "groups")!.lowerBound.utf16Offset(in: frame.text(row: row))
      return (frame[row, value].style, frame[row, label].style)
    }
    let picking = groupsCells(PersonCardState(contact: ada) { $0.key == .emailAddresses })
    #expect(picking.value.dim)
    #expect(picking.label.foreground == nil)
    let plain = groupsCells(PersonCardState(contact: ada))
    #expect(!plain.value.dim)
    #expect(plain.label.foreground == .cyan)
  }

  @Test("a person without the property is dimmed and cannot be chosen")
  func withoutValue() {
    let (screen, delegate, result) = run(picker(.property(.emailAddresses)), MemoryScreen.keys(typing: "babbage") + [.enter])
    #expect(result == .cancelled)
    #expect(!delegate.events.contains { $0.hasPrefix("property") })
    let frame = screen.frames.last!
    let row = (0..<frame.rows).first { frame.text(row: $0).contains("Charles Babbage") }!
    #expect(frame[row, 3].style.dim)
  }

  @Test("without -p, → opens the card and Enter on any value chooses that property; Esc goes back")
  func cardFromList() {
    let (_, delegate, _) = run(
      picker(.person), MemoryScreen.keys(typing: "ada") + [.right, .escape, .control("o"), .down, .enter])
    // Card rows: phone, then emails (preferred first) — Down lands on the preferred email.
    #expect(delegate.events == ["property ada@work.example"])
  }

  @Test("predicateForSelectionOfContact false opens the card instead of choosing")
  func selectionPredicate() {
    let picker = picker(.person)
    picker.predicateForSelectionOfContact = { $0.emailAddresses.count < 2 }
    let (_, delegate, _) = run(picker, MemoryScreen.keys(typing: "ada") + [.enter, .enter])
    #expect(delegate.events == ["property +44 20 7946 0000"])
    let (_, grace, _) = run(self.picker(.person), MemoryScreen.keys(typing: "grace") + [.enter])
    #expect(grace.events == ["person Grace Hopper"])
  }

  @Test("multi-select: Tab marks people, Enter gives them in the order chosen")
  func multiPeople() {
    let (screen, delegate, _) = run(picker(.person, multi: true), [.down, .down, .tab] + [.up, .up, .up, .tab, .enter])
    #expect(delegate.events == ["people"])
    let names = delegate.people.map(\.displayName)
    #expect(names.count == 2)
    #expect(names.first != names.last)
    #expect(screen.frames.last!.text(row: 0).hasSuffix("(2)"))
  }

  @Test("multi-select of properties: several values of one person from the card")
  func multiProperties() {
    let (_, delegate, _) = run(
      picker(.property(.emailAddresses), multi: true),
      MemoryScreen.keys(typing: "ada") + [.right, .tab, .tab, .enter])
    #expect(delegate.events == ["properties"])
    #expect(delegate.properties.map(\.value.singleLine) == ["ada@work.example", "ada@home.example"])
  }

  @Test("choosing a whole group in the groups view chooses every member's preferred email")
  func groupExpansion() {
    let (screen, delegate, _) = run(
      picker(.property(.emailAddresses), multi: true), [.control("t"), .down, .down, .tab, .enter])
    #expect(delegate.events == ["properties"])
    #expect(Set(delegate.properties.map(\.value.singleLine)) == ["ada@work.example", "grace@navy.example"])
    #expect(screen.frames.contains { $0.text.contains("Groups") && $0.text.contains("Team") })
  }

  @Test("the groups view narrows the list to a group")
  func groupNarrowing() {
    let (screen, _, _) = run(picker(.person), [.control("t"), .down, .down, .enter])
    let text = screen.frames.last!.text
    #expect(text.contains("2/3"))
    #expect(!text.contains("Charles Babbage"))
    #expect(text.contains("group: Team"))
  }

  @Test("Ctrl-X jumps to the next section, and a letter after it to that section")
  func sectionJump() {
    let picker = PeoplePickerController(contacts: TestContacts.book)
    let delegate = PropertyDelegate()
    picker.delegate = delegate
    picker.run(on: MemoryScreen(rows: 24, columns: 70, keys: [.control("x"), .character("t"), .enter]))
    #expect(delegate.events == ["person Alan Turing"])
    let next = PeoplePickerController(contacts: TestContacts.book)
    next.delegate = delegate
    next.run(on: MemoryScreen(rows: 24, columns: 70, keys: [.control("x"), .enter]))
    #expect(delegate.events.last == "person Charles Babbage")
  }

  @Test("the section index strip shows the letters present, the current one highlighted")
  func sectionStrip() {
    let screen = MemoryScreen(rows: 24, columns: 70, keys: [])
    PeoplePickerController(contacts: TestContacts.book).run(on: screen)
    let frame = screen.frames[0]
    let strip = (1..<frame.rows).map { frame[$0, 69].text }.filter { $0 != " " }
    #expect(strip == ["A", "B", "H", "L", "T", "W"])
    #expect(frame[1, 69].style.reverse)
  }
}

@MainActor
@Suite("The person card")
struct PersonCardTests {
  @Test("the header has the monogram, name and organization; addresses take several lines; long notes wrap")
  func layout() {
    var ada = PropertyBook.contacts[0]
    ada.jobTitle = "Analyst"
    ada.organizationName = "Analytical Society"
    let screen = MemoryScreen(rows: 30, columns: 60, keys: [])
    PersonViewController(contact: ada).run(on: screen)
    let lines = screen.frames[0].text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0].hasPrefix(" [AL]  Ada Lovelace"))
    #expect(lines[1].contains("Analyst · Analytical Society"))
    let street = lines.firstIndex { $0.contains("12 St James's Square") }!
    #expect(lines[street].contains("home"))
    #expect(lines[street + 1].trimmingCharacters(in: .whitespaces) == "London")
    #expect(lines[street + 2].trimmingCharacters(in: .whitespaces) == "SW1Y 4JH")
    let noteLines = lines.filter { $0.contains("Analytical engine") }
    #expect(noteLines.count >= 3)
    #expect(noteLines.allSatisfy { TerminalText.width($0) <= 60 })
    #expect(lines.contains { $0.contains("groups") && $0.contains("Team") })
  }

  @Test("a card longer than the screen scrolls to keep the highlighted value visible")
  func scrolling() {
    var many = TestContacts.person("Long", "Card")
    many.phoneNumbers = (0..<30).map { LabeledValue(identifier: "p\($0)", label: "mobile", value: "+1 555 01\($0 < 10 ? "0" : "")\($0)") }
    let screen = MemoryScreen(rows: 12, columns: 60, keys: Array(repeating: .down, count: 20))
    PersonViewController(contact: many).run(on: screen)
    let last = screen.frames.last!
    #expect(last.text.contains("+1 555 0120"))
    #expect(!last.text.contains("+1 555 0100"))
    #expect(last.text(row: 11).contains("/30"))
  }

  @Test("displayedPropertyKeys limits the card to those keys")
  func displayedKeys() {
    let card = PersonViewController(contact: PropertyBook.contacts[0])
    card.displayedPropertyKeys = [.emailAddresses]
    let screen = MemoryScreen(rows: 20, columns: 60, keys: [])
    card.run(on: screen)
    #expect(screen.text.contains("ada@work.example"))
    #expect(!screen.text.contains("+44 20 7946 0000"))
    #expect(!screen.text.contains("London"))
  }

  @Test("the delegate may refuse the default action; the card stays open")
  func shouldPerformDefaultAction() {
    final class Refuser: PersonViewDelegate {
      var asked: [String] = []
      func personViewController(_ controller: PersonViewController, shouldPerformDefaultActionFor property: ContactProperty) -> Bool {
        asked.append(property.value.singleLine)
        return asked.count > 1
      }
    }
    let refuser = Refuser()
    let card = PersonViewController(contact: PropertyBook.contacts[1])
    card.delegate = refuser
    let result = card.run(on: MemoryScreen(rows: 20, columns: 60, keys: [.enter, .enter]))
    #expect(refuser.asked == ["grace@navy.example", "grace@navy.example"])
    guard case .selectedProperty(let property) = result else {
      Issue.record("expected a property")
      return
    }
    #expect(property.value.singleLine == "grace@navy.example")
  }

  @Test("with colour the monogram is a coloured box; without, brackets")
  func monogramColour() {
    let screen = MemoryScreen(rows: 10, columns: 40, keys: [], colorEnabled: true)
    PersonViewController(contact: PropertyBook.contacts[1]).run(on: screen)
    let frame = screen.frames[0]
    #expect(frame.text(row: 0).hasPrefix("  GH"))
    #expect(frame[0, 2].style.background == .blue)
    #expect(Monogram.initials(for: TestContacts.book[3]) == "王")
  }

  @Test("an Arabic family name's initial is the letter after its article: عمر الخطيب is عخ")
  func arabicMonogram() {
    var contact = Contact(identifier: "a", source: "-")
    contact.givenName = "عمر"
    contact.familyName = "الخطيب"
    #expect(Monogram.initials(for: contact) == "عخ")
    contact.familyName = "الي"
    #expect(Monogram.initials(for: contact) == "عا")
    contact.familyName = "Lovelace"
    contact.givenName = "Ada"
    #expect(Monogram.initials(for: contact) == "AL")
  }

  @Test("a Thai name's initials are its first consonants, not a vowel written before them: สมชาย ใจดี is สจ")
  func thaiMonogram() {
    var contact = Contact(identifier: "t", source: "-")
    contact.givenName = "สมชาย"
    contact.familyName = "ใจดี"
    #expect(Monogram.initials(for: contact) == "สจ")
    contact.givenName = "เกียรติ"
    contact.familyName = "แก้วมณี"
    #expect(Monogram.initials(for: contact) == "กก")
  }
}
