/// The size of one terminal cell in pixels: what a picture drawn in pixels (kitty's
/// graphics protocol, sixels) must be to cover a number of cells exactly.
///
/// Terminals tell it two ways: the window size in pixels next to its size in cells
/// (`TIOCGWINSZ`'s `ws_xpixel`/`ws_ypixel`, `tty_ioctl(4)`), or the reply
/// `CSI 6 ; height ; width t` to xterm's `CSI 16 t` (XTWINOPS). A terminal that tells
/// neither is taken to have `assumed` cells.
public struct CellPixelSize: Sendable, Hashable {
  /// Pixels across one cell.
  public var width: Int
  /// Pixels down one cell.
  public var height: Int

  /// A cell `width` × `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// A typical cell (10 × 20 pixels), for a terminal that does not tell its own.
  public static let assumed = CellPixelSize(width: 10, height: 20)

  /// The cell of a window `columns` × `rows` cells and `pixelWidth` × `pixelHeight`
  /// pixels (`struct winsize`); nil when any of them is 0 (the terminal does not say).
  public init?(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
    guard columns > 0, rows > 0, pixelWidth >= columns, pixelHeight >= rows else { return nil }
    self.init(width: pixelWidth / columns, height: pixelHeight / rows)
  }

  /// The cell of xterm's reply to `CSI 16 t`: the text between `CSI` and `t`,
  /// `6;height;width`; nil for any other text or a zero size.
  public init?(reply body: some StringProtocol) {
    let parts = body.split(separator: ";", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "6", let height = Int(parts[1]), let width = Int(parts[2]), height > 0,
      width > 0
    else { return nil }
    self.init(width: width, height: height)
  }
}
