import ContactKit
import TerminalKit

/// "Add to Existing Contact" of an `UnknownPersonViewController` as interaction
/// steps: the people picker over the address book (run, or presented, in turn), then
/// the confirmation of the merge (`UnknownPersonConfirmation`), whose keys are waited
/// for like the card's (`PendingStep.input`) — so the card's `run(on:)` blocks
/// through it and its `present(on:)` suspends.
///
/// It ends, handing `ended` the card's outcome: saved (`.resolved`), cancelled from
/// the confirmation or input ended there (`.cancelled`), or `nil` when the picker
/// was left (back to the card). Going back from the confirmation opens the picker
/// again with the query it had.
@MainActor
struct UnknownPersonAddToExisting {
  typealias Step = InteractionStep<UnknownPersonResult>

  private unowned let controller: UnknownPersonViewController
  private let editing: ContactEditing
  private let screen: any Screen
  /// Where the card goes on once adding ended.
  private let ended: @MainActor (UnknownPersonResult?) -> Step

  /// Adding `controller`'s person on `screen` through `editing`'s save seam.
  init(
    controller: UnknownPersonViewController, editing: ContactEditing, screen: any Screen,
    ended: @escaping @MainActor (UnknownPersonResult?) -> Step
  ) {
    self.controller = controller
    self.editing = editing
    self.screen = screen
    self.ended = ended
  }

  /// The first step: the picker, its query empty.
  func start() -> Step {
    pick(query: "")
  }

  /// The picker over the address book starting with `query`; the chosen person's
  /// merge goes to the confirmation, a cancelled picker ends adding.
  private func pick(query: String) -> Step {
    let picker = makePicker(query: query)
    let screen = screen
    return .next(
      .nested(
        run: { picker.run(on: screen) }, present: { await picker.present(on: screen) },
        then: { picked in
          let query = picker.finalQuery
          guard case .selectedPerson(let chosen) = picked else { return ended(nil) }
          let merge = UnknownPersonMerge.merge(controller.displayedPerson, into: chosen, region: controller.effectiveRegion)
          let confirmation = UnknownPersonConfirmation(
            merge: merge, original: chosen, keys: controller.displayedPropertyKeys)
          return confirm(confirmation, query: query)
        }))
  }

  private func makePicker(query: String) -> PeoplePickerController {
    let picker =
      controller.existingList.map { PeoplePickerController(list: $0) }
      ?? PeoplePickerController(
        contacts: controller.existingContacts, sortOrder: controller.sortOrder, nameOrder: controller.nameOrder)
    picker.initialQuery = query
    picker.displayedPropertyKeys = controller.displayedPropertyKeys
    return picker
  }

  /// Draws `confirmation` and waits for its next key: Enter saves (or ends with the
  /// chosen person when nothing is added), a refused save is shown and the key
  /// waited for again, back goes to the picker with `query`; anything but a key
  /// (input ended) cancels, as it did when the key was read by `nextKey()`.
  private func confirm(_ confirmation: UnknownPersonConfirmation, query: String) -> Step {
    var confirmation = confirmation
    draw(&confirmation)
    return .next(
      .input(on: screen, timeout: nil) { input in
        guard case .key(let key) = input else { return ended(.cancelled) }
        var confirmation = confirmation
        switch confirmation.handle(key) {
        case .none:
          break
        case .back:
          return pick(query: query)
        case .cancel:
          return ended(.cancelled)
        case .confirm:
          let merge = confirmation.merge
          if merge.isEmpty { return ended(.resolved(confirmation.original)) }
          do {
            return ended(.resolved(try editing.save(merge.merged, confirmation.original)))
          } catch {
            confirmation.error = NewPersonViewController.describe(error)
          }
        }
        return confirm(confirmation, query: query)
      })
  }

  /// Scrolls the merged card to its cursor for the screen's size and presents it.
  private func draw(_ confirmation: inout UnknownPersonConfirmation) {
    let size = screen.size
    UnknownPersonConfirmationView.scrollToCursor(&confirmation, rows: size.rows, columns: size.columns)
    screen.present(
      UnknownPersonConfirmationView.render(
        confirmation, rows: size.rows, columns: size.columns, color: screen.colorEnabled))
  }
}
