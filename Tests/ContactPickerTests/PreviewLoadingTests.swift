import ContactKit
import CpickTestSupport
import Dispatch
import Testing
import TerminalKit

@testable import ContactPicker
@testable import AddressBook

/// The list last stored in the index is shown while the files behind it are checked
/// (`ContactListLoading.Progress.preview`): keys act on it at once, and the checked
/// list replaces it when it comes — or, being the same object, leaves it as it is.
@MainActor
@Suite("People picker, a preview while the books are checked")
struct PreviewLoadingTests {
  /// A load that offers `preview`, opens `previewed`, waits for `release`, returns `final`.
  func loading(preview: ContactList, final: ContactList, previewed: Gate, release: Gate) -> ContactListLoading {
    ContactListLoading { progress in
      progress.preview(preview)
      previewed.open()
      release.wait()
      return (final, [])
    }
  }

  @Test("Enter on the preview waits for the check; nothing changed: the row shown is chosen")
  func enterWaitsForTheCheck() {
    let previewed = Gate()
    let release = Gate()
    let stored = ContactList(TestContacts.book)
    let loading = loading(preview: stored, final: stored, previewed: previewed, release: release)
    let script: [MemoryScreen.Step] =
      [.run { previewed.wait() }, .timeout] + MemoryScreen.keys(typing: "turing").map { .key($0) }
      + [.run { DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { release.open() } }, .key(.enter)]
    let screen = MemoryScreen(rows: 12, columns: 70, script: script)
    let picker = PeoplePickerController(loading: loading)
    let result = picker.run(on: screen)
    guard case .selectedPerson(let contact) = result else {
      Issue.record("no person chosen: \(result)")
      return
    }
    #expect(contact.familyName == "Turing")
    #expect(loading.result != nil, "the choice came after the check")
    #expect(screen.frames.contains { $0.text.contains("Alan Turing") })
  }

  /// A load whose check finds the book changed: the stored list, then the same book
  /// with Ada renamed Augusta.
  func changedBook() -> (loading: ContactListLoading, previewed: Gate, release: Gate) {
    let previewed = Gate()
    let release = Gate()
    var renamed = TestContacts.book
    renamed[0].givenName = "Augusta"
    let loading = loading(
      preview: ContactList(TestContacts.book), final: ContactList(renamed), previewed: previewed, release: release)
    return (loading, previewed, release)
  }

  @Test("a changed book: Enter on the preview is dropped, the checked list (query applied) replaces it, the next Enter chooses the contact as it is now")
  func changedBookDropsTheChoice() {
    let (loading, previewed, release) = changedBook()
    let script: [MemoryScreen.Step] =
      [.run { previewed.wait() }, .timeout] + MemoryScreen.keys(typing: "lovelace").map { .key($0) }
      + [.run { release.open() }, .key(.enter), .key(.enter)]
    let screen = MemoryScreen(rows: 12, columns: 70, script: script)
    let picker = PeoplePickerController(loading: loading)
    guard case .selectedPerson(let contact) = picker.run(on: screen) else {
      Issue.record("no person chosen")
      return
    }
    #expect(contact.givenName == "Augusta")
    #expect(screen.frames.contains { $0.text.contains("Ada Lovelace") }, "the preview was shown")
    #expect(screen.text.contains("Augusta Lovelace"))
    #expect(screen.keysReturned >= 2)
  }

  @Test("a changed book: Ctrl-T on the preview is not dropped: the groups open over the checked list")
  func changedBookKeepsGroupsKey() {
    let (loading, previewed, release) = changedBook()
    let script: [MemoryScreen.Step] =
      [.run { previewed.wait() }, .timeout, .run { release.open() }, .key(.control("t")), .key(.escape), .key(.escape)]
    let screen = MemoryScreen(rows: 12, columns: 70, script: script)
    _ = PeoplePickerController(loading: loading).run(on: screen)
    #expect(screen.frames.contains { $0.text(row: 0).hasPrefix("Groups") }, "the groups did not open")
  }

  @Test("when the check finds nothing changed, the preview stays: the cursor where the user moved it")
  func unchangedKeepsCursor() {
    let previewed = Gate()
    let release = Gate()
    let stored = ContactList(TestContacts.book)
    let loading = loading(preview: stored, final: stored, previewed: previewed, release: release)
    let script: [MemoryScreen.Step] =
      [.run { previewed.wait() }, .timeout, .key(.down), .key(.down), .run { release.open() }, .settle, .key(.enter)]
    let screen = MemoryScreen(rows: 12, columns: 70, script: script)
    let picker = PeoplePickerController(loading: loading)
    let expected = PeoplePickerController(list: stored)
    let reference = MemoryScreen(rows: 12, columns: 70, keys: [.down, .down, .enter])
    #expect(picker.run(on: screen) == expected.run(on: reference))
  }
}
