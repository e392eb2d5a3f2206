import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores

/// Books of other programs read as sources (issue 25): an abook book and a mutt alias
/// file load through the file store like a `.vcf`, and are saved by their own stores.
@Suite("Other programs' books as sources")
struct ForeignBookTests {
  @Test("a book abook wrote (abook --convert from vCard) loads with the people of the vCard it came from")
  func abookWrittenByAbook() throws {
    let store = VCardFileStore(path: TestPaths.fixture("books/abook-0.6.1-from-vcard.abook").path)
    let load = try store.load()
    #expect(load.warnings == [])
    #expect(load.contacts.map(\.displayName) == ["Ada Lovelace", "José Müller-Ñúñez"])
    let ada = load.contacts[0]
    #expect(ada.emailAddresses.map(\.value) == ["ada@analytical-engines.example", "countess@lovelace.example"])
    #expect(ada.phoneNumbers.map(\.value) == ["+44 20 7946 0001", "+44 20 7946 0002", "+44 20 7946 0003", "+44 7700 900001"])
    #expect(ada.postalAddresses.first?.value.postalCode == "SW1Y 4JH")
    #expect(ada.nickname == "ada")
    #expect(ada.note == "First programmer")
    #expect(load.contacts[1].phoneNumbers.map(\.label) == ["mobile"])
  }

  @Test("a mutt alias file loads, its warnings prefixed with the path")
  func muttAliases() throws {
    let path = TestPaths.fixture("books/mutt-aliases").path
    let load = try VCardFileStore(path: path).load()
    #expect(load.contacts.count == 6)
    #expect(load.warnings.first == "\(path):10: alias brokenkey has no address; ignored")
    #expect(load.warnings.count == 4)
  }

  @Test("an abook book and an alias file take new contacts; only the alias file keeps its people's cards read-only")
  func writableFormats() throws {
    let abook = VCardFileStore(path: TestPaths.fixture("books/abook-0.6.1-from-vcard.abook").path)
    let aliases = VCardFileStore(path: TestPaths.fixture("books/mutt-aliases").path)
    #expect(!abook.isReadOnlyFormat && !aliases.isReadOnlyFormat)
    #expect(!abook.keepsContactsReadOnly && aliases.keepsContactsReadOnly)
    #expect(abook.foreignStore is AbookStore && aliases.foreignStore is MuttAliasStore)
    #expect(VCardFileStore(path: TestPaths.sampleBook.path).foreignStore == nil)
  }

  @Test("an abook book without people gives no contact and no warning that it is not vCard")
  func emptyAbook() throws {
    let text = "# abook addressbook file\n\n[format]\nprogram=abook\nversion=0.6.1\n"
    let load = VCardLoading.contacts(fromBytes: Array(text.utf8), source: "empty")
    #expect(load.contacts.isEmpty)
    #expect(load.warnings.isEmpty)
    #expect(!VCardFileStore(path: TestPaths.sampleBook.path).isReadOnlyFormat)
  }
}
