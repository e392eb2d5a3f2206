/// The two single-byte charsets most legacy vCard files are in — ISO-8859-1 and
/// Windows-1252 (the charset `CharsetDecoder` reads undeclared text in) — converted to
/// UTF-8 by table, without `iconv(3)`: a value of a dozen bytes cost more in the
/// converter pool's lock and the `iconv` call than in the conversion.
///
/// The tables are glibc's (`ISO-8859-1`, `WINDOWS-1252`/`CP1252`): in Windows-1252 the
/// bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D have no character, so bytes holding one are
/// not valid in it (`nil`), as `iconv` says.
enum SingleByteCharset {
  case latin1
  case windows1252

  /// The charset named `name` (upper-cased), or `nil` for any other.
  init?(_ name: String) {
    switch name {
    case "ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "L1": self = .latin1
    case "WINDOWS-1252", "CP1252", "MS-ANSI": self = .windows1252
    default: return nil
    }
  }

  /// The characters of Windows-1252's bytes 0x80…0x9F (0: no character); its other
  /// bytes are ISO-8859-1's, the code point of the byte's value.
  private static let windows1252High: [UInt16] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
  ]

  /// The UTF-8 of `bytes`, or `nil` when one has no character in this charset.
  ///
  /// - Complexity: O(n) in the length of `bytes`.
  func utf8(_ bytes: [UInt8]) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      var scalar = UInt32(byte)
      if byte < 0x80 {
        out.append(byte)
        continue
      }
      if self == .windows1252 && byte < 0xA0 {
        scalar = UInt32(Self.windows1252High[Int(byte - 0x80)])
        if scalar == 0 { return nil }
      }
      if scalar < 0x800 {
        out.append(UInt8(0xC0 | scalar >> 6))
        out.append(UInt8(0x80 | scalar & 0x3F))
      } else {
        out.append(UInt8(0xE0 | scalar >> 12))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
      }
    }
    return out
  }
}
