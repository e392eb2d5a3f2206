import ContactKit

/// A hand-written `FN` (one that is not the name composed from `N`: `Bob Smith (work)`,
/// `Dr Bob Smith`) kept through an edit of the name's parts: each part changed is
/// changed in it where it stands, as a whole word, so that the name shown follows the
/// edit and the rest of what was written stays.
enum HandWrittenName {
  /// `formatted` with each of `old`'s parts replaced by the part of `new` at the same
  /// place (a part removed takes a blank beside it with it) where it stands as the
  /// name: once, as a whole word, and beside another of the name's parts (only blanks,
  /// commas or periods between), or as the name's one part. Any other part is left as
  /// written: `Augusta Ada, Countess of Lovelace` keeps its title when the family name
  /// changes. Parts are compared as written; in a script written without spaces (Han,
  /// kana, Hangul) a part is a whole word wherever it stands.
  static func renamed(_ formatted: String, from old: [String], to new: [String]) -> String {
    var text = formatted
    let named = old.filter { !$0.isEmpty }.count
    for i in old.indices where i < new.count && old[i] != new[i] && !old[i].isEmpty {
      let matches = wordRanges(of: old[i], in: text)
      guard matches.count == 1, let range = matches.first else { continue }
      let others = old.indices.filter { $0 != i }.flatMap { [old[$0], $0 < new.count ? new[$0] : ""] }.filter { !$0.isEmpty }
      guard named == 1 || besideAnother(range, in: text, others: others) else { continue }
      let after = new[i]
      if after.isEmpty {
        var lower = range.lowerBound
        var upper = range.upperBound
        if upper < text.endIndex, text[upper] == " " {
          upper = text.index(after: upper)
        } else if lower > text.startIndex, text[text.index(before: lower)] == " " {
          lower = text.index(before: lower)
        }
        text.replaceSubrange(lower..<upper, with: "")
      } else {
        text.replaceSubrange(range, with: after)
      }
    }
    return text
  }

  /// Whether one of `others` stands next to `range` in `text`, with only blanks,
  /// commas or periods between.
  private static func besideAnother(_ range: Range<String.Index>, in text: String, others: [String]) -> Bool {
    let separators: Set<Character> = [" ", ",", ".", "\u{00A0}"]
    let before = String(text[..<range.lowerBound]).reversed().drop { separators.contains($0) }
    let after = text[range.upperBound...].drop { separators.contains($0) }
    return others.contains { other in
      let reversed = String(other.reversed())
      return (String(before).hasPrefix(reversed) && !joins(before.dropFirst(reversed.count).first, reversed.last))
        || (after.hasPrefix(other) && !joins(other.last, after.dropFirst(other.count).first))
    }
  }

  /// The places `word` stands in `text` with no letter or digit of a spaced script
  /// beside it.
  private static func wordRanges(of word: String, in text: String) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    var start = text.startIndex
    while let range = text.range(of: word, range: start..<text.endIndex) {
      let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
      let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
      if joins(before, word.first) || joins(word.last, after) {
        start = text.index(after: range.lowerBound)
        continue
      }
      found.append(range)
      start = range.upperBound
    }
    return found
  }

  /// Whether `a` and `b` side by side are inside one word: both letters or digits, and
  /// neither of a script written without spaces.
  private static func joins(_ a: Character?, _ b: Character?) -> Bool {
    guard let a, let b, a.isLetter || a.isNumber, b.isLetter || b.isNumber else { return false }
    return !unspaced(a) && !unspaced(b)
  }

  private static func unspaced(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    return scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
      || (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
  }
}
