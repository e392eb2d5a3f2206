/// An in-memory `Screen` with scripted keys, for tests (yours and host programs').
///
/// It records every frame presented and replays a fixed list of keys; `nextKey()`
/// returns `nil` when the script is used up, which a controller treats like a closed
/// terminal. Nothing is written anywhere.
///
/// ```swift
/// let screen = MemoryScreen(rows: 10, columns: 40,
///                           keys: MemoryScreen.keys(typing: "ing") + [.down, .enter])
/// let result = try picker.run(on: screen)
/// #expect(screen.text.contains("Ingrid Solberg"))
/// ```
@MainActor
public final class MemoryScreen: Screen {
  /// The current size in cells; changed by `resize(rows:columns:)`.
  public private(set) var size: (rows: Int, columns: Int)
  /// Whether controllers may use colour (fixed at creation).
  public let colorEnabled: Bool
  /// Every frame presented, oldest first.
  public private(set) var frames: [Frame] = []
  /// Keys not yet returned by `nextKey()`, next first.
  public private(set) var pendingKeys: [KeyEvent]
  /// Resizes to apply when `keysReturned` reaches `afterKeys`.
  private var scheduledResizes: [(afterKeys: Int, rows: Int, columns: Int)] = []
  /// How many keys `nextKey()` has returned so far (including `.resize`).
  public private(set) var keysReturned = 0

  /// A screen of `rows` × `columns` cells that will return `keys` in order.
  public init(rows: Int, columns: Int, keys: [KeyEvent] = [], colorEnabled: Bool = false) {
    self.size = (max(0, rows), max(0, columns))
    self.pendingKeys = keys
    self.colorEnabled = colorEnabled
  }

  /// The most recent frame, or `nil` before the first `present`.
  public var lastFrame: Frame? { frames.last }

  /// The text of the most recent frame (rows joined by `\n`, trailing blanks
  /// trimmed, see `Frame.text`); `""` before the first `present`.
  public var text: String { lastFrame?.text ?? "" }

  /// Records `frame`.
  public func present(_ frame: Frame) {
    frames.append(frame)
  }

  /// The next scripted key, or `nil` when the script is used up.
  public func nextKey() -> KeyEvent? {
    if let index = scheduledResizes.firstIndex(where: { $0.afterKeys <= keysReturned }) {
      let resize = scheduledResizes.remove(at: index)
      size = (max(0, resize.rows), max(0, resize.columns))
      keysReturned += 1
      return .resize
    }
    guard !pendingKeys.isEmpty else { return nil }
    keysReturned += 1
    return pendingKeys.removeFirst()
  }

  /// Changes the size now and makes `.resize` the next key, as a terminal does when
  /// its window is resized.
  public func resize(rows: Int, columns: Int) {
    size = (max(0, rows), max(0, columns))
    pendingKeys.insert(.resize, at: 0)
  }

  /// Arranges a resize in the middle of the script: once `afterKeys` keys have been
  /// returned, the size becomes `rows` × `columns` and the next key is `.resize`.
  public func scheduleResize(rows: Int, columns: Int, afterKeys: Int) {
    scheduledResizes.append((afterKeys, rows, columns))
  }

  /// Adds `keys` to the end of the script.
  public func append(keys: [KeyEvent]) {
    pendingKeys.append(contentsOf: keys)
  }

  /// One `.character` event per grapheme cluster of `text`, as if typed.
  ///
  /// Every cluster becomes `.character`, including `"\n"` and `"\t"`; add `.enter`,
  /// `.tab` and other keys to the script explicitly.
  public nonisolated static func keys(typing text: String) -> [KeyEvent] {
    text.map { KeyEvent.character($0) }
  }
}
