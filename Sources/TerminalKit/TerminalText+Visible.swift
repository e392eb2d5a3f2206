import CpickSupport

extension TerminalText {
  /// `text` with every character that could control or spoof the terminal replaced by
  /// a visible, inert symbol, so untrusted text (address books) never reaches the
  /// terminal raw.
  ///
  /// Replacements (scalar by scalar; everything else is kept as it is, including CJK,
  /// emoji with ZWJ and variation selectors, combining marks and right-to-left letters):
  /// - TAB (U+0009) → one space.
  /// - Other C0 controls U+0000–U+001F (ECMA-48) → the Control Pictures block
  ///   U+2400 + code: ESC → `␛`, BEL → `␇`, BS → `␈`, CR → `␍`, LF → `␊`.
  /// - DEL U+007F → `␡`.
  /// - C1 controls U+0080–U+009F (ECMA-48; U+009B is CSI) → `⟨U+009B⟩`.
  /// - Bidi controls (Unicode UAX #9): U+061C, U+200E, U+200F, U+202A–U+202E,
  ///   U+2066–U+2069 → `⟨U+202E⟩`; likewise the deprecated format controls
  ///   U+206A–U+206F, the line and paragraph separators U+2028, U+2029 and the
  ///   interlinear annotation controls U+FFF9–U+FFFB.
  /// - Invisible characters (default-ignorable code points) that do no job where they
  ///   stand (`InvisibleCharacters.isHidden`: U+200B, U+FEFF, U+2060, U+00AD, U+180E,
  ///   a ZWJ outside an emoji sequence or a joining script, a stray variation
  ///   selector, …) → `⟨U+200B⟩`, so a look-alike name or address shows what it holds.
  ///
  /// Returns `text` itself (no copy) when there is nothing to replace.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func visible(_ text: String) -> String {
    var clean = true
    InvisibleCharacters.forEachScalar(of: text) { scalar, hidden in
      if clean && replacement(for: scalar, hidden: hidden) != nil { clean = false }
    }
    if clean { return text }
    var out = String.UnicodeScalarView()
    InvisibleCharacters.forEachScalar(of: text) { scalar, hidden in
      if let visible = replacement(for: scalar, hidden: hidden) {
        out.appendEach(visible.unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// The visible form of `scalar`, `hidden` where it stands (`InvisibleCharacters`), or
  /// `nil` when it is shown as it is.
  static func replacement(for scalar: Unicode.Scalar, hidden: Bool) -> String? {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return nil }  // printable ASCII
    if hidden { return codePointLabel(value) }
    switch value {
    case 0x09:
      return " "
    case 0x00...0x1F:
      return String(Unicode.Scalar(0x2400 + value)!)
    case 0x7F:
      return "\u{2421}"
    case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x206F,
      0x2028, 0x2029, 0xFFF9...0xFFFB:
      return codePointLabel(value)
    default:
      return nil
    }
  }

  /// `⟨U+XXXX⟩`: a code point written out, at least four upper-case hex digits.
  static func codePointLabel(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    return "\u{27E8}U+\(padded)\u{27E9}"
  }
}
