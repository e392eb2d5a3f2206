import ContactKit
import ContactPhotos
import TerminalKit

/// The photo in the card's header (CNContactViewController's image, in the
/// monogram's place): `PhotoCache.shared`'s picture of the contact, `columns` ×
/// `rows` cells at the header's top left. The monogram stays when there is no photo,
/// it is still being decoded, photos are off (`--no-images`), colour is off, or the
/// screen is too small; a photo that cannot be shown gives a warning instead.
enum CardPhoto {
  /// Cells down: the header's lines above its rule.
  static let rows = 3

  /// Cells across for a square picture `rows` high in cells of `cell` pixels (6 for
  /// cells twice as tall as wide), from 3 to 12.
  static func columns(for cell: CellPixelSize) -> Int {
    min(12, max(3, Int((Double(rows * cell.height) / Double(max(1, cell.width))).rounded())))
  }
  /// The smallest screen a photo is shown on.
  static let smallest = (rows: 12, columns: 40)

  /// What was placed: the columns the photo takes (`nil`: none, draw the monogram)
  /// and a warning to show.
  struct Placed {
    var width: Int?
    var warning: String?
  }

  /// Puts the photo of `contact` into `frame` (its block symbols in the cells, its
  /// pixel version in `frame.images`) when it is ready.
  static func place(_ contact: Contact, in frame: inout Frame, color: Bool, cache: PhotoCache = .shared) -> Placed {
    guard color, frame.rows >= smallest.rows, frame.columns >= smallest.columns else { return Placed() }
    switch cache.lookup(contact, columns: columns(for: cache.cellSize), rows: rows) {
    case .absent, .pending:
      return Placed()
    case .failed(let warning):
      return Placed(warning: warning)
    case .ready(let art):
      for row in 0..<art.rows {
        for column in 0..<art.columns {
          frame[row, 1 + column] = art.cells[row * art.columns + column]
        }
      }
      if let pixels = art.pixels {
        frame.images.append(FrameImage(row: 0, column: 1, rows: art.rows, columns: art.columns, sequence: pixels))
      }
      return Placed(width: art.columns)
    }
  }

  /// Takes the cell size `screen` reports now for the photos (`PhotoCache.cellSize`);
  /// a screen that reports none leaves it as it was.
  @MainActor static func measure(_ screen: any Screen, cache: PhotoCache = .shared) {
    if let cell = screen.cellPixelSize { cache.cellSize = cell }
  }

  /// Whether the photo of `contact` is still being decoded (the screen's loop then
  /// looks again soon, to draw it once it is there).
  static func isPending(_ contact: Contact, cache: PhotoCache = .shared) -> Bool {
    cache.isPending(contact, columns: columns(for: cache.cellSize), rows: rows)
  }
}
