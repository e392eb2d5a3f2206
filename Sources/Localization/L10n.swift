import Foundation

/// Every text cpick shows or says, in the user's language (`MessageLanguage`).
///
/// The English text is the key, as in gettext: `L10n.text("esc cancel")` is the
/// translation of that `msgid` in the language's `.po` file
/// (`Sources/Localization/po/<code>.po`, one per language, for translators), or the
/// text itself when the language is English or the file has none. `L10n.format` puts
/// values into a text's `%s` and `%d` (`%1$s`, `%2$s` to put them in another order).
/// Machine formats (JSON, vCard, mailboxes, tab-separated lines) never go through here.
///
/// The catalog is read once, the first time a text is asked for in a language other
/// than English: from `$CPICK_LOCALEDIR`, else `cpick_Localization.resources/po`
/// beside the executable (where `swift build` puts it), else `../share/cpick/po`
/// beside it, else `cpick/po` in the XDG data folders (`$XDG_DATA_HOME`, default
/// `~/.local/share`, then `$XDG_DATA_DIRS`, default `/usr/local/share:/usr/share`).
/// English reads no file.
public enum L10n {
  /// The language and catalog in use.
  public struct Catalog: Sendable {
    /// The language.
    public let language: MessageLanguage
    /// Its translations (empty for English or when no file was found).
    public let messages: MessageCatalog
  }

  /// A catalog set for the current task (tests render each language this way).
  @TaskLocal public static var taskCatalog: Catalog?

  /// The environment's catalog, read on first use.
  private static let environmentCatalog: Catalog = load(environmentLanguage)

  /// The catalog in use: the task's, else the environment's.
  public static var current: Catalog { taskCatalog ?? environmentCatalog }

  /// The language the environment asks for (no catalog read): `$CPICK_LANGUAGE`, else
  /// the locale variables (`MessageLanguage.fromEnvironment`). The test support sets
  /// `CPICK_LANGUAGE=en`, so that expectations are English whatever the developer's
  /// locale (a test of another language uses `with(_:directory:_:)`).
  private static let environmentLanguage = MessageLanguage.fromEnvironment()

  /// The language in use: the task's catalog's, else the environment's (knowing it
  /// reads no catalog).
  public static var language: MessageLanguage { taskCatalog?.language ?? environmentLanguage }

  /// `english` in the language in use.
  public static func text(_ english: String) -> String {
    let catalog = current
    guard !catalog.language.isEnglish else { return english }
    return catalog.messages.translations[english] ?? english
  }

  /// `english` translated, with `arguments` put in its `%s`/`%d` in order (or as
  /// `%1$s`, `%2$d` number them); `%%` is a `%`.
  public static func format(_ english: String, _ arguments: any CustomStringConvertible...) -> String {
    substitute(text(english), arguments.map(\.description))
  }

  /// `items` (texts already in the language in use) as a list in a sentence, joined
  /// with the language's `MessageLanguage.listSeparator`: `a, b, c`; `a、b、c`.
  public static func list(_ items: [String]) -> String {
    items.joined(separator: language.listSeparator)
  }

  /// `english` as written, marked for the catalogs (gettext's `N_`): for a text that
  /// is kept (in the index, with the contacts read) and translated when it is shown,
  /// with `translating(_:)`.
  public static func deferred(_ english: String) -> String { english }

  /// `english` with `arguments` put in, in English, marked for the catalogs: the kept
  /// form of a text that `translating(_:)` shows in the language in use.
  public static func deferredFormat(_ english: String, _ arguments: any CustomStringConvertible...) -> String {
    substitute(english, arguments.map(\.description))
  }

  /// A text kept in English (`deferred`, `deferredFormat`) in the language in use: a
  /// text of the catalog as it is; one made from a text with values (`%s`, `%d`)
  /// recognised by that text's words, its values translated in turn (a value can be a
  /// text of its own); a `file:line: ` in front kept. Anything else is returned as it is.
  ///
  /// - Complexity: O(texts with values in the catalog × length of `stored`); the
  ///   patterns are made once per language.
  public static func translating(_ stored: String) -> String {
    let catalog = current
    guard !catalog.language.isEnglish, !stored.isEmpty else { return stored }
    if let exact = catalog.messages.translations[stored] { return exact }
    if let found = StoredTexts.patterns(of: catalog).match(stored) {
      return substitute(found.translation, found.values.map(translating))
    }
    if let prefix = StoredTexts.linePrefix(of: stored) {
      return String(stored[..<prefix]) + translating(String(stored[prefix...]))
    }
    return stored
  }

  /// Runs `body` with texts in `language` (its catalog read from `directory`, or from
  /// where cpick looks for catalogs).
  public static func with<Result>(
    _ language: MessageLanguage, directory: String? = nil, _ body: () throws -> Result
  ) rethrows -> Result {
    try $taskCatalog.withValue(load(language, directory: directory), operation: body)
  }

  /// The catalog of `language`, read from `directory` or the first place that has it.
  public static func load(_ language: MessageLanguage, directory: String? = nil) -> Catalog {
    guard !language.isEnglish else { return Catalog(language: language, messages: MessageCatalog(po: "")) }
    for folder in directory.map({ [$0] }) ?? catalogDirectories() {
      if let text = try? String(contentsOfFile: "\(folder)/\(language.code).po", encoding: .utf8) {
        return Catalog(language: language, messages: MessageCatalog(po: text))
      }
    }
    return Catalog(language: language, messages: MessageCatalog(po: ""))
  }

  /// Where the catalogs are looked for, in order.
  static func catalogDirectories() -> [String] {
    var folders: [String] = []
    if let dir = MessageLanguage.environment("CPICK_LOCALEDIR"), !dir.isEmpty { folders.append(dir) }
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      let dir = (executable as NSString).deletingLastPathComponent
      folders += ["\(dir)/cpick_Localization.resources/po", "\(dir)/../share/cpick/po"]
    }
    // The XDG data folders (Base Directory Specification): the user's, then the system's.
    let systemData = (MessageLanguage.environment("XDG_DATA_DIRS").flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
    folders += ([userDataFolder()] + systemData).map { "\($0)/cpick/po" }
    return folders
  }

  /// The user's XDG data folder: `$XDG_DATA_HOME`, else `~/.local/share` (`variable`
  /// reads the environment; the process's by default). The catalogs are looked for in
  /// its `cpick/po`, and the warning of a missing one says to install them there.
  static func userDataFolder(_ variable: (String) -> String? = MessageLanguage.environment) -> String {
    variable("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? (variable("HOME") ?? "") + "/.local/share"
  }

  /// Why the environment's language is shown in English although cpick has it — its
  /// catalog was found in none of the folders it is looked for in (a program copied
  /// without its `po` folder) — or nil when it was found or the language is English.
  public static var missingCatalogWarning: String? {
    guard !environmentLanguage.isEnglish, environmentCatalog.messages.translations.isEmpty,
      MessageLanguage.translated.contains(where: { $0.code == environmentLanguage.code })
    else { return nil }
    return "no \(environmentLanguage.code) translations found (\(environmentLanguage.code).po in "
      + catalogDirectories().joined(separator: ", ")
      + "); messages are in English. Install Sources/Localization/po/*.po in \(userDataFolder())/cpick/po, "
      + "or set CPICK_LOCALEDIR"
  }

  /// `pattern` with `%s`/`%d`/`%@` replaced by `values` in turn, `%N$s` by the N-th,
  /// `%%` by `%` (`pieces(of:)`'s reading), in one pass over its bytes: a book of
  /// 300,000 damaged cards formats as many warnings.
  static func substitute(_ pattern: String, _ values: [String]) -> String {
    var pattern = pattern
    return pattern.withUTF8 { bytes -> String in
      let percent = UInt8(ascii: "%")
      guard bytes.contains(percent) else { return String(decoding: bytes, as: UTF8.self) }
      var out = ""
      out.reserveCapacity(bytes.count + values.reduce(0) { $0 + $1.utf8.count })
      var literalStart = 0
      var next = 0
      var index = 0
      func literal(upTo end: Int) {
        if end > literalStart { out += String(decoding: UnsafeBufferPointer(rebasing: bytes[literalStart..<end]), as: UTF8.self) }
      }
      while index < bytes.count {
        guard bytes[index] == percent else {
          index += 1
          continue
        }
        if index + 1 < bytes.count && bytes[index + 1] == percent {
          literal(upTo: index + 1)  // one `%`
          index += 2
          literalStart = index
          continue
        }
        var cursor = index + 1
        var number = 0
        while cursor < bytes.count, bytes[cursor] &- 48 < 10, number < 1_000 {
          number = number * 10 + Int(bytes[cursor] - 48)
          cursor += 1
        }
        var position: Int? = nil
        if cursor > index + 1, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "$") {
          position = number - 1
          cursor += 1
        } else {
          cursor = index + 1
        }
        guard cursor < bytes.count, [UInt8(ascii: "s"), UInt8(ascii: "d"), UInt8(ascii: "@")].contains(bytes[cursor])
        else {
          index += 1  // a `%` that begins no placeholder is text
          continue
        }
        literal(upTo: index)
        let value = position ?? next
        if value >= 0 && value < values.count { out += values[value] }
        if position == nil { next += 1 }
        index = cursor + 1
        literalStart = index
      }
      literal(upTo: bytes.count)
      return out
    }
  }

  /// A part of a text with values: words as written, or the place of a value.
  enum Piece: Equatable {
    /// Text as it is shown (`%%` already one `%`).
    case literal(String)
    /// A value: its position among the values (`%s` the next, `%2$s` the second).
    case value(Int)
  }

  /// `pattern` split at its placeholders (`%s`, `%d`, `%@`, numbered `%N$s`); a `%`
  /// that begins none of them is text.
  ///
  /// - Complexity: O(length of `pattern`).
  static func pieces(of pattern: String) -> [Piece] {
    var pieces: [Piece] = []
    var literal = ""
    var next = 0
    var characters = pattern[...]
    while let percent = characters.firstIndex(of: "%") {
      literal += characters[..<percent]
      var rest = characters[characters.index(after: percent)...]
      if rest.first == "%" {
        literal += "%"
        characters = rest.dropFirst()
        continue
      }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      var position: Int?
      if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
        position = Int(digits).map { $0 - 1 }
        rest = rest.dropFirst(digits.count + 1)
      }
      guard let conversion = rest.first, "sd@".contains(conversion) else {
        literal += "%"
        characters = rest
        continue
      }
      if !literal.isEmpty { pieces.append(.literal(literal)) }
      literal = ""
      pieces.append(.value(position ?? next))
      if position == nil { next += 1 }
      characters = rest.dropFirst()
    }
    literal += characters
    if !literal.isEmpty { pieces.append(.literal(literal)) }
    return pieces
  }
}
