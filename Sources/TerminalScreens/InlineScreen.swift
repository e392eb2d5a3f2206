#if canImport(Glibc)
  import Glibc
#endif
import Synchronization
import TerminalKit
import Localization

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
/// When the terminal is resized (SIGWINCH), the area is laid out again before
/// `.resize` is returned: its rows are recomputed for the new height (`height`), it is
/// erased from its first row down, room is made below that row again (scrolling at
/// the bottom of the terminal if need be) and the terminal is asked anew where it
/// starts, so the next frame is drawn whole where the rows now are. Terminals move
/// the text and the cursor together when they resize (tmux and xterm push lines into
/// their history or pull them back), so the area's first row is found from the
/// cursor, which every frame leaves on a known row of the area.
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
  /// How long a lone ESC waits for the rest of a sequence (ms).
  private let escapeDelay = Int32(EscapeDelay.milliseconds())
  private var pending: [KeyEvent] = []
  /// Whether `init` turned bracketed paste on (the terminal said it was off).
  private var turnedOnBracketedPaste = false
  /// What the area's height is made of, to recompute it when the terminal is resized.
  private let height: ScreenHeight
  private var mouse: Bool
  /// The terminal's rows when the area was last laid out.
  private var terminalRows: Int
  private var lastClick: (row: Int, time: UInt64)?
  private var ended = false

  /// Opens `/dev/tty`, makes room for `rows` rows below the cursor and prepares it.
  ///
  /// - Parameters:
  ///   - rows: the area's height now (at least 1).
  ///   - height: what `rows` was computed from (`--height 40%`), to compute the
  ///     height again when the terminal is resized (`areaRows(for:terminalRows:)`);
  ///     `nil`: `rows` rows, fewer while the terminal has fewer.
  ///   - colorEnabled: whether colours are drawn.
  ///   - mouse: report clicks and the wheel (only when the terminal answers DSR 6).
  /// - Throws: `TerminalError.noTerminal` when `/dev/tty` cannot be opened or is not
  ///   a terminal.
  public init(rows: Int, height: ScreenHeight? = nil, colorEnabled: Bool, mouse: Bool = true) throws(TerminalError) {
    if let refusal = Self.refusal(term: getenv("TERM").map { String(cString: $0) }) { throw refusal }
    CursesSession.setUpLocale()  // `wcwidth` as the terminal counts (UTF-8)
    fd = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard fd >= 0 else {
      throw .noTerminal(TerminalError.cannotOpenTTY(String(cString: strerror(errno))))
    }
    guard tcgetattr(fd, &saved) == 0 else {
      close(fd)
      throw .noTerminal(L10n.text("/dev/tty is not a terminal"))
    }
    self.colorEnabled = colorEnabled
    var window = winsize()
    let known = ioctl(fd, UInt(TIOCGWINSZ), &window) == 0
    let columns = known && window.ws_col > 0 ? Int(window.ws_col) : 80
    terminalRows = known && window.ws_row > 0 ? Int(window.ws_row) : 24
    let areaRows = max(1, rows)
    self.height = height ?? .rows(areaRows)
    size = (areaRows, columns)
    var raw = saved
    cfmakeraw(&raw)
    TerminalRestoration.shared.register(fd: fd, modes: saved, leave: [])
    tcsetattr(fd, TCSAFLUSH, &raw)
    signal(SIGWINCH) { _ in terminalResized.store(true, ordering: .relaxed) }

    // Bracketed paste left as it was found (case 25): asked as the full screen asks it
    // (DECRQM, answered before DA1 by the terminals that know it), turned off at the
    // end only when it was off.
    let paste = BracketedPasteQuery(fd: fd)
    pending.append(contentsOf: paste.typeahead)
    Self.write(fd, Self.roomSequence(rows: areaRows))
    var leftover: [UInt8] = []
    let top = Self.askCursorRow(fd: fd, leftover: &leftover)
    renderer = Self.renderer(top: top, colorEnabled: colorEnabled)
    self.mouse = mouse && top != nil
    turnedOnBracketedPaste = paste.state == .reset
    write((turnedOnBracketedPaste ? "\u{1B}[?2004h" : "") + (self.mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : ""))
    TerminalRestoration.shared.updateLeave(leaveSequence())
    if !leftover.isEmpty { pending.append(contentsOf: decoder.feed(leftover)) }
  }

  /// A renderer for the area at `top` (nil: unknown), placing clusters by the C
  /// library's `wcwidth` as the full screen does (`CursesGlyph`).
  private static func renderer(top: Int?, colorEnabled: Bool) -> AnsiRenderer {
    var renderer = AnsiRenderer(origin: top.map { .absolute(top: $0) } ?? .relative, colorEnabled: colorEnabled)
    renderer.glyphColumns = { cWidth(wchar_t(bitPattern: $0)) }
    return renderer
  }

  /// Why a terminal of type `term` (`$TERM`) cannot show this picker, as the full
  /// screen says it (`CursesSession`): `dumb` (Emacs' `M-x shell`) draws no escape
  /// sequence; nil for any other type, or none.
  nonisolated static func refusal(term: String?) -> TerminalError? {
    term == "dumb" ? CursesSession.cannotShowPicker("dumb") : nil
  }

  /// The rows of the area on a terminal of `terminalRows` rows: `height`'s rows
  /// (`ScreenHeight.rows(of:)`, at least 3), all of them when that is the full
  /// height or more (an inline area cannot become the full screen), never more than
  /// the terminal has, at least 1.
  nonisolated static func areaRows(for height: ScreenHeight, terminalRows: Int) -> Int {
    let rows = max(1, terminalRows)
    return max(1, min(rows, height.rows(of: rows) ?? rows))
  }

  /// Makes room for `rows` rows from the cursor's row down (the terminal scrolls when
  /// they do not fit below it), then puts the cursor back on that row's first column.
  nonisolated static func roomSequence(rows: Int) -> [UInt8] {
    let down = max(0, rows - 1)
    return Array((String(repeating: "\n", count: down) + (down > 0 ? "\u{1B}[\(down)A" : "") + "\r").utf8)
  }

  /// Erases the area, from its first row to the bottom of the terminal, with the
  /// cursor on the area's row `cursorRow` (where the last frame left it), and leaves
  /// the cursor on the first row, column 1. Relative moves only: after a resize the
  /// area is no longer where the terminal first said, but the cursor moved with it.
  nonisolated static func eraseSequence(cursorRow: Int) -> [UInt8] {
    Array(("\r" + (cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : "") + "\u{1B}[J").utf8)
  }

  /// Scrolls the whole screen down by `gap` rows (reverse index on the first row:
  /// blank rows come in at the top, the blank rows below the area go out), so that an
  /// area starting at row `top` ends on the last row, and puts the cursor on its new
  /// first row, `top + gap`.
  nonisolated static func scrollDownSequence(gap: Int, top: Int) -> [UInt8] {
    guard gap > 0 else { return [] }
    return Array(("\u{1B}[1;1H" + String(repeating: "\u{1B}M", count: gap) + "\u{1B}[\(top + gap);1H").utf8)
  }

  /// The blank rows left below an area of `rows` rows starting at row `top` (1-based)
  /// of a terminal of `terminalRows` rows, when it must stay at the bottom
  /// (`atBottom`): the rows to scroll down by; 0 otherwise.
  nonisolated static func bottomGap(top: Int, rows: Int, terminalRows: Int, atBottom: Bool) -> Int {
    atBottom ? max(0, terminalRows - (top + rows - 1)) : 0
  }

  /// After SIGWINCH: the new size, the area erased and made again at its new height
  /// below its first row, the terminal asked where that row now is; the next frame
  /// is drawn whole. Keys read meanwhile are kept for `nextInput`.
  ///
  /// An area that ended on the terminal's last row (the prompt was near the bottom)
  /// is kept there: when the terminal has moved the text up (tmux rewraps the long
  /// rows of the area when it gets narrower, pushing lines into its history) or has
  /// added rows below it (taller), the screen is scrolled down so the area ends on the
  /// last row again with the shell's lines right above it (`bottomGap`). An area
  /// below a prompt higher up stays below it.
  private func relayout() {
    var window = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      renderer.invalidate()
      return
    }
    let newTerminalRows = Int(window.ws_row)
    let rows = Self.areaRows(for: height, terminalRows: newTerminalRows)
    var atBottom = false
    if case .absolute(let oldTop) = renderer.origin { atBottom = oldTop + size.rows - 1 >= terminalRows }
    size = (rows, Int(window.ws_col))
    terminalRows = newTerminalRows
    var leftover: [UInt8] = []
    var top: Int?
    let wrote = TerminalRestoration.shared.write {
      Self.write(fd, Self.eraseSequence(cursorRow: renderer.cursorRow) + Self.roomSequence(rows: rows))
      guard case .absolute = renderer.origin, let row = Self.askCursorRow(fd: fd, leftover: &leftover) else { return }
      let gap = Self.bottomGap(top: row, rows: rows, terminalRows: newTerminalRows, atBottom: atBottom)
      Self.write(fd, Self.scrollDownSequence(gap: gap, top: row))
      top = row + gap
    }
    guard wrote else { return }
    if case .absolute = renderer.origin, top == nil, mouse {
      // It answered at start but not now: draw relative to the cursor, without mouse.
      write("\u{1B}[?1000l\u{1B}[?1006l")
      mouse = false
    }
    renderer = Self.renderer(top: top, colorEnabled: colorEnabled)
    TerminalRestoration.shared.updateLeave(leaveSequence())
    for event in decoder.feed(leftover) { pending.append(translate(event)) }
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

  /// Draws `frame` in the area, rewriting only changed rows (`AnsiRenderer`); nothing
  /// after `end()`, nor while a resize waits to be handled: that frame was made for
  /// the old size and would be drawn where the area no longer is (the next
  /// `nextInput` lays the area out again and returns `.resize`, for a new frame).
  ///
  /// tmux applies a second resize within 250 ms of the first to its screen at once
  /// but tells the program (SIGWINCH) only when that time is up; a frame drawn
  /// meanwhile is made for the old size. It is drawn without autowrap, and the
  /// relayout that follows erases from the cursor down, so it leaves nothing behind
  /// unless the terminal has moved the area's first row away from the cursor.
  public func present(_ frame: Frame) {
    guard !ended, !terminalResized.load(ordering: .relaxed) else { return }
    // Autowrap off while drawing (DECAWM): a row wider than the terminal (a frame made
    // before tmux's delayed SIGWINCH arrived) is cut at the last column instead of
    // wrapping and scrolling the shell's lines away.
    write(Array("\u{1B}[?7l".utf8) + renderer.render(frame) + Array("\u{1B}[?7h".utf8))
    TerminalRestoration.shared.updateLeave(leaveSequence())
  }

  /// What `end()` writes, for `TerminalRestoration`: the rows cleared from where the
  /// renderer left the cursor (`eraseSequence`, relative, so still right when the
  /// terminal was resized since the last frame), attributes reset, the cursor shown,
  /// mouse reporting off, bracketed paste off when `init` turned it on.
  private func leaveSequence() -> [UInt8] {
    Self.eraseSequence(cursorRow: renderer.cursorRow)
      + Array(
        ("\u{1B}[0m\u{1B}[?25h" + (mouse ? "\u{1B}[?1000l\u{1B}[?1006l" : "")
          + (turnedOnBracketedPaste ? "\u{1B}[?2004l" : "")).utf8)
  }

  /// Blocks until the next key; mouse rows are relative to the area; `nil` after `end()` or when input ends.
  public func nextKey() -> KeyEvent? {
    if case .key(let key) = nextInput(timeout: nil) { return key }
    return nil
  }

  /// `/dev/tty`, which keys come from.
  public var inputDescriptor: Int32? { fd }

  /// Waits for the next key for at most `milliseconds` (`poll(2)` on `/dev/tty`;
  /// `nil`: no limit). A lone ESC still waits `EscapeDelay` for the rest of a sequence, a
  /// paste under way `PasteText.pause`, past the timeout if need be.
  public func nextInput(timeout milliseconds: Int?) -> ScreenInput {
    let deadline = milliseconds.map { ScreenClock.milliseconds() + UInt64(max(0, $0)) }
    var looked = false  // the terminal was polled once: a timeout of 0 reads what is there
    while true {
      if !pending.isEmpty { return .key(pending.removeFirst()) }
      if ended { return .ended }
      if terminalResized.exchange(false, ordering: .relaxed) {
        relayout()
        return .key(.resize)
      }
      // A lone ESC waits `EscapeDelay` for the rest of a sequence (as ESCDELAY in
      // ncurses), a paste or a sequence under way `PasteText.pause`; otherwise wake up every 200 ms
      // to look at the resize flag.
      var wait: Int32 = 200
      if decoder.hasPendingInput {
        wait = decoder.isPendingPaste || decoder.isPendingSequence ? PasteText.pause : escapeDelay
      } else if let deadline {
        let now = ScreenClock.milliseconds()
        if now >= deadline && looked { return .timedOut }
        wait = now >= deadline ? 0 : Int32(min(200, deadline - now))
      }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, wait)
      looked = true
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
      // A line break with text behind it in the same read is pasted (`PasteText`).
      for event in PasteText.joiningLineBreaks(decoder.feed(buffer[0..<count])) { pending.append(translate(event)) }
    }
  }

  /// Mouse rows from the terminal's coordinates to the area's; two clicks on one row
  /// within 300 ms make a double click.
  private func translate(_ event: KeyEvent) -> KeyEvent {
    guard case .mouse(var mouseEvent) = event, case .absolute(let top) = renderer.origin else { return event }
    mouseEvent.row -= top - 1
    if mouseEvent.action == .click {
      let milliseconds = ScreenClock.milliseconds()
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
      Self.write(fd, leaveSequence())
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
