import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores

/// Adding to a mutt alias file (issue 25, item 2): "Create New Contact" appends one
/// alias line and changes nothing else; an alias is not rewritten.
@Suite("Writing mutt alias files")
struct MuttAliasWritingTests {
  func person(_ given: String, _ family: String, email: String) -> Contact {
    var contact = Contact(identifier: "", source: "")
    contact.givenName = given
    contact.familyName = family
    contact.emailAddresses = [LabeledValue(identifier: "1", label: "work", value: email)]
    return contact
  }

  @Test("a new contact is one alias line appended, its key the lower-case given name made unique; the rest stays")
  func appendsOneLine() throws {
    let folder = try TempFolder("mutt-write")
    defer { folder.remove() }
    let path = try folder.copy(TestPaths.fixture("books/mutt-aliases"), as: "aliases")
    let before = Bytes.of(path)
    let store = VCardFileStore(path: path)
    var ada = person("Ada", "Byron", email: "ada@byron.example")
    ada.groups = ["family"]
    var request = SaveRequest()
    request.add(ada)
    request.add(person("José", "Lovelace, Jr.", email: "jl@example.org"))
    let saved = try store.execute(request)
    let appended = "alias -group family ada2 Ada Byron <ada@byron.example>\nalias jose2 \"José Lovelace, Jr.\" <jl@example.org>\n"
    #expect(Bytes.of(path) == before + Array(appended.utf8))
    #expect(saved.map(\.nickname) == ["ada2", "jose2"])
    #expect(saved.map(\.displayName) == ["Ada Byron", "José Lovelace, Jr."])
    #expect(saved.first?.groups == ["family"])
    #expect(try store.load().contacts.count == 8)
  }

  @Test("a new alias takes no key the file defines: a group of aliases, an alias without address, another case")
  func keysOfEveryAlias() throws {
    let folder = try TempFolder("mutt-keys")
    defer { folder.remove() }
    let text = "alias alice Alice <alice@example.org>\nalias Team alice\nalias bob\n"
    let path = try folder.write("aliases", Array(text.utf8))
    let store = VCardFileStore(path: path)
    var request = SaveRequest()
    request.add(person("Team", "Lead", email: "lead@example.org"))
    request.add(person("Bob", "Jones", email: "bob@example.org"))
    let saved = try store.execute(request)
    #expect(saved.map(\.nickname) == ["team2", "bob2"])
    #expect(Bytes.text(path) == text + "alias team2 Team Lead <lead@example.org>\nalias bob2 Bob Jones <bob@example.org>\n")
    // The group is still alice's alone.
    #expect(try store.load().contacts.map { "\($0.nickname) \($0.groups)" } == ["alice [\"Team\"]", "team2 []", "bob2 []"])
  }

  @Test("a file whose last line a backslash continues gets an empty line before the new alias, which stays its own")
  func afterContinuedLine() throws {
    let folder = try TempFolder("mutt-continued")
    defer { folder.remove() }
    for text in ["alias a A <a@x.org>, \\\n", "alias a A <a@x.org> # note \\", "alias a A <a@x.org>, \\\r\n"] {
      let path = try folder.write("aliases", Array(text.utf8))
      let store = VCardFileStore(path: path)
      var request = SaveRequest()
      request.add(person("Bee", "", email: "b@x.org"))
      let saved = try store.execute(request)
      #expect(saved.map(\.nickname) == ["bee"])
      let end = text.utf8.reversed().starts(with: [0x0A, 0x0D]) ? "\r\n" : "\n"
      #expect(Bytes.text(path) == text + (text.utf8.last == 0x0A ? "" : end) + end + "alias bee Bee <b@x.org>" + end)
      let contacts = try store.load().contacts
      #expect(contacts.map(\.nickname) == ["a", "bee"])
      #expect(contacts.map { $0.emailAddresses.map(\.value) } == [["a@x.org"], ["b@x.org"]])
    }
  }

  @Test("a contact an alias cannot hold, an edit and a delete are refused with what to do; nothing is written")
  func refusals() throws {
    let folder = try TempFolder("mutt-refuse")
    defer { folder.remove() }
    let path = try folder.copy(TestPaths.fixture("books/mutt-aliases"), as: "aliases")
    let before = Bytes.of(path)
    let store = VCardFileStore(path: path)
    var phoned = person("Bob", "Smith", email: "bob@example.org")
    phoned.phoneNumbers = [LabeledValue(identifier: "p", label: "mobile", value: "+1 555 0100")]
    var noEmail = phoned
    noEmail.emailAddresses = []
    let ada = try #require(try store.load().contacts.first)
    var edited = ada
    edited.note = "changed"
    let cases: [(SaveRequest.Operation, ContactStoreError.Kind, String)] = [
      (
        .add(phoned, group: nil), .invalidRequest,
        "a mutt alias holds a name and one email address, not the phone number +1 555 0100; remove it or save the "
          + "contact to a vCard book (--save-to FILE.vcf)"
      ),
      (
        .add(noEmail, group: nil), .invalidRequest,
        "a mutt alias needs an email address; add one or save the contact to a vCard book (--save-to FILE.vcf)"
      ),
      (
        .update(edited, original: ada), .readOnly,
        "mutt alias files take new aliases; Ada Lovelace's alias (ada) is not rewritten — edit it in the file "
          + "itself, or convert the file (cpick list -s FILE --format vcard)"
      ),
      (
        .delete(ada), .readOnly,
        "mutt alias files take new aliases; Ada Lovelace's alias (ada) is not rewritten — edit it in the file "
          + "itself, or convert the file (cpick list -s FILE --format vcard)"
      ),
    ]
    for (operation, kind, reason) in cases {
      var request = SaveRequest()
      request.append(operation)
      let error = #expect(throws: ContactStoreError.self) { try store.execute(request) }
      #expect(error?.kind == kind)
      #expect(error?.reason == reason)
    }
    #expect(Bytes.of(path) == before)
  }
}
