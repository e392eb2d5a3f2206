import CChafa
import TerminalKit

/// A photo drawn for a place on the card `columns` × `rows` cells large, by chafa
/// (libchafa): Unicode block symbols in the eight ANSI colours for the frame's
/// cells, and, for a terminal that draws pixels, the escape sequence that draws it
/// (kitty graphics protocol, sixels or iTerm2's inline image) over those cells.
public struct PhotoArt: Sendable, Equatable {
  /// Cells across.
  public let columns: Int
  /// Cells down.
  public let rows: Int
  /// The block-symbol picture, row by row (`rows × columns` cells).
  public let cells: [Cell]
  /// The escape sequence that draws the picture in pixels from the cursor, for a
  /// terminal with `graphics` other than `.symbols`; `nil` otherwise.
  public let pixels: [UInt8]?

  /// Draws `image` with chafa for `columns` × `rows` cells, the block version always
  /// and the pixel version for `graphics`: a picture of `columns × cell.width` by
  /// `rows × cell.height` pixels, so that it covers exactly those cells.
  public init(
    _ image: PhotoImage, columns: Int, rows: Int, graphics: TerminalGraphics, cell: CellPixelSize = .assumed
  ) {
    self.columns = columns
    self.rows = rows
    cells = Self.symbols(image, columns: columns, rows: rows, cell: cell)
    pixels =
      graphics == .symbols ? nil : Self.escapes(image, columns: columns, rows: rows, graphics: graphics, cell: cell)
  }

  /// A canvas of `image` in the given modes; the caller unreferences it.
  private static func canvas(
    _ image: PhotoImage, columns: Int, rows: Int, cell: CellPixelSize, pixelMode: ChafaPixelMode,
    canvasMode: ChafaCanvasMode
  ) -> OpaquePointer? {
    guard let config = chafa_canvas_config_new() else { return nil }
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_pixel_mode(config, pixelMode)
    chafa_canvas_config_set_canvas_mode(config, canvasMode)
    chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
    if pixelMode == CHAFA_PIXEL_MODE_SYMBOLS, let map = chafa_symbol_map_new() {
      chafa_symbol_map_add_by_tags(
        map, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
      chafa_canvas_config_set_symbol_map(config, map)
      chafa_symbol_map_unref(map)
    }
    guard let canvas = chafa_canvas_new(config) else { return nil }
    image.pixels.withUnsafeBufferPointer { buffer in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGB8, buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 3))
    }
    return canvas
  }

  /// The block-symbol cells (chafa's eight-colour canvas, read cell by cell).
  private static func symbols(_ image: PhotoImage, columns: Int, rows: Int, cell: CellPixelSize) -> [Cell] {
    guard let canvas = canvas(
      image, columns: columns, rows: rows, cell: cell, pixelMode: CHAFA_PIXEL_MODE_SYMBOLS, canvasMode: CHAFA_CANVAS_MODE_INDEXED_8)
    else { return Array(repeating: .blank, count: columns * rows) }
    defer { chafa_canvas_unref(canvas) }
    var cells: [Cell] = []
    cells.reserveCapacity(columns * rows)
    for row in 0..<rows {
      for column in 0..<columns {
        let scalar = Unicode.Scalar(chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))) ?? " "
        var foreground: Int32 = 0
        var background: Int32 = 0
        chafa_canvas_get_raw_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
        let style = Style(foreground: color(foreground), background: color(background))
        cells.append(Cell(String(scalar), style: style))
      }
    }
    return cells
  }

  /// An ANSI colour for one of chafa's eight palette indices (others: the default).
  private static func color(_ index: Int32) -> Style.Color? {
    (0..<8).contains(index) ? Style.Color(rawValue: Int(index)) : nil
  }

  /// The pixel picture as chafa prints it for `graphics`, with the sequences of
  /// chafa's fallback terminal description (which has all three protocols).
  private static func escapes(
    _ image: PhotoImage, columns: Int, rows: Int, graphics: TerminalGraphics, cell: CellPixelSize
  ) -> [UInt8]? {
    let mode: ChafaPixelMode =
      switch graphics {
      case .kitty: CHAFA_PIXEL_MODE_KITTY
      case .sixels: CHAFA_PIXEL_MODE_SIXELS
      case .iterm2: CHAFA_PIXEL_MODE_ITERM2
      case .symbols: CHAFA_PIXEL_MODE_SYMBOLS
      }
    guard
      let canvas = canvas(
        image, columns: columns, rows: rows, cell: cell, pixelMode: mode, canvasMode: CHAFA_CANVAS_MODE_TRUECOLOR)
    else { return nil }
    defer { chafa_canvas_unref(canvas) }
    guard let info = chafa_term_db_get_fallback_info(chafa_term_db_get_default()) else { return nil }
    defer { chafa_term_info_unref(info) }
    guard let printed = chafa_canvas_print(canvas, info) else { return nil }
    defer { g_string_free(printed, 1) }
    guard let text = printed.pointee.str else { return nil }
    return Array(UnsafeRawBufferPointer(start: text, count: Int(printed.pointee.len)))
  }
}
