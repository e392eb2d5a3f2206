import ContactKit
import CpickTestSupport
import Matching
import Synchronization
import Testing
import TerminalKit

@testable import ContactPicker
@testable import AddressBook

@MainActor
@Suite("People picker, searching off the UI thread")
struct BackgroundSearchTests {
  /// Runs a picker over `TestContacts.book` on `script`; `threshold` 0 sends every
  /// search to the worker.
  func run(_ script: [MemoryScreen.Step], threshold: Int) -> (MemoryScreen, PeoplePickerController, PeoplePickerResult) {
    let screen = MemoryScreen(rows: 12, columns: 70, script: script)
    let picker = PeoplePickerController(contacts: TestContacts.book)
    picker.backgroundSearchThreshold = threshold
    let result = picker.run(on: screen)
    return (screen, picker, result)
  }

  func typing(_ text: String) -> [MemoryScreen.Step] {
    MemoryScreen.keys(typing: text).map { .key($0) }
  }

  @Test(
    "Searched on the worker, the final frame is the synchronous picker's",
    arguments: ["jose alv", "a", "ada | alan", "!lovelace", "5550100142", "wang", "zzz"])
  func sameFinalFrame(query: String) {
    let (background, picker, _) = run(typing(query) + [.settle], threshold: 0)
    let (inline, _, _) = run(typing(query), threshold: .max)
    #expect(background.lastFrame == inline.lastFrame)
    #expect(picker.state?.pendingSearch == nil)
  }

  @Test("Editing back and forth (refining, then a shorter query) ends on the synchronous picker's frame")
  func editingBackAndForth() {
    let keys = typing("jos") + [.key(.backspace), .key(.backspace)] + typing("ra") + [.key(.control("u"))] + typing("tu")
    let (background, _, _) = run(keys + [.settle], threshold: 0)
    let (inline, _, _) = run(keys, threshold: .max)
    #expect(background.lastFrame == inline.lastFrame)
  }

  @Test("Enter right after typing chooses from the new query's matches, not the rows still shown")
  func enterWaitsForTheSearch() {
    let (_, _, result) = run(typing("turing") + [.key(.enter)], threshold: 0)
    #expect(result == .selectedPerson(TestContacts.book[5]))
    let (_, _, moved) = run(typing("a") + [.key(.down), .key(.enter)], threshold: 0)
    let (_, _, inline) = run(typing("a") + [.key(.down), .key(.enter)], threshold: .max)
    #expect(moved == inline)
  }

  @Test("While a search runs the previous rows stay: no frame is empty between two queries that both match")
  func noFlicker() {
    let (screen, _, _) = run(typing("jose") + [.settle] + typing(" a") + [.settle], threshold: 0)
    for frame in screen.frames.dropFirst() {
      #expect(frame.text.contains("José Álvarez"), "\(frame.text)")
    }
  }

  @Test("A deferred search leaves the rows alone; a stale query's matches are dropped, the latest's applied")
  func staleMatchesAreDropped() throws {
    var state = PeoplePickerState(list: ContactList(TestContacts.book))
    state.defersSearch = true
    let everyone = state.rows
    _ = state.handle(.character("a"))
    let first = try #require(state.pendingSearch)
    #expect(state.rows == everyone)
    _ = state.handle(.character("d"))
    let second = try #require(state.pendingSearch)
    #expect(second.id != first.id)
    #expect(second.query == "ad")

    let staleApplied = state.apply(first.run(on: state.list.index), for: first)
    #expect(!staleApplied)
    #expect(state.rows == everyone, "the older query's matches never replace the rows")
    let latestApplied = state.apply(second.run(on: state.list.index), for: second)
    #expect(latestApplied)
    #expect(state.pendingSearch == nil)
    let inline = PeoplePickerState(list: state.list, query: "ad")
    #expect(state.rows == inline.rows)
    #expect(state.matchCount == inline.matchCount)
  }

  @Test("Another state's search is never applied, even with the same query")
  func otherStatesSearch() throws {
    let list = ContactList(TestContacts.book)
    var one = PeoplePickerState(list: list)
    var two = PeoplePickerState(list: list)
    one.defersSearch = true
    two.defersSearch = true
    _ = one.handle(.character("a"))
    _ = two.handle(.character("a"))
    let search = try #require(one.pendingSearch)
    let byOther = two.apply([], for: search)
    #expect(!byOther)
    let byOwner = one.apply(search.run(on: list.index), for: search)
    #expect(byOwner)
  }

  @Test("The worker cancels the running search when a newer one starts; only the newer one's matches come back")
  func workerCancelsTheRunningSearch() throws {
    let list = ContactList(TestContacts.book)
    var state = PeoplePickerState(list: list)
    state.defersSearch = true
    _ = state.handle(.character("a"))
    let older = try #require(state.pendingSearch)
    _ = state.handle(.character("d"))
    let newer = try #require(state.pendingSearch)

    let running = Gate()
    let checks = Atomic<Int>(0)
    let worker = BackgroundSearch { search, cancellation in
      guard search.id == older.id else { return search.run(on: list.index) }
      running.open()
      // A long scan: it checks for cancellation between chunks until told to stop.
      while !cancellation.isCancelled { checks.add(1, ordering: .relaxed) }
      return [ContactMatch(index: 0, score: 999)]  // what a stopped scan found: never shown
    }
    worker.start(older)
    running.wait()
    worker.start(newer)
    let found = try #require(worker.waitForLatest())
    #expect(found.search.id == newer.id)
    #expect(found.matches == list.index.search("ad"))
    #expect(worker.take() == nil, "the cancelled search's matches never come back")
    #expect(checks.load(ordering: .relaxed) >= 0)
  }

  @Test("A search cancelled through the state's Search stops early: it visits one chunk of a large index")
  func searchStopsEarly() throws {
    let contacts = (0..<9_000).map { TestContacts.person("Given\($0)", "Family\($0 % 100)") }
    let list = ContactList(contacts)
    var state = PeoplePickerState(list: list)
    state.defersSearch = true
    for key in MemoryScreen.keys(typing: "family1") { _ = state.handle(key) }
    let search = try #require(state.pendingSearch)
    let checks = Atomic<Int>(0)
    let partial = search.run(
      on: list.index, cancellation: SearchCancellation { checks.add(1, ordering: .relaxed).newValue > 1 })
    // 9,000 contacts scan in 8 parallel parts, one check each: all say "stop" but the first.
    #expect(checks.load(ordering: .relaxed) <= 8)
    #expect(partial.count < search.run(on: list.index).count)
  }

  @Test("Typing, erasing and typing again, deferred or not, shows what a fresh state shows for each query")
  func erasingShowsEachQuerysRows() throws {
    let list = ContactList(TestContacts.book)
    for defers in [false, true] {
      var state = PeoplePickerState(list: list)
      state.defersSearch = defers
      var keys: [KeyEvent] = []
      for query in ["ada l", "0 1", "jo|", "!a"] {
        keys += query.map { KeyEvent.character($0) } + Array(repeating: KeyEvent.backspace, count: query.count)
      }
      keys += "ad".map { KeyEvent.character($0) } + [.backspace] + "lo".map { KeyEvent.character($0) }
      for key in keys {
        _ = state.handle(key)
        if let search = state.pendingSearch {
          let applied = state.apply(search.run(on: list.index), for: search)
          #expect(applied)
        }
        let fresh = PeoplePickerState(list: list, query: state.query.text)
        #expect(state.rows == fresh.rows, "\(String(reflecting: state.query.text)) deferred: \(defers)")
        #expect(state.matchCount == fresh.matchCount)
      }
    }
  }

  @Test("Erasing back to a query shown before needs no search")
  func erasingNeedsNoSearch() throws {
    let list = ContactList(TestContacts.book)
    var state = PeoplePickerState(list: list)
    state.defersSearch = true
    for character in "ad" {
      _ = state.handle(.character(character))
      let search = try #require(state.pendingSearch)
      state.apply(search.run(on: list.index), for: search)
    }
    _ = state.handle(.backspace)
    #expect(state.pendingSearch == nil)
    #expect(state.rows == PeoplePickerState(list: list, query: "a").rows)
  }
}
