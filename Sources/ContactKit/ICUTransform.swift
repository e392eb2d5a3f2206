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
    let source = Array(text.utf16)
    // A reading is seldom more than four times as long as its text (`Ж` → `zh`, a Han
    // character → `zhuang `); when it is, ICU says how long, and it is made again.
    var capacity = source.count * 4 + 16
    for _ in 0..<2 {
      var buffer = source
      buffer.append(contentsOf: repeatElement(0, count: capacity - source.count))
      var length = Int32(source.count)
      var limit = length
      var status = U_ZERO_ERROR
      swift_utrans_transUChars(
        UnsafePointer<UTransliterator?>(bitPattern: handle), &buffer, &length, Int32(capacity), 0, &limit, &status)
      if status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING, Int(length) >= capacity {
        capacity = Int(length) + 1
        continue
      }
      guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
      return String(decoding: buffer[..<Int(length)], as: UTF16.self)
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
}
