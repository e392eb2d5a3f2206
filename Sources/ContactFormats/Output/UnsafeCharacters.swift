/// The characters that text from an address book must not carry as they are into a
/// line of output or onto a terminal: the C0 controls, DEL and the C1 controls (escape
/// sequences, line breaks), the bidi embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069) and marks (U+200E, U+200F, U+061C), which reorder what follows, and
/// the line and paragraph separators U+2028 and U+2029. Line output replaces each with
/// a space (`PlainText`); JSON escapes each (`JSONValue`, which also escapes `"`, `\`
/// and U+FEFF).
enum UnsafeCharacters {
  /// The length in bytes (1–3) of the unsafe character that starts at `index` in
  /// `bytes`, valid UTF-8; 0 when the character there is safe. Each unsafe character's
  /// encoding starts with a byte below 0x20, 0x7F, 0xC2, 0xD8 or 0xE2, which no other
  /// character's encoding holds at its start.
  @inline(__always)
  static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x20 || byte == 0x7F { return 1 }
    let rest = bytes.count - index
    switch byte {
    case 0xC2:
      return rest >= 2 && bytes[index + 1] <= 0x9F ? 2 : 0
    case 0xD8:
      return rest >= 2 && bytes[index + 1] == 0x9C ? 2 : 0
    case 0xE2:
      guard rest >= 3 else { return 0 }
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      if second == 0x80 && (third == 0x8E || third == 0x8F || (third >= 0xA8 && third <= 0xAE)) { return 3 }
      if second == 0x81 && third >= 0xA6 && third <= 0xA9 { return 3 }
      return 0
    default:
      return 0
    }
  }
}
