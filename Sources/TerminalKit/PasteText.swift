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
  /// How long a paste may pause (ms) before it is taken as ended: a terminal sends a
  /// paste in one go, so a pause this long means its end marker was lost (or a start
  /// marker came alone), and keys typed after it must not be swallowed for ever.
  package static let pause: Int32 = 1000

  /// The end marker's characters.
  private static let endMarker = Array("\u{1B}[201~".unicodeScalars)

  /// An empty paste.
  package init() {}

  /// The text so far.
  package var text: String { String(scalars) }

  /// Adds `scalar` to the text.
  ///
  /// - Returns: true when `scalar` is the last character of an end marker that came as
  ///   characters: the paste has ended, and the marker is not part of its text.
  @discardableResult
  package mutating func add(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "~", scalars.count >= Self.endMarker.count - 1,
      scalars.suffix(Self.endMarker.count - 1).elementsEqual(Self.endMarker.dropLast())
    {
      scalars.removeLast(Self.endMarker.count - 1)
      return true
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
}
