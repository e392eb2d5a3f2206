import _FoundationICU

extension Unicode.Scalar {
  /// The scalar's general category is a mark: nonspacing (Mn), enclosing (Me) or, when
  /// `spacing`, spacing (Mc).
  ///
  /// By ICU's table (`u_charType`, the toolchain's ICU, which Foundation links): a trie
  /// lookup of a few nanoseconds, where `properties.generalCategory` searches the
  /// standard library's table (about 60 ns) — a name of a megabyte of marks is looked
  /// at scalar by scalar. The combining diacritical marks (U+0300–U+036F) and the scalars before them are
  /// told without a lookup.
  package func isMark(spacing: Bool) -> Bool {
    switch value {
    case 0x300...0x36F: return true
    case 0..<0x300: return false
    default: break
    }
    switch UInt32(swift_u_charType(UChar32(value))) {
    case U_NON_SPACING_MARK.rawValue, U_ENCLOSING_MARK.rawValue: return true
    case U_COMBINING_SPACING_MARK.rawValue: return spacing
    default: return false
    }
  }
}
