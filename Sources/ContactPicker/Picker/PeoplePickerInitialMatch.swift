import ContactKit
import Matching

/// What a people picker's initial query decides before anything is drawn
/// (`PeoplePickerController.initialMatch()`): fzf's `--select-1` and `--exit-0`.
public enum PeoplePickerInitialMatch: Sendable, Equatable {
  /// No contact that can be chosen matches (`--exit-0` ends here).
  case noMatch
  /// Exactly one contact that can be chosen matches, and choosing it settles the
  /// interaction: what Enter on it would return — the contact, or in `.property` mode
  /// its one value of that property, or the one value the query points at among
  /// several (`-p email -q lanternworks`). No screen is needed.
  case chosen(PeoplePickerResult)
  /// Exactly one contact that can be chosen matches, but a value is still to be chosen
  /// on its card: it has several values of the property asked for, or
  /// `predicateForSelectionOfContact` refuses the contact itself. Set
  /// `initialCard` to it and run the picker.
  case card(Contact)
  /// Several contacts that can be chosen match: the list is needed.
  case several
}

extension PeoplePickerController {
  /// What `initialQuery` (within `initialGroup`) decides without a screen: no match,
  /// one match whose choice needs no UI, one match whose card must open, or several.
  ///
  /// Counts the rows the list would show that can be chosen (`isEnabled(_:)`), as
  /// the picker would, under the strict readings of the query that
  /// `ContactIndex.candidates` takes one match from (`SearchOptions.Breadth`): a
  /// contact whose names the words start is taken even when loose fuzzy matches are
  /// listed too (`heiko`: Heiko Mustermann, not also Herminio Dock Barton), and a
  /// query that only such loose matches answer is `.several` — or `.noMatch` when it
  /// has no match at all. Nothing is drawn and the delegate is not called. A picker
  /// made with `init(loading:)` has no list before it runs: `.noMatch`.
  ///
  /// - Complexity: up to three searches of the list.
  public func initialMatch() -> PeoplePickerInitialMatch {
    let rules = rules
    let isEnabled = rules.isEnabled
    /// The rows that can be chosen under `options`, up to two.
    func enabledRows(_ options: SearchOptions) -> [Int] {
      var state = PeoplePickerState(list: list, query: initialQuery, options: options, isEnabled: isEnabled)
      if let initialGroup { state.narrow(toGroup: initialGroup) }
      var found: [Int] = []
      for case .contact(let position) in state.rows where isEnabled(list.contacts[position]) {
        found.append(position)
        if found.count == 2 { break }
      }
      return found
    }
    var rows: [Int] = []
    for breadth in SearchOptions.Breadth.candidateOrder where rows.isEmpty {
      var strict = searchOptions
      strict.breadth = breadth
      rows = enabledRows(strict)
    }
    if rows.isEmpty { return enabledRows(searchOptions).isEmpty ? .noMatch : .several }
    guard rows.count == 1, let found = rows.first else { return .several }
    let contact = list.contacts[found]
    switch rules.choosing(contact) {
    case .person:
      return .chosen(allowsMultipleSelection ? .selectedPeople([contact]) : .selectedPerson(contact))
    case .property(let property):
      return .chosen(allowsMultipleSelection ? .selectedProperties([property]) : .selectedProperty(property))
    case .card(let contact):
      // The query points at one of its values (`-p email -q lanternworks`): that one.
      let query = initialQuery.isEmpty ? nil : SearchHighlighter.Query(initialQuery, options: searchOptions)
      if let property = rules.valueChosen(by: query, in: contact) {
        return .chosen(allowsMultipleSelection ? .selectedProperties([property]) : .selectedProperty(property))
      }
      return .card(contact)
    }
  }
}
