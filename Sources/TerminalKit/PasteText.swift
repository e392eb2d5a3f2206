/// The text of a bracketed paste (xterm mode 2004: `ESC [ 200 ~` text `ESC [ 201 ~`)
/// as its characters arrive: CR LF and CR become LF.
///
/// A reader that gets the paste as decoded characters (ncurses in the full-screen
/// screen) can meet the end marker as characters too: its ESC came alone, the rest of
/// it later than the ESC delay (over ssh, in another read). `add(_:)` says when such
/// characters end the paste.
package struct PasteText {
  private var scalars = String.UnicodeScalarView()
  private var afterCR = false
  /// An escape sequence under way (from its ESC), left out of the text.
  private var escape: [Unicode.Scalar]? = nil
  /// How long a paste may pause (ms) before it is taken as ended: a terminal sends a
  /// paste in one go, so a pause this long means its end marker was lost (or a start
  /// marker came alone), and keys typed after it must not be swallowed for ever.
  package static let pause: Int32 = 1000

  /// The end marker's characters.
  private static let endMarker = Array("\u{1B}[201~".unicodeScalars)

  /// The longest escape sequence read before it is dropped unfinished.
  private static let longestEscape = 4096

  /// An empty paste.
  package init() {}

  /// The text so far.
  package var text: String { String(scalars) }

  /// Adds `scalar` to the text. An escape sequence in the paste (copied terminal
  /// output: `CSI 2 J`, an OSC title, a key's `CSI B`) is left out whole, so that
  /// neither its ESC reaches the screen nor its tail (`[2J`) the text.
  ///
  /// - Returns: true when `scalar` is the last character of an end marker that came as
  ///   characters: the paste has ended, and the marker is not part of its text.
  @discardableResult
  package mutating func add(_ scalar: Unicode.Scalar) -> Bool {
    if var sequence = escape {
      sequence.append(scalar)
      guard Self.isFinished(sequence) else {
        escape = sequence
        return false
      }
      escape = nil
      return sequence == Self.endMarker
    }
    if scalar == "\u{1B}" {
      escape = [scalar]
      afterCR = false
      return false
    }
    if scalar == "\r" {
      scalars.append("\n")
      afterCR = true
      return false
    }
    if !(afterCR && scalar == "\n") { scalars.append(scalar) }
    afterCR = false
    return false
  }

  /// Whether a line break (CR or LF) with `following` right behind it, already read
  /// or waiting in the same burst of input, is a line break inside pasted text, not
  /// Enter: a paste without bracketed-paste markers (the terminal did not say whether
  /// mode 2004 was on, so it was left as found — off in a shell between commands)
  /// comes in one write, and no one types a key after Enter faster than the program
  /// reads (typeahead ends with its Enter). `following` starts text: a printable
  /// character, or another line break.
  package static func continuesAfterLineBreak(_ following: KeyEvent) -> Bool {
    switch following {
    case .character, .enter, .tab, .paste: true
    default: false
    }
  }

  /// `events` (decoded from one read of input) with each Enter that text comes right
  /// behind (`continuesAfterLineBreak`) taken, with the text after it up to the next
  /// key that is not text, as one `.paste` that starts with a line break.
  package static func joiningLineBreaks(_ events: [KeyEvent]) -> [KeyEvent] {
    guard events.count > 1, events.dropLast().contains(.enter) else { return events }
    var out: [KeyEvent] = []
    var index = 0
    while index < events.count {
      guard events[index] == .enter, index + 1 < events.count, continuesAfterLineBreak(events[index + 1]) else {
        out.append(events[index])
        index += 1
        continue
      }
      var text = "\n"
      index += 1
      while index < events.count, continuesAfterLineBreak(events[index]) {
        switch events[index] {
        case .character(let character): text.append(character)
        case .enter: text.append("\n")
        case .tab: text.append("\t")
        case .paste(let pasted): text += pasted
        default: break
        }
        index += 1
      }
      out.append(.paste(text))
    }
    return out
  }

  /// Whether `sequence` (from its ESC) is a whole escape sequence (ECMA-48): a CSI
  /// ends at its final byte, an OSC, DCS, APC, PM or SOS string at BEL or ST, any other
  /// at the character after the ESC; one that goes wrong or on too long ends there.
  private static func isFinished(_ sequence: [Unicode.Scalar]) -> Bool {
    guard sequence.count >= 2, sequence.count < longestEscape, let last = sequence.last else {
      return sequence.count >= longestEscape
    }
    switch sequence[1] {
    case "[":
      guard sequence.count > 2 else { return false }
      // Parameter and intermediate bytes go on; a final byte, or anything else, ends it.
      return !(0x20...0x3F).contains(last.value)
    case "]", "P", "_", "^", "X":
      return last == "\u{07}" || (last == "\\" && sequence[sequence.count - 2] == "\u{1B}")
    default:
      return true
    }
  }
}
