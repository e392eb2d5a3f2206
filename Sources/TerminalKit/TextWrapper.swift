/// Breaks text into lines that fit a width in terminal columns, at spaces where it
/// can and inside a word only when a word is wider than the line. Grapheme clusters
/// are never split; existing line breaks are kept.
public enum TextWrapper {
  /// The lines of `text` for `width` columns (at least one line, possibly empty).
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      var line = ""
      var lineWidth = 0
      var word = ""
      var wordWidth = 0
      func flushWord() {
        guard !word.isEmpty else { return }
        if lineWidth > 0 && lineWidth + wordWidth > width {
          lines.append(line.trimmingTrailingSpaces())
          line = ""
          lineWidth = 0
          // Leading spaces of a wrapped word are dropped.
          while word.first == " " {
            word.removeFirst()
            wordWidth -= 1
          }
        }
        for character in word {
          let w = TerminalText.width(character)
          if lineWidth + w > width && lineWidth > 0 {
            lines.append(line.trimmingTrailingSpaces())
            line = ""
            lineWidth = 0
          }
          line.append(character)
          lineWidth += w
        }
        word = ""
        wordWidth = 0
      }
      for character in paragraph {
        if character == " " && !(word.last == " " || word.isEmpty) { flushWord() }
        word.append(character)
        wordWidth += TerminalText.width(character)
      }
      flushWord()
      lines.append(line.trimmingTrailingSpaces())
    }
    return lines.isEmpty ? [""] : lines
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
