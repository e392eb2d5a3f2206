import ContactKit
import ContactPicker
import ContactStores
import Foundation
import Matching
import TerminalCurses
import TerminalKit

/// The command-line tool: parses options, loads the address books, runs the
/// library's controller or a non-interactive listing, prints the result.
@MainActor
enum CPick {
  static func main(arguments: [String], environment: [String: String]) -> ExitCode {
    var words = OptionParser.splitWords(environment["CPICK_DEFAULT_OPTS"] ?? "")
    words.append(contentsOf: arguments)
    let options: Options
    do {
      options = try OptionParser.parse(words)
    } catch {
      return fail(error.description)
    }
    if options.help {
      print(Usage.text)
      return .chosen
    }
    if options.version {
      print(Usage.version)
      return .chosen
    }
    let stdinIsTerminal = isatty(STDIN_FILENO) == 1
    let specs =
      options.sources.isEmpty
      ? SourceResolver.defaultSources(environment: environment, stdinIsTerminal: stdinIsTerminal)
      : options.sources
    var load = ContactLoad()
    for spec in specs {
      if spec == SourceResolver.defaultAddressBook(environment: environment)
        && !FileManager.default.fileExists(atPath: spec) && options.sources.isEmpty
      {
        continue  // the default address book is created on first save
      }
      do {
        load.append(try SourceResolver.store(for: spec).load())
      } catch {
        return fail("cannot read \(error.description)")
      }
    }
    for warning in load.warnings { printError("cpick: " + warning) }
    var contacts = load.contacts
    if let group = options.group {
      contacts = contacts.filter { $0.groups.contains(where: { $0.caseInsensitiveCompare(group) == .orderedSame }) }
    }

    switch options.command {
    case .list:
      let list = ContactList(contacts, sortOrder: options.sortOrder, nameOrder: options.nameOrder)
      for contact in list.contacts { print(Output.line(contact, format: options.format ?? .jsonl)) }
      return .chosen
    case .query:
      let list = ContactList(contacts, sortOrder: options.sortOrder, nameOrder: options.nameOrder)
      let matches = list.index.search(options.query, options: SearchOptions(exact: options.exact))
      for match in matches { print(Output.line(list.contacts[match.index], format: options.format ?? .jsonl)) }
      return matches.isEmpty ? .noMatch : .chosen
    case .groups:
      var counts: [String: Int] = [:]
      var order: [String] = []
      for contact in contacts {
        for group in contact.groups {
          if counts[group] == nil { order.append(group) }
          counts[group, default: 0] += 1
        }
      }
      for name in order.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
        print(
          JSONValue.object([("name", .string(name)), ("memberCount", .number(counts[name] ?? 0))]).serialized)
      }
      return .chosen
    case .pick:
      return pick(contacts, options: options, environment: environment)
    case .show, .new, .unknown:
      return fail("'\(options.command.rawValue)' is not available yet in this version")
    }
  }

  /// The people picker: `--select-1`/`--exit-0` first, then the UI on /dev/tty.
  private static func pick(_ contacts: [Contact], options: Options, environment: [String: String]) -> ExitCode {
    let format = options.format ?? .json
    let list = ContactList(contacts, sortOrder: options.sortOrder, nameOrder: options.nameOrder)
    let searchOptions = SearchOptions(exact: options.exact)
    if options.selectOne || options.exitZero {
      let matches =
        options.query.isEmpty
        ? list.contacts.indices.map { ContactMatch(index: $0, score: 0) }
        : list.index.search(options.query, options: searchOptions)
      if matches.isEmpty && options.exitZero { return .noMatch }
      if matches.count == 1 && options.selectOne {
        print(Output.selectedPerson(list.contacts[matches[0].index], format: format))
        return .chosen
      }
    }
    let colorEnabled = !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty
    let screen: CursesScreen
    do {
      screen = try CursesScreen(colorEnabled: colorEnabled, height: nil)
    } catch {
      return fail(error.description)
    }
    let picker = PeoplePickerController(list: list)
    picker.initialQuery = options.query
    picker.searchOptions = searchOptions
    let result = picker.run(on: screen)
    screen.end()
    switch result {
    case .selectedPerson(let contact):
      print(Output.selectedPerson(contact, format: format))
      return .chosen
    case .cancelled:
      return .cancelled
    }
  }

  private static func fail(_ message: String) -> ExitCode {
    printError(message.hasPrefix("cpick:") ? message : "cpick: " + message)
    return .error
  }

  static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
