import ContactKit
import TerminalKit
import AddressBook

/// The unknown-person card's delegate (ABUnknownPersonViewControllerDelegate /
/// CNContactViewControllerDelegate for `forUnknownContact:`). Every requirement has
/// a default.
@MainActor
public protocol UnknownPersonViewDelegate: AnyObject {
  /// The card ended with a person: the new contact as saved ("Create New Contact"),
  /// the existing contact with the added values as saved ("Add to Existing
  /// Contact"), or the known contact whose card was opened and closed; `nil` when the
  /// user cancelled (`unknownPersonViewController(_:didResolveToPerson:)`). Not called
  /// when a value was chosen.
  func unknownPersonViewController(_ controller: UnknownPersonViewController, didResolveTo contact: Contact?)
  /// The user chose a value — on the unknown person's card, or on a known contact's
  /// card opened from it. Return `true` to end with `.selectedProperty`, `false` to
  /// stay on the card (`unknownPersonViewController(_:shouldPerformDefaultActionForPerson:property:identifier:)`).
  /// Default: `true`.
  func unknownPersonViewController(
    _ controller: UnknownPersonViewController, shouldPerformDefaultActionFor property: ContactProperty
  ) -> Bool
}

extension UnknownPersonViewDelegate {
  /// Default: does nothing.
  public func unknownPersonViewController(_ controller: UnknownPersonViewController, didResolveTo contact: Contact?) {}
  /// Default: `true`, so choosing a value ends the card with `.selectedProperty`.
  public func unknownPersonViewController(
    _ controller: UnknownPersonViewController, shouldPerformDefaultActionFor property: ContactProperty
  ) -> Bool { true }
}

/// How an unknown-person card ended.
public enum UnknownPersonResult: Sendable, Equatable {
  /// Resolved to this person (as saved, or the known contact opened).
  case resolved(Contact)
  /// A value was chosen (and the delegate agreed).
  case selectedProperty(ContactProperty)
  /// Esc, Ctrl-C, Ctrl-G, or input ended; nothing saved.
  case cancelled
}

/// The unknown-person card (ABUnknownPersonViewController, CNContactViewController
/// `forUnknownContact:`): a person not in the address book — the sender of a mail, a
/// card someone sent, values from a script — shown like the person card, with the
/// actions to add it.
///
/// The card shows the person's values and, at the bottom:
/// - when one of the person's emails or phone numbers is already in the address book
///   (`existingList`, else `existingContacts`),
///   the line "In contacts as Ada Lovelace" and the action "Open Ada Lovelace’s card",
///   which shows her `PersonViewController`: choosing a value there ends with
///   `.selectedProperty` (asking the delegate), closing it resolves to her;
/// - "Create New Contact": the new-person form pre-filled with the person
///   (`ContactEditing.runForm`: validation, duplicate prompt, the save seam); saved →
///   resolved to the saved contact; cancelled → back to the card; "open existing" in
///   its duplicate prompt → that contact's card, as above;
/// - "Add to Existing Contact": the people picker over the address book; the chosen
///   person merged with this one (`UnknownPersonMerge`) is shown for confirmation
///   with the added values marked `✓` and the filled fields listed; Enter or `y`
///   saves through `editing.save(merged, original: chosen)` (only the differences are
///   written) and resolves to the saved contact; Esc or `n` goes back to the picker
///   (its query kept), and Esc there back to the card. When nothing would be added,
///   Enter resolves to the chosen person without saving.
///
/// The two adding actions are shown only when `allowsAddingToAddressBook` is true and
/// `editing` is set.
///
/// Keys on the card: ↑/↓ (Ctrl-P/Ctrl-N, Tab/Shift-Tab) move over the values and the
/// actions, Home/End, PgUp/PgDn scroll; Enter chooses the value or performs the
/// action; `n` Create New Contact, `a` Add to Existing Contact, `o` opens the (first)
/// known contact; Esc, ←, Ctrl-C, Ctrl-G cancel. The cursor starts on the first
/// action when there is one.
///
/// ```swift
/// let sender = MessageAddressParser().addresses(in: rawMessage).first!
/// let card = UnknownPersonViewController(displayedPerson: sender.contact())
/// card.existingContacts = book.contacts
/// card.editing = editing        // the save seam (nil: no adding)
/// card.message = "From a mail: Notes on the Analytical Engine"
/// switch await card.present(on: screen) {
/// case .resolved(let person): …
/// case .selectedProperty(let property): …
/// case .cancelled: …
/// }
/// ```
@MainActor
public final class UnknownPersonViewController {
  /// Told how the card ended. Held weakly.
  public weak var delegate: (any UnknownPersonViewDelegate)?
  /// The person shown (displayedPerson): usually without identifiers (a value
  /// without one is shown under `<key>/<n>`; the form gives fresh ones when saving).
  public var displayedPerson: Contact
  /// The name shown when the person has none (alternateName), e.g. the display name
  /// of a mail whose address alone is taken.
  public var alternateName: String?
  /// Text shown under the name (message); line breaks start new lines.
  public var message: String?
  /// Whether "Create New Contact" and "Add to Existing Contact" are offered
  /// (allowsAddingToAddressBook; `--no-add`, `--read-only`). They also need `editing`.
  public var allowsAddingToAddressBook = true
  /// Whether values can be chosen (allowsActions); when false they are only shown.
  public var allowsActions = true
  /// What `o` and `m` do with the highlighted value, as on the person card
  /// (`PersonViewController.actions`; the delegate's
  /// `shouldPerformDefaultActionFor` may veto); `nil`: nothing. Only while
  /// `allowsActions`. A known contact's card opened from here has them too.
  public var actions: ContactActions?
  /// The address book: the people picker of "Add to Existing Contact", the
  /// "In contacts as …" check, and the new-person form's duplicate check when
  /// `editing.existingContacts` is empty.
  public var existingContacts: [Contact] = []
  /// The address book as a sorted, indexed list (`ContactList`): when set, it is used
  /// instead of `existingContacts` — the picker of "Add to Existing Contact" shows it,
  /// and its index finds the known contacts and the duplicate check's candidates, so
  /// a large book is not read contact by contact.
  public var existingList: ContactList?
  /// The save seam; `nil`: no adding.
  public var editing: ContactEditing?
  /// The default region for phone numbers without a country code (merging, the
  /// known check); `nil`: `editing.region`, else the locale's.
  public var region: String?
  /// The keys the card shows (displayedPropertyKeys).
  public var displayedPropertyKeys = PersonCardState.defaultKeys
  /// Which values may be chosen (predicateForSelectionOfProperty); others are dimmed.
  public var predicateForSelectionOfProperty: @Sendable (ContactProperty) -> Bool = { _ in true }
  /// The people picker's order and name format.
  public var sortOrder: ContactFormatter.SortOrder = .family
  /// The order of composed names (`--name-order`).
  public var nameOrder: ContactFormatter.NameOrder = .auto
  /// The card's state after the last key, for inspection in tests.
  public private(set) var state: UnknownPersonState?

  /// A card for `displayedPerson`.
  public init(displayedPerson: Contact) {
    self.displayedPerson = displayedPerson
  }

  /// The region used: `region`, else `editing.region`, else the locale's.
  public var effectiveRegion: String {
    region ?? editing?.region ?? PhoneNumberKey.defaultRegion()
  }

  /// The contacts of `existingContacts` that have one of the person's emails or phone
  /// numbers, in address-book order.
  public var knownContacts: [Contact] {
    guard let existingList else {
      return Self.knownContacts(for: displayedPerson, in: existingContacts, region: effectiveRegion)
    }
    return Self.knownContacts(for: displayedPerson, in: existingList, region: effectiveRegion)
  }

  /// `knownContacts(for:in:region:)` among the contacts of `list` that its index finds
  /// (`ContactList.duplicateCandidates(of:region:)`), in list order.
  ///
  /// - Parameters:
  ///   - person: the person shown (their emails and phone numbers are looked for).
  ///   - list: the address book, with its search index.
  ///   - region: the default region for phone numbers without a country code.
  public static func knownContacts(for person: Contact, in list: ContactList, region: String) -> [Contact] {
    var probe = Contact(identifier: "", source: "")
    probe.emailAddresses = person.emailAddresses
    probe.phoneNumbers = person.phoneNumbers
    return knownContacts(for: person, in: list.duplicateCandidates(of: probe, region: region), region: region)
  }

  /// The first contact of `contacts` that has one of `person`'s emails (without
  /// regard to case) or phone numbers (by `PhoneNumberKey` in `region`), or `nil`
  /// (`--skip-known`). Names alone do not count.
  public static func knownContact(for person: Contact, in contacts: [Contact], region: String) -> Contact? {
    knownContacts(for: person, in: contacts, region: region).first
  }

  /// Every contact of `contacts` that has one of `person`'s emails or phone numbers.
  public static func knownContacts(for person: Contact, in contacts: [Contact], region: String) -> [Contact] {
    var probe = Contact(identifier: "", source: "")
    probe.emailAddresses = person.emailAddresses
    probe.phoneNumbers = person.phoneNumbers
    guard !probe.emailAddresses.isEmpty || !probe.phoneNumbers.isEmpty else { return [] }
    return DuplicateDetector(existingContacts: contacts, region: region).duplicates(of: probe)
      .filter { match in
        match.reasons.contains { reason in
          switch reason {
          case .email, .phone: return true
          case .name, .identifier: return false
          }
        }
      }
      .map(\.contact)
  }

  /// `displayedPerson` with an identifier for every value that has none
  /// (`<key>/<n>`), so each row of the card can be told apart.
  var shownPerson: Contact {
    var person = displayedPerson
    func fill<V>(_ path: WritableKeyPath<Contact, [LabeledValue<V>]>, _ key: ContactKey) {
      for index in person[keyPath: path].indices where person[keyPath: path][index].identifier.isEmpty {
        person[keyPath: path][index].identifier = "\(key.rawValue)/\(index)"
      }
    }
    fill(\.phoneNumbers, .phoneNumbers)
    fill(\.emailAddresses, .emailAddresses)
    fill(\.postalAddresses, .postalAddresses)
    fill(\.urlAddresses, .urlAddresses)
    fill(\.instantMessageAddresses, .instantMessageAddresses)
    fill(\.socialProfiles, .socialProfiles)
    fill(\.contactRelations, .contactRelations)
    fill(\.dates, .dates)
    return person
  }

  /// Runs the card on `screen` until it resolves, a value is chosen, or it is
  /// cancelled; then calls the delegate. Returns how it ended. Blocks the main actor
  /// until then.
  @discardableResult
  public func run(on screen: any Screen) -> UnknownPersonResult {
    let session = CardSession(controller: self, card: initialCard(), screen: screen)
    return end(session, with: InteractionLoop.run(from: session.start()))
  }

  /// Presents the card and returns how it ended (for callers who want a value rather
  /// than a delegate). The delegate is called too. Suspends while it waits, the main
  /// actor free for other tasks: for a key (see `PeoplePickerController.present(on:)`)
  /// — on the card and on the confirmation of "Add to Existing Contact" — and for
  /// what it opens, presented in turn: the new-person form, a known contact's card,
  /// the people picker of "Add to Existing Contact".
  public func present(on screen: any Screen) async -> UnknownPersonResult {
    let session = CardSession(controller: self, card: initialCard(), screen: screen)
    return end(session, with: await InteractionLoop.present(from: session.start()))
  }

  private func initialCard() -> UnknownPersonState {
    let allowsActions = self.allowsActions
    let predicate = predicateForSelectionOfProperty
    return UnknownPersonState(
      contact: shownPerson, keys: displayedPropertyKeys, alternateName: alternateName, message: message,
      known: knownContacts, allowsAdding: allowsAddingToAddressBook && editing != nil,
      acting: allowsActions && actions != nil
    ) { allowsActions && predicate($0) }
  }

  private func end(_ session: CardSession, with result: UnknownPersonResult) -> UnknownPersonResult {
    state = session.card
    switch result {
    case .resolved(let contact): delegate?.unknownPersonViewController(self, didResolveTo: contact)
    case .cancelled: delegate?.unknownPersonViewController(self, didResolveTo: nil)
    case .selectedProperty: break
    }
    return result
  }

  /// One run of the card: feeds `UnknownPersonInteraction` (inputs in, effects out)
  /// and does what it says: draws, asks the delegate, opens the form, a card or the
  /// picker, ends.
  @MainActor
  private final class CardSession {
    private unowned let controller: UnknownPersonViewController
    private let screen: any Screen
    private var interaction: UnknownPersonInteraction
    /// The card after the last input.
    var card: UnknownPersonState { interaction.card }

    init(controller: UnknownPersonViewController, card: UnknownPersonState, screen: any Screen) {
      self.controller = controller
      self.interaction = UnknownPersonInteraction(card: card)
      self.screen = screen
    }

    func start() -> InteractionStep<UnknownPersonResult> {
      interaction.size = screen.size
      return perform(interaction.start())
    }

    private func feed(_ input: UnknownPersonInteraction.Input) -> InteractionStep<UnknownPersonResult> {
      interaction.size = screen.size
      return perform(interaction.handle(input))
    }

    private func perform(_ effects: [UnknownPersonInteraction.Effect]) -> InteractionStep<UnknownPersonResult> {
      let screen = screen
      for effect in effects {
        switch effect {
        case .draw:
          screen.present(interaction.frame(color: screen.colorEnabled))
        case .ask(let property):
          let delegate = controller.delegate
          let ends = delegate?.unknownPersonViewController(controller, shouldPerformDefaultActionFor: property) ?? true
          return feed(.answered(property, ends: ends))
        case .openCard(let contact):
          let card = controller.card(of: contact)
          return .next(
            .nested(
              run: { card.controller.run(on: screen) }, present: { await card.controller.present(on: screen) },
              then: { [self] ended in feed(.cardClosed(card.result(ended))) }))
        case .addToExisting:
          guard let editing = controller.editing else { return feed(.addEnded(nil)) }
          let adding = UnknownPersonAddToExisting(controller: controller, editing: editing, screen: screen) {
            [self] in feed(.addEnded($0))
          }
          return adding.start()
        case .createNew:
          guard let editing = controller.formEditing else { return feed(.formEnded(.cancelled)) }
          let form = editing.form(editing: nil, prefill: controller.displayedPerson)
          return .next(
            .nested(
              run: { form.run(on: screen) }, present: { await form.present(on: screen) },
              then: { [self] in feed(.formEnded($0)) }))
        case .act(let property, let message):
          let delegate = controller.delegate
          let allowed = delegate?.unknownPersonViewController(controller, shouldPerformDefaultActionFor: property) ?? true
          return feed(.acted(controller.actions?.perform(on: property, message: message, allowed: allowed) ?? ""))
        case .end(let result):
          return .finished(result)
        }
      }
      return .next(
        // While the card's photo is being decoded, a look every 20 ms draws it once there.
        .input(on: screen, timeout: CardPhoto.isPending(interaction.card.card.contact) ? 20 : nil) { [self] input in
          switch input {
          case .ended: return feed(.inputEnded)
          case .timedOut: return start()  // laid out and drawn again
          case .key(let key): return feed(.key(key))
          }
        })
    }
  }

  /// `editing` for the new-person form: its duplicate check looks in
  /// `existingContacts` when `editing` has none of its own.
  fileprivate var formEditing: ContactEditing? {
    guard var editing else { return nil }
    if editing.existingContacts.isEmpty && editing.duplicateCandidates == nil {
      if let list = existingList {
        editing.duplicateCandidates = { contact, region in list.duplicateCandidates(of: contact, region: region) }
      } else {
        editing.existingContacts = existingContacts
      }
    }
    return editing
  }

  // MARK: Open a known contact

  /// Forwards the person card's "choose a value?" question to this card's delegate.
  fileprivate final class CardBridge: PersonViewDelegate {
    weak var owner: UnknownPersonViewController?
    init(owner: UnknownPersonViewController) { self.owner = owner }
    func personViewController(_ controller: PersonViewController, shouldPerformDefaultActionFor property: ContactProperty)
      -> Bool
    {
      guard let owner else { return true }
      return owner.delegate?.unknownPersonViewController(owner, shouldPerformDefaultActionFor: property) ?? true
    }
  }

  /// Shows `contact`'s person card: a chosen value ends with it, closing resolves to
  /// the contact (as edited there, when it was).
  fileprivate func card(of contact: Contact) -> KnownCard {
    let controller = PersonViewController(contact: contact)
    let bridge = CardBridge(owner: self)
    controller.delegate = bridge
    controller.allowsActions = allowsActions
    controller.actions = actions
    controller.displayedPropertyKeys = displayedPropertyKeys
    controller.predicateForSelectionOfProperty = predicateForSelectionOfProperty
    controller.editing = allowsAddingToAddressBook ? editing : nil
    return KnownCard(controller: controller, bridge: bridge)
  }

  /// A known contact's card, opened from this one, and what its end means here.
  @MainActor
  fileprivate struct KnownCard {
    let controller: PersonViewController
    /// Held as long as the card (its delegate is weak).
    let bridge: CardBridge

    /// A value chosen is this card's answer; an edit or a close resolves to the
    /// contact as it is now.
    func result(_ ended: PersonViewResult) -> UnknownPersonResult {
      withExtendedLifetime(bridge) {}
      switch ended {
      case .selectedProperty(let property): return .selectedProperty(property)
      case .edited(let edited): return .resolved(edited)
      case .deleted: return .cancelled  // the known contact is gone: nothing to resolve to
      case .cancelled: return .resolved(controller.contact)
      }
    }
  }
}
