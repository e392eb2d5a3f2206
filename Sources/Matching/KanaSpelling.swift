import Foundation

/// The other ways a Japanese reading is written in Latin letters, beside the Hepburn
/// romaji ICU gives a kana reading (`さとう` `satou`, `ほんま` `honma`): as a
/// passport writes it (long vowels as `oh`, `ん` before `b`, `m`, `p` as `m`: `satoh`,
/// `ohtani`, `homma`, `namba`, `shimpei`), and as a Japanese input method takes it
/// typed (Kunrei: `si`, `ti`, `tu`, `hu`, `zi`, `sya`…: `syohei`, `zirou`, `huzii`).
/// The index holds them too, so that either finds the name.
enum KanaSpelling {
  /// Whether `text` is a kana reading: hiragana, katakana (with the prolonged sound
  /// mark), half-width katakana (a feature phone's `ｵｵﾀﾆ`, an old Outlook's Yomi),
  /// spaces.
  static func isKana(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != " " }
      && text.unicodeScalars.allSatisfy { scalar in
        scalar == " " || (0x3041...0x3096).contains(scalar.value) || (0x30A1...0x30FC).contains(scalar.value)
          || (0xFF66...0xFF9F).contains(scalar.value)
      }
  }

  /// The passport (Hepburn as the Japanese passport writes it) and Kunrei spellings of
  /// `romaji` (ICU's of a kana reading), those that differ from it.
  static func others(_ romaji: String) -> [String] {
    var out: [String] = []
    for spelling in [passport(romaji), kunrei(romaji)] where spelling != romaji && !out.contains(spelling) {
      out.append(spelling)
    }
    return out
  }

  /// `oo` and `ou` as `oh` (`o` before an `h`; not before a vowel: `ouin`), `n` before
  /// `b`, `m`, `p` as `m`.
  static func passport(_ romaji: String) -> String {
    let bytes = Array(romaji.utf8)
    var out: [UInt8] = []
    var index = 0
    func isVowel(_ byte: UInt8?) -> Bool { byte.map { "aeiou".utf8.contains($0) } ?? false }
    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : nil
      let after = index + 2 < bytes.count ? bytes[index + 2] : nil
      if byte == UInt8(ascii: "o"), next == UInt8(ascii: "o") || next == UInt8(ascii: "u"), !isVowel(after) {
        // Before an `h`, the long vowel as a plain `o` (`shouhei` `shohei`).
        out += Array((after == UInt8(ascii: "h") ? "o" : "oh").utf8)
        index += 2
        continue
      }
      if byte == UInt8(ascii: "n"), let next, "bmp".utf8.contains(next), index > 0, isVowel(bytes[index - 1]) {
        out.append(UInt8(ascii: "m"))
      } else {
        out.append(byte)
      }
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Hepburn's `shi chi tsu fu ji sh ch j` as Kunrei writes them (`si ti tu hu zi sy ty zy`):
  /// each replacement over the whole text in turn, left to right (as Foundation's
  /// `replacingOccurrences` did, on bytes: the patterns are ASCII).
  static func kunrei(_ romaji: String) -> String {
    var text = Array(romaji.utf8)
    for (hepburn, kunrei) in kunreiSteps { text = replacingAll(hepburn, with: kunrei, in: text) }
    return String(decoding: text, as: UTF8.self)
  }

  /// `kunrei`'s replacements in order; the last three make `syi` `tyi` `zyi` (from `shi`,
  /// `chi`, `ji` made before) `si` `ti` `zi`.
  static let kunreiSteps: [(from: [UInt8], to: [UInt8])] = [
    ("sh", "sy"), ("ch", "ty"), ("tsu", "tu"), ("fu", "hu"), ("ji", "zi"), ("j", "zy"), ("syi", "si"), ("tyi", "ti"),
    ("zyi", "zi"),
  ].map { (Array($0.utf8), Array($1.utf8)) }

  /// `bytes` with each occurrence of `pattern`, left to right and not overlapping,
  /// replaced by `replacement`.
  static func replacingAll(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
    guard let first = pattern.first, bytes.contains(first) else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 2)
    var index = 0
    while index < bytes.count {
      if bytes[index] == first, index + pattern.count <= bytes.count,
        bytes[index..<(index + pattern.count)].elementsEqual(pattern)
      {
        out += replacement
        index += pattern.count
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

}
