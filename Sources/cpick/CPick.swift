import ContactKit
import ContactPicker
import ContactPhotos
import ContactStores
import Foundation
import Matching
import TerminalScreens
import TerminalKit
import VCard
import AddressBook
import ContactFormats
import CpickSupport
import Localization
import ServerBooks

/// How a run ended: its exit status, and what it read, held until the process exits
/// (`main.swift` ends the process without freeing it).
struct Completion {
  /// The exit status (PRODUCT.md "Exit codes").
  var status: ExitCode
  /// The book read, if any.
  var retained: Any?

  init(_ status: ExitCode, retaining retained: Any? = nil) {
    self.status = status
    self.retained = retained
  }
}

/// The command-line tool: parses options, loads the address books, runs the
/// library's controller or a non-interactive listing, prints the result.
@MainActor
enum CPick {
  static func main(arguments: [String], environment: [String: String]) -> Completion {
    let (defaults, unclosed) = ShellWords.words(environment["CPICK_DEFAULT_OPTS"] ?? "")
    if let quote = unclosed {
      return Completion(fail("CPICK_DEFAULT_OPTS: " + L10n.format("a %s quote is not closed", String(quote))))
    }
    // The variable alone must parse: an option at its end without its value would
    // take the command line's first word (`--height` `list`).
    if !defaults.isEmpty {
      let alone: Options
      do { alone = try OptionParser.parse(defaults) } catch { return Completion(fail("CPICK_DEFAULT_OPTS: " + error.description)) }
      // It holds options, as FZF_DEFAULT_OPTS does: a command or a query in it would
      // take the command line's place.
      if let word = alone.commandWord ?? alone.positional.first {
        return Completion(
          fail(
            "CPICK_DEFAULT_OPTS: "
              + L10n.format("'%s' is no option: the variable holds options only (a command or query goes on the command line)", word)))
      }
    }
    var options: Options
    do {
      options = try OptionParser.parse(defaults + arguments)
    } catch {
      // A word the command line alone does not trip over came from the variable: say so.
      let fromDefaults = !defaults.isEmpty && (try? OptionParser.parse(arguments)) != nil
      return Completion(fail((fromDefaults ? "CPICK_DEFAULT_OPTS: " : "") + error.description))
    }
    // `groups` prints in few formats: another on its command line is a mistake; one
    // from CPICK_DEFAULT_OPTS (`-f mailbox` for the picker) is not its business.
    if options.command == .groups, let format = options.format, !Options.groupFormats.contains(format) {
      guard (try? OptionParser.parse(arguments))?.format != format else {
        return Completion(fail(L10n.format("cpick groups prints json, jsonl, value or tsv, not %s", format.rawValue)))
      }
      options.format = nil
    }
    // `list`'s mail-client lines are email addresses: `-p email` says so again and is
    // dropped, so that the lines are printed, not mailboxes; another property on the
    // command line has no such lines (`list -p phone -f mutt` printed nothing, with 0),
    // one from CPICK_DEFAULT_OPTS is not its business. `query` ignores `-p` there.
    if options.command == .list, options.format == .mutt || options.format == .aerc, let key = options.property,
      options.template == nil
    {
      if key != .emailAddresses, (try? OptionParser.parse(arguments))?.property == key {
        return Completion(
          fail(
            L10n.format(
              "-f %s prints email addresses; -p %s does not go with it (use -p email, or another format)",
              options.format!.rawValue, key.shortName)))
      }
      options.property = nil
    }
    if options.query.count > SearchOptions.longestQuery {
      return Completion(
        fail(L10n.format("a query is at most %d characters; this one has %d", SearchOptions.longestQuery, options.query.count)))
    }
    if options.manual {
      StandardOutput.write(ManPage.text, terminator: "")
      return Completion(.chosen)
    }
    if options.help || options.version {
      StandardOutput.write(options.help ? Usage.text(for: options.command) : Usage.version)
      return Completion(.chosen)
    }
    if let refusal = TerminalInput.refusal(options) ?? TerminalInput.terminalPathRefusal(options) {
      return Completion(fail(refusal))
    }
    if let missing = L10n.missingCatalogWarning { printError("cpick: " + missing) }
    let config = ConfigFile.load(environment: environment)
    // The first problems of the config, then how many more, as a book's warnings.
    let limits = ReadingLimits.standard
    RecordParts.listingFirst(
      limits.listedWarnings, of: { _, lines in for line in lines { printError("cpick: " + L10n.translating(line)) } },
      unlisted: limits.unlistedProblems
    ) { body in body([], config.problems.map { "\(config.path ?? "config"):" + $0 }) }
    let specs = sources(options, environment: environment)
    // A password in a URL would reach the helper's argv and the messages: refused first.
    if let refusal = specs.lazy.compactMap(ServerAccount.userInfoRefusal).first { return Completion(fail(refusal)) }
    if options.command == .sync || options.command == .books {
      return Completion(runSyncHelper(options.command.rawValue, specs: specs, environment: environment))
    }
    // A field no contact has is a typo, found before any book is read.
    if let template = options.template, let problem = OutputTemplate(template).unknownField() {
      return Completion(fail("--template: " + problem))
    }
    let output = Output(options)
    // The picker shows before its books are read (they can be large); -1 and -0 must
    // know the matches first, and a book that cannot be opened is reported at once.
    if options.command == .pick && !options.selectOne && !options.exitZero
      && booksCanBeOpened(specs, options: options, environment: environment)
    {
      return Completion(pickWhileLoading(options: options, output: output, sources: specs, environment: environment))
    }
    if [.new, .unknown].contains(options.command) {
      // A book nothing is saved into (a CSV export, an LDIF file) is refused before
      // the form is filled, not at its Ctrl-S.
      if let spec = options.saveTo, !options.readOnly, let refusal = VCardFileStore(path: spec).saveRefusal {
        return Completion(fail("\(spec): \(refusal)"))
      }
      return addPerson(options: options, sources: specs, environment: environment)
    }
    return showOrSearch(options: options, output: output, sources: specs, environment: environment)
  }

  /// The books to read: `--source`, else PRODUCT.md's default order. Stdin is an
  /// address book only when something is piped or redirected into it: a mail client
  /// running `cpick --format mutt` with stdin on /dev/null or a terminal must still
  /// read the default address book; with `--from-message` (or `--vcard -`), stdin
  /// carries the message or card, not a book.
  private static func sources(_ options: Options, environment: [String: String]) -> [String] {
    guard options.sources.isEmpty else { return options.sources }
    var status = stat()
    let stdinCarriesData =
      fstat(STDIN_FILENO, &status) == 0
      && ((status.st_mode & S_IFMT) == S_IFIFO || (status.st_mode & S_IFMT) == S_IFREG
        || (status.st_mode & S_IFMT) == S_IFSOCK)
    let stdinIsInput = options.fromMessage || options.vcard == "-"
    let found = SourceResolver.defaultSources(environment: environment, stdinIsTerminal: !stdinCarriesData || stdinIsInput)
    // Cards piped in while CPICK_SOURCE or the config names the books (which come
    // first, PRODUCT.md): not read, and said, so that `cat export.vcf | cpick` does
    // not seem to lose them. Only for vCard text already there, looked at without
    // taking it: a mail client's empty stdin, a script's list of names read in a loop
    // (`while read …; do cpick …; done < names.txt`) say nothing.
    if stdinCarriesData && !stdinIsInput && !found.contains("-"),
      let first = StandardInputPeek.firstBytes(256, status: status), first.withUnsafeBufferPointer(VCardReader.beginsCards)
    {
      printError(
        "cpick: "
          + L10n.text("the cards on standard input are not read: the books CPICK_SOURCE or the config names are (-s - reads them)"))
    }
    return found
  }


  /// `new` and `unknown`: the books read through the index (as `list` reads them), so
  /// that the form or card opens at once, and the index finds the known contacts and
  /// the duplicate candidates.
  private static func addPerson(options: Options, sources specs: [String], environment: [String: String]) -> Completion {
    if let failed = unreadServerBooks(refreshServerBooks(specs, environment: environment)) { return failed }
    let book: ContactBook
    do {
      book = try loadBook(
        sources: duplicateCheckSources(specs, options: options), options: options.forDuplicateCheck,
        environment: environment)
    } catch {
      return Completion(fail(cannotRead(error)))
    }
    for warning in book.warnings { printError(L10n.translating(warning)) }
    let status =
      options.command == .new
      ? newPerson(book, options: options, sources: specs, environment: environment)
      : unknownPerson(book, options: options, sources: specs, environment: environment)
    return Completion(status, retaining: book)
  }

  /// The commands that show or search the books (`list`, `query`, `groups`, `show`,
  /// `pick` with `-1`/`-0`): `query` and `list` print only the contacts `--require`
  /// and `--enable-if` enable (a predicate that does not parse is an error before any
  /// book is read, as in the picker), and `query` searches the list last stored in
  /// the index while its files are checked.
  private static func showOrSearch(
    options: Options, output: Output, sources specs: [String], environment: [String: String]
  ) -> Completion {
    var enabled: (@Sendable (Contact) -> Bool)? = nil
    if options.command == .query || options.command == .list {
      do {
        let rules = try predicates(options)
        if !options.require.isEmpty || options.enableIf != nil { enabled = rules.enabling }
      } catch {
        return Completion(fail(error.description))
      }
    }
    let early = options.command == .query ? EarlySearch(query: options.query, options: querySearchOptions(options)) : nil
    var preview: (@Sendable (ContactList) -> Void)?
    if let early { preview = { list in early.start(list) } }
    // A directory searched on the server answers while the books are read.
    let directory = options.command == .query ? DirectorySearch(options.query, specs: specs, environment: environment) : nil
    if let failed = unreadServerBooks(refreshServerBooks(specs, environment: environment)) { return failed }
    let book: ContactBook
    do {
      book = try loadBook(sources: specs, options: options, environment: environment, preview: preview)
    } catch {
      return Completion(fail(cannotRead(error)))
    }
    for warning in book.warnings { printError(L10n.translating(warning)) }
    let status = answer(
      book, options: options, output: output, specs: specs, environment: environment, early: early, enabled: enabled,
      directory: directory)
    return Completion(status, retaining: book)
  }

  /// How `cpick query` searches: `--exact` as given; the mail clients' formats pass
  /// what the user typed, searched as written rather than as operators, and complete
  /// an address from the matches that are not *scattered* (`SearchOptions.Breadth.gathered`:
  /// `kim` is 김민준, not Kateřina with a k, an i and an m picked out of her company's
  /// name) — unless only scattered ones match (`mailCompletionFallback`).
  static func querySearchOptions(_ options: Options) -> SearchOptions {
    let mail = isMailCompletion(options)
    return SearchOptions(exact: options.exact, literal: mail, breadth: mail ? .gathered : .all)
  }

  /// Whether `cpick query` completes an address for a mail client (`-f mutt`, `-f aerc`).
  static func isMailCompletion(_ options: Options) -> Bool {
    options.format == .mutt || options.format == .aerc
  }

  /// The matches a mail client's completion gets when none but scattered ones match
  /// (`querySearchOptions`): those, rather than nothing.
  static func mailCompletionFallback(_ options: Options, in list: ContactList) -> [ContactMatch] {
    var all = querySearchOptions(options)
    all.breadth = .all
    return list.index.search(options.query, options: all)
  }

  /// For a mail client's completion (`-f mutt`, `-f aerc`): `matches`, then the members
  /// of the group whose name is the whole query (compared without regard to case) that
  /// are not among them, in list order — `family` completes to every member of Family,
  /// as mutt expands an alias of other aliases and khard finds a category.
  static func withGroupMembers(_ matches: [ContactMatch], options: Options, in list: ContactList) -> [ContactMatch] {
    let name = options.query.trimmingCharacters(in: .whitespaces)
    guard isMailCompletion(options), !name.isEmpty else { return matches }
    // Every group of that name, whatever its case (`Family` and `family` are two).
    let named = list.groups.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    guard !named.isEmpty else { return matches }
    let members = named.reduce(into: Set<Int>()) { $0.formUnion(list.members(of: $1.name)) }
    return matches + members.subtracting(matches.map(\.index)).sorted().map { ContactMatch(index: $0, score: 0) }
  }

  /// What the commands that show or search the books (`list`, `query`, `groups`,
  /// `show`, `pick` with `-1`/`-0`) do with the book read.
  /// - Parameter enabled: for `query` and `list`, the contacts to print (`--require`,
  ///   `--enable-if`); `nil`: all.
  private static func answer(
    _ book: ContactBook, options: Options, output: Output, specs: [String], environment: [String: String],
    early: EarlySearch? = nil, enabled: (@Sendable (Contact) -> Bool)? = nil, directory: DirectorySearch? = nil
  ) -> ExitCode {
    let list = book.list
    switch options.command {
    case .list:
      let positions = enabled.map { accepted(Array(list.contacts.indices), in: list.contacts, by: $0) }
        ?? Array(list.contacts.indices)
      if let format = options.format, format.writesCards {
        writeCards(at: positions, in: list, format: format)
      } else if options.format == .mutt || options.format == .aerc, output.template == nil, options.property == nil {
        // The mail clients' lines, one per address, as `query` prints them (no mutt
        // message line: a list is no query; no aerc limit).
        output.emitInChunks(count: positions.count) { range in
          let contacts = readable(at: positions[range], in: list)
          output.warnOfInvisibles(contacts.map(Output.Item.person), as: options.format!)
          return options.format == .mutt ? MailClientFormat.muttEntries(contacts, order: options.nameOrder)
            : MailClientFormat.aerc(contacts, limit: .max, order: options.nameOrder)
        }
      } else if let key = options.property, !output.printsLines {
        emitValues(of: key, in: readable(at: positions[...], in: list), output: output)
      } else if let key = options.property {
        output.emitInChunks(count: positions.count) { range in
          output.lines(of: readable(at: positions[range], in: list).flatMap { $0.properties(for: key) })
        }
      } else if let bytes = output.storedJSON(book.renderings, positions: positions) {
        StandardOutput.write(bytes: bytes)
      } else {
        output.emitInChunks(count: positions.count) { range in
          output.lines(of: readable(at: positions[range], in: list))
        }
      }
      // A group or a predicate that leaves nobody: nothing matched, as for `query`.
      return positions.isEmpty && (options.group != nil || enabled != nil) ? .noMatch : .chosen
    case .query:
      StandardOutput.lineBuffered = true
      var matches = early?.matches(in: list) ?? list.index.search(options.query, options: querySearchOptions(options))
      /// `found` less the contacts `--require` and `--enable-if` do not enable.
      func enabledOnes(_ found: [ContactMatch]) -> [ContactMatch] {
        guard let enabled else { return found }
        let kept = Set(accepted(found.map(\.index), in: list.contacts, by: enabled))
        return found.filter { kept.contains($0.index) }
      }
      matches = enabledOnes(withGroupMembers(matches, options: options, in: list))
      // Scattered matches when nothing else that may be printed matched.
      if matches.isEmpty && isMailCompletion(options) { matches = enabledOnes(mailCompletionFallback(options, in: list)) }
      let directory = directory?.matches() ?? []
      let positions = matches.map(\.index)
      if directory.isEmpty, options.property == nil, let bytes = output.storedJSON(book.renderings, positions: positions) {
        StandardOutput.write(bytes: bytes)
        return matches.isEmpty ? .noMatch : .chosen
      }
      // Matches `range` of the books' own, then of the directories searched on the
      // server, decoded.
      func matched(_ range: Range<Int> = 0..<(positions.count + directory.count)) -> [Contact] {
        let books = range.clamped(to: positions.indices)
        let servers = range.clamped(to: positions.count..<(positions.count + directory.count))
        return readable(at: positions[books], in: list)
          + directory[(servers.lowerBound - positions.count)..<(servers.upperBound - positions.count)]
      }
      switch options.format {
      case .mutt?:
        let found = matched()
        output.warnOfInvisibles(found.map(Output.Item.person), as: .mutt)
        let lines = MailClientFormat.mutt(found, query: options.query, order: options.nameOrder)
        for line in lines { StandardOutput.write(line) }
        return lines.count > 1 ? .chosen : .noMatch
      case .aerc?:
        let found = matched()
        output.warnOfInvisibles(found.map(Output.Item.person), as: .aerc)
        let lines = MailClientFormat.aerc(found, order: options.nameOrder, query: options.query)
        for line in lines { StandardOutput.write(line) }
        return .chosen
      case .vcard?, .jcard?, .xcard?:
        if directory.isEmpty {
          // The books' matches a chunk at a time, as `list` writes them.
          guard !positions.isEmpty else { return .noMatch }
          writeCards(at: positions, in: list, format: options.format!)
          return .chosen
        }
        let found = matched()
        if !found.isEmpty { writeCards(found, format: options.format!) }
        return found.isEmpty ? .noMatch : .chosen
      default:
        if let key = options.property {
          return emitValues(of: key, in: matched(), output: output) ? .chosen : .noMatch
        }
        // Decoded and printed a chunk at a time, as `list` prints: a query that matches
        // most of a large book never holds all its contacts.
        output.emitInChunks(count: positions.count + directory.count) { output.lines(of: matched($0)) }
        return positions.isEmpty && directory.isEmpty ? .noMatch : .chosen
      }
    case .groups:
      for group in book.groups {
        switch options.format {
        case .value?: StandardOutput.write(PlainText.line(group.name))
        case .tsv?: StandardOutput.write(PlainText.line(group.name) + "\t\(group.memberCount)")
        default:
          StandardOutput.write(
            JSONValue.object([("name", .string(group.name)), ("memberCount", .number(group.memberCount))]).serialized)
        }
      }
      return .chosen
    case .pick:
      return pick(list, options: options, output: output, sources: specs, environment: environment)
    case .show:
      return show(book, options: options, output: output, sources: specs, environment: environment)
    case .new, .unknown, .sync, .books:
      return .cancelled  // handled above
    }
  }

  /// The positions among `positions` whose contacts `enabled` accepts, in order: the
  /// contacts read a chunk at a time (`ContactRoster.contacts(at:)`, their cards
  /// fetched from the index in batches), never all held at once.
  static func accepted(_ positions: [Int], in contacts: ContactRoster, by enabled: (Contact) -> Bool) -> [Int] {
    Output.chunks(positions.count).flatMap { range in
      let chunk = Array(positions[range])
      return zip(chunk, contacts.contacts(at: chunk)).compactMap { position, contact in
        enabled(contact) ? position : nil
      }
    }
  }

  /// With `-p KEY`, `query` and `list` print one line per value of that key (in the
  /// chosen format), contact by contact in their order, each contact's preferred value
  /// first. Returns whether there was any value.
  @discardableResult
  static func emitValues(of key: ContactKey, in contacts: [Contact], output: Output) -> Bool {
    let properties = contacts.flatMap { $0.properties(for: key) }
    if let text = output.result(.selectedProperties(properties)), !properties.isEmpty { output.emit(text) }
    return !properties.isEmpty
  }

  /// The screen for the UI: inline below the prompt with `--height` (when it is less
  /// than the terminal), else ncursesw full screen.
  static func openScreen(_ options: Options, _ environment: [String: String]) throws(TerminalError) -> any Screen {
    let color = colorEnabled(options, environment)
    // The card's photo: pixels where the terminal draws them, block symbols else and
    // in the inline screen (which repaints by lines).
    PhotoCache.shared.isEnabled = !options.noImages
    PhotoCache.shared.graphics = options.height == nil ? TerminalGraphics.detect(environment) : .symbols
    if let spec = options.height, let height = ScreenHeight(parsing: spec),
      let terminalRows = InlineScreen.terminalRows(), let rows = height.rows(of: terminalRows)
    {
      return try InlineScreen(rows: rows, height: height, colorEnabled: color, mouse: options.mouse)
    }
    let screen = try CursesScreen(colorEnabled: color, height: nil, mouse: options.mouse)
    PhotoCache.shared.cellSize = screen.cellPixelSize ?? .assumed  // pictures in pixels fit their cells
    return screen
  }

  static func colorEnabled(_ options: Options, _ environment: [String: String]) -> Bool {
    !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// Writes whole cards to stdout as bytes; to a terminal, with what could control it
  /// made visible (`Output.visible(cards:)`).
  static func writeCards(_ contacts: [Contact], format: Options.Format) {
    let cards = Output.cards(contacts, format: format)
    StandardOutput.write(bytes: isatty(STDOUT_FILENO) == 1 ? Output.visible(cards: cards) : cards)
  }

  /// The cards of the contacts at `positions` of `list`, a chunk of contacts at a time
  /// (`Output.chunks`): vCard card after card, a jCard or xCard document piece by piece
  /// (`Output.document`) — the bytes `writeCards(_:format:)` writes for all of them,
  /// without holding them all (a jCard of 100,000 contacts held 571 MB).
  static func writeCards(at positions: [Int], in list: ContactList, format: Options.Format) {
    // One jCard alone is no array.
    guard positions.count != 1 || format != .jcard else {
      writeCards(readable(at: positions[...], in: list), format: format)
      return
    }
    let terminal = isatty(STDOUT_FILENO) == 1
    func write(_ bytes: [UInt8]) {
      guard !bytes.isEmpty else { return }
      StandardOutput.write(bytes: terminal ? Output.visible(cards: bytes) : bytes)
    }
    let document = Output.document(format)
    write(document.start)
    var written = false
    for range in Output.chunks(positions.count) where StandardOutput.isOpen {
      let contacts = readable(at: positions[range], in: list)
      guard !contacts.isEmpty else { continue }
      if written { write(document.between) }
      write(Output.cardsInDocument(contacts, format: format))
      written = true
    }
    write(document.end)
  }

  /// The contacts at `positions` of `list` (`ContactRoster.contacts(at:)`), to print;
  /// when one of them could no longer be read from the index (another cpick, of another
  /// version, rebuilt it meanwhile), none: the answer stops before them and the
  /// command fails (`StandardOutput.abandon`) — a placeholder is never printed as a
  /// contact (`cpick list -f vcard > book.vcf` would write it as a card).
  static func readable(at positions: ArraySlice<Int>, in list: ContactList) -> [Contact] {
    let contacts = list.contacts.contacts(at: Array(positions))
    guard contacts.contains(where: \.isUnreadableFromIndex) else { return contacts }
    StandardOutput.abandon(
      L10n.text("contacts could no longer be read from the index (changed or rebuilt meanwhile); run cpick again"))
    return []
  }

  /// "cannot read SOURCE: REASON", the source and the reason apart in the message (a
  /// language puts its verb after the source: `kann X nicht lesen: …`).
  static func cannotRead(_ error: any Error) -> String {
    guard let error = error as? ContactStoreError else { return L10n.format("cannot read %s", String(describing: error)) }
    return L10n.format("cannot read %s: %s", error.source, error.reason)
  }

  static func fail(_ message: String) -> ExitCode {
    printError(message.hasPrefix("cpick:") ? message : "cpick: " + message)
    return .error
  }

  /// Writes `line` and a newline to stderr, with every character that could control
  /// the terminal made visible (`TerminalText.visible`): warnings name files and
  /// quote cards, both untrusted.
  nonisolated static func printError(_ line: String) {
    try? FileHandle.standardError.write(contentsOf: Data((TerminalText.visible(line) + "\n").utf8))
  }
}
