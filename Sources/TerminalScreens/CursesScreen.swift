@preconcurrency import CNcursesw
import TerminalKit
import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// A `Screen` on the user's terminal through ncursesw, drawn on `/dev/tty` so that
/// standard input and output stay free for data (pipes, JSON results).
///
/// Set-up: the locale from the environment (UTF-8 forced for the character type),
/// raw mode (Ctrl-C arrives as `.control("c")`, not as SIGINT), no echo, keypad keys,
/// an escape delay of 25 ms unless the user set `ESCDELAY` to a number (`EscapeDelay`; inside tmux, tmux's own
/// `escape-time` adds to it), colour pairs when `colorEnabled` and the terminal has
/// colours, and bracketed paste (xterm mode 2004) so a pasted line break is never
/// Enter.
///
/// Bracketed paste is left as it was found: at start the terminal is asked (DECRQM)
/// whether mode 2004 is on; when it says off, `CSI ? 2004 h` is sent and `end()` sends
/// `CSI ? 2004 l`; when it says on, or does not answer (tmux 3.3), nothing is sent.
/// Paste markers are recognised either way, and a line break with text waiting right
/// behind it is pasted text, not Enter (`PasteText.continuesAfterLineBreak`).
///
/// The owner must call `end()` before exiting (a `@MainActor` class cannot do it from
/// `deinit`); until then the terminal stays in raw mode on the alternate screen.
/// When the process ends on a signal instead (`SignalExit`), the terminal is given
/// back through `TerminalRestoration.shared`: the modes found before `newterm`, and
/// the terminfo strings `endwin` would send (`sgr0`, `cnorm`, `rmkx`, `rmcup`) with
/// mouse reporting and, if it was turned on here, bracketed paste off.
@MainActor
public final class CursesScreen: Screen {
  /// Whether colour pairs are used (requested and supported by the terminal).
  public let colorEnabled: Bool
  /// The terminal's size in cells, updated when it is resized.
  public private(set) var size: (rows: Int, columns: Int)

  private let tty: UnsafeMutablePointer<FILE>
  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private var ended = false
  /// The pictures of the frame presented last (`Frame.images`), drawn over its text.
  private var shownImages: [FrameImage] = []
  /// The cell size the terminal replied to `CSI 16 t` at start, if asked and answered.
  private let queriedCell: CellPixelSize?
  private var turnedOnBracketedPaste = false
  private var pending: [KeyEvent]
  /// The `wtimeout` of the current `nextInput` call, in milliseconds (-1: none).
  private var inputTimeout: Int32 = -1

  /// Opens the terminal and takes it over (alternate screen, raw mode).
  ///
  /// - Parameters:
  ///   - colorEnabled: use colours when the terminal has them (pass false for
  ///     `NO_COLOR` / `--no-color`); attributes such as bold are kept either way.
  ///   - height: rows for an inline picker below the prompt (like fzf `--height`).
  ///     Not implemented yet: any value uses the full screen (the alternate screen).
  ///   - mouse: report clicks, double clicks and the wheel as `.mouse` events
  ///     (`mousemask(3)`); the terminal's own text selection then needs Shift.
  /// - Throws: `TerminalError.noTerminal` when `/dev/tty` cannot be opened (no
  ///   controlling terminal) or no terminal description works: `$TERM`, then `xterm`,
  ///   then `vt100` are tried. Nothing is left changed on the terminal when it throws.
  public init(colorEnabled: Bool, height: Int? = nil, mouse: Bool = true) throws(TerminalError) {
    CursesSession.setUpLocale()
    let tty = try CursesSession.openTerminal()
    var shellModes = termios()
    let hasModes = tcgetattr(fileno(tty), &shellModes) == 0
    let screen: OpaquePointer
    do {
      screen = try CursesSession.newScreen(on: tty)
    } catch {
      fclose(tty)
      throw error
    }
    if hasModes {
      TerminalRestoration.shared.register(
        fd: fileno(tty), modes: shellModes, leave: Self.leaveSequence(bracketedPaste: false))
    }
    let query = BracketedPasteQuery(fd: fileno(tty), askCellSize: Self.windowCell(fileno(tty)) == nil)
    queriedCell = query.cellSize
    self.tty = tty
    self.screen = screen
    self.pending = query.typeahead
    _ = set_term(screen)
    guard let window = stdscr else {
      TerminalRestoration.shared.unregister { _ = endwin() }
      delscreen(screen)
      fclose(tty)
      throw .noTerminal("\(CursesSession.programName): " + L10n.text("cannot use the terminal on /dev/tty"))
    }
    self.window = window
    _ = raw()
    _ = noecho()
    _ = nonl()
    _ = keypad(window, true)
    // Bytes above 0x7F as they come (`readCharacter` decodes UTF-8).
    _ = meta(window, true)
    _ = intrflush(window, false)
    _ = set_escdelay(Int32(EscapeDelay.milliseconds()))
    self.colorEnabled = colorEnabled && has_colors() && CursesAttributes.setUpPairs()
    _ = curs_set(0)
    CursesKeys.defineExtraSequences()
    if mouse {
      _ = mousemask(CursesKeys.mouseEvents, nil)
      _ = mouseinterval(300)
    }
    size = (Int(getmaxy(window)), Int(getmaxx(window)))
    // Bracketed paste on while cpick runs, and off again at the end, only when the
    // terminal said it was off (DECRQM). One that does not answer (tmux 3.3) is left
    // as it is: it may belong to a shell that had the mode on (a zsh widget; switched
    // off, its pastes would run lines: fzf#4887) or off (bash between commands; left
    // on, its next command gets the markers in its input: fzf#4338).
    if query.state == .reset {
      writeToTerminal("\u{1B}[?2004h")
      turnedOnBracketedPaste = true
      TerminalRestoration.shared.updateLeave(Self.leaveSequence(bracketedPaste: true))
    }
  }

  /// What `endwin` sends, from the terminal's description (`sgr0`, `cnorm`, `rmkx`,
  /// `rmcup`; a missing one is left out), with mouse reporting (X10, button, any
  /// event and SGR modes) and, when `bracketedPaste`, bracketed paste turned off:
  /// what `TerminalRestoration` writes when the process ends on a signal.
  static func leaveSequence(bracketedPaste: Bool) -> [UInt8] {
    func capability(_ name: String) -> String {
      guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return "" }
      return String(cString: value)
    }
    var text = capability("sgr0") + capability("cnorm") + capability("rmkx")
    text += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l"
    if bracketedPaste { text += "\u{1B}[?2004l" }
    text += capability("rmcup")
    return Array(text.utf8)
  }

  /// Gives the terminal back: leaves the alternate screen, restores the tty modes,
  /// turns bracketed paste off if `init` turned it on, and closes `/dev/tty`.
  /// Safe to call more than once; the screen cannot be used afterwards.
  public func end() {
    guard !ended else { return }
    ended = true
    // Under the restoration's lock: a signal arriving now waits for endwin, then
    // finds nothing left to restore.
    TerminalRestoration.shared.unregister {
      _ = curs_set(1)
      _ = endwin()
      if turnedOnBracketedPaste { writeUnlocked("\u{1B}[?2004l") }
    }
    delscreen(screen)
    fclose(tty)
  }

  /// Draws `frame` (clipped to the current size) and places or hides the cursor.
  /// ncurses sends only what changed since the last refresh, so there is no flicker.
  public func present(_ frame: Frame) {
    guard !ended else { return }
    // Under the restoration's lock, so that a signal never restores the terminal in
    // the middle of a frame; dropped once it has been restored.
    TerminalRestoration.shared.write { drawFrame(frame) }
  }

  private func drawFrame(_ frame: Frame) {
    let rows = min(frame.rows, size.rows)
    let columns = min(frame.columns, size.columns)
    for row in 0..<rows {
      var column = 0
      while column < columns {
        column += draw(frame[row, column], row: row, column: column, limit: columns - column)
      }
    }
    if let cursor = frame.cursor, cursor.row < rows, cursor.column < columns {
      _ = curs_set(1)
      _ = wmove(window, Int32(cursor.row), Int32(cursor.column))
    } else {
      _ = curs_set(0)
    }
    // Pictures drawn in pixels go over the text once it is on the terminal; when they
    // change, every cell is sent again so that nothing of the old ones stays.
    if frame.images != shownImages {
      if !shownImages.isEmpty { _ = clearok(curscr, true) }
    }
    _ = wrefresh(window)
    let update = FrameImage.update(from: shownImages, to: frame.images)
    if !update.isEmpty {
      update.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, tty) }
      fflush(tty)
    }
    shownImages = frame.images
  }

  /// Draws one cell; returns how many columns it used (at least 1).
  private func draw(_ cell: Cell, row: Int, column: Int, limit: Int) -> Int {
    // A continuation whose wide character was drawn is skipped by the caller; one
    // reached here is orphaned, so it is drawn as a space.
    let text = cell.text.isEmpty ? " " : cell.text
    var width = max(1, TerminalText.width(Character(text)))
    if width > limit { width = 1 }
    let glyph = CursesGlyph(text, width: width)
    let attributes = CursesAttributes.attributes(cell.style)
    let pair = colorEnabled ? CursesAttributes.pair(cell.style) : 0
    var at = column
    for part in glyph.parts {
      put(part.characters, row: row, column: at, attributes: attributes, pair: pair)
      at += part.width
    }
    while at < column + width {
      put([0x20, 0], row: row, column: at, attributes: attributes, pair: pair)
      at += 1
    }
    return width
  }

  private func put(_ characters: [wchar_t], row: Int, column: Int, attributes: attr_t, pair: Int16) {
    var cchar = cchar_t()
    _ = characters.withUnsafeBufferPointer { setcchar(&cchar, $0.baseAddress, attributes, pair, nil) }
    // Writing the bottom-right cell returns ERR (the cursor cannot advance); the cell
    // is drawn anyway, so the error is ignored.
    _ = mvwadd_wch(window, Int32(row), Int32(column), &cchar)
  }

  /// Waits for the next key. Returns `nil` when the terminal input has ended.
  ///
  /// A bracketed paste comes back as one `.paste`, a window size change as `.resize`
  /// (after `size` is updated).
  public func nextKey() -> KeyEvent? {
    if case .key(let key) = nextInput(timeout: nil) { return key }
    return nil
  }

  /// `/dev/tty`, which keys come from.
  public var inputDescriptor: Int32? { fileno(tty) }

  /// The size of a cell in pixels (`Screen.cellPixelSize`): from the window's size
  /// (`TIOCGWINSZ`, asked again each time: a font change comes with a resize), else the terminal's reply to
  /// `CSI 16 t` at start (`BracketedPasteQuery`); nil when the terminal told neither.
  public var cellPixelSize: CellPixelSize? { Self.windowCell(fileno(tty)) ?? queriedCell }

  /// The cell size `TIOCGWINSZ` gives on `fd` (`CellPixelSize(columns:rows:pixelWidth:pixelHeight:)`).
  private static func windowCell(_ fd: Int32) -> CellPixelSize? {
    var window = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
    return CellPixelSize(
      columns: Int(window.ws_col), rows: Int(window.ws_row), pixelWidth: Int(window.ws_xpixel),
      pixelHeight: Int(window.ws_ypixel))
  }

  /// Waits for the next key for at most `milliseconds` (`wtimeout(3)`; `nil`: no
  /// limit). An escape sequence or a paste that has begun is read to its end (the
  /// ESC delay still applies to a lone Esc); `.ended` when the terminal hung up.
  public func nextInput(timeout milliseconds: Int?) -> ScreenInput {
    if !pending.isEmpty { return .key(pending.removeFirst()) }
    guard !ended else { return .ended }
    inputTimeout = milliseconds.map { Int32(clamping: max(0, $0)) } ?? -1
    wtimeout(window, inputTimeout)
    defer {
      if inputTimeout != -1 {
        inputTimeout = -1
        wtimeout(window, -1)
      }
    }
    var failures = 0
    while true {
      var value: wint_t = 0
      let status = readCharacter(&value)
      if status == ERR {
        if milliseconds != nil { return terminalHungUp() ? .ended : .timedOut }
        // Interrupted by a signal: try again; otherwise the input is gone.
        failures += 1
        if errno == EINTR && failures < 8 { continue }
        return .ended
      }
      if status == KEY_CODE_YES {
        let code = Int32(bitPattern: value)
        if code == CursesKeys.pasteStart { return .key(readPaste()) }
        if code == KEY_RESIZE { size = (Int(getmaxy(window)), Int(getmaxx(window))) }
        if code == KEY_MOUSE {
          var report = MEVENT()
          if getmouse(&report) == OK, let event = CursesKeys.event(forMouse: report) { return .key(event) }
          continue
        }
        if let event = CursesKeys.event(forKeyCode: code) { return .key(event) }
        continue
      }
      if value == 0x1B {
        switch readAltKey() {
        case .key(let alt): return .key(alt)
        case .dropped: continue
        case .none: break
        }
      }
      if let event = CursesKeys.event(forCharacter: UInt32(value)) {
        if event == .enter, let paste = readPastedLines() { return .key(paste) }
        return .key(event)
      }
    }
  }

  /// After a CR or LF: the text already waiting behind it (no wait), when it starts
  /// with text (`PasteText.continuesAfterLineBreak`), as a `.paste` that starts with
  /// the line break — a paste that came without markers — up to the next key that is
  /// not text (put back); nil when nothing such waits: the key is Enter.
  private func readPastedLines() -> KeyEvent? {
    wtimeout(window, 0)
    defer { wtimeout(window, inputTimeout) }
    var text = PasteText()
    text.add("\r")
    var read = 0
    while true {
      var next: wint_t = 0
      let status = readCharacter(&next)
      guard status == OK, let scalar = Unicode.Scalar(UInt32(next)),
        let event = CursesKeys.event(forCharacter: UInt32(next)), PasteText.continuesAfterLineBreak(event)
      else {
        if status == OK { _ = unget_wch(wchar_t(next)) } else if status == KEY_CODE_YES { _ = ungetch(Int32(bitPattern: next)) }
        break
      }
      text.add(scalar)
      read += 1
    }
    return read == 0 ? nil : .paste(text.text)
  }

  /// What `wget_wch` gives — `OK` and a character, `KEY_CODE_YES` and a keypad key's
  /// code, or `ERR` — without its decoding: after a byte that begins no UTF-8
  /// character (0xFF, a Latin-1 terminal's `é`, an X10 mouse report of a column past
  /// 95, an 8-bit Meta key) ncurses waits for more bytes and never gives a key again,
  /// Esc included. Here bytes are read (`wgetch`) and decoded: a byte that begins no
  /// character, or a character cut short, is U+FFFD (the byte that cut it is put back
  /// and read next). The rest of a character is waited for `continuationPause` at most.
  private func readCharacter(_ value: inout wint_t) -> Int32 {
    let first = wgetch(window)
    if first == ERR { return ERR }
    if first >= KEY_MIN {
      value = wint_t(first)
      return KEY_CODE_YES
    }
    let lead = UInt8(truncatingIfNeeded: first)
    if lead < 0x80 {
      value = wint_t(lead)
      return OK
    }
    guard let length = UTF8Input.length(ofLead: lead) else {
      value = 0xFFFD
      return OK
    }
    var bytes = [lead]
    let saved = wgetdelay(window)
    wtimeout(window, Self.continuationPause)
    defer { wtimeout(window, saved) }
    while bytes.count < length {
      let next = wgetch(window)
      guard next != ERR else { break }
      guard next < KEY_MIN, UTF8Input.isContinuation(UInt8(truncatingIfNeeded: next)) else {
        _ = ungetch(next)
        break
      }
      bytes.append(UInt8(truncatingIfNeeded: next))
    }
    value = wint_t(UTF8Input.scalar(bytes).value)
    return OK
  }

  /// How long the rest of a UTF-8 character may keep `readCharacter` waiting (ms): a
  /// terminal sends it in one burst.
  private static let continuationPause: Int32 = 50

  /// After `wget_wch` gave ERR in timeout mode: whether that was the terminal going
  /// away (hang-up, error) rather than the time passing.
  private func terminalHungUp() -> Bool {
    var poller = pollfd(fd: fileno(tty), events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, 0) >= 0 else { return errno != EINTR }
    return Int32(poller.revents) & (POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// What an ESC that ncurses did not take as the start of a key sequence begins.
  private enum AfterEscape {
    /// A key: Alt plus a character, Alt-Backspace, a paste.
    case key(KeyEvent)
    /// A control sequence read whole and dropped.
    case dropped
    /// Nothing: the ESC is the Esc key.
    case none
  }

  /// After an ESC that ncurses did not take as the start of a key sequence: a
  /// printable character already waiting makes it Alt plus that character (terminals
  /// send Meta as ESC + key), a backspace Alt-Backspace; anything else is put back.
  /// The rest of a control sequence ncurses does not know (`readSplitSequence`) is
  /// dropped, or begins a paste.
  private func readAltKey() -> AfterEscape {
    wtimeout(window, 0)
    defer { wtimeout(window, inputTimeout) }
    var next: wint_t = 0
    let status = readCharacter(&next)
    if status == OK, next == 0x5B || next == 0x5D || next == 0x50 || next == 0x5F {
      switch readSplitSequence(osc: next != 0x5B) {
      case .pasteStart: return .key(readPaste())
      case .dropped: return .dropped
      case .none: break
      }
    }
    if status == OK, (0x20..<0x7F).contains(next), let scalar = Unicode.Scalar(UInt32(next)) {
      return .key(.alt(Character(scalar)))
    }
    // Alt-Backspace: ESC DEL or ESC BS (which ncurses may have read as its backspace key).
    if (status == OK && (next == 0x7F || next == 0x08)) || (status == KEY_CODE_YES && next == KEY_BACKSPACE) {
      return .key(.altBackspace)
    }
    if status == OK { _ = unget_wch(wchar_t(next)) } else if status == KEY_CODE_YES { _ = ungetch(Int32(bitPattern: next)) }
    return .none
  }

  /// What follows `ESC [` or `ESC ]` that ncurses gave as characters.
  private enum SplitSequence {
    case pasteStart, dropped, none
  }

  /// After `ESC [` (or `ESC ]`, `ESC P`, `ESC _`: `osc`, a string) that ncurses gave as
  /// characters, the rest of a control sequence: its first character within
  /// `sequencePause` (or, for a CSI, later when it begins a paste's start marker or a
  /// private reply), each next one within `PasteText.pause` (a terminal sends one in a
  /// burst; over ssh it may come in pieces, later than the ESC delay):
  /// - a whole ECMA-48 CSI (parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, a
  ///   final byte 0x40–0x7E) — a terminal's reply that came after the wait at start
  ///   (`CSI ? 64 ; 1 c`, `CSI 6 ; 20 ; 10 t`), a key ncurses does not know
  ///   (`CSI 97 ; 5 u`) — is dropped;
  /// - so is a string (OSC, DCS, APC: `ESC ] 11 ; rgb:… ESC \`, `ESC P >|tmux 3.3 ESC \`)
  ///   ended by BEL or ST (`ESC \`);
  /// never typed into a query. Otherwise — a first character that came only after
  /// `sequencePause` (a key typed after Alt-[), or no end — the characters read are
  /// put back, and the `[` stays an Alt key. (`200~`, a paste's start marker, begins a
  /// paste.)
  private func readSplitSequence(osc: Bool) -> SplitSequence {
    defer { wtimeout(window, 0) }
    var read: [wint_t] = []
    var intermediates = false
    var result = SplitSequence.none
    reading: while read.count < (osc ? 512 : 64) {
      // Once a character has come within `sequencePause`, the rest of the sequence may
      // come later (ssh): `PasteText.pause` for each.
      wtimeout(window, read.isEmpty ? Self.sequencePause : PasteText.pause)
      var next: wint_t = 0
      var status = readCharacter(&next)
      if status == ERR && read.isEmpty && !osc {
        // The first character late: a sequence's only when it begins a paste's start
        // marker (`2`) or a private reply (`?`, `>`, `<`, `=`: `CSI ? 64 ; 1 c`), not a
        // key typed after Alt-[.
        wtimeout(window, PasteText.pause - Self.sequencePause)
        status = readCharacter(&next)
        if status == OK && next != 0x32 && !(0x3C...0x3F).contains(next) {
          _ = unget_wch(wchar_t(next))
          break reading
        }
      }
      if status == KEY_CODE_YES { _ = ungetch(Int32(bitPattern: next)) }
      guard status == OK else { break }
      read.append(next)
      if osc {
        // BEL, or ST (`ESC \`: the ESC comes as a character here).
        if next == 0x07 || (next == 0x5C && read.count >= 2 && read[read.count - 2] == 0x1B) {
          result = .dropped
          break reading
        }
        continue
      }
      switch next {
      case 0x30...0x3F where !intermediates: continue
      case 0x20...0x2F: intermediates = true
      case 0x40...0x7E:
        result = read == Self.pasteStartRest ? .pasteStart : .dropped
        if read == [0x4D] {
          // An X10 mouse report ncurses did not take (`ESC [ M` and three bytes: the
          // button, the column and the row, past 95 above 0x7F): its bytes dropped too.
          for _ in 0..<3 {
            var byte: wint_t = 0
            guard readCharacter(&byte) == OK else { break }
          }
        }
        break reading
      default: break reading
      }
    }
    if case .none = result { for value in read.reversed() { _ = unget_wch(wchar_t(value)) } }
    return result
  }

  /// `200~`, the rest of a paste's start marker after `ESC [`.
  private static let pasteStartRest: [wint_t] = "200~".unicodeScalars.map { wint_t($0.value) }

  /// How long the first character of a control sequence may keep `readSplitSequence`
  /// waiting (ms): a terminal sends a sequence in one burst, and a key typed after
  /// Alt-[ must not wait for a second.
  private static let sequencePause: Int32 = 100

  /// Reads a bracketed paste after its start marker, up to the end marker, the end of
  /// input, or a pause of `PasteText.pause`. CR and CR LF become LF; keys decoded inside
  /// are dropped. An end marker whose ESC came alone (the rest of it later than
  /// ncurses' ESC delay: over ssh, in another read) reaches here as characters, and
  /// ends the paste all the same.
  private func readPaste() -> KeyEvent {
    // A paste is read to its end marker whatever the caller's timeout.
    wtimeout(window, PasteText.pause)
    defer { wtimeout(window, inputTimeout) }
    var text = PasteText()
    while true {
      var value: wint_t = 0
      let status = readCharacter(&value)
      if status == ERR { break }
      if status == KEY_CODE_YES {
        if Int32(bitPattern: value) == CursesKeys.pasteEnd { break }
        continue
      }
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      if text.add(scalar) { break }
    }
    return .paste(text.text)
  }

  private func writeToTerminal(_ sequence: String) {
    TerminalRestoration.shared.write { writeUnlocked(sequence) }
  }

  /// `writeToTerminal` for callers that hold the restoration's lock already.
  private func writeUnlocked(_ sequence: String) {
    fputs(sequence, tty)
    fflush(tty)
  }
}
