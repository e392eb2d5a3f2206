import AddressBook
import ContactKit
import ContactPicker
import ContactStores
import CpickSupport
import Foundation
import Matching
import ServerBooks
import Localization
import TerminalKit
import TerminalScreens

extension CPick {
  /// The people picker over contacts already read: `--select-1`/`--exit-0` first, then
  /// the UI on /dev/tty.
  static func pick(
    _ list: ContactList, options: Options, output: Output, sources: [String], environment: [String: String]
  ) -> ExitCode {
    let rules: Predicates
    do { rules = try predicates(options) } catch { return fail(error.description) }
    let picker = PeoplePickerController(list: list)
    // The new-person form (Ctrl-N) takes the list's contacts when it opens.
    configure(picker, options: options, rules: rules, sources: sources, environment: environment, existing: [])
    do { picker.expectedKeys = try expectedKeys(options) } catch { return fail(error.description) }

    // fzf's -1 and -0: what the initial query decides needs no terminal.
    if options.selectOne || options.exitZero {
      switch picker.initialMatch() {
      case .noMatch where options.exitZero:
        printQuery(picker, options: options)
        printKey(picker, options: options)
        return .noMatch
      case .chosen(let result) where options.selectOne:
        return report(result, of: picker, options: options, output: output)
      case .card(let contact) where options.selectOne:
        picker.initialCard = contact  // its values are chosen on the card, the list skipped
      default:
        break
      }
    }
    return present(picker, options: options, output: output, environment: environment)
  }

  /// The people picker while its books are read in the background (`loadList`): the
  /// first frame, with a `reading…` counter, comes at once and typing works from the
  /// start. The load's warnings are printed after the screen is given back (when the
  /// load finished); a book that failed to read is exit 2, as before the UI.
  static func pickWhileLoading(
    options: Options, output: Output, sources: [String], environment: [String: String]
  ) -> ExitCode {
    let rules: Predicates
    let expected: Set<KeyEvent>
    do {
      rules = try predicates(options)
      expected = try expectedKeys(options)
    } catch {
      return fail(error.description)
    }
    let loading = ContactListLoading { progress in
      try loadList(sources: sources, options: options, environment: environment, progress: progress)
    }
    loading.start()  // reading overlaps setting up the terminal
    let picker = PeoplePickerController(loading: loading)
    picker.emptyListNote = emptyBookReason(sources: sources, options: options)
    configure(picker, options: options, rules: rules, sources: sources, environment: environment, existing: [])
    picker.expectedKeys = expected
    let refresh = serverRefresh(sources: sources, options: options, environment: environment)
    picker.refresh = refresh?.refresh
    return present(picker, options: options, output: output, environment: environment) {
      // What the background sync could not do (a server unreachable, an edit not sent
      // for a conflict), said in full once the screen is given back.
      for problem in refresh?.problems.withLock({ $0 }) ?? [] { printError("cpick: " + problem) }
      if case .success(let loaded)? = loading.result {
        // That the book was empty is not said once a contact was added in the picker.
        let stale = picker.list.contacts.isEmpty ? nil : picker.emptyListNote.map { "cpick: " + $0 }
        for warning in loaded.warnings where warning != stale { printError(L10n.translating(warning)) }
      }
      if let error = picker.loadError {
        return fail(cannotRead(error))
      }
      return nil
    }
  }

  /// The picker's background sync of the server books among `sources` (none: nil):
  /// the copies are shown at once, brought up to date meanwhile, and read again when
  /// a card changed; a problem is on the query line (`ServerSync.status`) and, in
  /// full, in `problems` for stderr once the picker ends.
  private static func serverRefresh(sources: [String], options: Options, environment: [String: String])
    -> (refresh: ContactListRefresh, problems: Locked<[String]>)?
  {
    let servers = sources.filter(ServerAccount.isServerSpec)
    guard !servers.isEmpty else { return nil }
    let problems = Locked<[String]>([])
    return (ContactListRefresh(running: "syncing…") {
      let sync = syncServerBooks(servers, environment: environment, timeout: nil)
      problems.withLock { $0 = sync.problems }
      guard sync.changed, let book = try? loadBook(sources: sources, options: options, environment: environment) else {
        return ContactListRefresh.Outcome(list: nil, status: sync.status)
      }
      return ContactListRefresh.Outcome(list: book.list, status: sync.status)
    }, problems)
  }

  /// Ctrl-D's search of the directories among `sources` searched on the server
  /// (`mode = query`), or nil when there is none. A problem is said in the list of
  /// matches (the screen is the picker's, not stderr's).
  private static func directorySearch(_ sources: [String], environment: [String: String])
    -> (@Sendable (String) -> DirectoryMatches)?
  {
    let directories = ServerAccount.servers(in: sources, environment: environment)
      .filter { $0.account.isSearchedOnServer }.map(\.spec)
    guard !directories.isEmpty else { return nil }
    return { query in
      let problems = Locked<[String]>([])
      let found = directoryMatches(query, specs: directories, environment: environment) { line in
        problems.withLock { $0.append(line) }
      }
      let problem = problems.withLock { $0.first }.map { $0.hasPrefix("cpick: ") ? String($0.dropFirst(7)) : $0 }
      return DirectoryMatches(contacts: found, problem: problem)
    }
  }

  /// The settings of the command line that both pickers share.
  private static func configure(
    _ picker: PeoplePickerController, options: Options, rules: Predicates, sources: [String],
    environment: [String: String], existing: [Contact]
  ) {
    picker.initialQuery = options.query
    picker.searchOptions = SearchOptions(exact: options.exact)
    picker.endsWhenNothingMatches = true  // fzf: Enter with no match is exit 1 (README, "Using it")
    // A mailbox needs an address: -f mailbox chooses an email as -p email does.
    picker.selectionMode =
      options.property.map { .property($0) } ?? (options.format == .mailbox ? .property(.emailAddresses) : .person)
    picker.allowsMultipleSelection = options.multi
    if let keys = options.showProperties { picker.displayedPropertyKeys = keys }
    picker.predicateForEnablingContact = rules.enabling
    picker.predicateForSelectionOfContact = rules.selection
    picker.predicateForSelectionOfProperty = rules.property
    picker.bookName = bookNames(sources, environment: environment)
    picker.directorySearch = directorySearch(sources, environment: environment)
    picker.actions = cardActions(options, environment: environment)
    if !options.readOnly {
      picker.editing = SaveTarget.editing(options, sources: sources, environment: environment, existing: existing)
    }
  }

  /// The keys of `--expect`.
  private static func expectedKeys(_ options: Options) throws(UsageError) -> Set<KeyEvent> {
    var expected: Set<KeyEvent> = []
    for name in options.expect {
      guard let key = ExpectKeys.key(name) else { throw UsageError(description: L10n.format("--expect: unknown key '%s'", name)) }
      expected.insert(key)
    }
    return expected
  }

  /// Runs `picker` on /dev/tty and prints how it ended. `afterScreen` runs once the
  /// screen is given back, before anything is printed; an exit code from it ends there.
  private static func present(
    _ picker: PeoplePickerController, options: Options, output: Output, environment: [String: String],
    afterScreen: () -> ExitCode? = { nil }
  ) -> ExitCode {
    let screen: any Screen
    do {
      screen = try openScreen(options, environment)
    } catch {
      return fail(error.description)
    }
    let result = picker.run(on: screen)
    screen.end()
    if let exit = afterScreen() { return exit }
    return report(result, of: picker, options: options, output: output)
  }

  /// Prints how `picker` ended, in fzf's order: the query (`--print-query`), the key
  /// (`--expect`), then the selection. Nothing when the user cancelled (PRODUCT.md:
  /// exit 130, nothing on stdout; fzf prints no query then either).
  private static func report(
    _ result: PeoplePickerResult, of picker: PeoplePickerController, options: Options, output: Output
  ) -> ExitCode {
    if result == .cancelled && !picker.nothingMatched { return .cancelled }
    printQuery(picker, options: options)
    if picker.nothingMatched {
      printKey(picker, options: options)
      return .noMatch
    }
    if result == .cancelled { return .cancelled }
    if Output.contacts(of: result).contains(where: \.isUnreadableFromIndex) {
      // Its card is gone from the index: another cpick replaced the entry over an hour
      // ago, or the index was damaged or deleted meanwhile.
      return fail(
        L10n.text("the chosen contact could no longer be read from the index (changed or rebuilt meanwhile); run cpick again"))
    }
    printKey(picker, options: options)
    return output.emit(result) ? .chosen : .cancelled
  }

  /// The `--print-query` line: the query when the picker ended.
  private static func printQuery(_ picker: PeoplePickerController, options: Options) {
    if options.printQuery { StandardOutput.write(picker.finalQuery, terminator: options.print0 ? "\0" : "\n") }
  }

  /// The `--expect` line: the name of the key that ended the picker, empty for Enter.
  private static func printKey(_ picker: PeoplePickerController, options: Options) {
    guard !options.expect.isEmpty else { return }
    let name = picker.endingKey.map { ExpectKeys.name($0, among: options.expect) } ?? ""
    StandardOutput.write(name, terminator: options.print0 ? "\0" : "\n")
  }
}
