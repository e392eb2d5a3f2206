import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker

/// Editing a card that another program changed on disk meanwhile (two `cpick show
/// --edit` on one file): the refused save is readable in full, the card is reloaded
/// with the unsaved edit re-applied, and the next save keeps both changes.
@MainActor
@Suite("Editing a card that changed on disk", .sharedCorpus)
struct ConflictReloadTests {
  /// An Apple Contacts export without UID (a card found again by its name only).
  nonisolated static let macCard = SharedFiles.corpusFile("ez-vcard/John_Doe_MAC_ADDRESS_BOOK.vcf")

  /// A copy of the Mac card in a fresh folder, and the contact as this "process" loaded it.
  struct Book {
    let folder: URL
    let path: String
    let store: VCardFileStore
    let loaded: Contact

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-conflict-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      path = folder.appendingPathComponent("mac.vcf").path
      try Data(contentsOf: ConflictReloadTests.macCard).write(to: URL(fileURLWithPath: path))
      store = VCardFileStore(path: path)
      loaded = try #require(try store.load().contacts.first)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Another program (the other pane's cpick) saves a new job title.
    func otherProgramSetsJobTitle(_ title: String) throws {
      let theirs = try #require(try store.load().contacts.first)
      var changed = theirs
      changed.jobTitle = title
      var request = SaveRequest()
      request.update(changed, original: theirs)
      _ = try store.execute(request)
    }

    var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// The save seam of `cpick show --edit` for this file; `reload` as it wires it, or none.
    func editing(reload: Bool, refusals: Refusals) -> ContactEditing {
      let store = self.store
      var editing = ContactEditing { contact, original in
        var request = SaveRequest()
        request.update(contact, original: original ?? contact)
        do {
          return try store.execute(request).first ?? contact
        } catch {
          if let refusal = error as? ContactStoreError { refusals.errors.append(refusal) }
          throw error
        }
      }
      if reload { editing.reload = { try ContactReload.reload($0) } }
      return editing
    }
  }

  /// The errors the save seam threw.
  @MainActor final class Refusals {
    var errors: [ContactStoreError] = []
  }

  /// From the card: `e`, then from the first name to the nickname, its text replaced by `nickname`.
  static func editNickname(_ nickname: String) -> [KeyEvent] {
    [.character("e")] + repeated(.tab, 4) + [.control("u")] + typing(nickname)
  }

  /// The message above the key help of a form `screen`: the lines from the one
  /// starting with `not saved:` to the line above the last, joined by spaces.
  static func message(in screen: String) -> String? {
    let rows = screen.components(separatedBy: "\n")
    guard let first = rows.lastIndex(where: { $0.hasPrefix(" not saved:") }) else { return nil }
    return rows[first..<(rows.count - 1)].map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The last screen of the form (the card comes back once the keys have run out).
  static func lastForm(_ screen: MemoryScreen) -> String? {
    screen.frames.map(\.text).last { $0.hasPrefix(" Edit Contact") }
  }

  func runCard(_ book: Book, keys: [KeyEvent], reload: Bool, refusals: Refusals, columns: Int = 120, rows: Int = 40)
    -> (screen: MemoryScreen, result: PersonViewResult)
  {
    let screen = MemoryScreen(rows: rows, columns: columns, keys: keys)
    let card = PersonViewController(contact: book.loaded)
    card.editing = book.editing(reload: reload, refusals: refusals)
    let result = card.run(on: screen)
    return (screen, result)
  }

  @Test("the refusal of a save over a card changed on disk is shown in full, wrapped", arguments: [120, 50])
  func refusalInFull(columns: Int) throws {
    let book = try Book()
    defer { book.remove() }
    try book.otherProgramSetsJobTitle("Treasurer")
    let refusals = Refusals()
    let run = runCard(
      book, keys: Self.editNickname("Jo") + [.control("s")], reload: false, refusals: refusals, columns: columns)
    let refusal = try #require(refusals.errors.first)
    #expect(refusal.kind == .conflict)
    let screen = try #require(Self.lastForm(run.screen))
    // Every character in order (a path wider than the screen is broken inside itself).
    let shown = try #require(Self.message(in: screen))
    #expect(shown.filter { !$0.isWhitespace } == ("not saved: " + refusal.description).filter { !$0.isWhitespace })
    #expect(shown.hasPrefix("not saved: /"))
    #expect(refusal.description.hasSuffix("Reload the address book and make the edit again"))
    // The form is still there, its fields above the message.
    #expect(line(screen, label: "nickname")?.hasSuffix("Jo") == true)
    #expect(book.text.contains("TITLE:Treasurer"))
    #expect(!book.text.contains("NICKNAME:Jo\r\n") && !book.text.contains("NICKNAME:Jo\n"))
  }

  @Test("with reloading, the refused save reloads the card; what the form says is shown in full", arguments: [120, 50])
  func reloadMessageInFull(columns: Int) throws {
    let book = try Book()
    defer { book.remove() }
    try book.otherProgramSetsJobTitle("Treasurer")
    let refusals = Refusals()
    let run = runCard(
      book, keys: Self.editNickname("Jo") + [.control("s")], reload: true, refusals: refusals, columns: columns)
    #expect(refusals.errors.map(\.kind) == [.conflict])
    let screen = try #require(Self.lastForm(run.screen))
    #expect(
      Self.message(in: screen)
        == "not saved: Mr. John Richter,James Doe Sr. was changed on disk by another program. Reloaded: the form "
        + "shows the card as it is now with your changes on top of it. Check it and press ^S to save, or Esc to "
        + "leave it as it is on disk.")
    #expect(line(screen, label: "job title")?.hasSuffix("Treasurer") == true)
    #expect(line(screen, label: "nickname")?.hasSuffix("Jo") == true)
  }

  @Test("after the reload, ^S saves the edit on top of the other program's: the file has both changes")
  func reloadThenSave() throws {
    let book = try Book()
    defer { book.remove() }
    try book.otherProgramSetsJobTitle("Treasurer")
    let refusals = Refusals()
    let run = runCard(
      book, keys: Self.editNickname("Jo") + [.control("s"), .control("s")], reload: true, refusals: refusals)
    #expect(refusals.errors.count == 1)
    guard case .edited(let saved) = run.result else {
      Issue.record("the card did not end edited: \(run.result)")
      return
    }
    #expect(saved.nickname == "Jo")
    #expect(saved.jobTitle == "Treasurer")
    let card = try #require(run.screen.frames.last?.text)
    #expect(card.contains("“Jo”"))
    #expect(card.contains("Treasurer · Accounting · IBM"))
    let reread = try #require(try book.store.load().contacts.first)
    #expect(reread.nickname == "Jo")
    #expect(reread.jobTitle == "Treasurer")
    #expect(reread.organizationName == "IBM")
    #expect(reread.phoneNumbers.count == book.loaded.phoneNumbers.count)
    #expect(reread.note == book.loaded.note)
  }

  @Test("Esc after the refusal leaves the card showing the version on disk; a new edit saves both changes")
  func leaveThenEditAgain() throws {
    let book = try Book()
    defer { book.remove() }
    try book.otherProgramSetsJobTitle("Treasurer")
    let refusals = Refusals()
    let keys =
      Self.editNickname("Jo") + [.control("s"), .escape, .character("y")] + Self.editNickname("Johnny B")
      + [.control("s")]
    let run = runCard(book, keys: keys, reload: true, refusals: refusals)
    #expect(refusals.errors.count == 1)
    // The card right after leaving the form: reloaded, and it says so.
    let afterLeaving = try #require(
      run.screen.frames.map(\.text).first { $0.contains("reloaded: Mr. John Richter,James Doe Sr. changed on disk") })
    #expect(afterLeaving.contains("Treasurer · Accounting · IBM"))
    #expect(!afterLeaving.contains("Money Counter"))
    #expect(afterLeaving.contains("“Johny”"))
    guard case .edited(let saved) = run.result else {
      Issue.record("the card did not end edited: \(run.result)")
      return
    }
    #expect(saved.nickname == "Johnny B")
    let reread = try #require(try book.store.load().contacts.first)
    #expect(reread.nickname == "Johnny B")
    #expect(reread.jobTitle == "Treasurer")
  }

  @Test("in the picker, leaving the form after the refusal leaves the list with the version on disk too")
  func pickerListReloaded() throws {
    let book = try Book()
    defer { book.remove() }
    try book.otherProgramSetsJobTitle("Treasurer")
    let refusals = Refusals()
    // The card from the list (^O), the refused edit, the form left; back to the list,
    // and the card opened again from it.
    let keys: [KeyEvent] =
      [.control("o")] + Self.editNickname("Jo") + [.control("s"), .escape, .character("y"), .escape, .control("o")]
    let screen = MemoryScreen(rows: 40, columns: 120, keys: keys)
    let picker = PeoplePickerController(contacts: [book.loaded])
    picker.editing = book.editing(reload: true, refusals: refusals)
    _ = picker.run(on: screen)
    #expect(refusals.errors.count == 1)
    let cards = screen.frames.map(\.text).filter { $0.contains("Accounting · IBM") }
    // The card opened again from the list shows the version on disk, not the one loaded.
    let last = try #require(cards.last)
    #expect(last.contains("Treasurer · Accounting · IBM"), "\(last)")
    #expect(!last.contains("Money Counter"))
  }

  @Test("when both changed the same field, the form keeps the user's value and names the other; ^S saves it")
  func sameFieldBothWays() throws {
    let book = try Book()
    defer { book.remove() }
    try book.otherProgramSetsJobTitle("Treasurer")
    let refusals = Refusals()
    // From the first name to the job title: middle, last, suffix, nickname, two phonetic, company, department, job title.
    let keys = [.character("e")] + repeated(.tab, 9) + [.control("u")] + typing("Auditor") + [.control("s"), .control("s")]
    let run = runCard(book, keys: keys, reload: true, refusals: refusals, columns: 60)
    let screen = try #require(run.screen.frames.map(\.text).last { Self.message(in: $0) != nil })
    let message = try #require(Self.message(in: screen))
    #expect(
      message.contains(
        "yours kept where both changed it (job title: changed here to “Auditor”, elsewhere to “Treasurer”)"))
    #expect(message.hasSuffix("Esc to leave it as it is on disk."))
    #expect(line(screen, label: "job title")?.hasSuffix("Auditor") == true)
    #expect(refusals.errors.count == 1)
    guard case .edited(let saved) = run.result else {
      Issue.record("the card did not end edited: \(run.result)")
      return
    }
    #expect(saved.jobTitle == "Auditor")
    #expect(try book.store.load().contacts.first?.jobTitle == "Auditor")
  }
}
