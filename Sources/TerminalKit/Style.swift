/// How a cell is drawn: attributes and colours.
///
/// Colours are the eight ANSI colours; a back-end drops them when colour is off
/// (`NO_COLOR`, `--no-color`) and keeps the attributes.
public struct Style: Sendable, Hashable {
  /// One of the eight standard terminal colours (ECMA-48 SGR 30–37).
  public enum Color: Int, Sendable, Hashable, CaseIterable {
    /// Black (SGR 30 / 40).
    case black
    /// Red (SGR 31 / 41).
    case red
    /// Green (SGR 32 / 42).
    case green
    /// Yellow (SGR 33 / 43).
    case yellow
    /// Blue (SGR 34 / 44).
    case blue
    /// Magenta (SGR 35 / 45).
    case magenta
    /// Cyan (SGR 36 / 46).
    case cyan
    /// White (SGR 37 / 47).
    case white
  }

  /// Bold (SGR 1).
  public var bold = false
  /// Dim, faint (SGR 2).
  public var dim = false
  /// Reverse video (SGR 7).
  public var reverse = false
  /// Underlined (SGR 4).
  public var underline = false
  /// The text colour (SGR 30–37), or `nil` for the terminal's default.
  public var foreground: Color? = nil
  /// The background colour (SGR 40–47), or `nil` for the terminal's default.
  public var background: Color? = nil

  /// Creates a style.
  public init(
    bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false,
    foreground: Color? = nil, background: Color? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
    self.foreground = foreground
    self.background = background
  }

  /// The terminal's default look.
  public static let plain = Style()
}
