/// The C0 control bytes XML 1.0 forbids (all below U+0020 but TAB, LF and CR; §2.2),
/// which some servers send raw inside a card's `address-data` (Radicale stores a card
/// of an `ESC` in its `FN` as it was PUT, and answers with it): XMLParser refuses the
/// whole multistatus for one, and a book would never sync again. Each is parsed as a
/// stand-in scalar of Plane 16's private use area (U+10FF00 + the byte) and given back
/// in the text after the parse, so that the card's bytes are as the server keeps them
/// (and shown as every card's control characters are, never raw).
enum XMLControlBytes {
  /// `bytes` with each forbidden control byte as its stand-in (UTF-8 `F4 8F BC 80+byte`),
  /// and whether there was one; `bytes` as they are, and false, when none, or when they
  /// hold a stand-in already (a scalar no server sends: the answer is refused as before).
  static func standingIn(_ bytes: [UInt8]) -> (bytes: [UInt8], marked: Bool) {
    guard bytes.contains(where: isForbidden), !containsStandIn(bytes) else { return (bytes, false) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 64)
    for byte in bytes {
      if isForbidden(byte) {
        out += [0xF4, 0x8F, 0xBC, 0x80 | byte]
      } else {
        out.append(byte)
      }
    }
    return (out, true)
  }

  /// `text` with each stand-in the control character it stands for.
  static func restored(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isStandIn) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      scalars.append(isStandIn(scalar) ? Unicode.Scalar(UInt8(scalar.value - base)) : scalar)
    }
    return String(scalars)
  }

  /// The first stand-in, U+10FF00 (for the byte 0x00).
  private static let base: UInt32 = 0x10FF00

  private static func isForbidden(_ byte: UInt8) -> Bool {
    byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
  }

  private static func isStandIn(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= base && scalar.value < base + 0x20
  }

  /// Whether `bytes` hold the UTF-8 of a stand-in (`F4 8F BC 80`…`F4 8F BC 9F`).
  private static func containsStandIn(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index + 3 < bytes.count {
      if bytes[index] == 0xF4, bytes[index + 1] == 0x8F, bytes[index + 2] == 0xBC, bytes[index + 3] & 0xE0 == 0x80 {
        return true
      }
      index += 1
    }
    return false
  }
}
