import ContactKit
import Foundation

/// A hand-written `FN` (one that is not the name composed from `N`: `Bob Smith (work)`,
/// `Dr Bob Smith`) kept through an edit of the name's parts: each part changed is
/// changed in it where it stands, as a whole word, so that the name shown follows the
/// edit and the rest of what was written stays.
enum HandWrittenName {
  /// `formatted` with each of `old`'s parts replaced by the part of `new` at the same
  /// place (a part removed takes a blank beside it with it) where it stands as the
  /// name: once, as a whole word, and beside another of the name's parts or its
  /// initial (only blanks, commas, periods or a quoted or bracketed word such as a
  /// nickname between: `John Q. Smith`, `Katherine "Kate" Bell`), or as the name's one
  /// part. Any other part is left as written: `Augusta Ada, Countess of Lovelace` keeps
  /// its title when the family name changes. Parts are compared as written, else
  /// ignoring case (`MARIA GARCIA`: the new part is then written in the case of the
  /// word it replaces, if that is all capitals); in a script written without spaces
  /// (Han, kana, Hangul) a part is a whole word wherever it stands.
  static func renamed(_ formatted: String, from old: [String], to new: [String]) -> String {
    let text = formatted
    let named = old.filter { !$0.isEmpty }.count
    // Every part's place is found in the name as written, then all are replaced at
    // once, the last first: parts swapped (`Ada Lovelace` → `Lovelace Ada`) are each
    // found where they stood, not where the other was just written.
    var edits: [(range: Range<String.Index>, text: String)] = []
    for i in old.indices where i < new.count && old[i] != new[i] && !old[i].isEmpty {
      // A vCard 2.1 list (`Richter,James`) stands in the name as its words (`Richter James`).
      let spaced = old[i].contains(",") && !text.contains(old[i])
      let part = spaced ? old[i].replacingOccurrences(of: ",", with: " ") : old[i]
      var matches = wordRanges(of: part, in: text, options: [])
      if matches.isEmpty { matches = wordRanges(of: part, in: text, options: .caseInsensitive) }
      guard matches.count == 1, let range = matches.first else { continue }
      // The other parts, each of a list's words (vCard 2.1's `Richter,James` is written
      // `Richter James`), and their initials.
      let neighbours = old.indices.filter { $0 != i }.flatMap { [old[$0], $0 < new.count ? new[$0] : ""] }
      let listed = neighbours.filter { $0.contains(",") }.flatMap { $0.split(separator: ",").map { String($0) } }
      let parts = (neighbours + listed).filter { !$0.isEmpty }
      let others = parts + parts.flatMap { $0.split(separator: " ").compactMap(\.first).map { String($0) } }
      guard named == 1 || besideAnother(range, in: text, others: others) else { continue }
      let written = text[range]
      var after = spaced ? new[i].replacingOccurrences(of: ",", with: " ") : new[i]
      if written != part, written == written.uppercased(), written != written.lowercased() { after = after.uppercased() }
      if after.isEmpty {
        var lower = range.lowerBound
        var upper = range.upperBound
        if upper < text.endIndex, text[upper] == " " {
          upper = text.index(after: upper)
        } else if lower > text.startIndex, text[text.index(before: lower)] == " " {
          lower = text.index(before: lower)
        }
        edits.append((lower..<upper, ""))
      } else {
        edits.append((range, after))
      }
    }
    var renamed = text
    var start = text.endIndex
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      var range = edit.range
      if range.upperBound > start {
        // Two neighbours removed share the blank between them (`Tom Smith`: `Tom ` and
        // ` Smith`): the first removes it, this one the rest.
        guard edit.text.isEmpty, range.lowerBound < start else { continue }
        range = range.lowerBound..<start
      }
      renamed.replaceSubrange(range, with: edit.text)
      start = range.lowerBound
    }
    // A part removed at an end whose neighbour went too leaves that neighbour's blank.
    return edits.contains { $0.text.isEmpty } ? renamed.trimmingCharacters(in: .whitespaces) : renamed
  }

  /// Whether one of `others` stands next to `range` in `text` (ignoring case), with
  /// only blanks, commas, periods or one quoted or bracketed word between.
  private static func besideAnother(_ range: Range<String.Index>, in text: String, others: [String]) -> Bool {
    let separators: Set<Character> = [" ", ",", ".", "\u{00A0}"]
    let closers: [Character: Character] = ["\"": "\"", "”": "“", ")": "(", "]": "[", "'": "'"]
    let openers: [Character: Character] = ["\"": "\"", "“": "”", "(": ")", "[": "]", "'": "'"]
    /// `side` with separators, then one bracketed word (`pairs`: its first character to
    /// the one that ends it) and the separators after it, dropped.
    func neighbour(_ side: String, _ pairs: [Character: Character]) -> String {
      let near = side.drop { separators.contains($0) }
      guard let first = near.first, let end = pairs[first],
        let close = near.dropFirst().firstIndex(of: end)
      else { return String(near) }
      return String(near[near.index(after: close)...].drop { separators.contains($0) })
    }
    let before = String(text[..<range.lowerBound].reversed()).lowercased()
    let after = String(text[range.upperBound...]).lowercased()
    let sides = [(before, true), (neighbour(before, closers), true), (after, false), (neighbour(after, openers), false)]
    return others.contains { other in
      // A part's own period or comma (`Mr.`, `Sr.`) is a separator where it stands.
      let other = String(
        other.lowercased().drop { separators.contains($0) }.reversed().drop { separators.contains($0) }.reversed())
      guard !other.isEmpty else { return false }
      return sides.contains { side, reversed in
        let near = side.drop { separators.contains($0) }
        let word = reversed ? String(other.reversed()) : other
        return near.hasPrefix(word) && !joins(near.dropFirst(word.count).first, reversed ? word.last : other.last)
      }
    }
  }

  /// The places `word` stands in `text` (compared with `options`) with no letter or
  /// digit of a spaced script beside it.
  private static func wordRanges(of word: String, in text: String, options: String.CompareOptions) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    var start = text.startIndex
    while let range = text.range(of: word, options: options, range: start..<text.endIndex) {
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
