import ContactKit
import Testing
import TerminalKit

@testable import ContactPicker

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

  @Test("the preview is shown and can be chosen from before the check ends")
  func chooseFromPreview() {
    let previewed = Gate()
    let release = Gate()
    defer { release.open() }
    let stored = ContactList(TestContacts.book)
    let loading = loading(preview: stored, final: ContactList(Array(TestContacts.book.prefix(2))), previewed: previewed, release: release)
    let script: [MemoryScreen.Step] =
      [.run { previewed.wait() }, .timeout] + MemoryScreen.keys(typing: "turing").map { .key($0) } + [.key(.enter)]
    let screen = MemoryScreen(rows: 12, columns: 70, script: script)
    let picker = PeoplePickerController(loading: loading)
    let result = picker.run(on: screen)
    guard case .selectedPerson(let contact) = result else {
      Issue.record("no person chosen: \(result)")
      return
    }
    #expect(contact.familyName == "Turing")
    #expect(loading.result == nil, "chosen while the files were still being checked")
    #expect(screen.frames.contains { $0.text.contains("Lovelace") })
  }

  @Test("a changed book replaces the preview, with the query typed meanwhile applied to it")
  func checkedListReplacesPreview() {
    let previewed = Gate()
    let release = Gate()
    var renamed = TestContacts.book
    renamed[0].givenName = "Augusta"
    let loading = loading(
      preview: ContactList(TestContacts.book), final: ContactList(renamed), previewed: previewed, release: release)
    let script: [MemoryScreen.Step] =
      [.run { previewed.wait() }, .timeout] + MemoryScreen.keys(typing: "lovelace").map { .key($0) }
      + [.run { release.open() }, .settle, .key(.enter)]
    let screen = MemoryScreen(rows: 12, columns: 70, script: script)
    let picker = PeoplePickerController(loading: loading)
    guard case .selectedPerson(let contact) = picker.run(on: screen) else {
      Issue.record("no person chosen")
      return
    }
    #expect(contact.givenName == "Augusta")
    #expect(screen.frames.contains { $0.text.contains("Ada Lovelace") })
    #expect(screen.text.contains("Augusta Lovelace"))
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
