/// How the bytes of a line of a book that declares no charset (an abook book, a mutt
/// alias file) become text: UTF-8, broken sequences as U+FFFD, by default. ContactStores
/// reads those books with `ReadOnlyFormat.lineDecoding(for:)` instead: a file's UTF-8
/// lines as UTF-8, its other lines in the legacy charset they tell together (an abook
/// of the days before UTF-8 locales, an old alias file: case 04's kind).
package typealias TextDecoding = @Sendable (ArraySlice<UInt8>) -> String

/// The decodings books are read with.
package enum TextDecodings {
  /// UTF-8, broken sequences as U+FFFD.
  package static let utf8: TextDecoding = { String(decoding: $0, as: UTF8.self) }
}
