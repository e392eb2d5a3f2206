import CpickSupport
import Foundation
import _FoundationICU

/// An ICU transliterator (`utrans_openU`) of one transform ID, opened once and kept for
/// the process: the same transform as Foundation's `applyingTransform` with a
/// `StringTransform` of that ID, from the same ICU (the toolchain's, which Foundation
/// itself links), without its cost per call.
///
/// Foundation opens a new transliterator for every `applyingTransform` call
/// (`CFStringTransform` → `utrans_openU`), and an `Any-Latin` transliterator creates
/// the transliterator of each script it meets anew each time too
/// (`AnyTransliterator::getTransliterator`): a word of a name cost that as much again
/// as the transform itself (Devanagari words 6.5 µs against 4.9 µs). Here an idle
/// transliterator is taken from a pool (one per thread that needs one at once:
/// a transliterator is not to be used by two threads together), used, and put back.
///
/// ICU's rule-based transliteration still runs under its process-wide lock
/// (`RuleBasedTransliterator::handleTransliterate`).
package final class ICUTransform: Sendable {
  /// The ICU transform ID (`Any-Latin; Latin-ASCII; Lower`).
  package let id: String

  /// The transliterators not in use. `UTransliterator` handles, kept as addresses.
  private let idle = Locked<[UInt]>([])

  package init(_ id: String) {
    self.id = id
  }

  /// `text` transformed; nil when ICU cannot open the transform or fails on the text.
  ///
  /// - Complexity: ICU's (for a long text with many letters whose reading is longer or
  ///   shorter than they are, the square of its length: `applyingTransformInPieces`).
  package func apply(_ text: String) -> String? {
    guard !text.isEmpty else { return text }
    guard let handle = take() else { return nil }
    defer { idle.withLock { $0.append(handle) } }
    let units = text.utf16.count
    // A reading is seldom more than four times as long as its text (`Ж` → `zh`, a Han
    // character → `zhuang `); when it is, ICU says how long, and it is made again.
    var capacity = units * 4 + 16
    for _ in 0..<2 {
      // The text and room after it, in one allocation.
      var buffer: [UInt16] = []
      buffer.reserveCapacity(capacity)
      buffer += text.utf16
      buffer.append(contentsOf: repeatElement(0, count: capacity - units))
      var length = Int32(units)
      var limit = length
      var status = U_ZERO_ERROR
      swift_utrans_transUChars(
        UnsafePointer<UTransliterator?>(bitPattern: handle), &buffer, &length, Int32(capacity), 0, &limit, &status)
      if status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING, Int(length) >= capacity {
        capacity = Int(length) + 1
        continue
      }
      guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
      return Self.string(utf16: buffer, count: Int(length))
    }
    return nil
  }

  /// An idle transliterator, or a new one; nil when ICU cannot open the transform.
  private func take() -> UInt? {
    if let handle = idle.withLock({ $0.popLast() }) { return handle }
    let name = Array(id.utf16)
    var status = U_ZERO_ERROR
    let opened = swift_utrans_openU(name, Int32(name.count), UTRANS_FORWARD, nil, 0, nil, &status)
    guard status.rawValue <= U_ZERO_ERROR.rawValue, let opened else { return nil }
    return UInt(bitPattern: opened)
  }

  /// The first `count` UTF-16 code units of `units` as a string, an unpaired surrogate
  /// as U+FFFD (as `String(decoding:as:)`, whose general path cost a tenth of a cold
  /// read of kana names): written as UTF-8 in one pass, ASCII a byte a unit.
  static func string(utf16 units: [UInt16], count: Int) -> String {
    units.withUnsafeBufferPointer { units in
      String(unsafeUninitializedCapacity: count * 3) { out in
        var written = 0
        var index = 0
        func put(_ scalar: UInt32) {
          if scalar < 0x80 {
            out[written] = UInt8(scalar)
            written += 1
          } else if scalar < 0x800 {
            out[written] = UInt8(0xC0 | scalar >> 6)
            out[written + 1] = UInt8(0x80 | scalar & 0x3F)
            written += 2
          } else if scalar < 0x10000 {
            out[written] = UInt8(0xE0 | scalar >> 12)
            out[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[written + 2] = UInt8(0x80 | scalar & 0x3F)
            written += 3
          } else {
            out[written] = UInt8(0xF0 | scalar >> 18)
            out[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[written + 3] = UInt8(0x80 | scalar & 0x3F)
            written += 4
          }
        }
        while index < count {
          let unit = UInt32(units[index])
          index += 1
          if unit & 0xF800 != 0xD800 {
            put(unit)
          } else if unit < 0xDC00, index < count, units[index] & 0xFC00 == 0xDC00 {
            // A surrogate pair: four bytes for two units (six were allowed).
            put(0x10000 + ((unit - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00))
            index += 1
          } else {
            put(0xFFFD)
          }
        }
        return written
      }
    }
  }
}
