#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes bytes in a named character set to a String, through the C library's
/// `iconv(3)` (glibc knows every charset vCard files name: ISO-8859-x,
/// Windows-125x, Shift_JIS, EUC-JP, GB2312/GBK/GB18030, Big5, KOI8-R …).
enum CharsetDecoder {
  /// The text of `bytes` in `charset` (an IANA name such as `ISO-8859-1`), or `nil`
  /// when the charset is unknown or the bytes are not valid in it.
  ///
  /// The corresponding C functions are `iconv_open(3)` and `iconv(3)`.
  static func decode(_ bytes: [UInt8], charset: String) -> String? {
    let name = charset.uppercased()
    if name == "UTF-8" || name == "UTF8" || name == "US-ASCII" || name == "ASCII" {
      return String(validating: bytes, as: UTF8.self)
    }
    let descriptor = iconv_open("UTF-8", name)
    if descriptor == iconv_t(bitPattern: -1) { return nil }
    defer { iconv_close(descriptor) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: bytes.count * 4 + 16)
    let outputCount = output.count
    let left: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var inLeft = inBuffer.count
        var outLeft = outBuffer.count
        let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
        if result == -1 { return nil }
        return outLeft
      }
    }
    guard let left else { return nil }
    return String(decoding: output[0..<(outputCount - left)], as: UTF8.self)
  }

  /// Text of bytes with no declared charset: UTF-8 when valid; UTF-8 with U+FFFD for
  /// broken sequences when the bytes hold real multi-byte UTF-8; otherwise `fallback`
  /// (a charset the file names elsewhere), then Windows-1252.
  static func decodeUndeclared(_ bytes: some Collection<UInt8>, fallback: String? = nil) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    if containsUTF8MultiByteSequence(bytes) { return String(decoding: bytes, as: UTF8.self) }
    if let fallback, let text = decode(Array(bytes), charset: fallback) { return text }
    return decode(Array(bytes), charset: "WINDOWS-1252") ?? String(decoding: bytes, as: UTF8.self)
  }

  private static func containsUTF8MultiByteSequence(_ bytes: some Collection<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var previousLead = false
    while let byte = iterator.next() {
      if previousLead && byte & 0xC0 == 0x80 { return true }
      previousLead = byte & 0xE0 == 0xC0 || byte & 0xF0 == 0xE0 || byte & 0xF8 == 0xF0
    }
    return false
  }
}
