import ContactKit
import ContactPicker
import ContactStores
import Foundation
import Matching
import TerminalCurses
import TerminalKit

extension CPick {
  /// The people picker: `--select-1`/`--exit-0` first, then the UI on /dev/tty.
  static func pick(
    _ contacts: [Contact], options: Options, output: Output, sources: [String], environment: [String: String]
  ) -> ExitCode {
    let rules: Predicates
    do { rules = try predicates(options) } catch { return fail(error.description) }
    let list = ContactList(contacts, sortOrder: options.sortOrder, nameOrder: options.nameOrder)
    let picker = PeoplePickerController(list: list)
    picker.initialQuery = options.query
    picker.searchOptions = SearchOptions(exact: options.exact)
    // A mailbox needs an address: -f mailbox chooses an email as -p email does.
    picker.selectionMode =
      options.property.map { .property($0) } ?? (options.format == .mailbox ? .property(.emailAddresses) : .person)
    picker.allowsMultipleSelection = options.multi
    if let keys = options.showProperties { picker.displayedPropertyKeys = keys }
    picker.predicateForEnablingContact = rules.enabling
    picker.predicateForSelectionOfContact = rules.selection
    picker.predicateForSelectionOfProperty = rules.property
    if !options.readOnly {
      picker.editing = SaveTarget.editing(options, sources: sources, environment: environment, existing: contacts)
    }

    if options.selectOne || options.exitZero {
      let matches =
        options.query.isEmpty
        ? Array(list.contacts.indices)
        : list.index.search(options.query, options: picker.searchOptions).map(\.index)
      let enabled = matches.filter { picker.isEnabled(list.contacts[$0]) }
      if enabled.isEmpty && options.exitZero { return .noMatch }
      if enabled.count == 1 && options.selectOne {
        let contact = list.contacts[enabled[0]]
        var result: PeoplePickerResult? = nil
        if case .property = picker.selectionMode {
          let values = picker.selectableProperties(of: contact)
          if values.count == 1 { result = options.multi ? .selectedProperties(values) : .selectedProperty(values[0]) }
        } else if rules.selection(contact) {
          result = options.multi ? .selectedPeople([contact]) : .selectedPerson(contact)
        }
        if let result, emit(result, output, options.format) { return .chosen }
      }
    }
    var expected: Set<KeyEvent> = []
    for name in options.expect {
      guard let key = ExpectKeys.key(name) else { return fail("--expect: unknown key '\(name)'") }
      expected.insert(key)
    }
    picker.expectedKeys = expected
    let screen: any Screen
    do {
      screen = try openScreen(options, environment)
    } catch {
      return fail(error.description)
    }
    let result = picker.run(on: screen)
    screen.end()
    // fzf's order: the query (--print-query), the key (--expect), then the selection.
    if options.printQuery { StandardOutput.write(picker.finalQuery, terminator: options.print0 ? "\0" : "\n") }
    if result == .cancelled { return .cancelled }
    if !options.expect.isEmpty {
      let name = picker.endingKey.map { ExpectKeys.name($0, among: options.expect) } ?? ""
      StandardOutput.write(name, terminator: options.print0 ? "\0" : "\n")
    }
    return emit(result, output, options.format) ? .chosen : .cancelled
  }
}
