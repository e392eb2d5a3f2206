extension TerminalText {
  /// The characters a screen sends to the terminal for one cell's grapheme cluster:
  /// the cluster as it is, except for a zero width joiner (U+200D) that is not inside
  /// an emoji ZWJ sequence, which is left out.
  ///
  /// Terminals disagree on such a joiner: tmux 3.3 joins the character after it into
  /// the same cell (`क्‍ष`, क ् ZWJ ष, takes 1 column there), xterm and `wcwidth(3)` do
  /// not (2 columns, as `width(_:)` counts). Without it every terminal agrees, so the
  /// columns after the cluster stay where the frame put them; the letters are all
  /// still drawn (the conjunct may take its other written form). A joiner between two
  /// emoji (👩‍💻, 👨‍👩‍👧‍👦) is kept: `width(_:)` counts such a sequence as one emoji.
  ///
  /// - Parameter cluster: the text of a `Cell`: one grapheme cluster.
  /// - Returns: `cluster` itself (no copy) when it holds no joiner to leave out.
  /// - Complexity: O(n) in the scalars of `cluster`.
  public static func drawn(_ cluster: String) -> String {
    guard cluster.utf8.count > 3, cluster.unicodeScalars.contains("\u{200D}") else {
      // A lone joiner is its own cluster of width 0, which frames never hold.
      return cluster
    }
    let scalars = Array(cluster.unicodeScalars)
    var out = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if scalar == "\u{200D}" && !joinsEmoji(scalars, at: index) { continue }
      out.append(scalar)
    }
    return String(out)
  }

  /// Whether the joiner at `index` of `scalars` stands between two emoji (an emoji
  /// ZWJ sequence, Unicode UTS #51), the one before it perhaps followed by U+FE0F or a
  /// skin tone.
  private static func joinsEmoji(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard index + 1 < scalars.count, scalars[index + 1].properties.isEmoji,
      !scalars[index + 1].isASCII
    else { return false }
    var before = index - 1
    while before >= 0 && (scalars[before] == "\u{FE0F}" || scalars[before].properties.isEmojiModifier) {
      before -= 1
    }
    return before >= 0 && scalars[before].properties.isEmoji && !scalars[before].isASCII
  }
}
