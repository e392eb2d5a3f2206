import ContactKit
import CpickTestSupport
import Foundation
import Localization
import Testing

@testable import ContactStores

/// Writing abook books in place (issue 25, item 2): an edit changes only its own
/// section's changed lines, custom and unknown fields and comments stay byte for byte,
/// a new contact is a new section, a delete removes one, and a section changed on disk
/// since it was read is never overwritten.
@Suite("Writing abook books")
struct AbookWritingTests {
  /// A book as abook writes it, with what cpick does not model: a comment, a custom
  /// field, an unknown key, a gap in the numbering.
  static let book = """
    # abook addressbook file

    [format]
    program=abook
    version=0.6.1


    [0]
    name=Ada Lovelace
    email=ada@analytical-engines.example, countess@lovelace.example
    # met at the Royal Society
    phone=+44 20 7946 0001
    mobile=+44 7700 900001
    nick=ada
    notes=First programmer
    pager=+44 20 7946 0009
    x-colour=blue

    [3]
    name=Grace Hopper
    email=grace@navy.example

    """

  /// A temp folder with the book as `addressbook`, its store and its contacts.
  func setUp(_ text: String = book) throws -> (TempFolder, String, VCardFileStore, [Contact]) {
    let folder = try TempFolder("abook-write")
    let path = try folder.write("addressbook", Array(text.utf8))
    let store = VCardFileStore(path: path)
    return (folder, path, store, try store.load().contacts)
  }

  func save(_ store: VCardFileStore, _ build: (inout SaveRequest) -> Void) throws -> [Contact] {
    var request = SaveRequest()
    build(&request)
    return try store.execute(request)
  }

  @Test("an edit rewrites only the lines of the changed fields; every other byte of the file stays")
  func editChangesOnlyItsLines() throws {
    let (folder, path, store, contacts) = try setUp()
    defer { folder.remove() }
    var ada = contacts[0]
    ada.phoneNumbers[1].value = "+44 7700 900099"  // mobile
    ada.emailAddresses.removeLast()
    let saved = try save(store) { $0.update(ada, original: contacts[0]) }
    let expected = Self.book
      .replacingOccurrences(of: "mobile=+44 7700 900001", with: "mobile=+44 7700 900099")
      .replacingOccurrences(
        of: "email=ada@analytical-engines.example, countess@lovelace.example",
        with: "email=ada@analytical-engines.example")
    #expect(Bytes.text(path) == expected)
    #expect(saved.first?.phoneNumbers.map(\.value) == ["+44 20 7946 0001", "+44 7700 900099"])
    // The identifier is made from the fields: an edited section has another, as read again.
    #expect(saved.first?.identifier == (try store.load().contacts.first?.identifier))
    #expect(saved.first?.identifier != contacts[0].identifier)
  }

  @Test("abook numbered its sections again while a card was open: the edit goes into that person's section, no other")
  func renumberedSections() throws {
    let three = """
      [format]
      program=abook
      version=0.6.1

      [0]
      name=Bob Smith
      email=bob@example.com

      [1]
      name=Carol Jones
      email=carol@example.com

      [2]
      name=Dan Brown
      email=dan@example.com

      """
    let (folder, path, store, contacts) = try setUp(three)
    defer { folder.remove() }
    // abook deletes Bob and writes the rest as [0] and [1].
    let renumbered = three.replacingOccurrences(of: "[0]\nname=Bob Smith\nemail=bob@example.com\n\n", with: "")
      .replacingOccurrences(of: "[1]", with: "[0]").replacingOccurrences(of: "[2]", with: "[1]")
    try Data(renumbered.utf8).write(to: URL(fileURLWithPath: path))
    let now = try store.load().contacts
    #expect(now.map(\.identifier) == Array(contacts.map(\.identifier).dropFirst()))
    var carol = contacts[1]
    carol.nickname = "Caz"
    _ = try save(store) { $0.update(carol, original: contacts[1]) }
    #expect(Bytes.text(path) == renumbered.replacingOccurrences(of: "email=carol@example.com\n", with: "email=carol@example.com\nnick=Caz\n"))
    // Reloaded after a conflict, Carol is found as Carol (she moved; Dan holds her old number).
    #expect(ContactReload.find(contacts[1], in: now)?.displayName == "Carol Jones")
    #expect(ContactReload.find(contacts[2], in: now)?.displayName == "Dan Brown")
  }

  @Test("custom fields stay on their own lines: a note edit writes notes=, a custom line edited in the note its field")
  func customFieldsKept() throws {
    let (folder, path, store, contacts) = try setUp()
    defer { folder.remove() }
    let loaded = contacts[0]
    #expect(loaded.note == "First programmer\npager: +44 20 7946 0009\nx-colour: blue")
    var ada = loaded
    ada.note = "Analyst\npager: +44 20 7946 0009\nx-colour: green"
    _ = try save(store) { $0.update(ada, original: loaded) }
    #expect(
      Bytes.text(path)
        == Self.book.replacingOccurrences(of: "notes=First programmer", with: "notes=Analyst")
        .replacingOccurrences(of: "x-colour=blue", with: "x-colour=green"))
    let again = try store.load().contacts[0]
    #expect(again.note == "Analyst\npager: +44 20 7946 0009\nx-colour: green")
  }

  @Test("a new field goes after the fields abook writes before it, in the file's form")
  func newFieldInAbooksOrder() throws {
    let (folder, path, store, contacts) = try setUp()
    defer { folder.remove() }
    var grace = contacts[1]
    grace.phoneNumbers = [LabeledValue(identifier: "w", label: "work", value: "+1 202 555 0100")]
    grace.urlAddresses = [LabeledValue(identifier: "u", label: nil, value: "https://navy.example/grace")]
    _ = try save(store) { $0.update(grace, original: contacts[1]) }
    #expect(
      Bytes.text(path)
        == Self.book.replacingOccurrences(
          of: "email=grace@navy.example\n",
          with: "email=grace@navy.example\nworkphone=+1 202 555 0100\nurl=https://navy.example/grace\n"))
  }

  @Test("a changed name part is written as the composed name")
  func nameFromParts() throws {
    let (folder, path, store, contacts) = try setUp()
    defer { folder.remove() }
    var grace = contacts[1]
    grace.givenName = "Amazing Grace"
    _ = try save(store) { $0.update(grace, original: contacts[1]) }
    #expect(Bytes.text(path) == Self.book.replacingOccurrences(of: "name=Grace Hopper", with: "name=Amazing Grace Hopper"))
  }

  @Test("a new contact is a new section numbered after the highest, in abook's field order and form")
  func addNumbersAfterHighest() throws {
    let (folder, path, store, _) = try setUp()
    defer { folder.remove() }
    var alan = Contact(identifier: "", source: "")
    alan.givenName = "Alan"
    alan.familyName = "Turing"
    alan.emailAddresses = [
      LabeledValue(identifier: "1", label: "work", value: "alan@turing.example"),
      LabeledValue(identifier: "2", label: "home", value: "alan@home.example"),
    ]
    alan.phoneNumbers = [LabeledValue(identifier: "3", label: "mobile", value: "+44 7700 900123")]
    alan.note = "Bletchley\nPark"
    alan.groups = ["friends"]
    let saved = try save(store) { $0.add(alan) }
    let section = "[4]\nname=Alan Turing\nemail=alan@turing.example,alan@home.example\nmobile=+44 7700 900123\n"
      + "notes=Bletchley Park\ngroups=friends\n\n"
    #expect(Bytes.text(path) == Self.book + "\n" + section)
    let added = try #require(saved.first)
    #expect(added.emailAddresses.map(\.value) == ["alan@turing.example", "alan@home.example"])
    let reloaded = try store.load().contacts
    #expect(reloaded.map(\.displayName) == ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
    #expect(added.identifier == reloaded[2].identifier && added.sourceRecord == reloaded[2].sourceRecord)
  }

  @Test("a file without a blank line at its end gets one before the new section")
  func addAfterUnterminatedSection() throws {
    let (folder, path, store, _) = try setUp("[0]\nname=Ada\nemail=a@example.org")
    defer { folder.remove() }
    var bob = Contact(identifier: "", source: "")
    bob.formattedName = "Bob"
    _ = try save(store) { $0.add(bob) }
    #expect(Bytes.text(path) == "[0]\nname=Ada\nemail=a@example.org\n\n[1]\nname=Bob\n\n")
  }

  @Test("a delete removes the section and its blank lines; the other sections keep their bytes and numbers")
  func deleteRemovesSection() throws {
    let (folder, path, store, contacts) = try setUp()
    defer { folder.remove() }
    _ = try save(store) { $0.delete(contacts[0]) }
    let adaSection = Self.book[Self.book.range(of: "[0]\n")!.lowerBound..<Self.book.range(of: "[3]\n")!.lowerBound]
    #expect(Bytes.text(path) == Self.book.replacingOccurrences(of: String(adaSection), with: ""))
    let left = try store.load().contacts
    #expect(left.map(\.identifier) == [contacts[1].identifier])
  }

  @Test("what abook has no field for is refused with a message naming it, and nothing is written")
  func unfitRefused() throws {
    let (folder, path, store, contacts) = try setUp()
    defer { folder.remove() }
    let ada = Self.withMoreThanAbookHolds(contacts[0])
    let error = #expect(throws: ContactStoreError.self) { try save(store) { $0.update(ada, original: contacts[0]) } }
    #expect(error?.kind == .invalidRequest)
    #expect(
      error?.reason
        == "abook has no field for a second mobile number (+44 7700 900002), the organization (Analytical Engines); "
        + "remove them or save the contact to a vCard book (--save-to FILE.vcf)")
    #expect(Bytes.text(path) == Self.book)
  }

  /// `contact` with a second mobile number and an organization, which abook has no field for.
  private static func withMoreThanAbookHolds(_ contact: Contact) -> Contact {
    var more = contact
    more.phoneNumbers.append(LabeledValue(identifier: "m2", label: "mobile", value: "+44 7700 900002"))
    more.organizationName = "Analytical Engines"
    return more
  }

  @Test("the refusal is in the user's language, its values listed as the language lists them")
  func unfitRefusedInChinese() throws {
    let (folder, path, store, contacts) = try setUp()
    defer { folder.remove() }
    let ada = Self.withMoreThanAbookHolds(contacts[0])
    let catalogs = TestPaths.packageRoot.appendingPathComponent("Sources/Localization/po").path
    let error = L10n.with(MessageLanguage(code: "zh_CN"), directory: catalogs) {
      #expect(throws: ContactStoreError.self) { try save(store) { $0.update(ada, original: contacts[0]) } }
    }
    #expect(
      error?.reason
        == "abook 没有可存放第二个手机号码（+44 7700 900002）、组织（Analytical Engines）的字段；请删除它们，"
        + "或将联系人保存到 vCard 通讯录（--save-to FILE.vcf）")
    #expect(Bytes.text(path) == Self.book)
  }

  @Test("a section another program changed since it was read is not overwritten; a change elsewhere is kept")
  func changedSinceReadRefused() throws {
    let (folder, path, store, contacts) = try setUp()
    defer { folder.remove() }
    let theirs = Self.book.replacingOccurrences(of: "nick=ada", with: "nick=countess")
    try Array(theirs.utf8).write(to: path)
    var ada = contacts[0]
    ada.note = "mine"
    let error = #expect(throws: ContactStoreError.self) { try save(store) { $0.update(ada, original: contacts[0]) } }
    #expect(error?.kind == .conflict)
    #expect(error?.reason.hasPrefix("Ada Lovelace was changed by another program since it was loaded") == true)
    #expect(Bytes.text(path) == theirs)
    let deleteError = #expect(throws: ContactStoreError.self) { try save(store) { $0.delete(contacts[0]) } }
    #expect(deleteError?.kind == .conflict)
    // Grace's section is as it was read: her edit goes in, and the other program's change stays.
    var grace = contacts[1]
    grace.nickname = "amazing"
    _ = try save(store) { $0.update(grace, original: contacts[1]) }
    #expect(Bytes.text(path) == theirs.replacingOccurrences(of: "email=grace@navy.example\n", with: "email=grace@navy.example\nnick=amazing\n"))
  }

  @Test("a renamed group is renamed in every groups= line, a deleted one taken out")
  func groups() throws {
    let text = "[0]\nname=Ada\ngroups=friends,london\n\n[1]\nname=Bob\ngroups=london\n\n"
    let (folder, path, store, _) = try setUp(text)
    defer { folder.remove() }
    _ = try save(store) { $0.renameGroup("london", to: "London") }
    #expect(Bytes.text(path) == "[0]\nname=Ada\ngroups=friends,London\n\n[1]\nname=Bob\ngroups=London\n\n")
    _ = try save(store) { $0.deleteGroup("London") }
    #expect(Bytes.text(path) == "[0]\nname=Ada\ngroups=friends\n\n[1]\nname=Bob\n\n")
  }
}

extension Array where Element == UInt8 {
  /// Writes the bytes over the file at `path`, as another program would.
  func write(to path: String) throws {
    try Data(self).write(to: URL(fileURLWithPath: path))
  }
}
