import ContactKit
import CpickSupport
import Foundation
import TerminalKit
import Localization

/// The command line, parsed: the command and its options (PRODUCT.md "Commands",
/// "Options").
struct Options {
  enum Command: String, CaseIterable {
    case pick, show, new, unknown, query, list, groups, sync, books
  }

  /// The formats `cpick groups` prints: names (value), names and counts (tsv), JSON lines.
  static let groupFormats: [Format] = [.json, .jsonl, .value, .tsv]

  enum Format: String, CaseIterable {
    case json, jsonl, mailbox, value, tsv, mutt, aerc, vcard, jcard, xcard

    /// Whether the format prints whole cards (vCard, jCard, xCard) rather than lines.
    var writesCards: Bool { self == .vcard || self == .jcard || self == .xcard }
  }

  var command: Command = .pick
  var sources: [String] = []
  var query = ""
  var selectOne = false
  var exitZero = false
  var format: Format? = nil
  var sortOrder: ContactFormatter.SortOrder = .family
  var nameOrder: ContactFormatter.NameOrder = .auto
  var noColor = false
  var exact = false
  var group: String? = nil
  var height: String? = nil
  var property: ContactKey? = nil
  var multi = false
  var showProperties: [ContactKey]? = nil
  var require: [String] = []
  var enableIf: String? = nil
  var selectIf: String? = nil
  var selectPropertyIf: String? = nil
  var template: String? = nil
  var join: String? = nil
  var noActions = false
  /// `--no-images`: the card shows the monogram, never the photo.
  var noImages = false
  /// `new --photo FILE`: the photo to put on the new card (JPEG, PNG or GIF).
  var photo: String? = nil
  var readOnly = false
  /// Field options of `new` (and later `unknown`), in order: (option name, value).
  var fields: [(String, String)] = []
  var vcard: String? = nil
  var saveTo: String? = nil
  var region: String? = nil
  var edit = false
  var fromMessage = false
  var headers: [String] = ["From"]
  var all = false
  var alternateName: String? = nil
  var message: String? = nil
  var noAdd = false
  var skipKnown = false
  var printQuery = false
  var expect: [String] = []
  var print0 = false
  var mouse = true
  var help = false
  /// `--man`: print the manual page (`ManPage`), for `integrations/man/cpick.1`.
  var manual = false
  var version = false
  /// Words after the command that are not options (`cpick query ada love`).
  var positional: [String] = []
  /// The command as written (`query`, `show`…); nil when none was (the picker).
  var commandWord: String? = nil
}

/// A command line that cannot be understood; exit status 2.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

/// Parses arguments in the style of fzf and khard: long options with `--name value`
/// or `--name=value`, short ones with `-q value`, flags that can be combined
/// (`-10`), the command as the first word that is not an option.
enum OptionParser {
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var sawCommand = false
    var index = 0
    func value(_ name: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw UsageError(description: L10n.format("option %s needs a value", name)) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        options.positional.append(contentsOf: arguments[(index + 1)...])
        break
      }
      if argument.hasPrefix("--") {
        var name = argument
        var inline: String? = nil
        if let equals = argument.firstIndex(of: "=") {
          name = String(argument[..<equals])
          inline = String(argument[argument.index(after: equals)...])
        }
        try apply(long: name, to: &options) { () throws(UsageError) in try value(name, inline: inline) }
      } else if argument.hasPrefix("-") && argument.count > 1 {
        var flags = Array(argument.dropFirst())
        while !flags.isEmpty {
          let flag = flags.removeFirst()
          guard let long = shortOptions[flag] else { throw UsageError(description: L10n.format("unknown option -%s", String(flag))) }
          let rest = flags.isEmpty ? nil : String(flags)
          var consumedRest = false
          try apply(long: long, to: &options) { () throws(UsageError) in
            consumedRest = true
            return try value("-\(flag)", inline: rest)
          }
          if consumedRest { break }
        }
      } else if !sawCommand && options.positional.isEmpty, let command = Options.Command(rawValue: argument) {
        options.command = command
        options.commandWord = argument
        sawCommand = true
      } else {
        options.positional.append(argument)
      }
      index += 1
    }
    // The mail-client formats are queries: `cpick --format mutt '%s'` (query_command).
    if (options.format == .mutt || options.format == .aerc) && options.command == .pick {
      options.command = .query
    }
    if !options.positional.isEmpty {
      switch options.command {
      case .query, .show:
        guard options.query.isEmpty else {
          throw UsageError(
            description: L10n.format("unexpected argument '%s' (the query is given with -q already)", options.positional[0]))
        }
        options.query = options.positional.joined(separator: " ")
      default:
        let word = options.positional[0]
        if word == "help" {
          throw UsageError(description: L10n.format("unexpected argument '%s' (did you mean 'cpick %s'?)", word, "--help"))
        }
        if FileManager.default.fileExists(atPath: word) {
          throw UsageError(description: L10n.format("unexpected argument '%s' (a book is given with -s)", word))
        }
        if let near = NearestName.nearest(to: word, in: Options.Command.allCases.map(\.rawValue)) {
          throw UsageError(description: L10n.format("unexpected argument '%s' (did you mean 'cpick %s'?)", word, near))
        }
        if options.command == .pick && options.query.isEmpty {
          throw UsageError(description: L10n.format("unexpected argument '%s' (a query is given with -q, or to 'cpick query')", word))
        }
        throw UsageError(description: L10n.format("unexpected argument '%s' (see cpick --help)", word))
      }
    }
    return options
  }

  private static let shortOptions: [Character: String] = [
    "s": "--source", "q": "--query", "1": "--select-1", "0": "--exit-0", "f": "--format", "h": "--help",
    "p": "--property", "m": "--multi",
  ]

  /// Sets the option `name` (a long option: `--source`; a short one spelled long) in
  /// `options`; `value` reads its argument.
  ///
  /// - Throws: `UsageError` for an unknown option, a missing argument or a bad value.
  private static func apply(
    long name: String, to options: inout Options, value: () throws(UsageError) -> String
  ) throws(UsageError) {
    if try applyPicking(name, to: &options, value: value) { return }
    if try applyOutput(name, to: &options, value: value) { return }
    if try applyRecord(name, to: &options, value: value) { return }
    switch name {
    case "--read0": break  // input is vCard, jCard or JSON lines: records are never NUL-separated
    case "--reverse", "--layout=reverse": break  // cpick always draws top-down, as fzf --reverse
    case "--no-mouse": options.mouse = false
    case "--help": options.help = true
    case "--version": options.version = true
    case "--man": options.manual = true
    default:
      if let near = Usage.nearestOption(to: name) {
        throw UsageError(description: L10n.format("unknown option %s (did you mean %s?)", name, near))
      }
      throw UsageError(description: L10n.format("unknown option %s (see cpick --help)", name))
    }
  }

  /// The options of what is read, listed, searched and chosen, and of the screen.
  /// False when `name` is not one of them.
  private static func applyPicking(
    _ name: String, to options: inout Options, value: () throws(UsageError) -> String
  ) throws(UsageError) -> Bool {
    switch name {
    case "--source": options.sources.append(try value())
    case "--query": options.query = try value()
    case "--select-1": options.selectOne = true
    case "--exit-0": options.exitZero = true
    case "--sort-by":
      let text = try value()
      guard let order = ContactFormatter.SortOrder(rawValue: text) else {
        throw UsageError(description: L10n.format("--sort-by takes given, family or none, not '%s'", text))
      }
      options.sortOrder = order
    case "--name-order":
      let text = try value()
      guard let order = ContactFormatter.NameOrder(rawValue: text) else {
        throw UsageError(description: L10n.format("--name-order takes auto, given-first or family-first, not '%s'", text))
      }
      options.nameOrder = order
    case "--no-color": options.noColor = true
    case "--exact": options.exact = true
    case "--group": options.group = try value()
    case "--height":
      let text = try value()
      guard ScreenHeight(parsing: text) != nil else { throw UsageError(description: L10n.format("--height takes N or N%%, not '%s'", text)) }
      options.height = text
    case "--property":
      let text = try value()
      guard let key = ContactKey(name: text) else { throw UsageError(description: unknownKey(text, option: "--property")) }
      options.property = key
    case "--multi": options.multi = true
    case "--show-properties":
      var keys: [ContactKey] = []
      for name in try value().split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
        guard let key = ContactKey(name: name) else {
          throw UsageError(description: unknownKey(name, option: "--show-properties"))
        }
        keys.append(key)
      }
      options.showProperties = keys
    case "--require": options.require.append(try value())
    case "--enable-if": options.enableIf = try value()
    case "--select-if": options.selectIf = try value()
    case "--select-property-if": options.selectPropertyIf = try value()
    case "--no-actions": options.noActions = true
    case "--no-images": options.noImages = true
    case "--photo": options.photo = try value()
    case "--read-only": options.readOnly = true
    default: return false
    }
    return true
  }

  /// The options of what is printed and how. False when `name` is not one of them.
  private static func applyOutput(
    _ name: String, to options: inout Options, value: () throws(UsageError) -> String
  ) throws(UsageError) -> Bool {
    switch name {
    case "--format":
      let text = try value()
      guard let format = Options.Format(rawValue: text) else {
        throw UsageError(
          description: L10n.format(
            "unknown format '%s' (one of %s)", text, Options.Format.allCases.map(\.rawValue).joined(separator: ", ")))
      }
      options.format = format
      // The later of -f and --template is what prints (fzf's rule for options given
      // twice): a -f on the command line over a --template in CPICK_DEFAULT_OPTS.
      options.template = nil
    case "--template": options.template = try value()
    case "--join": options.join = try value()
    case "--print-query": options.printQuery = true
    case "--expect":
      options.expect += try value().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        .filter { !$0.isEmpty }
    case "--print0": options.print0 = true
    default: return false
    }
    return true
  }

  /// The options of a record to show, make or save (`new`, `unknown`, `show --edit`):
  /// field values, a card, a message, where to save. False when `name` is not one of
  /// them.
  private static func applyRecord(
    _ name: String, to options: inout Options, value: () throws(UsageError) -> String
  ) throws(UsageError) -> Bool {
    switch name {
    case "--given-name", "--family-name", "--middle-name", "--name-prefix", "--name-suffix", "--nickname",
      "--organization", "--department", "--job-title", "--email", "--phone", "--address", "--url", "--birthday",
      "--note", "--im":
      options.fields.append((name, try value()))
    case "--vcard": options.vcard = try value()
    case "--save-to": options.saveTo = try value()
    case "--region":
      let region = try value().uppercased()
      // An ISO 3166-1 alpha-2 code, as phone numbers are read by (`DE`, `US`).
      guard region.utf8.count == 2, region.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else {
        throw UsageError(description: L10n.format("--region %s: a two-letter country code (ISO 3166), e.g. DE", region))
      }
      options.region = region
    case "--edit": options.edit = true
    case "--from-message": options.fromMessage = true
    case "--header":
      options.headers = try value().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    case "--all": options.all = true
    case "--alternate-name": options.alternateName = try value()
    case "--message": options.message = try value()
    case "--no-add": options.noAdd = true
    case "--skip-known": options.skipKnown = true
    default: return false
    }
    return true
  }

  private static func unknownKey(_ name: String, option: String) -> String {
    let known = ContactKey.allCases.map(\.shortName).joined(separator: ", ")
    return L10n.format("%s: unknown property '%s' (one of %s, or the full key such as emailAddresses)", option, name, known)
  }
}

extension Options {
  /// These options for reading the books a new contact is checked against: `--group`
  /// names the new contact's group there, not a filter of the books.
  var forDuplicateCheck: Options {
    var options = self
    options.group = nil
    return options
  }
}
