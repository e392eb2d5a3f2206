// Snapshot tests of each screen: the whole 40 × 120 frame of every controller in the
// states users see, compared with text files in `__Snapshots__/` beside this file
// (found from `#filePath`, not the working directory; see `ScreenSnapshot`).
//
// A snapshot that differs, or is missing, fails. To record them again after an
// intended change of the UI:
//
//     CPICK_RECORD_SNAPSHOTS=1 swift test --filter Snapshot
//
// (that run writes every file and fails each test, so it is never taken for a pass),
// then read the diff of `__Snapshots__/` as the change users will see, and commit it.
//
// Inputs are fixed: the sample book `Tests/Fixtures/sample-addressbook.vcf` and small
// contacts built here, a fixed region and identifiers, no destination path, no times.

import ContactKit
import ContactStores
import Foundation
import Testing
import TerminalKit

import ContactPicker

/// The sample address book shipped in `Tests/Fixtures`, read once.
@MainActor
enum SnapshotBook {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/sample-addressbook.vcf").path

  static let contacts: [Contact] = {
    do {
      return try VCardFileStore(path: path).load().contacts
    } catch {
      Issue.record("could not read \(path): \(error)")
      return []
    }
  }()

  /// The contact of the sample book named `name`.
  static func contact(_ name: String) -> Contact? {
    contacts.first { $0.formattedName == name }
  }

  /// Editing settings whose save seam returns what it is given (never reached here).
  static func editing(existing: [Contact] = []) -> ContactEditing {
    ContactEditing(existingContacts: existing, region: "GB") { contact, _ in contact }
  }
}

@MainActor
@Suite("Snapshots: people picker")
struct PeoplePickerSnapshotTests {
  /// The picker as `cpick` opens it on the sample book (adding allowed).
  func frame(_ keys: [KeyEvent], configure: (PeoplePickerController) -> Void = { _ in }) -> Frame? {
    snapshotFrame(keys) { screen in
      let picker = PeoplePickerController(contacts: SnapshotBook.contacts)
      picker.editing = SnapshotBook.editing()
      configure(picker)
      picker.run(on: screen)
    }
  }

  @Test("the first frame, empty query")
  func firstFrame() {
    ScreenSnapshot.assert(frame([]), named: "picker-first-frame")
  }

  @Test("a pinyin query: wang finds the Han names, highlighted")
  func queryWang() {
    ScreenSnapshot.assert(frame(MemoryScreen.keys(typing: "wang")), named: "picker-query-wang")
  }

  @Test("an accent-folding query of two words: jose alv")
  func queryJoseAlv() {
    ScreenSnapshot.assert(frame(MemoryScreen.keys(typing: "jose alv")), named: "picker-query-jose-alv")
  }

  @Test("a query with no match")
  func noMatch() {
    ScreenSnapshot.assert(frame(MemoryScreen.keys(typing: "qqqq")), named: "picker-no-match")
  }

  @Test("multi-select (-m): two people marked with Tab")
  func multiSelect() {
    let keys = MemoryScreen.keys(typing: "thornton") + [.tab, .tab]
    ScreenSnapshot.assert(frame(keys) { $0.allowsMultipleSelection = true }, named: "picker-multi-marked")
  }

  @Test("phone digits whatever their formatting: 0100142")
  func queryDigits() {
    ScreenSnapshot.assert(frame(MemoryScreen.keys(typing: "0100142")), named: "picker-query-digits")
  }

  @Test("property mode (-p email): a person without an email (Charles Babbage, added to the book) dimmed")
  func propertyMode() {
    var babbage = Contact(identifier: "urn:uuid:babbage", source: "babbage.vcf")
    babbage.givenName = "Charles"
    babbage.familyName = "Babbage"
    babbage.phoneNumbers = [LabeledValue(identifier: "babbage-tel", label: "work", value: "+44 20 7946 0001")]
    let frame = snapshotFrame([]) { screen in
      let picker = PeoplePickerController(contacts: SnapshotBook.contacts + [babbage])
      picker.editing = SnapshotBook.editing()
      picker.selectionMode = .property(.emailAddresses)
      picker.run(on: screen)
    }
    ScreenSnapshot.assert(frame, named: "picker-property-email")
  }

  @Test("property mode: Enter on a person with several emails opens the card on them")
  func propertyCard() {
    let keys = MemoryScreen.keys(typing: "wang xiao") + [.enter]
    ScreenSnapshot.assert(
      frame(keys) { $0.selectionMode = .property(.emailAddresses) }, named: "picker-property-email-card")
  }

  @Test("the groups list (Ctrl-T)")
  func groups() {
    ScreenSnapshot.assert(frame([.control("t")]), named: "picker-groups")
  }

  @Test("the list narrowed to a group (Ctrl-T, ↓↓ to Climbing, Enter)")
  func narrowedToGroup() {
    ScreenSnapshot.assert(frame([.control("t"), .down, .down, .enter]), named: "picker-group-narrowed")
  }

  @Test("the card opened from the list (wang, →)")
  func cardFromList() {
    ScreenSnapshot.assert(frame(MemoryScreen.keys(typing: "wang") + [.right]), named: "picker-card-from-list")
  }
}

@MainActor
@Suite("Snapshots: person card")
struct PersonCardSnapshotTests {
  func frame(_ name: String, _ keys: [KeyEvent]) -> Frame? {
    guard let contact = SnapshotBook.contact(name) else {
      Issue.record("no \(name) in the sample book")
      return nil
    }
    return snapshotFrame(keys) { screen in
      let card = PersonViewController(contact: contact)
      card.editing = SnapshotBook.editing()
      card.run(on: screen)
    }
  }

  @Test("a full card: CJK name, phonetic name, nickname, several values, a Japanese address, a note")
  func fullCard() {
    ScreenSnapshot.assert(frame("佐藤美咲", []), named: "card-full-cjk")
  }

  @Test("a full card in Latin script with a multi-line address, moved down to the third value")
  func latinCard() {
    ScreenSnapshot.assert(frame("José Álvarez", [.down, .down]), named: "card-full-latin")
  }

  @Test("edit mode (e)")
  func editMode() {
    ScreenSnapshot.assert(frame("佐藤美咲", [.character("e")]), named: "card-edit")
  }
}

@MainActor
@Suite("Snapshots: new-person form")
struct NewPersonSnapshotTests {
  static let jorg: Contact = {
    var contact = Contact(identifier: "urn:uuid:jorg", source: "jorg.vcf")
    contact.givenName = "Jörg"
    contact.familyName = "Müller"
    contact.organizationName = "Müller & Söhne"
    contact.phoneNumbers = [LabeledValue(identifier: "jorg-tel", label: "mobile", value: "+49 151 2345678")]
    contact.emailAddresses = [LabeledValue(identifier: "jorg-mail", label: "work", value: "joerg@mueller.example")]
    return contact
  }()

  /// The first name, then past middle and last name, suffix, nickname, phonetic name,
  /// company, department and job title to "add phone".
  static let toAddPhone = Array(repeating: KeyEvent.tab, count: 9)

  func frame(_ keys: [KeyEvent], existing: [Contact] = []) -> Frame? {
    snapshotFrame(keys) { screen in
      let form = NewPersonViewController()
      form.existingContacts = existing
      form.region = "DE"
      form.makeIdentifier = { "urn:uuid:7d3c0f5e-1111-4222-8333-944455556666" }
      form.save = { $0 }
      form.run(on: screen)
    }
  }

  @Test("the empty form")
  func empty() {
    ScreenSnapshot.assert(frame([]), named: "new-person-empty")
  }

  @Test("partly filled: a name and a phone number")
  func partlyFilled() {
    let keys = MemoryScreen.keys(typing: "Ada") + [.down, .down] + MemoryScreen.keys(typing: "Lovelace")
      + Array(repeating: .tab, count: 7) + MemoryScreen.keys(typing: "+44 20 7946 0000")
    ScreenSnapshot.assert(frame(keys), named: "new-person-partly-filled")
  }

  @Test("validation errors shown after Ctrl-S: a phone, an email and a date")
  func validationErrors() {
    let keys = MemoryScreen.keys(typing: "Ada") + Self.toAddPhone + MemoryScreen.keys(typing: "0151_CALL")
      + [.tab, .tab] + MemoryScreen.keys(typing: "ada@localhost") + Array(repeating: .tab, count: 5)
      + MemoryScreen.keys(typing: "2023-02-29") + [.up, .control("s")]
    ScreenSnapshot.assert(frame(keys), named: "new-person-validation-errors")
  }

  @Test("the duplicate warning: a phone number already in the book, written nationally")
  func duplicateWarning() {
    let keys = MemoryScreen.keys(typing: "J.") + [.down, .down] + MemoryScreen.keys(typing: "Mueller")
      + Array(repeating: .tab, count: 7) + MemoryScreen.keys(typing: "0151 2345678") + [.control("s")]
    ScreenSnapshot.assert(frame(keys, existing: [Self.jorg]), named: "new-person-duplicate-warning")
  }
}

@MainActor
@Suite("Snapshots: unknown-person card")
struct UnknownPersonSnapshotTests {
  /// The sender of a mail: Margaret Thornton from an address the book does not have.
  static let sender: Contact = {
    var person = Contact(identifier: "", source: "")
    person.givenName = "Margaret"
    person.familyName = "Thornton"
    person.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "margaret@alder-creek.example")]
    return person
  }()

  func frame(_ keys: [KeyEvent]) -> Frame? {
    snapshotFrame(keys) { screen in
      let controller = UnknownPersonViewController(displayedPerson: Self.sender)
      controller.message = "From a mail: Book club on Thursday"
      controller.existingContacts = SnapshotBook.contacts
      controller.region = "GB"
      controller.editing = SnapshotBook.editing(existing: SnapshotBook.contacts)
      controller.run(on: screen)
    }
  }

  @Test("the first screen: the card, the message, the two adding actions")
  func firstScreen() {
    ScreenSnapshot.assert(frame([]), named: "unknown-person-card")
  }

  @Test("Add to Existing Contact: the picker, a query typed")
  func choosingExisting() {
    ScreenSnapshot.assert(frame([.character("a")] + MemoryScreen.keys(typing: "thornton")), named: "unknown-person-add-to-existing")
  }

  @Test("Add to Existing Contact: the confirmation with the added value marked")
  func confirmation() {
    let keys = [.character("a")] + MemoryScreen.keys(typing: "margaret thornton") + [.enter]
    ScreenSnapshot.assert(frame(keys), named: "unknown-person-add-confirmation")
  }
}
