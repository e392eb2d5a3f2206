#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An in-memory `Screen` with scripted keys, for tests (yours and host programs').
///
/// It records every frame presented and replays a script; `nextKey()` returns `nil`
/// when the script is used up, which a controller treats like a closed terminal.
/// Nothing is written anywhere.
///
/// ```swift
/// let screen = MemoryScreen(rows: 10, columns: 40,
///                           keys: MemoryScreen.keys(typing: "ing") + [.down, .enter])
/// let result = try picker.run(on: screen)
/// #expect(screen.text.contains("Ingrid Solberg"))
/// ```
///
/// Besides keys, a script can say when time passes (`Step`), for controllers that
/// wait with a timeout while work goes on in the background (a picker reading its
/// address book): `.timeout` is one wake-up with no key, `.settle` lets the
/// controller wait until its work is done, `.run` does something at that point of
/// the script. "The user typed `ma` before the book was read, then pressed Enter
/// once it was":
///
/// ```swift
/// let screen = MemoryScreen(rows: 10, columns: 40, script:
///   MemoryScreen.keys(typing: "ma").map { .key($0) }
///   + [.run { gate.open() }, .settle, .key(.enter)])
/// ```
@MainActor
public final class MemoryScreen: Screen {
  /// One step of the script.
  public enum Step {
    /// `nextInput` and `nextKey` return this key.
    case key(KeyEvent)
    /// `nextInput(timeout:)` returns `.timedOut` once, at once, when asked with a
    /// timeout; when asked without one (and by `nextKey()`) the step is skipped.
    case timeout
    /// While `nextInput(timeout:)` is asked with a timeout (the controller has work
    /// going on), it sleeps for that timeout (at most 5 ms) and returns `.timedOut`;
    /// the first call without a timeout goes on with the next step. After 60 s of
    /// this the script ends (`.ended`), so a test whose work never finishes stops.
    case settle
    /// Runs `action` on the main actor when the script reaches it, then goes on.
    case run(@MainActor () -> Void)
  }

  /// The current size in cells; changed by `resize(rows:columns:)`.
  public private(set) var size: (rows: Int, columns: Int)
  /// Whether controllers may use colour (fixed at creation).
  public let colorEnabled: Bool
  /// The cell size in pixels the screen reports (a terminal that tells it); nil: none.
  public var cellPixelSize: CellPixelSize?
  /// Every frame presented, oldest first.
  public private(set) var frames: [Frame] = []
  /// The steps not yet taken, next first.
  public private(set) var script: [Step]
  /// The keys of the script not yet returned, next first.
  public var pendingKeys: [KeyEvent] {
    script.compactMap { step in
      if case .key(let key) = step { return key }
      return nil
    }
  }
  /// Resizes to apply when `keysReturned` reaches `afterKeys`.
  private var scheduledResizes: [(afterKeys: Int, rows: Int, columns: Int)] = []
  /// How many keys `nextKey()` has returned so far (including `.resize`).
  public private(set) var keysReturned = 0
  /// How many times `nextInput(timeout:)` returned `.timedOut`.
  public private(set) var timeoutsReturned = 0
  /// When the current `.settle` step began waiting (monotonic milliseconds).
  private var settlingSince: UInt64?
  /// Whether the script's keys count as typed ahead: `waitingKey()` gives the next
  /// one when it is the script's next step, as a terminal gives keys already sent.
  /// False (the default): every key is handled on its own, each frame recorded.
  public var keysWaiting = false

  /// A screen of `rows` × `columns` cells that will return `keys` in order.
  public init(rows: Int, columns: Int, keys: [KeyEvent] = [], colorEnabled: Bool = false) {
    self.size = (max(0, rows), max(0, columns))
    self.script = keys.map { .key($0) }
    self.colorEnabled = colorEnabled
  }

  /// A screen of `rows` × `columns` cells that will play `script`.
  public init(rows: Int, columns: Int, script: [Step], colorEnabled: Bool = false) {
    self.size = (max(0, rows), max(0, columns))
    self.script = script
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

  /// The next scripted key, or `nil` when the script is used up. Steps other than
  /// keys are taken as `nextInput(timeout: nil)` takes them.
  public func nextKey() -> KeyEvent? {
    if case .key(let key) = nextInput(timeout: nil) { return key }
    return nil
  }

  /// The next step of the script as input (see `Step`); `.ended` when the script is
  /// used up, whatever the timeout.
  public func nextInput(timeout milliseconds: Int?) -> ScreenInput {
    if let index = scheduledResizes.firstIndex(where: { $0.afterKeys <= keysReturned }) {
      let resize = scheduledResizes.remove(at: index)
      size = (max(0, resize.rows), max(0, resize.columns))
      keysReturned += 1
      return .key(.resize)
    }
    while let step = script.first {
      switch step {
      case .key(let key):
        script.removeFirst()
        keysReturned += 1
        return .key(key)
      case .timeout:
        script.removeFirst()
        if milliseconds != nil {
          timeoutsReturned += 1
          return .timedOut
        }
      case .settle:
        guard let milliseconds else {
          script.removeFirst()
          settlingSince = nil
          continue
        }
        let now = Self.monotonicMilliseconds()
        let since = settlingSince ?? now
        settlingSince = since
        if now - since > 60_000 {
          script.removeAll()
          return .ended
        }
        usleep(UInt32(max(0, min(milliseconds, 5))) * 1000)
        timeoutsReturned += 1
        return .timedOut
      case .run(let action):
        script.removeFirst()
        action()
      }
    }
    return .ended
  }

  /// With `keysWaiting`, the script's next step when it is a key (taken); else `nil`.
  public func waitingKey() -> KeyEvent? {
    guard keysWaiting, scheduledResizes.isEmpty, case .key(let key) = script.first else { return nil }
    script.removeFirst()
    keysReturned += 1
    return key
  }

  /// Changes the size now and makes `.resize` the next key, as a terminal does when
  /// its window is resized.
  public func resize(rows: Int, columns: Int) {
    size = (max(0, rows), max(0, columns))
    script.insert(.key(.resize), at: 0)
  }

  /// Arranges a resize in the middle of the script: once `afterKeys` keys have been
  /// returned, the size becomes `rows` × `columns` and the next key is `.resize`.
  public func scheduleResize(rows: Int, columns: Int, afterKeys: Int) {
    scheduledResizes.append((afterKeys, rows, columns))
  }

  /// Adds `keys` to the end of the script.
  public func append(keys: [KeyEvent]) {
    script.append(contentsOf: keys.map { .key($0) })
  }

  /// Adds `steps` to the end of the script.
  public func append(script steps: [Step]) {
    script.append(contentsOf: steps)
  }

  /// One `.character` event per grapheme cluster of `text`, as if typed.
  ///
  /// Every cluster becomes `.character`, including `"\n"` and `"\t"`; add `.enter`,
  /// `.tab` and other keys to the script explicitly.
  public nonisolated static func keys(typing text: String) -> [KeyEvent] {
    text.map { KeyEvent.character($0) }
  }

  /// Milliseconds of the monotonic clock.
  private static func monotonicMilliseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
  }
}
