import CpickSupport
import Foundation
import Localization

/// cpick's config file, `$XDG_CONFIG_HOME/cpick/config` (PRODUCT.md): lines of
/// `key = value`, `#` comments (a whole line, or the rest of a line from a `#` that
/// follows a blank: `url = https://… # my server`). Before any section, `source = SPEC` lines name books
/// (a `~/` prefix is the home folder). A section `[account NAME]` holds the keys of
/// one server account (CardDAV: `url`, `username`, `password-command`, …), read by
/// `ServerAccount`. `action-<kind> = COMMAND` lines, also before any section, set what
/// the card does with a value (`ContactActions`: `email`, `phone`, `sms`, `url`, `address`);
/// `save-to = COLLECTION` which collection of a vdir with collections new contacts go to.
///
/// ```
/// source = ~/.contacts/personal
/// action-phone = linphone-cli call {}
///
/// [account fastmail]
/// url = https://carddav.fastmail.com/
/// username = me@fastmail.com
/// password-command = pass show fastmail/cpick
/// ```
public struct ConfigFile: Sendable, Equatable {
  /// The `source = SPEC` lines before any section, in order.
  public var sources: [String] = []
  /// The `save-to = COLLECTION` line before any section: the collection (a sub-folder's
  /// name, or a path) that new contacts go to when the vdir they are saved to holds
  /// collections (`VdirCollections`); nil: the first.
  public var saveTo: String?
  /// The `action-<kind> = COMMAND` lines before any section, by kind (`phone`): the
  /// command lines as written (a kind given twice: its last line).
  public var actions: [String: String] = [:]
  /// The `[account NAME]` sections, in order: the name and the section's keys (a key
  /// given twice: its last value).
  public var accounts: [(name: String, keys: [String: String])] = [] {
    // Changed in code: no longer the accounts of the text it was parsed from.
    didSet { textHash = 0 }
  }
  /// The lines that mean nothing here, as `line N: why` (a key misspelt, a line without
  /// `=`, a section other than `[account NAME]`): ignored, and told on stderr.
  public var problems: [String] = []
  /// The config file's path, when it was read from one.
  public var path: String?

  /// An empty config.
  public init() {}

  /// The config file of `environment`: `$XDG_CONFIG_HOME/cpick/config`, else
  /// `$HOME/.config/cpick/config` (an empty or relative `XDG_CONFIG_HOME` counts as
  /// unset). An absent or unreadable file is an empty config.
  /// The file is read at each call (it may have changed), parsed once per text: the
  /// books of a config of 1,600 accounts each ask for it.
  public static func load(environment: [String: String]) -> ConfigFile {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    let path = configHome + "/cpick/config"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return ConfigFile() }
    let key = path + "\n" + home
    if let known = parsed.withLock({ $0[key] }), known.text == text { return known.config }
    var config = ConfigFile(parsing: text, home: home)
    config.path = path
    parsed.withLock { $0[key] = (text, config) }
    return config
  }

  /// The configs parsed in this process, by path and home, with their text.
  private static let parsed = Locked<[String: (text: String, config: ConfigFile)]>([:])

  /// The hash of the text the config was parsed from (0 for one made otherwise):
  /// what caches of things made from a config (`ServerAccount`'s table) are keyed by.
  public private(set) var textHash = 0

  /// The config in `text`; `home` replaces a leading `~/` of a `source`.
  public init(parsing text: String, home: String) {
    defer { textHash = text.hashValue }
    var section: Int?
    // A CR LF is one Character, and a line end like LF and CR alone (`isNewline`).
    for (number, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      /// Tells that line `number` means nothing here.
      func ignored(_ why: String) { problems.append("\(number + 1): " + why) }
      if line.hasPrefix("["), line.hasSuffix("]") {
        let header = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        let words = header.split(separator: " ", maxSplits: 1).map(String.init)
        if words.first == "account", words.count == 2 {
          accounts.append((name: words[1].trimmingCharacters(in: .whitespaces), keys: [:]))
          section = accounts.count - 1
        } else {
          section = -1  // an unknown section: its keys are ignored
          ignored(L10n.format("unknown section [%s]; its lines are ignored (a section is [account NAME])", header))
        }
        continue
      }
      guard let equals = line.firstIndex(of: "=") else {
        ignored(L10n.text("not a 'key = value' line; ignored"))
        continue
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
      let value = Self.withoutComment(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
      if section == nil, !Self.topLevelKeys.contains(key), !key.hasPrefix("action-") {
        ignored(L10n.format("unknown key '%s'; ignored (before any section: source, save-to, action-KIND)", key))
        continue
      }
      guard !value.isEmpty else { continue }
      switch section {
      case nil:
        if key == "source" {
          sources.append(value.hasPrefix("~/") ? home + value.dropFirst(1) : value)
        } else if key.hasPrefix("action-") {
          actions[String(key.dropFirst("action-".count))] = value
        } else if key == "save-to" {
          saveTo = value.hasPrefix("~/") ? home + value.dropFirst(1) : value
        }
      case let index? where index >= 0:
        accounts[index].keys[key] = value
      default:
        break
      }
    }
  }

  /// The keys a line before any section may have, besides `action-<kind>`.
  static let topLevelKeys: Set<String> = ["source", "save-to"]

  /// `value` up to a `#` that follows a blank (a comment at the end of the line); a
  /// `#` inside a word (`https://host/#x`, `pass#1`) is kept.
  static func withoutComment(_ value: Substring) -> Substring {
    var start = value.startIndex
    while let hash = value[start...].firstIndex(of: "#") {
      if hash > value.startIndex, value[value.index(before: hash)].isWhitespace { return value[..<hash] }
      start = value.index(after: hash)
    }
    return value
  }

  /// Whether two configs have the same sources, actions and accounts.
  public static func == (a: ConfigFile, b: ConfigFile) -> Bool {
    a.sources == b.sources && a.saveTo == b.saveTo && a.actions == b.actions && a.accounts.map(\.name) == b.accounts.map(\.name)
      && a.accounts.map(\.keys) == b.accounts.map(\.keys)
  }
}
