/// Decodes raw terminal input bytes (what a terminal in raw mode sends) into
/// `KeyEvent`s.
///
/// Understood input:
/// - UTF-8 text, one `.character` per grapheme cluster (malformed bytes become U+FFFD).
/// - Enter (CR 0x0D or LF 0x0A), Tab (0x09), Backspace (DEL 0x7F or BS 0x08),
///   Ctrl-A … Ctrl-Z as `.control("a")` … (0x01–0x1A, except the ones above).
/// - ESC alone → `.escape`; ESC followed by a byte that starts no sequence (Alt-key)
///   → `.escape`, then that key.
/// - ECMA-48 CSI sequences (`ESC [` parameters, final byte) and SS3 (`ESC O` x):
///   arrows `A B C D`, Home `H`/`1~`/`7~`, End `F`/`4~`/`8~`, Delete `3~`, Page Up `5~`,
///   Page Down `6~`, Shift-Tab `Z`, F1–F4 `SS3 P`…`S` (`CSI 1;m P`, `Q`, `S` with a
///   modifier), F1–F12 `11~`…`24~`. Modifier parameters (`ESC [ 1 ; 5 A`) are ignored.
///   Unknown and private sequences (mouse reports, terminal replies) are dropped whole,
///   never turned into characters; so is a string (OSC `ESC ]`, DCS `ESC P`, APC `ESC _`, up
///   to BEL or `ESC \`).
/// - Bracketed paste (xterm mode 2004): `ESC [ 200 ~` text `ESC [ 201 ~` → one
///   `.paste(text)`, with CR LF and CR turned into LF. A CR inside a paste is never
///   `.enter`.
///
/// It is incremental: `feed(_:)` keeps an incomplete sequence (a lone trailing ESC, a
/// paste whose end marker has not arrived, a split UTF-8 character) until more bytes
/// come; `finish()` decodes what is left as if input had ended (a lone ESC becomes
/// `.escape`). `decode(_:)` does both for a complete input.
public struct KeyDecoder: Sendable {
  private var buffer: [UInt8] = []

  /// A decoder with nothing buffered.
  public init() {}

  /// All events in `bytes`, taken as a complete input.
  public static func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.finish()
  }

  /// Whether bytes of an incomplete sequence are waiting for more input.
  public var hasPendingInput: Bool { !buffer.isEmpty }

  /// Whether the bytes waiting may be a bracketed paste under way: its start marker,
  /// split after `ESC [` or later, or its text before the end marker. A screen waits
  /// `PasteText.pause` for the rest of these (a paste sent over a slow link pauses),
  /// against a few milliseconds for a lone ESC: taken as ended too early, the rest of
  /// a paste would arrive as typed keys, its line breaks as Enter.
  public var isPendingPaste: Bool {
    guard buffer.count >= 2 else { return false }
    let length = min(buffer.count, Self.pasteStart.count)
    return buffer[..<length].elementsEqual(Self.pasteStart[..<length])
  }

  /// Whether the bytes waiting are a control sequence under way: its introducer (`ESC [`,
  /// a string's `ESC ]`, `ESC P`, `ESC _`) and more. A screen waits `PasteText.pause` for
  /// the rest (a terminal's reply split over a slow link), as for a paste.
  public var isPendingSequence: Bool {
    guard buffer.count >= 3, buffer[0] == 0x1B else { return false }
    switch buffer[1] {
    case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"): return true
    default: return false
    }
  }

  /// Adds `bytes` and returns the events now complete.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
    buffer.append(contentsOf: bytes)
    return drain(atEnd: false)
  }

  /// Returns the events for the bytes still pending, as if no more input will come,
  /// and empties the decoder (it can be fed again afterwards).
  public mutating func finish() -> [KeyEvent] {
    drain(atEnd: true)
  }

  private mutating func drain(atEnd: Bool) -> [KeyEvent] {
    var events: [KeyEvent] = []
    var text = String.UnicodeScalarView()
    var index = 0
    func flushText() {
      guard !text.isEmpty else { return }
      events.append(contentsOf: String(text).map { KeyEvent.character($0) })
      text = String.UnicodeScalarView()
    }
    while index < buffer.count {
      guard let step = Self.step(buffer, at: index, atEnd: atEnd) else { break }
      switch step.item {
      case .scalar(let scalar): text.append(scalar)
      case .event(let event):
        flushText()
        events.append(event)
      case .nothing: flushText()
      }
      index += step.length
    }
    flushText()
    buffer.removeSubrange(0..<index)
    return events
  }

  private enum Item {
    case scalar(Unicode.Scalar)
    case event(KeyEvent)
    case nothing
  }

  /// The item starting at `start` and its length in bytes, or `nil` when more bytes
  /// are needed (only when `atEnd` is false).
  private static func step(_ bytes: [UInt8], at start: Int, atEnd: Bool) -> (item: Item, length: Int)? {
    let byte = bytes[start]
    switch byte {
    case 0x1B: return escape(bytes, at: start, atEnd: atEnd)
    case 0x0D, 0x0A: return (.event(.enter), 1)
    case 0x09: return (.event(.tab), 1)
    case 0x08, 0x7F: return (.event(.backspace), 1)
    case 0x01...0x1A:
      return (.event(.control(Character(Unicode.Scalar(0x60 + byte)))), 1)
    case 0x00, 0x1C...0x1F: return (.nothing, 1)
    case 0x20..<0x7F: return (.scalar(Unicode.Scalar(byte)), 1)
    default: return utf8(bytes, at: start, atEnd: atEnd)
    }
  }

  private static func utf8(_ bytes: [UInt8], at start: Int, atEnd: Bool) -> (item: Item, length: Int)? {
    guard let length = UTF8Input.length(ofLead: bytes[start]) else { return (.scalar("\u{FFFD}"), 1) }
    var end = start + 1
    while end < start + length {
      guard end < bytes.count else { return atEnd ? (.scalar("\u{FFFD}"), end - start) : nil }
      guard UTF8Input.isContinuation(bytes[end]) else { return (.scalar("\u{FFFD}"), end - start) }
      end += 1
    }
    return (.scalar(UTF8Input.scalar(bytes[start..<end])), length)
  }

  private static func escape(_ bytes: [UInt8], at start: Int, atEnd: Bool) -> (item: Item, length: Int)? {
    guard start + 1 < bytes.count else { return atEnd ? (.event(.escape), 1) : nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "["): return csi(bytes, at: start, atEnd: atEnd)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
      // A string: OSC (a terminal's report of its colours, `ESC ] 11 ; rgb:… ST`), DCS
      // (`ESC P >|tmux 3.3 ST`, XTVERSION's reply), APC: dropped whole once its BEL or
      // ST (`ESC \`) is there; Alt-] (Alt-P, Alt-_) when none comes.
      var index = start + 2
      while index < bytes.count && index - start < Self.longestString {
        if bytes[index] == 0x07 { return (.nothing, index + 1 - start) }
        if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
          return (.nothing, index + 2 - start)
        }
        index += 1
      }
      if !atEnd && index - start < Self.longestString { return nil }
      return (.event(.alt(Character(Unicode.Scalar(bytes[start + 1])))), 2)
    case UInt8(ascii: "O"):
      guard start + 2 < bytes.count else { return atEnd ? (.nothing, bytes.count - start) : nil }
      let key: KeyEvent? =
        switch bytes[start + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
      return (key.map(Item.event) ?? .nothing, 3)
    case 0x20...0x7E:
      return (.event(.alt(Character(Unicode.Scalar(bytes[start + 1])))), 2)  // Meta sends ESC + key
    case 0x7F, 0x08:
      return (.event(.altBackspace), 2)
    default:
      return (.event(.escape), 1)
    }
  }

  /// The most bytes a string (OSC, DCS, APC) is looked through for its end before its
  /// `ESC ]` is taken as Alt-] (a colour report is about 30).
  static let longestString = 512

  /// An SGR mouse report (xterm mode 1006: `CSI < button ; column ; row M`, `m` on
  /// release), 1-based coordinates made 0-based. A press of button 1 is a click,
  /// buttons 64 and 65 the wheel; releases and drags are dropped. Double clicks are
  /// the screen's to detect (it knows the time between clicks).
  private static func sgrMouse(_ parameters: ArraySlice<UInt8>, pressed: Bool) -> Item {
    let numbers = parameters.split(separator: UInt8(ascii: ";")).map { Int(String(decoding: $0, as: UTF8.self)) }
    guard pressed, numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2] else {
      return .nothing
    }
    switch button {
    case 0: return .event(.mouse(MouseEvent(.click, row: row - 1, column: column - 1)))
    case 64: return .event(.mouse(MouseEvent(.wheelUp, row: row - 1, column: column - 1)))
    case 65: return .event(.mouse(MouseEvent(.wheelDown, row: row - 1, column: column - 1)))
    default: return .nothing
    }
  }

  /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), final (0x40–0x7E).
  private static func csi(_ bytes: [UInt8], at start: Int, atEnd: Bool) -> (item: Item, length: Int)? {
    var index = start + 2
    while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
    let parameters = bytes[(start + 2)..<index]
    while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return atEnd ? (.nothing, bytes.count - start) : nil }
    let final = bytes[index]
    guard (0x40...0x7E).contains(final) else {
      return (.nothing, index - start)  // malformed: drop what was read, keep the byte
    }
    let length = index + 1 - start
    if parameters.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      return (sgrMouse(parameters.dropFirst(), pressed: final == UInt8(ascii: "M")), length)
    }
    if let marker = parameters.first, marker >= 0x3C { return (.nothing, length) }  // private
    let first = parameters.prefix { $0 != UInt8(ascii: ";") }
    let number = Int(String(decoding: first, as: UTF8.self))
    let key: KeyEvent?
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "Z"): key = .backTab
    case UInt8(ascii: "P"): key = .function(1)  // CSI 1 ; m P: xterm's F1 with a modifier (F3's R would be a cursor report)
    case UInt8(ascii: "Q"): key = .function(2)
    case UInt8(ascii: "S"): key = .function(4)
    case UInt8(ascii: "~"):
      switch number {
      case 1, 7: key = .home
      case 4, 8: key = .end
      case 3: key = .delete
      case 5: key = .pageUp
      case 6: key = .pageDown
      case .some(let code) where (11...15).contains(code): key = .function(code - 10)  // rxvt, VT220: F1–F5
      case .some(let code) where (17...21).contains(code): key = .function(code - 11)  // F6–F10
      case .some(let code) where (23...24).contains(code): key = .function(code - 12)  // F11, F12
      case 200: return paste(bytes, start: start, bodyStart: start + length, atEnd: atEnd)
      default: key = nil
      }
    default: key = nil
    }
    return (key.map(Item.event) ?? .nothing, length)
  }

  static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// The paste whose body starts at `bodyStart`, up to and including `ESC [ 201 ~`.
  private static func paste(
    _ bytes: [UInt8], start: Int, bodyStart: Int, atEnd: Bool
  ) -> (item: Item, length: Int)? {
    var index = bodyStart
    while index + pasteEnd.count <= bytes.count {
      if bytes[index] == 0x1B, bytes[index..<(index + pasteEnd.count)].elementsEqual(pasteEnd) {
        let body = pasteText(bytes[bodyStart..<index])
        return (.event(.paste(body)), index + pasteEnd.count - start)
      }
      index += 1
    }
    guard atEnd else { return nil }
    return (.event(.paste(pasteText(bytes[bodyStart...]))), bytes.count - start)
  }

  /// Paste bytes as text: UTF-8 (malformed bytes → U+FFFD), CR LF and CR → LF.
  static func pasteText(_ bytes: ArraySlice<UInt8>) -> String {
    // The body holds no end marker: the paste ends at the first.
    var text = PasteText()
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { text.add(scalar) }
    return text.text
  }
}
