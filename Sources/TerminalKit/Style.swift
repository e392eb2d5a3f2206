/// How a cell is drawn: attributes and colours.
///
/// Colours are the eight ANSI colours; a back-end drops them when colour is off
/// (`NO_COLOR`, `--no-color`) and keeps the attributes.
public struct Style: Sendable, Hashable {
  /// One of the eight standard terminal colours (ECMA-48 SGR 30–37).
  public enum Color: Int, Sendable, Hashable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
  }

  public var bold = false
  public var dim = false
  public var reverse = false
  public var underline = false
  public var foreground: Color? = nil
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
