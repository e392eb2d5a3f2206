import ContactKit
import ContactPicker
import ContactStores
import Foundation
import Matching
import TerminalScreens
import TerminalKit
import AddressBook
import ContactFormats
import Localization

extension CPick {
  /// The person card: `cpick show [QUERY|UID]` — the contact with that UID, else the
  /// best match of the query.
  static func show(
    _ book: ContactBook, options: Options, output: Output, sources: [String], environment: [String: String]
  ) -> ExitCode {
    let list = book.list
    let rules: Predicates
    do { rules = try predicates(options) } catch { return fail(error.description) }
    var contact: Contact
    var choose = false
    let exact = book.contacts(withIdentifier: options.query)
    if let first = exact.first {
      contact = first
      if exact.count > 1 {
        // The same card in several books (a phone's vdir and a backup), or twice in
        // one file: the first is shown, and the user told which and where the others
        // are (`file:line`, so that two in one file are told apart).
        func place(_ contact: Contact) -> String {
          contact.sourceRecord.map { "\(contact.source):\($0.firstLine)" } ?? contact.source
        }
        printError(
          "cpick: "
            + L10n.format(
              "%d contacts have the UID %s; showing the one in %s (also in %s)", exact.count, options.query, place(first),
              exact.dropFirst().map(place).joined(separator: ", ")))
      }
    } else {
      // The one candidate is shown (a contact the words start, not letters scattered
      // over another's names); several, or only loose matches: the user says which.
      let candidates = list.index.candidates(options.query, options: SearchOptions(exact: options.exact))
      guard let best = candidates.first ?? list.index.search(options.query, options: SearchOptions(exact: options.exact)).first
      else {
        printError("cpick: " + L10n.format("no contact matches '%s'", options.query))
        return .noMatch
      }
      contact = list.contacts[best.index]
      choose = candidates.count != 1
    }
    let screen: any Screen
    do {
      screen = try openScreen(options, environment)
    } catch {
      return fail(error.description)
    }
    // Several candidates: the user chooses in a list, and Esc or ← on the card goes
    // back to it (its query as left), as in the picker.
    var query = options.query
    while true {
      if choose {
        let picker = PeoplePickerController(list: list)
        picker.initialQuery = query
        picker.searchOptions = SearchOptions(exact: options.exact)
        picker.endsWhenNothingMatches = true
        switch picker.run(on: screen) {
        case .selectedPerson(let chosen):
          query = picker.finalQuery
          contact = chosen
        case .selectedProperty(let property):
          // A value chosen on the list's own card (→, then Enter): the answer.
          screen.end()
          return output.emit(.selectedProperty(property)) ? .chosen : .cancelled
        default:
          screen.end()
          return picker.nothingMatched ? .noMatch : .cancelled
        }
      }
      let (result, editable, wentBack) = showCard(
        contact, book: book, options: options, rules: rules, sources: sources, environment: environment,
        backToList: choose, on: screen)
      if choose, result == .cancelled, wentBack { continue }
      screen.end()
      // `--edit` on a card that cannot be edited (write-protected, read-only, standard
      // input): its help line had no `e`; said once the screen is given back.
      if !editable {
        printError(
          "cpick: "
            + L10n.format(
              "--edit: %s cannot be written (write-protected, a format cpick only reads, or standard input); the card was shown without edits",
              contact.source))
      }
      return output.emit(card: result)
    }
  }

  /// `contact`'s card on `screen`, as `show`'s options ask, until it ends; `editable`
  /// is false when `--edit` was asked and the contact cannot be edited, `wentBack`
  /// true when the user left it with Esc or ← (not Ctrl-C).
  private static func showCard(
    _ contact: Contact, book: ContactBook, options: Options, rules: Predicates, sources: [String],
    environment: [String: String], backToList: Bool, on screen: any Screen
  ) -> (result: PersonViewResult, editable: Bool, wentBack: Bool) {
    let card = PersonViewController(contact: contact)
    card.returnsToList = backToList
    if let keys = options.showProperties { card.displayedPropertyKeys = keys }
    card.allowsActions = !options.noActions
    card.actions = cardActions(options, environment: environment)
    let key = options.property
    card.predicateForSelectionOfProperty = { property in
      (key == nil || property.key == key) && rules.property(property)
    }
    if let key { card.highlightedProperty = (key, nil) }
    if options.edit && !options.readOnly {
      // The card edits an existing contact: no duplicate check, so no contacts to
      // check against (a book from the index would decode every one of them).
      card.editing = SaveTarget.editing(options, sources: sources, environment: environment, existing: [])
      card.editing?.groupNames = book.groups.map(\.name)  // the form's groups row offers them, empty ones too
    }
    let result = card.run(on: screen)
    return (result, card.editing?.canEdit(contact) ?? true, card.wentBack)
  }
}
