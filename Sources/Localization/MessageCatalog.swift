/// The translations of one language: a gettext `.po` file's `msgid` → `msgstr` pairs.
///
/// Reads the subset of the PO format (GNU gettext manual, "The Format of PO Files")
/// that cpick's files use: `msgctxt`, `msgid`, `msgstr`, strings continued on the next
/// lines, the C escapes `\n \t \" \\`, `#` comments. An entry marked `#, fuzzy` or
/// with an empty `msgstr` is left out (the English text is shown, as gettext does);
/// the header (the empty `msgid`) is left out too.
public struct MessageCatalog: Sendable {
  /// The translated text of each English text (`msgid`; with a context, `context\u{4}msgid`).
  public let translations: [String: String]

  /// The catalog in `text`, the contents of a `.po` file. Never fails: a line it cannot
  /// read is skipped.
  ///
  /// - Complexity: O(length of `text`).
  public init(po text: String) {
    var translations: [String: String] = [:]
    var context: String?
    var id: String?
    var translation: String?
    var fuzzy = false
    var field: String?
    func flush() {
      if let id, !id.isEmpty, let translation, !translation.isEmpty, !fuzzy {
        translations[context.map { "\($0)\u{4}\(id)" } ?? id] = translation
      }
      context = nil
      id = nil
      translation = nil
      fuzzy = false
      field = nil
    }
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.drop { $0 == " " || $0 == "\t" }
      if line.hasPrefix("#") {
        if translation != nil { flush() }
        if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
        continue
      }
      if line.isEmpty {
        if translation != nil { flush() }
        continue
      }
      if line.hasPrefix("\"") {
        let piece = Self.unquote(line)
        switch field {
        case "msgctxt": context = (context ?? "") + piece
        case "msgid": id = (id ?? "") + piece
        case "msgstr": translation = (translation ?? "") + piece
        default: break
        }
        continue
      }
      guard let space = line.firstIndex(of: " ") else { continue }
      let keyword = String(line[..<space])
      let value = Self.unquote(line[line.index(after: space)...].drop { $0 == " " })
      switch keyword {
      case "msgctxt":
        if translation != nil { flush() }
        context = value
      case "msgid":
        if translation != nil { flush() }
        id = value
      case "msgstr", "msgstr[0]": translation = value
      default: break
      }
      field = keyword.hasPrefix("msgstr") ? "msgstr" : keyword
    }
    flush()
    self.translations = translations
  }

  /// The text of a quoted PO string, its escapes resolved.
  private static func unquote(_ quoted: Substring) -> String {
    var body = quoted
    if body.hasPrefix("\"") { body = body.dropFirst() }
    while let last = body.last, last == " " || last == "\t" || last == "\r" { body = body.dropLast() }
    if body.hasSuffix("\"") { body = body.dropLast() }
    return unescape(body)
  }

  /// `text` with the C escapes resolved (`\n`, `\t`, `\"`, `\\`; any other escaped
  /// character stands for itself). Swift string literals use the same ones.
  static func unescape(_ text: Substring) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if escaped {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: result.append(character)
        }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
