/// The UTF-8 of a terminal's input, as both screens decode it (`KeyDecoder` for the
/// inline screen's bytes, `CursesScreen` for what `wgetch` gives a byte at a time), so
/// that they agree on what is one character and what is an invalid byte (U+FFFD).
package enum UTF8Input {
  /// The length in bytes (2 to 4) of the character lead byte `lead` starts; nil for a
  /// byte that starts none (ASCII, a continuation byte, `C0` `C1` `F5`…`FF`).
  package static func length(ofLead lead: UInt8) -> Int? {
    switch lead {
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return nil
    }
  }

  /// Whether `byte` continues a character (`10xxxxxx`).
  package static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

  /// The character of `bytes` (a lead byte and its continuation bytes, all of them), or
  /// U+FFFD when they spell none (too few, an overlong form, a surrogate, past U+10FFFF).
  package static func scalar(_ bytes: some Collection<UInt8>) -> Unicode.Scalar {
    guard let lead = bytes.first, bytes.count == length(ofLead: lead),
      let decoded = String(validating: bytes, as: UTF8.self)?.unicodeScalars, decoded.count == 1
    else { return "\u{FFFD}" }
    return decoded.first!
  }
}
