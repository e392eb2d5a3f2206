import ContactKit
import CpickSupport
import Foundation
import TerminalKit

/// The card photos, decoded and drawn off the main actor and kept: a view asks for a
/// contact's photo and gets what is there now — nothing yet (the work is started on
/// a background task), the picture, or why there is none — and never waits for it.
///
/// One per process (`shared`), set up once by the program (`graphics`, `isEnabled`).
/// Decoding a damaged or enormous image gives a failure (`PhotoImage.Failure`),
/// never a crash: the size is read from the header before anything is decoded.
public final class PhotoCache: Sendable {
  /// What there is of a contact's photo now.
  public enum Lookup: Sendable, Equatable {
    /// No photo (none on the card, a URL, photos turned off).
    case absent
    /// Being decoded in the background: the monogram for now.
    case pending
    /// Drawn.
    case ready(PhotoArt)
    /// Not shown, and why (`PhotoImage.Failure.description`).
    case failed(String)
  }

  /// The cache of the process.
  public static let shared = PhotoCache()

  private struct State {
    var graphics: TerminalGraphics = .symbols
    var cellSize = CellPixelSize.assumed
    var isEnabled = true
    var entries: [String: Lookup] = [:]
    var order: [String] = []
    /// Photos decoded since their last lookup: not drawn yet.
    var unseen: Set<String> = []
  }

  private let state = Locked(State())
  /// Photos kept before the oldest is dropped.
  static let capacity = 64

  /// Creates an empty cache (tests; the program uses `shared`).
  public init() {}

  /// How pixels are drawn (`TerminalGraphics.detect`); `.symbols` until set.
  public var graphics: TerminalGraphics {
    get { state.withLock { $0.graphics } }
    set {
      state.withLock {
        $0.graphics = newValue
        $0.entries = [:]
        $0.order = []
      }
    }
  }

  /// The terminal's cell in pixels (`CursesScreen.cellPixelSize`), which pictures in
  /// pixels are sized by and the card's photo area is shaped by; `.assumed` until set.
  public var cellSize: CellPixelSize {
    get { state.withLock { $0.cellSize } }
    set {
      state.withLock {
        guard $0.cellSize != newValue else { return }
        $0.cellSize = newValue
        $0.entries = [:]
        $0.order = []
      }
    }
  }

  /// Whether photos are shown at all (false for `--no-images`); true until set.
  public var isEnabled: Bool {
    get { state.withLock { $0.isEnabled } }
    set { state.withLock { $0.isEnabled = newValue } }
  }

  /// The photo of `contact` for `columns` × `rows` cells as it is now; starts decoding
  /// it on a background task the first time. Never blocks on decoding.
  public func lookup(_ contact: Contact, columns: Int, rows: Int) -> Lookup {
    guard contact.hasImage, contact.sourceRecord != nil else { return .absent }
    let key = Self.key(contact, columns: columns, rows: rows)
    let (found, graphics, cell): (Lookup?, TerminalGraphics, CellPixelSize) = state.withLock { state in
      guard state.isEnabled else { return (Lookup.absent, state.graphics, state.cellSize) }
      if let entry = state.entries[key] {
        state.unseen.remove(key)
        return (entry, state.graphics, state.cellSize)
      }
      state.entries[key] = .pending
      state.order.append(key)
      if state.order.count > Self.capacity { state.entries[state.order.removeFirst()] = nil }
      return (nil, state.graphics, state.cellSize)
    }
    if let found { return found }
    Task.detached(priority: .userInitiated) { [self] in
      let result = Self.draw(contact, columns: columns, rows: rows, graphics: graphics, cell: cell)
      state.withLock { state in
        if state.entries[key] != nil {
          state.entries[key] = result
          state.unseen.insert(key)
        }
      }
    }
    return .pending
  }

  /// Whether the photo of `contact` for this size is being decoded, or was decoded
  /// and not looked up since: a screen that drew it pending must draw again.
  public func isPending(_ contact: Contact, columns: Int, rows: Int) -> Bool {
    let key = Self.key(contact, columns: columns, rows: rows)
    return state.withLock { $0.entries[key] == .pending || $0.unseen.contains(key) }
  }

  /// Decodes and draws the photo of `contact` on the calling thread (the work a
  /// lookup starts in the background).
  public static func draw(
    _ contact: Contact, columns: Int, rows: Int, graphics: TerminalGraphics, cell: CellPixelSize = .assumed
  ) -> Lookup {
    guard let bytes = PhotoValue.bytes(of: contact) else { return .absent }
    do {
      // Decoded at least 8 pixels a cell across, so that chafa has detail to draw.
      let image = try PhotoImage.decode(bytes, atLeast: max(columns, rows * 2) * 8)
      return .ready(PhotoArt(image, columns: columns, rows: rows, graphics: graphics, cell: cell))
    } catch {
      return .failed(error.description)
    }
  }

  private static func key(_ contact: Contact, columns: Int, rows: Int) -> String {
    "\(contact.source)\u{0}\(contact.identifier)\u{0}\(contact.sourceRecord?.bytes.count ?? 0)\u{0}\(columns)x\(rows)"
  }
}
