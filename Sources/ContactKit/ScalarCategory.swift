import _FoundationICU

extension Unicode.Scalar {
  /// The scalar's general category is a mark: nonspacing (Mn), enclosing (Me) or, when
  /// `spacing`, spacing (Mc).
  ///
  /// By ICU's table (`u_charType`, the toolchain's ICU, which Foundation links): a trie
  /// lookup of a few nanoseconds, where `properties.generalCategory` searches the
  /// standard library's table (about 60 ns) — a name of a megabyte of marks is looked
  /// at scalar by scalar.
  package func isMark(spacing: Bool) -> Bool {
    switch UInt32(swift_u_charType(UChar32(value))) {
    case U_NON_SPACING_MARK.rawValue, U_ENCLOSING_MARK.rawValue: return true
    case U_COMBINING_SPACING_MARK.rawValue: return spacing
    default: return false
    }
  }
}
