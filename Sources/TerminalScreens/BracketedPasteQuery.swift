import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Asks the terminal whether bracketed paste (xterm private mode 2004) is on, so that
/// cpick leaves it as it found it: a shell that had it on (zsh while running a
/// widget) keeps it on after cpick exits; and, with `askCellSize`, its cell size in
/// pixels (xterm's `CSI 16 t`), for a terminal whose `TIOCGWINSZ` has no pixels.
///
/// Sends DECRQM `CSI ? 2004 $ p` (and `CSI 16 t`) followed by DA1 `CSI c` (which every
/// VT100-compatible terminal answers, after the replies before it), and reads replies
/// until the DA1 answer arrives or `timeout` passes: the cell size costs no wait of its
/// own. Bytes that are not replies (keys typed ahead) are kept as `typeahead`.
struct BracketedPasteQuery {
  enum State { case set, reset, unknown }

  var state: State = .unknown
  var typeahead: [KeyEvent] = []
  /// The cell size the terminal replied (`CSI 6 ; height ; width t`), if it did.
  var cellSize: CellPixelSize?

  /// Runs the query on file descriptor `fd` (the tty), in raw mode for its duration.
  init(fd: Int32, askCellSize: Bool = false, timeoutMilliseconds: Int = 150) {
    var saved = termios()
    guard tcgetattr(fd, &saved) == 0 else { return }
    var raw = saved
    cfmakeraw(&raw)
    guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return }
    defer { _ = tcsetattr(fd, TCSANOW, &saved) }

    let query = Array("\u{1B}[?2004$p\(askCellSize ? "\u{1B}[16t" : "")\u{1B}[c".utf8)
    guard query.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == query.count else { return }

    var received: [UInt8] = []
    var deadline = timeoutMilliseconds
    var gotDeviceAttributes = false
    while deadline > 0 && !gotDeviceAttributes {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let started = Self.milliseconds()
      guard poll(&poller, 1, Int32(deadline)) > 0 else { break }
      var chunk = [UInt8](repeating: 0, count: 256)
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      received += chunk[0..<count]
      gotDeviceAttributes = Self.scan(received).deviceAttributes
      deadline -= max(1, Self.milliseconds() - started)
    }
    let result = Self.scan(received)
    state = result.state
    cellSize = result.cellSize
    typeahead = KeyDecoder.decode(result.rest)
  }

  /// Finds the DECRPM reply `CSI ? 2004 ; Ps $ y`, the DA1 reply `CSI ? … c` and the
  /// cell-size reply `CSI 6 ; height ; width t` in `bytes`; returns the mode state,
  /// whether DA1 came, the cell size, and the other bytes.
  static func scan(_ bytes: [UInt8]) -> (state: State, deviceAttributes: Bool, cellSize: CellPixelSize?, rest: [UInt8]) {
    var state = State.unknown
    var deviceAttributes = false
    var cellSize: CellPixelSize?
    var rest: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x1B, index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "["),
        bytes[index + 2] == UInt8(ascii: "6"), bytes[index + 3] == UInt8(ascii: ";")
      {
        var end = index + 2
        while end < bytes.count, (0x30...0x3B).contains(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "t"),
          let size = CellPixelSize(reply: String(decoding: bytes[(index + 2)..<end], as: UTF8.self))
        {
          cellSize = size
          index = end + 1
          continue
        }
      }
      if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "["),
        bytes[index + 2] == UInt8(ascii: "?")
      {
        var end = index + 3
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { break }  // incomplete reply: drop it
        let body = String(decoding: bytes[(index + 3)..<end], as: UTF8.self)
        if bytes[end] == UInt8(ascii: "c") {
          deviceAttributes = true
        } else if bytes[end] == UInt8(ascii: "y"), body.hasPrefix("2004;") {
          let value = body.dropFirst(5).prefix { $0.isNumber }
          switch value {
          case "1", "3": state = .set
          case "2", "4": state = .reset
          default: state = .unknown
          }
        }
        index = end + 1
        continue
      }
      rest.append(bytes[index])
      index += 1
    }
    return (state, deviceAttributes, cellSize, rest)
  }

  private static func milliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
  }
}
