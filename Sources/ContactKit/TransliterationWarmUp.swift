import Dispatch
import Foundation
import Synchronization

/// Prepares ICU's transliteration rules for the scripts an address book is written in,
/// on a background thread, while the book is still being read.
///
/// The first name of a script transliterated in a process (`ContactFormatter.latinKey`,
/// the search index's aliases) makes ICU compile that script's rules, and as much
/// again on every other core that meets it before the first compilation is registered
/// (ICU compiles outside its registry lock), while the cores that need the rules wait:
/// a few ms for Cyrillic, Greek, Hangul or Kana; 125–160 ms for Han-Latin, which only
/// Han beyond `HanReadings`' table still needs.
/// Started when the first bytes of a file are seen, the compilation overlaps reading,
/// parsing and mapping the cards, which need no ICU.
///
/// Only the time of the work changes: what is transliterated, and how, is not.
package enum TransliterationWarmUp {
  /// A script whose rules are compiled on first use, the range of scalars that shows
  /// it, and a letter of it to transliterate.
  struct Script: Sendable {
    var scalars: ClosedRange<UInt32>
    var sample: String
  }

  /// The scripts looked for, in bit order.
  static let scripts: [Script] = [
    // Han beyond the table of `HanReadings` (Extension B and later): Han-Latin, the
    // large one. The Han of the table needs no rules.
    Script(scalars: 0x20000...0x3FFFF, sample: "𠀀"),
    Script(scalars: 0xAC00...0xD7A3, sample: "김"),  // Hangul syllables
    Script(scalars: 0x3040...0x30FF, sample: "タ"),  // Kana
    Script(scalars: 0x0400...0x04FF, sample: "Ж"),  // Cyrillic
    Script(scalars: 0x0370...0x03FF, sample: "Ω"),  // Greek
    Script(scalars: 0x0600...0x06FF, sample: "ح"),  // Arabic
    Script(scalars: 0x0900...0x097F, sample: "श"),  // Devanagari
    Script(scalars: 0x0590...0x05FF, sample: "ש"),  // Hebrew
    Script(scalars: 0x0E00...0x0E7F, sample: "ก"),  // Thai
  ]

  /// The scripts whose warm-up has been started in this process (bit `i`: `scripts[i]`).
  static let started = Atomic<UInt32>(0)

  /// How many bytes of a file are looked at: scripts that show only later are
  /// compiled when first used, as without a warm-up.
  static let scannedBytes = 256 * 1024

  /// How many more bytes `start(scanning:)` looks at in this process, all files
  /// together: the first few thousand files of a vdir show the scripts of its names
  /// (a script that shows only later is compiled when first used, as without a
  /// warm-up), and scanning the rest would cost more than it saves.
  static let budget = Atomic<Int>(4 * 1024 * 1024)

  /// Starts, on a background thread, the transliteration of a letter of each script
  /// that the first `scannedBytes` of `bytes` (UTF-8) use and that no earlier call
  /// started; nothing once `budget` is spent.
  ///
  /// - Complexity: O(`scannedBytes`); no work for ASCII text.
  package static func start(scanning bytes: [UInt8]) {
    guard budget.load(ordering: .relaxed) > 0 else { return }
    budget.subtract(min(bytes.count, scannedBytes), ordering: .relaxed)
    let found = scriptsUsed(in: bytes) & ~started.load(ordering: .relaxed)
    guard found != 0 else { return }
    // Another thread may have started some of them meanwhile: those are left to it.
    let mine = found & ~started.bitwiseOr(found, ordering: .relaxed).oldValue
    guard mine != 0 else { return }
    var sample = ""
    for (bit, script) in scripts.enumerated() where mine & (1 << bit) != 0 { sample += script.sample }
    let text = sample
    running.add(1, ordering: .sequentiallyConsistent)
    finished.enter()
    // A thread of its own, not one of Dispatch's workers: threads that wait for it
    // (`waitIfRunning`) may be all of those.
    Thread.detachNewThread {
      // The transform itself, not `latinKey`, which would wait for this very thread.
      _ = ContactFormatter.latinTransliterator.apply(text)
      running.subtract(1, ordering: .sequentiallyConsistent)
      finished.leave()
    }
  }

  /// The number of warm-ups under way.
  static let running = Atomic<Int>(0)
  /// Left by each warm-up when done.
  static let finished = DispatchGroup()

  /// Waits until the warm-ups under way are done, if any: called before an ICU
  /// transform, so that a thread that needs rules being compiled waits for them
  /// rather than compiling them a second time.
  package static func waitIfRunning() {
    if running.load(ordering: .sequentiallyConsistent) > 0 { finished.wait() }
  }

  /// The bits of `scripts` used by the first `scannedBytes` of `bytes`, read as UTF-8
  /// (malformed sequences are skipped).
  static func scriptsUsed(in bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      var mask: UInt32 = 0
      let end = min(buffer.count, scannedBytes)
      var index = 0
      let base = UnsafeRawPointer(buffer.baseAddress)
      while index < end {
        // ASCII eight bytes at a time.
        if let base, index + 8 <= end,
          base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
          index += 8
          continue
        }
        let lead = buffer[index]
        if lead < 0xC0 {
          index += 1
          continue
        }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= buffer.count else { break }
        var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { scalar = scalar << 6 | UInt32(buffer[index + offset] & 0x3F) }
        for (bit, script) in scripts.enumerated() where script.scalars.contains(scalar) { mask |= 1 << bit }
        index += length
      }
      return mask
    }
  }
}
