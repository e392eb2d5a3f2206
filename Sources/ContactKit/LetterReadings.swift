import Foundation

/// The Latin reading of a word of the alphabets whose letters ICU's
/// `Any-Latin; Latin-ASCII; Lower` reads one at a time — Cyrillic, the Hebrew letters,
/// Georgian — made from each letter's reading, which ICU gives once per process.
///
/// ICU's rule-based transliterators hold one mutex for the whole process while they
/// work (`RuleBasedTransliterator::handleTransliterate`), so a book of distinct
/// non-Latin names was read by one core at a time: 40,000 random Cyrillic names took
/// 1.4 s cold against 0.18 s for the same names in Latin letters. For these alphabets
/// ICU's rules have no context between letters (what a letter becomes does not depend
/// on its neighbours, and case goes in the transform's last step), so the reading of
/// a word is its letters' readings joined — what ICU gives the word whole (`LetterReadingsTests` compares them on random words
/// of every covered block). Marks are not covered (ICU reads a Cyrillic titlo or a
/// Hebrew point with its neighbours), nor are alphabets with digraphs (Greek `ου`,
/// Armenian `ու`, Arabic's tatweel, Thai and Devanagari vowel signs): text with one goes
/// to ICU whole.
///
/// Hangul syllables are covered for keys whose syllables are run together
/// (`ContactFormatter.latinKey(_:joiningSyllables:)`): each syllable's reading, joined,
/// is ICU's reading of the word without the `-` it puts between two syllables whose
/// letters could be read across the boundary (`횚앝` → `hoelp-at`; here `hoelpat`).
package enum LetterReadings {
  /// The blocks of letters read one at a time: Cyrillic with its Supplement, the
  /// Hebrew letters, Georgian.
  static let blocks: [ClosedRange<UInt32>] = [0x0400...0x052F, 0x05D0...0x05F2, 0x10A0...0x10FF]

  /// The reading of each scalar of `blocks`, in block order: nil for one that is not a
  /// letter (Cyrillic's combining marks, Hebrew's points and punctuation, unassigned
  /// code points) or that ICU fails on. Made on first use (about a millisecond).
  static let alphabets: [String?] = blocks.flatMap { block in
    block.map { value -> String? in
      guard let scalar = Unicode.Scalar(value), isLetter(scalar) else { return nil }
      return icuReading(String(scalar))
    }
  }

  /// ICU's readings of the conjoining jamo: the 19 leading consonants (U+1100–1112),
  /// the 21 vowels (U+1161–1175), and the 27 trailing consonants (U+11A8–11C2) after an
  /// empty one. A syllable's reading is its three jamo's (ICU reads the syllable as
  /// its jamo: `LetterReadingsTests` compares all 11,172). Nil when ICU fails on one.
  static let jamo: (leading: [String], vowels: [String], trailing: [String])? = {
    func readings(_ range: ClosedRange<UInt32>) -> [String]? {
      var out: [String] = []
      for value in range {
        guard let reading = Unicode.Scalar(value).flatMap({ icuReading(String($0)) }) else { return nil }
        out.append(reading)
      }
      return out
    }
    guard let leading = readings(0x1100...0x1112), let vowels = readings(0x1161...0x1175),
      let trailing = readings(0x11A8...0x11C2)
    else { return nil }
    return (leading, vowels, [""] + trailing)
  }()

  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: return true
    default: return false
    }
  }

  /// ICU's `latinTransform` of `text`, after the warm-up of its rules.
  static func icuReading(_ text: String) -> String? {
    TransliterationWarmUp.waitIfRunning()
    return ContactFormatter.latinTransliterator.apply(text)
  }

  /// The reading of `text` from its letters' readings: ICU's `latinTransform` of it
  /// (for Hangul, as said above). Nil when a scalar of `text` is not read alone (an
  /// empty text included): then the caller reads it whole.
  ///
  /// - Parameter joiningHangul: whether Hangul syllables are read too (their readings
  ///   run together).
  /// - Complexity: O(n); no lock, no ICU after the first use in the process.
  package static func latin(_ text: some StringProtocol, joiningHangul: Bool = false) -> String? {
    var out = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value >= 0xAC00 && value <= 0xD7A3 {
        guard joiningHangul, let jamo else { return nil }
        let index = Int(value - 0xAC00)
        out += jamo.leading[index / 588]
        out += jamo.vowels[index % 588 / 28]
        out += jamo.trailing[index % 28]
        continue
      }
      var offset = 0
      var reading: String?
      for block in blocks {
        if block.contains(value) {
          reading = alphabets[offset + Int(value - block.lowerBound)]
          break
        }
        offset += block.count
      }
      guard let reading else { return nil }
      out += reading
    }
    return out.isEmpty ? nil : out
  }
}
