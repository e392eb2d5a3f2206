import ContactKit
import Testing
import TerminalKit

@testable import ContactPicker
@testable import AddressBook

/// A card whose UID is already in the address book (sent again, exported twice) is
/// the same card: the duplicate check says so, and saving it anyway makes a second
/// contact with a UID of its own — never two cards with one UID.
@MainActor
@Suite("Same card, new-person form")
struct SameCardTests {
  static func card(_ given: String, _ family: String, uid: String, source: String) -> Contact {
    var contact = Contact(identifier: uid, source: source)
    contact.givenName = given
    contact.familyName = family
    return contact
  }

  static let existing = card("Ada", "Lovelace", uid: "urn:uuid:ada-1843", source: "/book/ada.vcf")

  @Test("the duplicate check names the same UID first, even when the name changed")
  func reasonFirst() {
    let detector = DuplicateDetector(existingContacts: [Self.existing], region: "GB")
    let renamed = Self.card("Augusta Ada", "King", uid: "urn:uuid:ada-1843", source: "")
    #expect(detector.duplicates(of: renamed).first?.reasons == [.identifier("urn:uuid:ada-1843")])
    let same = Self.card("Ada", "Lovelace", uid: "urn:uuid:ada-1843", source: "")
    #expect(detector.duplicates(of: same).first?.reasons == [.identifier("urn:uuid:ada-1843"), .name("Ada Lovelace")])
    #expect(DuplicateMatch.Reason.identifier("urn:uuid:ada-1843").description == "same card (UID urn:uuid:ada-1843)")
    // The contact being edited (same UID, same source) is still not its own duplicate.
    #expect(detector.duplicates(of: Self.existing).isEmpty)
  }

  @Test("saving a sent card whose UID is taken anyway gives it a new UID")
  func saveAnywayGetsANewIdentifier() {
    let sent = Self.card("Ada", "Lovelace", uid: "urn:uuid:ada-1843", source: "")
    let run = runForm([.control("s"), .character("s")], person: sent, existing: [Self.existing])
    #expect(run.screens.contains { $0.contains("same card (UID urn:uuid:ada-1843)") })
    #expect(run.saved.map(\.identifier) == ["urn:uuid:7d3c0f5e-1111-4222-8333-944455556666"])
    #expect(run.saved.first?.givenName == "Ada")
  }

  @Test("opening the existing card instead saves nothing")
  func openExisting() {
    let sent = Self.card("Ada", "Lovelace", uid: "urn:uuid:ada-1843", source: "")
    let run = runForm([.control("s"), .character("o")], person: sent, existing: [Self.existing])
    #expect(run.saved.isEmpty)
    #expect(run.delegate.existing.map(\.identifier) == ["urn:uuid:ada-1843"])
  }

  @Test("a sent card with a UID of its own keeps it")
  func freeIdentifierKept() {
    let sent = Self.card("Charles", "Babbage", uid: "urn:uuid:babbage-1791", source: "")
    let run = runForm([.control("s")], person: sent, existing: [Self.existing])
    #expect(run.saved.map(\.identifier) == ["urn:uuid:babbage-1791"])
  }

  @Test("a UUID is the same card in any case and with or without urn:uuid:")
  func uuidSpellings() {
    let existing = Self.card("Jack", "Miller", uid: "8e4b1834-bf76-5434-9d86-8c8a729f3a48", source: "/book/jack.vcf")
    let detector = DuplicateDetector(existingContacts: [existing], region: "US")
    for spelling in ["8E4B1834-BF76-5434-9D86-8C8A729F3A48", "urn:uuid:8e4b1834-bf76-5434-9d86-8c8a729f3a48"] {
      let sent = Self.card("J.", "M.", uid: spelling, source: "")
      #expect(detector.duplicates(of: sent).first?.reasons == [.identifier(existing.identifier)], "\(spelling)")
    }
    // Identifiers that are not UUIDs are compared as written.
    #expect(ContactIdentifier.key("Ada-1") == "Ada-1")
    #expect(ContactIdentifier.key("urn:uuid:8E4B1834-BF76-5434-9D86-8C8A729F3A48")
      == "8e4b1834-bf76-5434-9d86-8c8a729f3a48")
    // Saved anyway, the card gets a UID of its own.
    let sent = Self.card("Jack", "Miller", uid: "8E4B1834-BF76-5434-9D86-8C8A729F3A48", source: "")
    let run = runForm([.control("s"), .character("s")], person: sent, existing: [existing])
    #expect(run.saved.map(\.identifier) == ["urn:uuid:7d3c0f5e-1111-4222-8333-944455556666"])
  }

  @Test("a book found through the index finds a card by its UUID in another spelling")
  func lookupSpellings() {
    let existing = Self.card("Jack", "Miller", uid: "urn:uuid:8e4b1834-bf76-5434-9d86-8c8a729f3a48", source: "/b.vcf")
    let book = ContactBook(list: ContactList([existing]), warnings: [], groupCards: [], renderings: nil)
    #expect(book.contact(withIdentifier: "8E4B1834-BF76-5434-9D86-8C8A729F3A48")?.givenName == "Jack")
    #expect(book.contact(withIdentifier: "8e4b1834-0000-5434-9d86-8c8a729f3a48") == nil)
  }
}
