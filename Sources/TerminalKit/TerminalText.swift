/// Text as a terminal shows it: width in cells and neutralised controls.
public enum TerminalText {
  /// Columns one grapheme cluster takes: 0, 1 or 2.
  ///
  /// PLACEHOLDER — to be replaced with East Asian Width + emoji rules.
  public static func width(_ cluster: Character) -> Int {
    1
  }

  /// Columns `text` takes (sum over grapheme clusters).
  public static func width(_ text: String) -> Int {
    text.reduce(0) { $0 + width($1) }
  }

  /// `text` with every control character, escape sequence introducer and bidi
  /// control replaced by a visible, inert symbol.
  ///
  /// PLACEHOLDER.
  public static func visible(_ text: String) -> String {
    text
  }

  /// Splits `text` into grapheme clusters with their widths, dropping zero-width
  /// clusters, and truncates it to `maxWidth` columns with `…` when it does not fit.
  public static func layout(_ text: String, maxWidth: Int) -> [(String, Int)] {
    var out: [(String, Int)] = []
    var used = 0
    let all = text.map { (String($0), width($0)) }.filter { $0.1 > 0 }
    let total = all.reduce(0) { $0 + $1.1 }
    if total <= maxWidth { return all }
    for (cluster, w) in all {
      if used + w > maxWidth - 1 { break }
      out.append((cluster, w))
      used += w
    }
    if maxWidth >= 1 { out.append(("…", 1)) }
    return out
  }
}
