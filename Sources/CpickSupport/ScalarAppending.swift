extension String.UnicodeScalarView {
  /// Appends `scalars` one at a time.
  ///
  /// The standard library's `append(contentsOf:)` on a unicode-scalar view copies the
  /// whole view each time (Swift 6.2): a text built by appending replacements (a
  /// zero-width space shown as `⟨U+200B⟩` 320,000 times) took time with the square of
  /// its length. Appending a scalar is amortized O(1).
  ///
  /// - Complexity: O(m), m the number of scalars appended.
  @inlinable
  package mutating func appendEach<S: Sequence>(_ scalars: S) where S.Element == Unicode.Scalar {
    for scalar in scalars { append(scalar) }
  }
}
