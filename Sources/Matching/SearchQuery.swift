/// A query split into folded words, ready for byte matching.
///
/// Words are separated by whitespace and must all match (AND). A word made only of
/// digits and phone punctuation (`+ - . / ( )`), with at least one digit, is a *phone
/// word*: its digits are matched against phone numbers' digits, and the word as typed
/// against the text fields, both as substrings only. When the whole query is made of
/// digits, spaces and phone punctuation, it is one phone word with the spaces removed
/// (`0170 555 0123` → `01705550123`).
struct SearchQuery: Sendable {
  struct Word: Sendable {
    /// The folded word, as UTF-8.
    var text: [UInt8]
    /// For a phone word, its digits; empty otherwise.
    var digits: [UInt8]
    /// `ByteMatcher.mask` of `text`.
    var textMask: UInt64
    /// `ByteMatcher.phoneMask` of `digits`.
    var phoneMask: UInt64
    var isPhone: Bool { !digits.isEmpty }
  }

  var words: [Word]
  var exact: Bool

  var isEmpty: Bool { words.isEmpty }

  init(_ query: String, options: SearchOptions) {
    exact = options.exact
    let folded = SearchFolding.fold(query)
    var wordStrings: [Substring]
    if Self.isPhoneText(folded.utf8, allowingSpaces: true),
      folded.utf8.contains(where: { $0 &- 48 < 10 })
    {
      wordStrings = [Substring(String(folded.filter { !$0.isWhitespace }))]
    } else {
      wordStrings = folded.split(whereSeparator: \.isWhitespace)
    }
    words = wordStrings.map { word in
      let text = Array(word.utf8)
      var digits: [UInt8] = []
      if Self.isPhoneText(text, allowingSpaces: false) {
        digits = text.filter { $0 &- 48 < 10 }
      }
      return Word(
        text: text, digits: digits, textMask: ByteMatcher.mask(text),
        phoneMask: ByteMatcher.phoneMask(digits))
    }
  }

  /// True when `bytes` has only digits and phone punctuation (and spaces if allowed).
  static func isPhoneText<S: Sequence<UInt8>>(_ bytes: S, allowingSpaces: Bool) -> Bool {
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ")"):
        continue
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        if !allowingSpaces { return false }
      default:
        return false
      }
    }
    return true
  }
}
