/// Breaks text into lines that fit a width in terminal columns, at spaces where it
/// can and inside a word only when a word is wider than the line. Text in Chinese,
/// Japanese or Korean, which has no spaces between its words, breaks between any two
/// wide characters and around them (the ideographic class of UAX #14; Korean, written
/// with spaces, breaks at them), except before
/// closing punctuation (`。`, `、`, `）`, `」` …) and after opening punctuation (`（`,
/// `「` …). Grapheme clusters are never split; existing line breaks are kept.
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
        if character == " " && !(word.last == " " || word.isEmpty) {
          flushWord()
        } else if let last = word.last, last != " ", !Self.opening.contains(last), !Self.closing.contains(character),
          Self.breaksAround(character) || (Self.breaksAround(last) && character.isLetter)
        {
          flushWord()  // a break before a wide character, or between one and a letter
        }
        word.append(character)
        wordWidth += TerminalText.width(character)
      }
      flushWord()
      lines.append(line.trimmingTrailingSpaces())
    }
    return lines.isEmpty ? [""] : lines
  }

  /// Whether a line may break before and after `character`: a wide character other
  /// than Hangul — wide by its first scalar (an ideograph, kana), not by its marks: a
  /// Devanagari letter and its vowel sign (`टी`) take two columns but are inside a word.
  static func breaksAround(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first, TerminalText.width(Character(scalar)) == 2 else { return false }
    let hangul = (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
      || (0x3130...0x318F).contains(scalar.value)
    return !hangul
  }

  /// Punctuation that never begins a line (UAX #14 classes CL, CP, EX, IS, NS, in
  /// their wide forms).
  static let closing: Set<Character> = Set("。、，．：；！？）」』】〉》〕｝・ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ")

  /// Punctuation that never ends a line (UAX #14 class OP, in its wide forms).
  static let opening: Set<Character> = Set("（「『【〈《〔｛")
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
