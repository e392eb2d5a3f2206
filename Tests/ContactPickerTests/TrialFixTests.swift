import ContactKit
import CpickTestSupport
import Testing
import TerminalKit

@testable import ContactPicker
@testable import ContactFormats

/// Regressions a first user found.
@Suite("Regressions from the first user trial")
struct TrialFixTests {
  @Test("Alt-B and Alt-F move by words, Alt-D deletes the next word; a pasted tab becomes a space")
  func readlineWords() {
    var editor = LineEditor("ada king lovelace")
    _ = editor.handle(.alt("b"))
    #expect(editor.cursor == 9)
    _ = editor.handle(.alt("b"))
    #expect(editor.cursor == 4)
    _ = editor.handle(.alt("d"))
    #expect(editor.text == "ada  lovelace")
    _ = editor.handle(.alt("f"))
    #expect(editor.cursor == 13)
    var paste = LineEditor()
    _ = paste.handle(.paste("Ingrid\tSolberg"))
    #expect(paste.text == "Ingrid Solberg")
  }

  @Test("Alt-Backspace deletes the word before the cursor, and does not cancel the picker")
  @MainActor func altBackspace() {
    var editor = LineEditor("ada king lovelace")
    _ = editor.handle(.altBackspace)
    #expect(editor.text == "ada king " && editor.cursor == 9)
    let screen = MemoryScreen(
      rows: 10, columns: 60, keys: MemoryScreen.keys(typing: "ada lovelace grace") + [.altBackspace, .enter])
    let delegate = RecordingDelegate()
    let picker = PeoplePickerController(contacts: TestContacts.book)
    picker.delegate = delegate
    picker.run(on: screen)
    #expect(delegate.selected.map(\.displayName) == ["Ada Lovelace"])
  }

  @Test("Alt plus a key is not Escape: the picker keeps running")
  @MainActor func altDoesNotCancel() {
    let screen = MemoryScreen(rows: 10, columns: 60, keys: MemoryScreen.keys(typing: "ada lovelace") + [.alt("b"), .enter])
    let delegate = RecordingDelegate()
    let picker = PeoplePickerController(contacts: TestContacts.book)
    picker.delegate = delegate
    picker.run(on: screen)
    #expect(delegate.selected.map(\.displayName) == ["Ada Lovelace"])
  }

  @Test("an address in a mailbox never carries control characters")
  func mailboxAddress() {
    #expect(Mailbox.string(name: "Rook", address: "rook\u{1B}[31m@salter.example") == "Rook <rook[31m@salter.example>")
    #expect(!Mailbox.string(name: "T", address: "tove\u{85}lind@x.example").unicodeScalars.contains { $0.value == 0x85 })
  }

  @Test("a card with only an address, a URL or a note is No Name (PRODUCT.md's order ends at the phone): a note is no name")
  func fallbacks() {
    var card = Contact(identifier: "x", source: "t")
    card.note = "door code 4711\nsecond line"
    #expect(card.displayName == "")
    #expect(ContactFormatter.shown(card.displayName) == ContactFormatter.noName)
    card.postalAddresses = [LabeledValue(identifier: "a", label: nil, value: PostalAddress(street: "1 Quay", city: "Port"))]
    card.urlAddresses = [LabeledValue(identifier: "u", label: nil, value: "https://quay.example")]
    #expect(card.displayName == "")
    card.phoneNumbers = [LabeledValue(identifier: "p", label: nil, value: "+1 555 0100")]
    #expect(card.displayName == "+1 555 0100")
  }

  @Test("--name-order family-first shapes composed names in the JSON, never FN")
  func nameOrderInJSON() {
    var ada = Contact(identifier: "ada", source: "t")
    ada.givenName = "Ada"
    ada.familyName = "Lovelace"
    guard case .object(let members) = PersonJSON.person(ada, nameOrder: .familyFirst) else { return }
    #expect(members.first { $0.0 == "displayName" }?.1 == .string("Lovelace Ada"))
    ada.formattedName = "Ada Lovelace"
    guard case .object(let withFN) = PersonJSON.person(ada, nameOrder: .familyFirst) else { return }
    #expect(withFN.first { $0.0 == "displayName" }?.1 == .string("Ada Lovelace"))
  }
}

@MainActor
@Suite("Typing phone numbers key by key")
struct PhoneTypingTests {
  func phones() -> [Contact] {
    [
      TestContacts.person("Tilde", "Arkwright", phone: "0170 5550123"),
      TestContacts.person("Vera", "Castellane", phone: "(0172) 555 01 55"),
      TestContacts.person("Wim", "Dorsey", phone: "+1 (555) 010-0166"),
    ]
  }

  @Test(
    "a number typed one key at a time finds its contact even through prefixes that match nothing",
    arguments: [("(0172) 555", "Vera Castellane"), ("+15550100166", "Wim Dorsey"), ("0170 555 0123", "Tilde Arkwright")])
  func keyByKey(query: String, expected: String) {
    let delegate = RecordingDelegate()
    let picker = PeoplePickerController(contacts: phones())
    picker.delegate = delegate
    picker.run(on: MemoryScreen(rows: 10, columns: 60, keys: MemoryScreen.keys(typing: query) + [.enter]))
    #expect(delegate.selected.map(\.displayName) == [expected])
  }
}
