import ContactKit
import CpickTestSupport
import Testing
import TerminalKit

@testable import ContactPicker

/// A `MemoryScreen` seen through, noting at each input it gives how many turns other
/// main-actor work (`turns`, advanced by a task of the test) has had by then: a
/// controller that waits for its keys suspending gives it one before each.
@MainActor
final class TurnCountingScreen: Screen {
  let memory: MemoryScreen
  /// Advanced by other main-actor work.
  var turns = 0
  /// `turns` at each input given, in order.
  private(set) var turnsAtInput: [Int] = []

  init(_ memory: MemoryScreen) { self.memory = memory }

  var size: (rows: Int, columns: Int) { memory.size }
  var colorEnabled: Bool { memory.colorEnabled }
  var inputDescriptor: Int32? { nil }
  func present(_ frame: Frame) { memory.present(frame) }
  func nextKey() -> KeyEvent? {
    if case .key(let key) = nextInput(timeout: nil) { return key }
    return nil
  }
  func nextInput(timeout milliseconds: Int?) -> ScreenInput {
    turnsAtInput.append(turns)
    return memory.nextInput(timeout: milliseconds)
  }
}

@MainActor
@Suite("Add to Existing Contact, presented")
struct UnknownPersonAddToExistingTests {
  /// Keys that open "Add to Existing Contact" and choose Ada Lovelace in its picker.
  nonisolated static let pickAda = [KeyEvent.character("a")] + typing("lovelace") + [.enter]

  @Test(
    "present(on:) ends as run(on:) does for the same keys — same frames, result, saves and delegate calls — and waits for every key suspending",
    arguments: [
      ("saved", pickAda + [.character("y")], 0),
      ("back to the picker, its query kept, then saved", pickAda + [.escape, .enter, .character("y")], 0),
      ("back to the picker, back to the card, cancelled", pickAda + [.escape, .escape, .escape], 0),
      ("moved on the confirmation, cancelled there", pickAda + [.down, .pageDown, .control("c")], 0),
      ("a refused save shown, then saved", pickAda + [.character("y"), .character("y")], 1),
      ("input ended on the confirmation", pickAda, 0),
    ])
  func presentedAsRun(_ what: String, keys: [KeyEvent], failures: Int) async {
    let run = UnknownPersonViewControllerTests.run(keys, failures: failures)
    let card = UnknownPersonViewControllerTests.make(keys, failures: failures)
    let screen = TurnCountingScreen(card.screen)
    let turns = Task { @MainActor in
      while !Task.isCancelled {
        screen.turns += 1
        await Task.yield()
      }
    }
    let presented = card.ended(with: await card.controller.present(on: screen))
    turns.cancel()

    #expect(presented.result == run.result, "\(what)")
    #expect(presented.screens == run.screens, "\(what)")
    #expect(presented.delegate.resolved == run.delegate.resolved, "\(what)")
    #expect(presented.saves.received.map(\.contact) == run.saves.received.map(\.contact), "\(what)")
    #expect(presented.saves.received.map(\.original) == run.saves.received.map(\.original), "\(what)")
    #expect(presented.controller.state?.cursor == run.controller.state?.cursor, "\(what)")
    // Every key (and the end of input) was waited for with the main actor given to
    // other work first: on the card, in the picker and on the confirmation.
    #expect(screen.turnsAtInput.count >= keys.count, "\(what)")
    #expect(zip(screen.turnsAtInput, screen.turnsAtInput.dropFirst()).allSatisfy { $0 < $1 }, "\(what)")
  }

  @Test("presented, the confirmation saves the merge as run(on:) does: Ada with the sender's email added")
  func presentedSaves() async {
    let card = UnknownPersonViewControllerTests.make(Self.pickAda + [.escape, .enter, .character("y")])
    let presented = card.ended(with: await card.controller.present(on: card.screen))
    let ada = TestContacts.book[0]
    var expected = ada
    expected.emailAddresses.append(
      LabeledValue(identifier: "Ada-Lovelace/emailAddresses/added-1", label: nil, value: "countess@engines.example"))
    #expect(presented.result == .resolved(expected))
    #expect(presented.saves.received.map(\.contact) == [expected])
    #expect(presented.delegate.resolved == [expected])
    // Back from the confirmation: the picker again, with its query.
    #expect(presented.screens.contains { $0.hasPrefix(" Add this value to Ada Lovelace?") })
    let backInPicker = presented.screens.lastIndex { $0.contains("> lovelace") }
    let firstConfirmation = presented.screens.firstIndex { $0.hasPrefix(" Add this value to Ada Lovelace?") }
    #expect(backInPicker != nil && firstConfirmation != nil && backInPicker! > firstConfirmation!)
  }
}
