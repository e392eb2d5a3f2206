/// Text as a terminal shows it: width in cells and neutralised controls.
///
/// - `width(_:)` measures one grapheme cluster in columns (Unicode UAX #11 East Asian
///   Width plus the emoji presentation rules of UTS #51), see `TerminalText+Width.swift`.
/// - `visible(_:)` replaces control characters (ECMA-48 C0/C1), DEL and bidi controls
///   (UAX #9) with inert, visible symbols, see `TerminalText+Visible.swift`.
/// - `layout(_:maxWidth:)` and `fit(_:width:)` cut text to a number of columns without
///   ever splitting a grapheme cluster.
public enum TerminalText {
  /// Columns `text` takes (sum over grapheme clusters).
  public static func width(_ text: String) -> Int {
    var total = 0
    for cluster in text { total += width(cluster) }
    return total
  }

  /// Columns `text` takes as a frame draws it, its controls made `visible(_:)`: an
  /// ESC is `␛`, one column, where `width(_:)` counts it as none. What places a cursor
  /// or a field after text from an address book measures this.
  public static func drawnWidth(_ text: String) -> Int { width(visible(text)) }

  /// `drawnWidth(_:)` of one grapheme cluster.
  public static func drawnWidth(_ cluster: Character) -> Int {
    if let ascii = cluster.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
    return width(visible(String(cluster)))
  }

  /// Splits `text` into grapheme clusters with their widths (1 or more, see
  /// `width(_:)`), dropping zero-width clusters, and truncates it to `maxWidth` columns
  /// with `…` when it does not fit.
  ///
  /// Clusters are never split, so a truncated result never ends in a lone U+200D
  /// (ZWJ), U+FE0F (VS16), half of a flag or a consonant without its vowel sign. The
  /// widths sum to at most `maxWidth`; when truncated, the last element is `("…", 1)`
  /// and the sum may be less than `maxWidth` (when a cluster of 2 columns or more
  /// would straddle the edge). Does not pad;
  /// see `fit(_:width:)`. Call `visible(_:)` first for untrusted text.
  public static func layout(_ text: String, maxWidth: Int) -> [(String, Int)] {
    guard maxWidth > 0 else { return [] }
    var out: [(String, Int)] = []
    var used = 0
    // How many leading elements of `out` fit in `maxWidth - 1` (room for `…`).
    var keepIfTruncated = 0
    for cluster in text {
      let w = width(cluster)
      if w == 0 { continue }
      if used + w > maxWidth {
        out.removeSubrange(keepIfTruncated...)
        out.append(("…", 1))
        return out
      }
      out.append((String(cluster), w))
      used += w
      if used <= maxWidth - 1 { keepIfTruncated = out.count }
    }
    return out
  }

  /// `text` made exactly `width` columns wide: sanitised with `visible(_:)`, truncated
  /// with `…` like `layout(_:maxWidth:)`, then padded on the right with spaces.
  ///
  /// Use it to build fixed-width columns as strings; zero-width clusters are dropped.
  /// Returns `""` when `width` ≤ 0.
  public static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var out = ""
    var used = 0
    for (cluster, w) in layout(visible(text), maxWidth: width) {
      out += cluster
      used += w
    }
    if used < width { out += String(repeating: " ", count: width - used) }
    return out
  }
}
