
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Converts bytes in a named character set to UTF-8 through the C library's
/// `iconv(3)`, with converters made once per charset and reused (and UTF-8 back to a
/// charset, for a card written back in the charset it was read in).
///
/// `iconv_open` loads and sets up a gconv module (tens of microseconds, far more than
/// converting a name): a book of 20,000 cards in Latin-1 opened a converter per value
/// and per guessed charset. Here the converters of a charset are kept while idle
/// (at most `idleLimit` each, for the threads that read a book on all cores), and a
/// charset `iconv` does not know is remembered as unknown.
///
/// The corresponding C functions are `iconv_open(3)`, `iconv(3)` and `iconv_close(3)`.
package enum CharsetConverter {
  /// An `iconv_t` kept between conversions; only one thread uses it at a time.
  struct Descriptor: @unchecked Sendable {
    let raw: iconv_t
  }

  /// The converters and charsets seen so far.
  struct Pool {
    /// Idle converters to UTF-8, by upper-cased charset name.
    var idle: [String: [Descriptor]] = [:]
    /// Charsets `iconv_open` refused.
    var unknown: Set<String> = []
  }

  static let pool = Locked(Pool())

  /// The most idle converters kept per charset.
  static let idleLimit = 16

  /// The UTF-8 bytes of `bytes` in `charset` (a name `iconv` knows, such as
  /// `ISO-8859-1`, `SHIFT_JIS`; any case), or `nil` when the charset is unknown or the
  /// bytes are not valid in it. A stateful charset's shift state is flushed at the end
  /// (ISO-2022-JP).
  ///
  /// - Complexity: O(n) in the length of `bytes`; `iconv_open` once per charset (and
  ///   per thread converting in it at the same time).
  package static func utf8(_ bytes: [UInt8], charset: String) -> [UInt8]? {
    let name = charset.uppercased()
    if let table = SingleByteCharset(name) { return table.utf8(bytes) }
    return iconvUTF8(bytes, name: name)
  }

  /// `utf8` through `iconv(3)` alone, `name` upper-cased (tests compare the tables of
  /// `SingleByteCharset` with it).
  package static func iconvUTF8(_ bytes: [UInt8], name: String) -> [UInt8]? {
    guard let descriptor = take(name) else { return nil }
    defer { giveBack(descriptor, name) }
    return convert(bytes, with: descriptor.raw)
  }

  /// `utf8` (UTF-8) as bytes in `charset` (a name `iconv` knows), or nil when the
  /// charset is unknown or a character has no bytes in it. A converter of its own
  /// for each call: only a card written back uses it.
  package static func bytes(_ utf8: [UInt8], in charset: String) -> [UInt8]? {
    guard let raw = iconv_open(charset.uppercased(), "UTF-8"), raw != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(raw) }
    return convert(utf8, with: raw)
  }

  /// `bytes` through the converter `raw`, its shift state flushed at the end; nil
  /// when `iconv` stops at a byte it cannot convert.
  private static func convert(_ bytes: [UInt8], with raw: iconv_t) -> [UInt8]? {
    var input = bytes
    var output = [UInt8](repeating: 0, count: bytes.count * 4 + 16)
    let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var inLeft = inBuffer.count
        var outLeft = outBuffer.count
        if inLeft > 0 {
          guard iconv(raw, &inPointer, &inLeft, &outPointer, &outLeft) != -1 else { return nil }
        }
        guard iconv(raw, nil, nil, &outPointer, &outLeft) != -1 else { return nil }
        return outBuffer.count - outLeft
      }
    }
    guard let produced else { return nil }
    output.removeSubrange(produced...)
    return output
  }

  /// An idle converter for `name`, or a new one; `nil` when `iconv` does not know it.
  private static func take(_ name: String) -> Descriptor? {
    enum Kept { case unknown, idle(Descriptor), none }
    let kept: Kept = pool.withLock { pool in
      if pool.unknown.contains(name) { return .unknown }
      if let descriptor = pool.idle[name]?.popLast() { return .idle(descriptor) }
      return .none
    }
    switch kept {
    case .idle(let descriptor):
      return descriptor
    case .unknown:
      return nil
    case .none:
      guard let raw = iconv_open("UTF-8", name), raw != iconv_t(bitPattern: -1) else {
        pool.withLock { _ = $0.unknown.insert(name) }
        return nil
      }
      return Descriptor(raw: raw)
    }
  }

  /// Puts `descriptor` back, reset to its initial state, or closes it when enough
  /// converters of `name` are idle.
  private static func giveBack(_ descriptor: Descriptor, _ name: String) {
    _ = iconv(descriptor.raw, nil, nil, nil, nil)
    let kept = pool.withLock { pool in
      guard pool.idle[name, default: []].count < idleLimit else { return false }
      pool.idle[name, default: []].append(descriptor)
      return true
    }
    if !kept { iconv_close(descriptor.raw) }
  }
}
