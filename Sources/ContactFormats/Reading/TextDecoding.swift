/// How the bytes of a line of a book that declares no charset (an abook book, a mutt
/// alias file) become text: UTF-8, broken sequences as U+FFFD, by default. ContactStores
/// reads those books with `CharsetDecoder.decodeUndeclared` (VCard) instead, line by
/// line: a line of Latin-1 (an abook of the days before UTF-8 locales, an old alias
/// file) as Windows-1252, as a vCard's undeclared values are read (case 04's kind),
/// while a file's UTF-8 lines stay UTF-8.
package typealias TextDecoding = @Sendable (ArraySlice<UInt8>) -> String

/// The decodings books are read with.
package enum TextDecodings {
  /// UTF-8, broken sequences as U+FFFD.
  package static let utf8: TextDecoding = { String(decoding: $0, as: UTF8.self) }
}
