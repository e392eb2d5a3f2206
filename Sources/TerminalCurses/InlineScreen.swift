#if canImport(Glibc)
  import Glibc
#endif
import Synchronization
import TerminalKit

/// Set by the SIGWINCH handler; read by `InlineScreen.nextKey()`.
private let terminalResized = Atomic<Bool>(false)

/// A screen of a few rows drawn inline below the shell prompt on `/dev/tty`, without
/// the alternate screen (fzf's `--height`): the rows are made by scrolling, frames are
/// drawn with ECMA-48 sequences (`AnsiRenderer`), keys are read raw and decoded by
/// `KeyDecoder`. When it ends, the rows are cleared and the prompt is where it was.
///
/// The terminal is asked where the cursor is (DSR 6, `CSI 6 n`); a terminal that does
/// not answer within 150 ms is drawn relative to the cursor instead, without mouse
/// support. The ncursesw screen (`CursesScreen`) remains the full-screen back-end;
/// ncurses cannot draw inline below a prompt.
///
/// When the process ends on a signal (`SignalExit`), `TerminalRestoration.shared`
/// does what `end()` does: the rows cleared (as of the last frame drawn), mouse
/// reporting off, the modes found at start set back.
@MainActor
public final class InlineScreen: Screen {
  /// Whether colours are drawn (off with `NO_COLOR` or `--no-color`).
  public let colorEnabled: Bool
  /// The drawing area in cells: the rows below the prompt, the terminal's full width.
  public private(set) var size: (rows: Int, columns: Int)

  private let fd: Int32
  private var saved = termios()
  private var renderer: AnsiRenderer
  private var decoder = KeyDecoder()
  private var pending: [KeyEvent] = []
  private let mouse: Bool
  private var lastClick: (row: Int, time: UInt64)?
  private var ended = false

  /// Opens `/dev/tty`, makes room for `rows` rows below the cursor and prepares it.
  ///
  /// - Throws: `TerminalError.noTerminal` when `/dev/tty` cannot be opened or is not
  ///   a terminal.
  public init(rows: Int, colorEnabled: Bool, mouse: Bool = true) throws(TerminalError) {
    fd = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard fd >= 0 else {
      throw .noTerminal("cannot open /dev/tty: \(String(cString: strerror(errno)))")
    }
    guard tcgetattr(fd, &saved) == 0 else {
      close(fd)
      throw .noTerminal("/dev/tty is not a terminal")
    }
    self.colorEnabled = colorEnabled
    var window = winsize()
    let columns = ioctl(fd, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0 ? Int(window.ws_col) : 80
    let height = max(1, rows)
    size = (height, columns)
    var raw = saved
    cfmakeraw(&raw)
    TerminalRestoration.shared.register(fd: fd, modes: saved, leave: [])
    tcsetattr(fd, TCSAFLUSH, &raw)
    signal(SIGWINCH) { _ in terminalResized.store(true, ordering: .relaxed) }

    // Make room: scroll if the prompt is near the bottom, then come back up.
    Self.write(fd, Array((String(repeating: "\n", count: height - 1) + (height > 1 ? "\u{1B}[\(height - 1)A" : "") + "\r").utf8))
    var leftover: [UInt8] = []
    let top = Self.askCursorRow(fd: fd, leftover: &leftover)
    renderer = AnsiRenderer(origin: top.map { .absolute(top: $0) } ?? .relative, colorEnabled: colorEnabled)
    self.mouse = mouse && top != nil
    write("\u{1B}[?2004h" + (self.mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : ""))
    TerminalRestoration.shared.updateLeave(leaveSequence())
    if !leftover.isEmpty { pending.append(contentsOf: decoder.feed(leftover)) }
  }

  /// The terminal's answer to DSR 6 (`CSI row ; column R`), 1-based row, or `nil`
  /// when it did not answer in time. Other bytes read meanwhile go to `leftover`.
  private static func askCursorRow(fd: Int32, leftover: inout [UInt8]) -> Int? {
    let query = Array("\u{1B}[6n".utf8)
    _ = query.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    var bytes: [UInt8] = []
    var waited = 0
    while waited < 150 {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 10)
      waited += 10
      guard ready > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes.append(contentsOf: buffer[0..<count])
      if let answer = Self.cursorReport(in: &bytes) {
        leftover = bytes
        return answer
      }
    }
    leftover = bytes
    return nil
  }

  /// Removes the first `ESC [ row ; col R` from `bytes` and returns its row.
  static func cursorReport(in bytes: inout [UInt8]) -> Int? {
    guard let start = bytes.indices.first(where: { bytes[$0] == 0x1B && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x5B })
    else { return nil }
    var index = start + 2
    var numbers: [Int] = [0]
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x30 && byte <= 0x39 {
        numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - 0x30)
      } else if byte == UInt8(ascii: ";") {
        numbers.append(0)
      } else if byte == UInt8(ascii: "R"), numbers.count == 2 {
        bytes.removeSubrange(start...index)
        return numbers[0]
      } else {
        return nil
      }
      index += 1
    }
    return nil
  }

  /// Draws `frame` in the area, rewriting only changed rows (`AnsiRenderer`); nothing after `end()`.
  public func present(_ frame: Frame) {
    guard !ended else { return }
    write(renderer.render(frame))
    TerminalRestoration.shared.updateLeave(leaveSequence())
  }

  /// What `end()` writes, for `TerminalRestoration`: the rows cleared from where the
  /// renderer left the cursor, mouse reporting off.
  private func leaveSequence() -> [UInt8] {
    var copy = renderer
    return copy.clear(rows: size.rows) + Array((mouse ? "\u{1B}[?1000l\u{1B}[?1006l" : "").utf8)
  }

  /// Blocks until the next key; mouse rows are relative to the area; `nil` after `end()` or when input ends.
  public func nextKey() -> KeyEvent? {
    if case .key(let key) = nextInput(timeout: nil) { return key }
    return nil
  }

  /// Waits for the next key for at most `milliseconds` (`poll(2)` on `/dev/tty`;
  /// `nil`: no limit). A lone ESC still waits 25 ms for the rest of a sequence, past
  /// the timeout if need be.
  public func nextInput(timeout milliseconds: Int?) -> ScreenInput {
    let deadline = milliseconds.map { Self.monotonicMilliseconds() + UInt64(max(0, $0)) }
    while true {
      if !pending.isEmpty { return .key(pending.removeFirst()) }
      if ended { return .ended }
      if terminalResized.exchange(false, ordering: .relaxed) {
        var window = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 {
          size = (min(size.rows, Int(window.ws_row)), Int(window.ws_col))
        }
        renderer.invalidate()
        return .key(.resize)
      }
      // A lone ESC waits 25 ms for the rest of a sequence (as ESCDELAY in ncurses);
      // otherwise wake up every 200 ms to look at the resize flag.
      var wait: Int32 = 200
      if decoder.hasPendingInput {
        wait = 25
      } else if let deadline {
        let now = Self.monotonicMilliseconds()
        if now >= deadline { return .timedOut }
        wait = Int32(min(200, deadline - now))
      }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, wait)
      if ready < 0 {
        if errno == EINTR { continue }
        return .ended
      }
      if ready == 0 {
        if decoder.hasPendingInput { pending.append(contentsOf: decoder.finish()) }
        continue
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count <= 0 {
        if count < 0 && errno == EINTR { continue }
        return .ended
      }
      for event in decoder.feed(buffer[0..<count]) { pending.append(translate(event)) }
    }
  }

  /// Milliseconds of the monotonic clock.
  private static func monotonicMilliseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
  }

  /// Mouse rows from the terminal's coordinates to the area's; two clicks on one row
  /// within 300 ms make a double click.
  private func translate(_ event: KeyEvent) -> KeyEvent {
    guard case .mouse(var mouseEvent) = event, case .absolute(let top) = renderer.origin else { return event }
    mouseEvent.row -= top - 1
    if mouseEvent.action == .click {
      let milliseconds = Self.monotonicMilliseconds()
      if let last = lastClick, last.row == mouseEvent.row, milliseconds - last.time < 300 {
        mouseEvent.action = .doubleClick
        lastClick = nil
      } else {
        lastClick = (mouseEvent.row, milliseconds)
      }
    }
    return .mouse(mouseEvent)
  }

  /// Clears the rows, restores the terminal and closes it; the prompt is left where it
  /// was. Safe to call more than once.
  public func end() {
    guard !ended else { return }
    ended = true
    // Under the restoration's lock: a signal arriving now waits, then finds nothing
    // left to restore.
    TerminalRestoration.shared.unregister {
      Self.write(fd, renderer.clear(rows: size.rows))
      // Bracketed paste is left on: the shell below may have had it on, and cannot be
      // asked cheaply here (see CursesScreen).
      Self.write(fd, Array((mouse ? "\u{1B}[?1000l\u{1B}[?1006l" : "").utf8))
      tcsetattr(fd, TCSAFLUSH, &saved)
    }
    signal(SIGWINCH, SIG_DFL)
    close(fd)
  }

  /// The number of rows of the terminal on `/dev/tty`, or `nil` when there is none.
  public static func terminalRows() -> Int? {
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var window = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 else { return nil }
    return Int(window.ws_row)
  }

  private func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes to the terminal under the restoration's lock; nothing once a signal has
  /// restored it.
  private func write(_ bytes: [UInt8]) {
    TerminalRestoration.shared.write { Self.write(fd, bytes) }
  }

  /// Writes all of `bytes` to `fd` (the corresponding C function is `write(2)`).
  private static func write(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}
