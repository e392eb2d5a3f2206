import Foundation

/// The Latin reading of each Han character of the CJK Unified Ideographs, Extension A
/// and Compatibility Ideographs blocks (U+3400–U+9FFF, U+F900–U+FAFF) and of the CJK
/// radicals, `々` and `〇`, as ICU's `Any-Latin; Latin-ASCII; Lower` gives it for the
/// character alone (`王` → `wang`; `々` → `⓶`, the mark ICU reads as a repeat).
///
/// ICU compiles its Han-Latin rules (tens of thousands of them) the first time a
/// process transliterates Han: 125–160 ms of one core, a quarter of all the work of
/// a first read of 10,000 contacts, during which the threads that need a reading wait.
/// The readings of single characters give what ICU gives a name: the search index
/// reads Han one character at a time, and a sort key runs its syllables together.
/// Han-Latin's only context rules (four words, `重庆`, `藏文`, `沈阳`, `秘鲁`) are
/// kept (`contextReading`); text with what ICU reads otherwise next to Han
/// (punctuation such as `「`, modifier letters such as `ー`) and characters outside
/// these blocks (Extension B and later) are left to ICU.
///
/// The table (`HanReadingsTable.swift`) is generated from ICU by `HanReadingsTests`,
/// which also checks every entry against ICU.
package enum HanReadings {
  /// The blocks the table covers, in table order: CJK radicals, the Han of the CJK
  /// Symbols and Punctuation block (`々`, `〇`, `〸`–`〻`), the Unified Ideographs with
  /// Extension A, and the Compatibility Ideographs.
  package static let blocks: [ClosedRange<UInt32>] = [
    0x2E80...0x2FDF, 0x3005...0x3007, 0x3038...0x303B, 0x3400...0x9FFF, 0xF900...0xFAFF,
  ]
  /// The entry of the first character of each block.
  static let firsts: [Int] = blocks.indices.map { block in blocks[..<block].reduce(0) { $0 + $1.count } }

  /// Bytes per entry: the longest reading (`zhuang`), padded with `padding`.
  package static let width = 6
  /// Entries per line of the table.
  package static let perLine = 64
  /// What pads a reading shorter than `width`; an entry of padding alone is a
  /// character ICU leaves as it is (no reading).
  package static let padding = UInt8(ascii: ".")

  /// The position of `scalar` in the table, or nil when no block holds it.
  @inline(__always)
  package static func entry(_ scalar: Unicode.Scalar) -> Int? {
    let value = scalar.value
    guard value >= 0x2E80 && value <= 0xFAFF else { return nil }
    for (block, range) in blocks.enumerated() where range.contains(value) {
      return firsts[block] + Int(value - range.lowerBound)
    }
    return nil
  }

  /// Whether `scalar` is a Han character that ICU reads but the table does not hold
  /// (Extension B and later): text with one goes to ICU whole.
  static func isUncovered(_ scalar: Unicode.Scalar) -> Bool {
    (0x20000...0x3FFFF).contains(scalar.value)
  }

  /// The first byte of the entry of `scalar` in `table`, or nil when no block holds it.
  private static func entryBytes(_ scalar: Unicode.Scalar) -> UnsafePointer<UInt8>? {
    guard let index = entry(scalar) else { return nil }
    return table.utf8Start + (index / perLine) * (perLine * width + 1) + (index % perLine) * width
  }

  /// The reading of `scalar` (lower-case ASCII letters, but for `々`), or nil when it
  /// is not in the table's blocks or ICU has no reading for it.
  package static func reading(_ scalar: Unicode.Scalar) -> String? {
    guard let start = entryBytes(scalar) else { return nil }
    var length = 0
    while length < width && start[length] != padding { length += 1 }
    guard length > 0 else { return nil }
    return String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
  }

  /// Whether `scalar` has a reading in the table.
  package static func hasReading(_ scalar: Unicode.Scalar) -> Bool {
    guard let start = entryBytes(scalar) else { return false }
    return start[0] != padding
  }

  /// `text` in Latin letters with its syllables run together and without spaces, as
  /// `ContactFormatter.latinKey(_:joiningSyllables:)` gives it: each Han character
  /// by the table, the text between them by `transform` (ASCII only lower-cased).
  ///
  /// Nil — ICU then reads the text whole — unless this gives what ICU gives: when the
  /// text has no CJK character (its syllables are then not run together), no Han of
  /// the table, Han that ICU must read (in no block of the table, or without a reading
  /// there), or a character other than ASCII, a letter that is not a modifier, and the
  /// full-width forms of ASCII. ICU's Any-Latin passes the punctuation, symbols and
  /// marks next to Han through Han-Latin's first step (`Han-Spacedhan`), which reads
  /// some of them otherwise than alone (`「` → `'`, `・` → `‧`).
  ///
  /// - Complexity: O(n), an ICU transform for each run of other non-ASCII text.
  static func joinedLatin(_ text: String, transform: (String) -> String?) -> String? {
    guard text.unicodeScalars.contains(where: ContactFormatter.isCJKScalar) else { return nil }
    let scalars = Array(text.unicodeScalars)
    var out = ""
    var run = String.UnicodeScalarView()
    var sawHan = false
    var failed = false
    func flush() {
      guard !run.isEmpty else { return }
      let part = String(run)
      run.removeAll()
      if part.utf8.allSatisfy({ $0 < 0x80 }) {
        out += part.lowercased()
      } else if let latin = transform(part) {
        out += latin
      } else {
        failed = true
      }
    }
    for (index, scalar) in scalars.enumerated() {
      if let reading = reading(scalar) {
        flush()
        out += contextReading(scalar, before: scalars[(index + 1)...]) ?? reading
        sawHan = true
      } else if entry(scalar) != nil || isUncovered(scalar) || !readsAlone(scalar) {
        return nil
      } else {
        run.append(scalar)
      }
    }
    guard sawHan else { return nil }
    flush()
    if failed { return nil }
    return out.split(separator: " ").joined()
  }

  /// Whether ICU reads `scalar` next to Han as it reads it alone: ASCII, a letter
  /// other than a modifier letter (`ー` is one), or a full-width form of ASCII
  /// (U+FF01–U+FF5E, which both readings make ASCII).
  static func readsAlone(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 || (0xFF01...0xFF5E).contains(scalar.value) { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: return true
    default: return false
    }
  }

  /// The reading of a Han character that ICU's Han-Latin reads otherwise before
  /// certain characters (one space may stand between): its only context rules
  /// (ICU 76, `utrans_toRules` of `Han-Latin`: `{重}' '?庆 > chóng;` and three more),
  /// folded as the transform folds them. Nil for any other character or context.
  static func contextReading(_ scalar: Unicode.Scalar, before rest: ArraySlice<Unicode.Scalar>) -> String? {
    guard "藏重沈秘".unicodeScalars.contains(scalar) else { return nil }
    var next = rest.first
    if next == " ", rest.count > 1 { next = rest[rest.startIndex + 1] }
    switch (scalar, next) {
    case ("藏", "文"), ("藏", "语"): return "zang"
    case ("重", "庆"): return "chong"
    case ("沈", "阳"): return "shen"
    case ("秘", "鲁"): return "bi"
    default: return nil
    }
  }
}
