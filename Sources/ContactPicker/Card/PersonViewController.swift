import Localization
import ContactKit
import TerminalKit

/// The person view's delegate (ABPersonViewControllerDelegate / CNContactViewControllerDelegate).
@MainActor
public protocol PersonViewDelegate: AnyObject {
  /// The user chose a value on the card, or asked for its action. Return `true` to
  /// perform the default action — Enter: end the card and return the property; `o`
  /// (`m`): run the value's command (`PersonViewController.actions`) — or `false` to
  /// veto it and stay on the card
  /// (`personViewController(_:shouldPerformDefaultActionForPerson:property:identifier:)`).
  func personViewController(_ controller: PersonViewController, shouldPerformDefaultActionFor property: ContactProperty)
    -> Bool
  /// The card was closed without choosing (Esc, Ctrl-C, Ctrl-G, input ended).
  func personViewControllerDidCancel(_ controller: PersonViewController)
  /// The card was closed after the contact was edited and saved
  /// (`contactViewController(_:didCompleteWith:)`).
  func personViewController(_ controller: PersonViewController, didCompleteWith contact: Contact)
  /// The contact was deleted from its address book ("Delete Contact" in the edit
  /// form, confirmed) and the card closed: `contact` as it was before.
  func personViewController(_ controller: PersonViewController, didDelete contact: Contact)
}

extension PersonViewDelegate {
  /// Default: `true`, so choosing a value ends the card with it.
  public func personViewController(
    _ controller: PersonViewController, shouldPerformDefaultActionFor property: ContactProperty
  ) -> Bool { true }
  /// Default: does nothing.
  public func personViewControllerDidCancel(_ controller: PersonViewController) {}
  /// Default: does nothing.
  public func personViewController(_ controller: PersonViewController, didCompleteWith contact: Contact) {}
  /// Default: does nothing.
  public func personViewController(_ controller: PersonViewController, didDelete contact: Contact) {}
}

/// How a person card ended.
public enum PersonViewResult: Sendable, Equatable {
  /// The user chose this value and the delegate allowed the default action.
  case selectedProperty(ContactProperty)
  /// Closed after an edit was saved: the contact as saved.
  case edited(Contact)
  /// Closed after the contact was deleted from its address book: as it was before.
  case deleted(Contact)
  /// Closed without choosing (Esc, Ctrl-C, Ctrl-G, input ended).
  case cancelled
}

/// The person card (ABPersonViewController / CNContactViewController): one contact
/// with its values, one of which the user may choose.
///
/// Keys: ↑/↓ or Ctrl-P/Ctrl-N move between values, PgUp/PgDn scroll, Enter chooses
/// the value (asking the delegate), `o` performs its action and `m` its message action
/// (with `actions` set: asking the delegate, then starting the command detached; the
/// card stays), `e` edits (with `editing` set; the form's "Delete Contact" row
/// deletes), Esc, ←, Ctrl-C or Ctrl-G close the card.
@MainActor
public final class PersonViewController {
  /// Told what the user chose. Held weakly.
  public weak var delegate: (any PersonViewDelegate)?
  /// The contact shown (displayedPerson); after a saved edit, the contact as saved.
  public private(set) var contact: Contact
  /// Adding and editing (allowsEditing when set): `e` or Ctrl-E opens the form on the
  /// contact, Ctrl-S there saves through `editing.save`.
  public var editing: ContactEditing?
  /// Whether the card can be edited (ABPersonViewController's allowsEditing): true
  /// when `editing` is set.
  public var allowsEditing: Bool { editing != nil }
  /// The keys the card shows, in order (displayedPropertyKeys).
  public var displayedPropertyKeys = PersonCardState.defaultKeys
  /// Whether values can be chosen and acted on (allowsActions); when false the card
  /// only shows.
  public var allowsActions = true
  /// What `o` and `m` do with the highlighted value (`ContactActions`: mail, call,
  /// message, browse, map); `nil`: nothing (and the keys are not shown). Only while
  /// `allowsActions`.
  public var actions: ContactActions?
  /// Which values may be chosen (predicateForSelectionOfProperty); others are dimmed.
  public var predicateForSelectionOfProperty: @Sendable (ContactProperty) -> Bool = { _ in true }
  /// The value highlighted when the card opens (highlightProperty), by key and identifier.
  public var highlightedProperty: (key: ContactKey, identifier: String?)?
  /// Whether closing the card goes back to a list it was chosen from (the caller shows
  /// the list again): the help line says `esc back` rather than `esc close`.
  public var returnsToList = false
  /// Whether the card last ended by Esc or ← (back, to a list with `returnsToList`)
  /// rather than by Ctrl-C, Ctrl-G or Ctrl-Q (cancel, which leaves the list too); both
  /// end it `.cancelled`.
  public private(set) var wentBack = false

  /// A card for `contact`.
  public init(contact: Contact) {
    self.contact = contact
  }

  /// Runs the card on `screen` until a value is chosen or the card is closed.
  /// Blocks the main actor until then.
  @discardableResult
  public func run(on screen: any Screen) -> PersonViewResult {
    end(InteractionLoop.run(from: InteractionBox(begin()).start(controller: self, on: screen)))
  }

  /// Presents the card and returns how it ended. Suspends while it waits, the main
  /// actor free for other tasks: for a key and for the form (presented in turn; see
  /// `PeoplePickerController.present(on:)`).
  public func present(on screen: any Screen) async -> PersonViewResult {
    end(await InteractionLoop.present(from: InteractionBox(begin()).start(controller: self, on: screen)))
  }

  private func begin() -> PersonCardInteraction {
    let allowsActions = self.allowsActions
    let predicate = predicateForSelectionOfProperty
    let editable = editing.map { $0.canEdit(contact) } ?? false
    let acting = allowsActions && actions != nil
    let messaging = contact.properties(for: displayedPropertyKeys).contains {
      ContactActions.kind(for: $0, message: true) != nil
    }
    let context = PersonCardKeymap.Context(
      choosing: allowsActions, editing: editable, acting: acting, messaging: messaging,
      leaving: returnsToList ? L10n.text("back") : L10n.text("close"))
    let settings = PersonCardInteraction.Settings(
      keys: displayedPropertyKeys, focusKey: highlightedProperty?.key, isEnabled: { allowsActions && predicate($0) },
      keymap: PersonCardKeymap.card(context), editing: editable, notEditable: editing?.refusal(contact), acting: acting)
    return PersonCardInteraction(contact: contact, settings: settings, highlighted: highlightedProperty?.identifier)
  }

  /// Tells the delegate how the card ended.
  private func end(_ result: PersonViewResult) -> PersonViewResult {
    switch result {
    case .cancelled: delegate?.personViewControllerDidCancel(self)
    case .edited(let contact): delegate?.personViewController(self, didCompleteWith: contact)
    case .deleted(let contact): delegate?.personViewController(self, didDelete: contact)
    case .selectedProperty: break
    }
    return result
  }

  /// Holds the interaction while the loop runs, feeds it and does what it says.
  @MainActor
  private final class InteractionBox {
    var interaction: PersonCardInteraction
    init(_ interaction: PersonCardInteraction) { self.interaction = interaction }

    func start(controller: PersonViewController, on screen: any Screen) -> InteractionStep<PersonViewResult> {
      interaction.size = screen.size
      return perform(interaction.start(), controller: controller, on: screen)
    }

    func feed(_ input: PersonCardInteraction.Input, controller: PersonViewController, on screen: any Screen)
      -> InteractionStep<PersonViewResult>
    {
      interaction.size = screen.size
      return perform(interaction.handle(input), controller: controller, on: screen)
    }

    func perform(
      _ effects: [PersonCardInteraction.Effect], controller: PersonViewController, on screen: any Screen
    ) -> InteractionStep<PersonViewResult> {
      controller.contact = interaction.contact
      controller.wentBack = interaction.wentBack
      for effect in effects {
        switch effect {
        case .draw:
          screen.present(interaction.frame(color: screen.colorEnabled))
        case .ask(let property):
          let ends = controller.delegate?.personViewController(controller, shouldPerformDefaultActionFor: property) ?? true
          return feed(.answered(property, ends: ends), controller: controller, on: screen)
        case .edit(let contact):
          guard let editing = controller.editing else { continue }
          // A save refused because the card changed on disk reloads it: the card shows
          // that version from then on, saved over or not.
          let edit = ContactEditing.EditForm(editing, editing: contact)
          return .next(
            .nested(
              run: { edit.form.run(on: screen) }, present: { await edit.form.present(on: screen) },
              then: { [self] in
                let outcome = edit.outcome($0)
                let notice = outcome.isSaved ? editing.saveNotice?() ?? [] : []
                return feed(.editEnded(outcome, notice: notice), controller: controller, on: screen)
              }))
        case .act(let property, let message):
          let allowed = controller.delegate?.personViewController(controller, shouldPerformDefaultActionFor: property) ?? true
          let said = controller.actions?.perform(on: property, message: message, allowed: allowed) ?? ""
          return feed(.acted(said), controller: controller, on: screen)
        case .end(let result):
          return .finished(result)
        }
      }
      return .next(
        // While the photo is being decoded, a look every 20 ms draws it once it is there.
        .input(on: screen, timeout: CardPhoto.isPending(interaction.contact) ? 20 : nil) { [self] input in
          switch input {
          case .key(let key): return feed(.key(key), controller: controller, on: screen)
          case .ended: return feed(.inputEnded, controller: controller, on: screen)
          case .timedOut: return perform([.draw], controller: controller, on: screen)
          }
        })
    }
  }
}
