import TerminalKit

/// A one-line text field with readline editing, as the query line of fzf:
/// ←/→ and Ctrl-B/Ctrl-F move, Ctrl-A/Home and Ctrl-E/End jump, Backspace/Ctrl-H and
/// Delete/Ctrl-D delete, Ctrl-U kills to the start, Ctrl-K to the end, Ctrl-W the
/// word before the cursor, Alt-B/Alt-F move by words, Alt-D deletes the next and
/// Alt-Backspace the one before; a
/// paste is inserted with its line breaks and tabs as spaces.
///
/// Text is held as grapheme clusters, so a cursor step is one user-perceived
/// character (an emoji with modifiers, a letter with combining marks); Backspace
/// takes a letter's last mark first (`deleteBackward`).
public struct LineEditor: Sendable, Hashable {
  /// The text's grapheme clusters.
  public private(set) var characters: [Character]
  /// The cursor position: an index into `characters`, `0...characters.count`.
  public private(set) var cursor: Int
  /// The most characters the text takes (a paste is cut there); nil for no bound.
  public var limit: Int? = nil

  /// An editor holding `text` with the cursor at its end.
  public init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// The text.
  public var text: String { String(characters) }

  /// Applies `key`; returns true when the key was an editing key (handled), false
  /// when the caller should handle it.
  public mutating func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .character(let character): insert(String(character))
    case .paste(let text):
      insert(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }.reduce(into: "") { $0.append($1) })
    case .alt("b"):
      cursor = wordStart(before: cursor)
    case .alt("f"):
      cursor = wordEnd(after: cursor)
    case .alt("d"):
      characters.removeSubrange(cursor..<wordEnd(after: cursor))
    case .altBackspace:
      let start = wordStart(before: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .left, .control("b"): cursor = max(0, cursor - 1)
    case .right, .control("f"): cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .backspace, .control("h"):
      guard cursor > 0 else { return true }
      deleteBackward()
    case .delete, .control("d"):
      guard cursor < characters.count else { return true }
      characters.remove(at: cursor)
    case .control("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .control("k"):
      characters.removeSubrange(cursor..<characters.count)
    case .control("w"):
      var start = cursor
      while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
      while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return false
    }
    return true
  }

  /// The characters drawn when the text is shown `width` columns wide with the cursor
  /// in view, and the cursor's column from the field's start. The range starts at the
  /// first character shown (as many characters before the cursor as take fewer than
  /// `width` columns: the cursor's own cell comes after them) and ends just past
  /// `width` columns (or at the end of the text), so that a field drawing it cut to
  /// `width` marks the cut as it would for the whole rest of the text.
  ///
  /// - Parameters:
  ///   - width: the field's width in columns (at least 1).
  ///   - columns: the columns a character is drawn in (its terminal width as drawn, a
  ///     control character as its symbol, by default;
  ///     a field that draws some characters as others says so).
  /// - Complexity: O(characters shown), whatever the text's length.
  public func visibleRange(width: Int, columns: (Character) -> Int = TerminalText.drawnWidth) -> (
    range: Range<Int>, cursorColumn: Int
  ) {
    var start = cursor
    var used = 0
    while start > 0 {
      let next = columns(characters[start - 1])
      if used + next >= width { break }
      used += next
      start -= 1
    }
    var end = cursor
    var shown = used
    while end < characters.count && shown <= width {
      shown += columns(characters[end])
      end += 1
    }
    return (start..<end, used)
  }

  /// The start of the word before `index` (readline's backward-word).
  private func wordStart(before index: Int) -> Int {
    var start = index
    while start > 0 && !characters[start - 1].isLetterOrNumber { start -= 1 }
    while start > 0 && characters[start - 1].isLetterOrNumber { start -= 1 }
    return start
  }

  /// The end of the word after `index` (readline's forward-word).
  private func wordEnd(after index: Int) -> Int {
    var end = index
    while end < characters.count && !characters[end].isLetterOrNumber { end += 1 }
    while end < characters.count && characters[end].isLetterOrNumber { end += 1 }
    return end
  }

  /// Backspace: the character before the cursor — of a letter typed with its marks
  /// (Devanagari `र्मा`, Thai `ธ์`, `e` and U+0301), the last mark or letter, as
  /// readline, GTK and browsers delete it, so that a wrong vowel sign does not cost
  /// the conjunct; an emoji sequence (`👍🏽`, a flag, a keycap) whole.
  private mutating func deleteBackward() {
    let scalars = characters[cursor - 1].unicodeScalars
    guard scalars.count > 1, !scalars.contains(where: Self.joinsEmoji) else {
      characters.remove(at: cursor - 1)
      cursor -= 1
      return
    }
    // The scalars left may be more than one character (a conjunct's letters).
    let rest = Array(String(String.UnicodeScalarView(scalars.dropLast())))
    characters.replaceSubrange((cursor - 1)..<cursor, with: rest)
    cursor += rest.count - 1
  }

  /// Whether `scalar` makes its character an emoji sequence: a pictograph, a regional
  /// indicator, an emoji or keycap selector, ZWJ, a skin tone, a tag.
  private static func joinsEmoji(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.properties.isEmoji && scalar.value >= 0x2000) || (0x1F1E6...0x1F1FF).contains(scalar.value)
      || (0x1F3FB...0x1F3FF).contains(scalar.value) || (0xE0020...0xE007F).contains(scalar.value)
      || scalar.value == 0xFE0F || scalar.value == 0x20E3 || scalar.value == 0x200D
  }

  /// Inserts `text` at the cursor, control characters left out, as much of it as
  /// `limit` leaves room for. The text is made
  /// grapheme clusters again around it, so that a combining mark, an emoji modifier or
  /// a second regional indicator typed after its base (a terminal sends them as keys
  /// of their own: `e` then U+0308) joins it into one character, as it is drawn.
  public mutating func insert(_ text: String) {
    var clean = text.filter { character in
      !character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }
    if let limit, clean.count > limit - characters.count { clean = String(clean.prefix(max(0, limit - characters.count))) }
    guard !clean.isEmpty else { return }
    // Only the characters beside the cursor can join what is inserted.
    let start = max(0, cursor - 1)
    let end = min(characters.count, cursor + 1)
    let before = String(characters[start..<cursor]) + clean
    let joined = Array(before + String(characters[cursor..<end]))
    characters.replaceSubrange(start..<end, with: joined)
    cursor = start + min(before.count, joined.count)
  }
}

extension Character {
  fileprivate var isLetterOrNumber: Bool { isLetter || isNumber }
}
