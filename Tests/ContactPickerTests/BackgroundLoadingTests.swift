import ContactKit
import CpickTestSupport
import Dispatch
import Testing
import TerminalKit

@testable import ContactPicker
@testable import AddressBook

/// A door a background thread waits at until the test opens it.
final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  /// Lets every waiter through, now and later.
  func open() { semaphore.signal() }
  /// Waits until the gate is opened (and keeps it open for the next waiter).
  func wait() {
    semaphore.wait()
    semaphore.signal()
  }
}

private struct BrokenBook: Error, Equatable {}

/// A load of `TestContacts.book` that reports `reported` contacts, opens `reading`,
/// then waits for `release` before it returns.
private func gatedLoading(reported: Int = 12_345, reading: Gate = Gate(), release: Gate, warnings: [String] = [])
  -> ContactListLoading
{
  ContactListLoading { progress in
    progress(reported)
    reading.open()
    release.wait()
    progress.indexing()
    return (ContactList(TestContacts.book), warnings)
  }
}

@MainActor
@Suite("People picker, loading in the background")
struct BackgroundLoadingTests {
  /// The frames of the picker over the finished book for `keys` (the synchronous picker).
  func synchronousFrames(_ keys: [KeyEvent], configure: (PeoplePickerController) -> Void = { _ in }) -> MemoryScreen {
    let screen = MemoryScreen(rows: 12, columns: 70, keys: keys)
    let picker = PeoplePickerController(contacts: TestContacts.book)
    configure(picker)
    picker.run(on: screen)
    return screen
  }

  @Test("The first frame comes before the load finishes: the query line and the counter where the count goes")
  func firstFrameShowsCounter() {
    let reading = Gate()
    let release = Gate()
    defer { release.open() }
    let loading = gatedLoading(reading: reading, release: release)
    let screen = MemoryScreen(rows: 12, columns: 70, script: [.run { reading.wait() }, .timeout, .key(.escape)])
    let picker = PeoplePickerController(loading: loading)
    let result = picker.run(on: screen)

    #expect(result == .cancelled)
    #expect(loading.result == nil, "the load was still running when the picker ended")
    let first = screen.frames[0].text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(first[0].hasPrefix("> "))
    #expect(first[0].hasSuffix("reading…") || first[0].hasSuffix("reading… 12,345 contacts"))
    let afterWakeUp = screen.text.split(separator: "\n").first.map(String.init) ?? ""
    #expect(afterWakeUp.hasSuffix("reading… 12,345 contacts"), "\(afterWakeUp)")
    #expect(!screen.text.contains("Lovelace"), "no list before the book is read")
  }

  @Test("Keys typed while the book is read edit the query; when it arrives the list shows that query's matches")
  func typedKeysAreKept() {
    let release = Gate()
    let loading = gatedLoading(release: release, warnings: ["book.vcf:3: a warning"])
    let typed = MemoryScreen.keys(typing: "jose alvx") + [.backspace]
    let screen = MemoryScreen(
      rows: 12, columns: 70, script: typed.map { .key($0) } + [.run { release.open() }, .settle])
    let picker = PeoplePickerController(loading: loading)
    let delegate = RecordingDelegate()
    picker.delegate = delegate
    picker.run(on: screen)

    // While loading: the query as typed, no list.
    let beforeLoad = screen.frames[typed.count].text
    #expect(beforeLoad.hasPrefix("> jose alv "))
    #expect(beforeLoad.contains("reading…"))
    // After: exactly what the synchronous picker shows for the same keys.
    let synchronous = synchronousFrames(typed)
    #expect(screen.lastFrame == synchronous.lastFrame)
    #expect(screen.text.contains("1/7"))
    #expect(picker.state?.selectedContact.map { picker.list.contacts[$0].displayName } == "José Álvarez")
    #expect(delegate.cancelled == 1, "the script ended: input ended")
    if case .success(let loaded)? = loading.result {
      #expect(loaded.warnings == ["book.vcf:3: a warning"], "warnings are handed back, not printed")
    } else {
      Issue.record("the load did not finish")
    }
  }

  @Test("The query's cursor is kept too")
  func cursorIsKept() {
    let release = Gate()
    let keys: [KeyEvent] = MemoryScreen.keys(typing: "ada") + [.home, .character("x"), .delete]
    let screen = MemoryScreen(
      rows: 12, columns: 70, script: keys.map { .key($0) } + [.run { release.open() }, .settle])
    let picker = PeoplePickerController(loading: gatedLoading(release: release))
    picker.run(on: screen)
    #expect(picker.finalQuery == "xda")
    #expect(picker.state?.query.cursor == 1)
    #expect(screen.lastFrame == synchronousFrames(keys).lastFrame)
  }

  @Test("Enter and Down while the book is read are ignored; Enter once it is there chooses the first match")
  func enterAfterLoad() {
    let release = Gate()
    let screen = MemoryScreen(
      rows: 12, columns: 70,
      script: MemoryScreen.keys(typing: "ada").map { .key($0) } + [.key(.enter), .key(.down)]
        + [.run { release.open() }, .settle, .key(.enter)])
    let picker = PeoplePickerController(loading: gatedLoading(release: release))
    #expect(picker.run(on: screen) == .selectedPerson(TestContacts.book[0]))
  }

  @Test("An initial query is shown at once and applied when the list arrives")
  func initialQueryAndGroup() {
    let release = Gate()
    release.open()
    let picker = PeoplePickerController(loading: gatedLoading(release: release))
    picker.initialQuery = "wang"
    let screen = MemoryScreen(rows: 12, columns: 70, script: [.settle, .key(.enter)])
    let result = picker.run(on: screen)
    #expect(result == .selectedPerson(TestContacts.book[3]))
    #expect(screen.frames[0].text.hasPrefix("> wang"))
  }

  @Test("Esc, Ctrl-C and Ctrl-G cancel while a load that never ends runs; the load is not waited for",
        arguments: [KeyEvent.escape, .control("c"), .control("g")])
  func cancelWhileLoading(key: KeyEvent) {
    let never = Gate()
    defer { never.open() }  // lets the thread go once the test is over
    let loading = ContactListLoading { _ in
      never.wait()
      return (ContactList([]), [])
    }
    let screen = MemoryScreen(rows: 12, columns: 70, script: [.key(.character("a")), .timeout, .timeout, .key(key)])
    let picker = PeoplePickerController(loading: loading)
    let delegate = RecordingDelegate()
    picker.delegate = delegate
    #expect(picker.run(on: screen) == .cancelled)
    #expect(delegate.cancelled == 1)
    #expect(picker.loadError == nil)
    #expect(loading.result == nil)
    #expect(picker.finalQuery == "a")
  }

  @Test("A load that fails ends the picker with its error; the delegate hears a cancel")
  func loadError() {
    let loading = ContactListLoading { _ in throw BrokenBook() }
    let screen = MemoryScreen(rows: 12, columns: 70, script: [.settle, .key(.enter)])
    let picker = PeoplePickerController(loading: loading)
    let delegate = RecordingDelegate()
    picker.delegate = delegate
    #expect(picker.run(on: screen) == .cancelled)
    #expect(picker.loadError as? BrokenBook == BrokenBook())
    #expect(delegate.cancelled == 1)
    #expect(screen.pendingKeys == [.enter], "the picker ended when the error came, before the next key")
  }

  @Test("A load counts what it reads, says when it indexes, and waits")
  func loadingCounts() {
    let release = Gate()
    let reading = Gate()
    let loading = ContactListLoading { progress in
      progress(1_000)
      progress(24)
      progress.reached(900)  // never goes back
      reading.open()
      release.wait()
      progress.reached(2_000)
      progress.indexing()
      return (ContactList(TestContacts.book), ["w"])
    }
    #expect(loading.phase == .waiting)
    loading.start()
    reading.wait()
    #expect(loading.contactsRead == 1_024)
    #expect(loading.phase == .reading)
    release.open()
    let outcome = loading.wait()
    #expect(loading.contactsRead == 2_000)
    #expect(loading.phase == .finished)
    #expect((try? outcome.get())?.list.contacts.count == 7)
    #expect(PeoplePickerController.grouped(1_234_567) == "1,234,567")
    #expect(PeoplePickerController.grouped(999) == "999")
  }

  @Test("an empty book says why in the picker, where the count would be")
  func emptyBookNote() {
    /// A picker over an empty book, its note set as cpick sets it.
    func picker() -> PeoplePickerController {
      let picker = PeoplePickerController(loading: ContactListLoading { _ in (ContactList([]), []) })
      picker.emptyListNote = "no contacts in /home/ada/contacts.vcf"
      return picker
    }
    let screen = MemoryScreen(rows: 12, columns: 70, script: [.settle, .key(.escape)])
    #expect(picker().run(on: screen) == .cancelled)
    let first = screen.frames.last.map { $0.text(row: 0) } ?? ""
    #expect(first.hasSuffix("no contacts in /home/ada/contacts.vcf"))
    #expect(!first.contains("0/0"))
    // On a narrow screen the note is shortened, not dropped.
    let narrow = MemoryScreen(rows: 12, columns: 34, script: [.settle, .key(.escape)])
    #expect(picker().run(on: narrow) == .cancelled)
    let short = narrow.frames.last.map { $0.text(row: 0) } ?? ""
    #expect(short.contains("no contacts in"))
    #expect(short.contains("…"))
  }
}
