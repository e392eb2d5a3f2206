import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker

/// The "Delete Contact" row of the card's edit form (CNContactViewController's edit
/// mode, issue 21 item 1): asked first, naming the person; a refused delete keeps the
/// form; the card ends `.deleted` and its delegate hears it; the picker drops the row.
@MainActor
@Suite("Delete Contact in the edit form")
struct DeleteContactRowTests {
  static let ada: Contact = {
    var ada = TestContacts.book[0]
    ada.source = "/books/people.vcf"
    return ada
  }()

  /// The keys from the card to the form's last row.
  static let toLastRow: [KeyEvent] = [.character("e")] + repeated(.pageDown, 20)

  /// Deletes recorded by the seam; throws `refusal` when set.
  final class Deletions {
    var deleted: [Contact] = []
    var refusal: ContactStoreError?
  }

  static func editing(_ deletions: Deletions?) -> ContactEditing {
    var editing = ContactEditing { contact, _ in contact }
    if let deletions {
      editing.delete = { contact in
        if let refusal = deletions.refusal { throw refusal }
        deletions.deleted.append(contact)
      }
    }
    return editing
  }

  final class Listener: PersonViewDelegate {
    var deleted: [Contact] = []
    func personViewController(_ controller: PersonViewController, didDelete contact: Contact) { deleted.append(contact) }
  }

  func form(_ screen: MemoryScreen) -> String? { screen.frames.map(\.text).last { $0.hasPrefix(" Edit Contact") } }

  @Test("the last row of the edit form is Delete Contact; Enter asks, naming the person and the book")
  func rowAndQuestion() throws {
    let screen = MemoryScreen(rows: 30, columns: 110, keys: Self.toLastRow)
    let card = PersonViewController(contact: Self.ada)
    card.editing = Self.editing(Deletions())
    _ = card.run(on: screen)
    let last = try #require(form(screen))
    let rows = last.components(separatedBy: "\n")
    let row = try #require(rows.firstIndex { $0.contains("Delete Contact") })
    #expect(rows[row].hasPrefix("›"))
    #expect(rows[(row + 1)...].allSatisfy { !$0.contains("+ add") && !$0.contains("note") })
    #expect(rows.last?.contains("enter delete contact") == true)

    let asking = MemoryScreen(rows: 30, columns: 110, keys: Self.toLastRow + [.enter])
    let again = PersonViewController(contact: Self.ada)
    again.editing = Self.editing(Deletions())
    _ = again.run(on: asking)
    let question = try #require(form(asking))
    #expect(question.contains("Delete Ada Lovelace from /books/people.vcf? This cannot be undone. y/n"))
    #expect(question.components(separatedBy: "\n").last?.contains("y delete · n keep") == true)
  }

  @Test("a book in the home folder is named with ~")
  func homeAbbreviated() throws {
    let home = try #require(ProcessInfo.processInfo.environment["HOME"])
    var ada = Self.ada
    ada.source = home + "/contacts/ada.vcf"
    let screen = MemoryScreen(rows: 30, columns: 110, keys: Self.toLastRow + [.enter])
    let card = PersonViewController(contact: ada)
    card.editing = Self.editing(Deletions())
    _ = card.run(on: screen)
    #expect(try #require(form(screen)).contains("Delete Ada Lovelace from ~/contacts/ada.vcf? This cannot be undone."))
  }

  @Test("n keeps the contact; y deletes it, ends the card .deleted and tells the delegate")
  func confirmThenDelete() throws {
    let deletions = Deletions()
    let kept = MemoryScreen(rows: 30, columns: 110, keys: Self.toLastRow + [.enter, .character("n"), .escape, .escape])
    let first = PersonViewController(contact: Self.ada)
    first.editing = Self.editing(deletions)
    #expect(first.run(on: kept) == .cancelled)
    #expect(deletions.deleted.isEmpty)

    let screen = MemoryScreen(rows: 30, columns: 110, keys: Self.toLastRow + [.enter, .character("y")])
    let card = PersonViewController(contact: Self.ada)
    let listener = Listener()
    card.delegate = listener
    card.editing = Self.editing(deletions)
    #expect(card.run(on: screen) == .deleted(Self.ada))
    #expect(deletions.deleted == [Self.ada])
    #expect(listener.deleted == [Self.ada])
    #expect(screen.pendingKeys.isEmpty)
  }

  @Test("a refused delete (the card changed on disk) is said on the form, which stays open")
  func refusedDelete() throws {
    let deletions = Deletions()
    deletions.refusal = ContactStoreError(
      source: "/books/people.vcf", reason: "Ada Lovelace was changed by another program since it was loaded; it was "
        + "not deleted. Reload the address book and delete it again", kind: .conflict)
    let screen = MemoryScreen(rows: 30, columns: 110, keys: Self.toLastRow + [.enter, .character("y")])
    let card = PersonViewController(contact: Self.ada)
    card.editing = Self.editing(deletions)
    #expect(card.run(on: screen) == .cancelled)  // the keys ran out on the form
    let last = try #require(form(screen))
    #expect(last.contains("not deleted: /books/people.vcf: Ada Lovelace was changed by another program"))
    #expect(deletions.deleted.isEmpty)
  }

  @Test("without a delete seam, or for a new contact, the form has no Delete Contact row")
  func noRowWithoutSeam() throws {
    let screen = MemoryScreen(rows: 30, columns: 110, keys: Self.toLastRow)
    let card = PersonViewController(contact: Self.ada)
    card.editing = Self.editing(nil)
    _ = card.run(on: screen)
    #expect(try #require(form(screen)).contains("Delete Contact") == false)

    var state = NewPersonState(contact: nil)
    state.allowsDeleting = true
    #expect(!state.fields.contains(.deleteContact))
  }

  @Test("deleting from the picker's card drops the row at once; the list shows the next contact highlighted")
  func pickerDropsRow() throws {
    let deletions = Deletions()
    let keys: [KeyEvent] = typing("lovelace") + [.control("o")] + Self.toLastRow + [.enter, .character("y")]
      + repeated(.backspace, 8)
    let screen = MemoryScreen(rows: 30, columns: 100, keys: keys)
    let picker = PeoplePickerController(contacts: TestContacts.book)
    picker.editing = Self.editing(deletions)
    #expect(picker.run(on: screen) == .cancelled)
    #expect(deletions.deleted.map(\.displayName) == ["Ada Lovelace"])
    let list = try #require(screen.frames.last?.text)
    #expect(!list.contains("Ada Lovelace"))
    #expect(list.contains("Grace Hopper"))
    #expect(list.contains("6/6") || list.contains("6 "))
  }
}
