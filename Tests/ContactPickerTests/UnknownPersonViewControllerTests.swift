import ContactKit
import CpickTestSupport
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker
@testable import AddressBook
@testable import ContactFormats

@MainActor
final class UnknownPersonRecorder: UnknownPersonViewDelegate {
  var resolved: [Contact?] = []
  var asked: [ContactProperty] = []
  var allowsDefaultAction = true
  func unknownPersonViewController(_ controller: UnknownPersonViewController, didResolveTo contact: Contact?) {
    resolved.append(contact)
  }
  func unknownPersonViewController(
    _ controller: UnknownPersonViewController, shouldPerformDefaultActionFor property: ContactProperty
  ) -> Bool {
    asked.append(property)
    return allowsDefaultAction
  }
}

/// What the save seam received: each contact with its original.
@MainActor
final class UnknownPersonSaves {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "contacts.vcf changed on disk since it was read" }
  }
  var received: [(contact: Contact, original: Contact?)] = []
  var failuresLeft = 0
  func save(_ contact: Contact, _ original: Contact?) throws -> Contact {
    received.append((contact, original))
    if failuresLeft > 0 {
      failuresLeft -= 1
      throw Refused()
    }
    var saved = contact
    if original == nil { saved.source = "/home/ada/.local/share/cpick/contacts/new.vcf" }
    return saved
  }
}

@MainActor
struct UnknownRun {
  let screen: MemoryScreen
  let controller: UnknownPersonViewController
  let delegate: UnknownPersonRecorder
  let saves: UnknownPersonSaves
  let result: UnknownPersonResult
  var screens: [String] { screen.frames.map(\.text) }
}

/// An unknown-person card set up on a `MemoryScreen` with its delegate and save seam,
/// to be run or presented.
@MainActor
struct UnknownCard {
  let screen: MemoryScreen
  let controller: UnknownPersonViewController
  let delegate: UnknownPersonRecorder
  let saves: UnknownPersonSaves

  /// The run, once the card ended with `result`.
  func ended(with result: UnknownPersonResult) -> UnknownRun {
    UnknownRun(screen: screen, controller: controller, delegate: delegate, saves: saves, result: result)
  }
}

@MainActor
@Suite("Unknown-person card")
struct UnknownPersonViewControllerTests {
  /// The sender of a mail: `"Lovelace, Ada" <countess@engines.example>`.
  static let sender: Contact = {
    let address = MessageAddressParser().addresses(in: "From: \"Lovelace, Ada\" <countess@engines.example>\r\n\r\n")
    return address[0].contact()
  }()

  static func run(
    _ keys: [KeyEvent], person: Contact = sender, book: [Contact] = TestContacts.book, adding: Bool = true,
    editing: Bool = true, allowsDefault: Bool = true, failures: Int = 0, rows: Int = 24,
    configure: (UnknownPersonViewController) -> Void = { _ in }
  ) -> UnknownRun {
    let card = make(
      keys, person: person, book: book, adding: adding, editing: editing, allowsDefault: allowsDefault,
      failures: failures, rows: rows, configure: configure)
    return card.ended(with: card.controller.run(on: card.screen))
  }

  /// The card `run` runs, not yet run: `ended(with:)` makes its `UnknownRun`.
  static func make(
    _ keys: [KeyEvent], person: Contact = sender, book: [Contact] = TestContacts.book, adding: Bool = true,
    editing: Bool = true, allowsDefault: Bool = true, failures: Int = 0, rows: Int = 24,
    configure: (UnknownPersonViewController) -> Void = { _ in }
  ) -> UnknownCard {
    let screen = MemoryScreen(rows: rows, columns: 80, keys: keys)
    let controller = UnknownPersonViewController(displayedPerson: person)
    let delegate = UnknownPersonRecorder()
    delegate.allowsDefaultAction = allowsDefault
    let saves = UnknownPersonSaves()
    saves.failuresLeft = failures
    controller.delegate = delegate
    controller.existingContacts = book
    controller.allowsAddingToAddressBook = adding
    controller.region = "GB"
    if editing {
      controller.editing = ContactEditing(region: "GB") { contact, original in try saves.save(contact, original) }
    }
    configure(controller)
    return UnknownCard(screen: screen, controller: controller, delegate: delegate, saves: saves)
  }

  @Test("the card shows the person like the person card, the message under the name, and the two adding actions")
  func card() {
    let run = Self.run([]) { $0.message = "From a mail: Notes on the Analytical Engine" }
    let screen = run.screens[0]
    let lines = screen.split(separator: "\n").map(String.init)
    #expect(lines[0] == " [AL]  Ada Lovelace")
    #expect(lines[1] == "       From a mail: Notes on the Analytical Engine")
    #expect(lines.contains { $0.hasSuffix("email  countess@engines.example") })
    #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "Create New Contact" })
    #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "Add to Existing Contact" })
    #expect(!screen.contains("In contacts as"))
    #expect(lines.last?.hasPrefix("↑↓ move · enter choose · n new · a add to existing · esc cancel") == true)
    // The cursor starts on the first action.
    #expect(run.controller.state?.cursor == .command(.createNew))
  }

  @Test("without a name, alternateName is the title")
  func alternateName() {
    var person = Contact(identifier: "", source: "")
    person.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "noreply@engines.example")]
    let run = Self.run([], person: person) { $0.alternateName = "Analytical Engines (mailer)" }
    #expect(run.screens[0].hasPrefix(" [AE]  Analytical Engines (mailer)"))
  }

  @Test("Create New Contact opens the form pre-filled from the mail; Ctrl-S saves the pre-filled contact through the seam")
  func createNew() throws {
    let run = Self.run([.enter, .control("s")], book: Array(TestContacts.book.dropFirst()))
    #expect(run.screens[1].contains("New Contact · Ada Lovelace"))
    #expect(run.saves.received.count == 1)
    let saved = try #require(run.saves.received.first)
    #expect(saved.original == nil)
    #expect(saved.contact.givenName == "Ada")
    #expect(saved.contact.familyName == "Lovelace")
    #expect(saved.contact.emailAddresses.map(\.value) == ["countess@engines.example"])
    #expect(saved.contact.identifier.hasPrefix("urn:uuid:"))
    guard case .resolved(let person) = run.result else {
      Issue.record("not resolved: \(run.result)")
      return
    }
    #expect(person.source == "/home/ada/.local/share/cpick/contacts/new.vcf")
    #expect(run.delegate.resolved == [person])
  }

  @Test("the form's duplicate check looks in the address book: s in its prompt saves anyway")
  func createNewDuplicate() {
    let run = Self.run([.enter, .control("s"), .character("s")])
    #expect(run.screens[2].contains("Ada Lovelace  same name Ada Lovelace"))
    #expect(run.saves.received.map(\.contact.familyName) == ["Lovelace"])
    guard case .resolved = run.result else {
      Issue.record("not resolved: \(run.result)")
      return
    }
  }

  @Test("o in the form's duplicate prompt opens the existing contact's card; closing it resolves to her")
  func createNewOpenExisting() {
    let run = Self.run([.enter, .control("s"), .character("o"), .escape])
    #expect(run.screens[3].hasPrefix(" [AL]  Ada Lovelace"))
    #expect(run.saves.received.isEmpty)
    #expect(run.result == .resolved(TestContacts.book[0]))
  }

  @Test("n is Create New Contact from anywhere on the card; Esc in an unchanged form goes back to the card")
  func createNewCancelled() {
    let run = Self.run([.down, .character("n"), .escape])
    #expect(run.screens.last!.contains("Create New Contact"))
    #expect(run.screens.last!.contains("Add to Existing Contact"))
    #expect(run.saves.received.isEmpty)
    #expect(run.result == .cancelled)
    #expect(run.delegate.resolved == [nil])
  }

  @Test("Add to Existing Contact: picker, pick, confirmation with the added value marked, y saves merged with its original")
  func addToExisting() throws {
    let run = Self.run([.character("a")] + typing("lovelace") + [.enter, .character("y")])
    let picker = run.screens[1]
    #expect(picker.contains("Ada Lovelace"))
    let confirmation = run.screens[run.screens.count - 1]
    #expect(confirmation.hasPrefix(" Add this value to Ada Lovelace?"))
    let added = confirmation.split(separator: "\n").first { $0.contains("countess@engines.example") }
    #expect(added?.hasPrefix("✓") == true)
    #expect(confirmation.contains("ada@example.org"))
    #expect(confirmation.contains("enter/y save · esc/n back"))
    #expect(run.saves.received.count == 1)
    let (merged, original) = run.saves.received[0]
    let ada = TestContacts.book[0]
    #expect(original == ada)
    var expected = ada
    expected.emailAddresses.append(
      LabeledValue(identifier: "Ada-Lovelace/emailAddresses/added-1", label: nil, value: "countess@engines.example"))
    #expect(merged == expected)
    #expect(run.result == .resolved(merged))
    #expect(run.delegate.resolved == [merged])
  }

  @Test("Esc on the confirmation goes back to the picker with its query; Esc there back to the card; nothing is saved")
  func addToExistingBack() {
    let run = Self.run([.character("a")] + typing("lovelace") + [.enter, .escape])
    #expect(run.screens[run.screens.count - 2].contains("> lovelace"))
    let back = Self.run([.character("a")] + typing("lovelace") + [.enter, .escape, .escape])
    #expect(back.screens.last!.contains("Add to Existing Contact"))
    #expect(back.saves.received.isEmpty)
    #expect(back.result == .cancelled)
    #expect(back.delegate.resolved == [nil])
  }

  @Test("when the chosen person already has every value, the confirmation says so and Enter resolves to her unsaved")
  func addToExistingNothingNew() {
    var person = Self.sender
    person.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "ADA@example.org")]
    let run = Self.run([.character("a")] + typing("lovelace") + [.enter, .enter], person: person)
    #expect(run.screens[run.screens.count - 1].hasPrefix(" Ada Lovelace already has everything on this card."))
    #expect(run.saves.received.isEmpty)
    #expect(run.result == .resolved(TestContacts.book[0]))
  }

  @Test("a refused save is shown on the confirmation, which stays; a second y saves")
  func addToExistingRefused() {
    let run = Self.run([.character("a")] + typing("lovelace") + [.enter, .character("y")], failures: 1)
    #expect(run.screens.last!.contains("Not saved: contacts.vcf changed on disk since it was read"))
    #expect(run.result == .cancelled)
    let retry = Self.run([.character("a")] + typing("lovelace") + [.enter, .character("y"), .character("y")], failures: 1)
    #expect(retry.saves.received.count == 2)
    guard case .resolved = retry.result else {
      Issue.record("not resolved: \(retry.result)")
      return
    }
  }

  @Test("a known sender: In contacts as …, Open her card; closing the card resolves to her")
  func knownSender() {
    var person = Self.sender
    person.emailAddresses.append(LabeledValue(identifier: "", label: nil, value: "ADA@example.org"))
    let run = Self.run([.enter, .escape], person: person)
    let card = run.screens[0]
    #expect(card.contains("known  In contacts as Ada Lovelace"))
    #expect(card.contains("Open Ada Lovelace’s card"))
    #expect(card.contains("o open"))
    #expect(run.controller.state?.cursor == .command(.openKnown(0)))
    #expect(run.screens[1].hasPrefix(" [AL]  Ada Lovelace"))
    #expect(!run.screens[1].contains("Create New Contact"))
    #expect(run.result == .resolved(TestContacts.book[0]))
    #expect(run.delegate.resolved == [TestContacts.book[0]])
    #expect(run.saves.received.isEmpty)
  }

  @Test("choosing a value on the known contact's card asks the delegate and ends with that property")
  func knownSenderValue() {
    var person = Contact(identifier: "", source: "")
    person.phoneNumbers = [LabeledValue(identifier: "", label: nil, value: "020 7946 0001")]
    let run = Self.run([.character("o"), .enter], person: person)
    #expect(run.screens[0].contains("In contacts as Charles Babbage"))
    guard case .selectedProperty(let property) = run.result else {
      Issue.record("no property: \(run.result)")
      return
    }
    #expect(property.contact == TestContacts.book[2])
    #expect(property.value == .text("+44 20 7946 0001"))
    #expect(run.delegate.asked == [property])
    #expect(run.delegate.resolved.isEmpty)
  }

  @Test("Esc cancels: the delegate hears nil, nothing is saved")
  func cancel() {
    for key in [KeyEvent.escape, .control("c"), .control("g")] {
      let run = Self.run([key])
      #expect(run.result == .cancelled)
      #expect(run.delegate.resolved == [nil])
      #expect(run.saves.received.isEmpty)
    }
  }

  @Test("allowsAddingToAddressBook = false, or no editing, hides the adding actions; n and a do nothing")
  func noAdding() {
    for run in [Self.run([.character("n"), .character("a")], adding: false),
                Self.run([.character("n"), .character("a")], editing: false)] {
      #expect(Set(run.screens).count == 1)
      #expect(!run.screens[0].contains("Create New Contact"))
      #expect(!run.screens[0].contains("Add to Existing Contact"))
      #expect(run.screens[0].split(separator: "\n").last?.hasPrefix("↑↓ move · enter choose · esc cancel") == true)
      #expect(run.controller.state?.cursor == .value(0))
    }
  }

  @Test("Enter on a value asks shouldPerformDefaultActionFor and ends with .selectedProperty when it says yes")
  func chooseValue() {
    let run = Self.run([.up, .up, .enter])
    guard case .selectedProperty(let property) = run.result else {
      Issue.record("no property: \(run.result)")
      return
    }
    #expect(property.key == .emailAddresses)
    #expect(property.value == .text("countess@engines.example"))
    #expect(property.identifier == "emailAddresses/0")
    #expect(run.delegate.asked == [property])
    #expect(run.delegate.resolved.isEmpty)
  }

  @Test("when the delegate says no, the card stays open")
  func chooseValueRefused() {
    let run = Self.run([.up, .up, .enter], allowsDefault: false)
    #expect(run.delegate.asked.count == 1)
    #expect(run.result == .cancelled)
    #expect(run.screens.count == 4)
  }

  @Test("allowsActions = false: values are only shown, the cursor stays on the actions")
  func noActions() {
    let run = Self.run([.up, .up, .enter, .escape]) { $0.allowsActions = false }
    #expect(run.delegate.asked.isEmpty)
    #expect(run.screens[1].contains("New Contact"))
  }

  @Test("knownContact(for:in:region:) finds a sender by email without regard to case, or by phone in any format")
  func knownContact() {
    var byMail = Contact(identifier: "", source: "")
    byMail.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "Grace@Navy.Example")]
    #expect(UnknownPersonViewController.knownContact(for: byMail, in: TestContacts.book, region: "US")?.displayName
      == "Grace Hopper")
    var byPhone = Contact(identifier: "", source: "")
    byPhone.phoneNumbers = [LabeledValue(identifier: "", label: nil, value: "555-010-0142")]
    #expect(UnknownPersonViewController.knownContact(for: byPhone, in: TestContacts.book, region: "US")?.displayName
      == "Grace Hopper")
    var byName = Contact(identifier: "", source: "")
    byName.givenName = "Grace"
    byName.familyName = "Hopper"
    byName.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "amazing.grace@example.org")]
    #expect(UnknownPersonViewController.knownContact(for: byName, in: TestContacts.book, region: "US") == nil)
  }

  @Test("known contacts found through a list's index are those found by reading every contact")
  func knownContactsInAList() {
    let list = ContactList(TestContacts.book)
    var byMail = Contact(identifier: "", source: "")
    byMail.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "Grace@Navy.Example")]
    var byPhone = Contact(identifier: "", source: "")
    byPhone.phoneNumbers = [LabeledValue(identifier: "", label: nil, value: "555-010-0142")]
    var byName = Contact(identifier: "", source: "")
    byName.givenName = "Grace"
    byName.familyName = "Hopper"
    for person in [byMail, byPhone, byName] {
      #expect(
        UnknownPersonViewController.knownContacts(for: person, in: list, region: "US").map(\.identifier)
          == UnknownPersonViewController.knownContacts(for: person, in: TestContacts.book, region: "US").map(\.identifier))
    }
    #expect(UnknownPersonViewController.knownContacts(for: byPhone, in: list, region: "US").map(\.displayName) == ["Grace Hopper"])
    let card = UnknownPersonViewController(displayedPerson: byMail)
    card.existingList = list
    #expect(card.knownContacts.map(\.displayName) == ["Grace Hopper"])
  }

  @Test("present(on:) returns the same result as run(on:)")
  func present() async {
    let screen = MemoryScreen(rows: 24, columns: 80, keys: [.escape])
    let controller = UnknownPersonViewController(displayedPerson: Self.sender)
    #expect(await controller.present(on: screen) == .cancelled)
  }
}
