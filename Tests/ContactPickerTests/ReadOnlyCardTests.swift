import ContactKit
import Testing
import TerminalKit

@testable import ContactPicker

/// A contact its book keeps read-only (an LDAP directory's entry) has a card without
/// `e edit`, and `e` does nothing on it; other contacts' cards still edit.
@MainActor
@Suite("Read-only cards")
struct ReadOnlyCardTests {
  static func card(for contact: Contact, keys: [KeyEvent]) -> (screen: MemoryScreen, opened: Bool) {
    var opened = false
    let controller = PersonViewController(contact: contact)
    var editing = ContactEditing(region: "GB") { edited, _ in
      opened = true
      return edited
    }
    editing.isEditable = { !$0.source.hasPrefix("/directory/") }
    editing.whyNotEditable = { $0.source.hasPrefix("/directory/") ? "not edited here: a directory's entries are read-only" : nil }
    controller.editing = editing
    let screen = MemoryScreen(rows: 16, columns: 100, keys: keys)
    controller.run(on: screen)
    return (screen, opened)
  }

  @Test("a directory entry's card offers no edit; a contact of one's own book does")
  func editOffered() {
    var entry = Contact(identifier: "d", source: "/directory/e-1.vcf")
    entry.givenName = "Dora"
    entry.familyName = "Directory"
    var own = Contact(identifier: "o", source: "/books/own.vcf")
    own.givenName = "Otto"
    own.familyName = "Own"
    let directoryCard = Self.card(for: entry, keys: [.character("e"), .escape])
    let footer = directoryCard.screen.frames[0].text(row: 15)
    #expect(!footer.contains("edit"))
    // `e` opened no form: the frames after it still show the card.
    #expect(directoryCard.screen.frames.allSatisfy { !$0.text.contains("Save") })
    let ownCard = Self.card(for: own, keys: [.escape])
    #expect(ownCard.screen.frames[0].text(row: 15).contains("e edit"))
  }

  @Test("e on a card that is not edited says why, on the card and on the picker's card")
  func whyNotEdited() {
    var entry = Contact(identifier: "d", source: "/directory/e-1.vcf")
    entry.givenName = "Dora"
    entry.familyName = "Directory"
    let reason = "not edited here: a directory's entries are read-only"
    let card = Self.card(for: entry, keys: [.character("e"), .escape])
    #expect(card.screen.frames.contains { $0.text.contains(reason) })
    #expect(!card.opened)
    // The picker's card: → opens it, `e` says why.
    let screen = MemoryScreen(rows: 16, columns: 120, keys: [.right, .character("e"), .escape, .escape])
    let picker = PeoplePickerController(contacts: [entry])
    var editing = ContactEditing(region: "GB") { edited, _ in edited }
    editing.isEditable = { _ in false }
    editing.whyNotEditable = { _ in reason }
    picker.editing = editing
    _ = picker.run(on: screen)
    #expect(screen.frames.contains { $0.text.contains(reason) })
  }
}
