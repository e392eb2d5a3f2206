@preconcurrency import CNcursesw
import TerminalKit
import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// Opening and closing the ncurses session on `/dev/tty`.
enum CursesSession {
  /// Terminal types tried after `$TERM` when it is unset or has no terminfo entry.
  static let fallbackTerminals = ["xterm", "vt100"]

  /// The program name for messages (`cpick` in the command-line tool).
  static var programName: String {
    let path = CommandLine.arguments.first ?? "cpick"
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.isEmpty ? "cpick" : name
  }

  /// Makes the C library's character type UTF-8 (from the environment, else
  /// `C.UTF-8`), as ncursesw needs to read and write multibyte text.
  static func setUpLocale() {
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    if codeset.uppercased() != "UTF-8" {
      _ = setlocale(LC_CTYPE, "C.UTF-8") ?? setlocale(LC_CTYPE, "en_US.UTF-8")
    }
  }

  /// Opens `/dev/tty` for reading and writing.
  static func openTerminal() throws(TerminalError) -> UnsafeMutablePointer<FILE> {
    guard let tty = fopen("/dev/tty", "r+") else {
      let reason = String(cString: strerror(errno))
      throw .noTerminal("\(programName): " + TerminalError.cannotOpenTTY(reason))
    }
    return tty
  }

  /// `newterm` on `tty` with `$TERM`, then with the fallbacks when `$TERM` is unset,
  /// empty or unknown. Never exits the process (unlike `initscr`).
  static func newScreen(on tty: UnsafeMutablePointer<FILE>) throws(TerminalError) -> OpaquePointer {
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    var candidates = term.isEmpty ? [] : [term]
    candidates += fallbackTerminals.filter { $0 != term }
    for candidate in candidates {
      // newterm returns NULL (quietly) for a type with no terminfo entry.
      guard let screen = newterm(candidate, tty, tty) else { continue }
      _ = set_term(screen)
      if canAddressCursor() { return screen }
      // A known type that cannot draw a screen (TERM=dumb): refuse, do not guess.
      _ = endwin()
      delscreen(screen)
      throw cannotShowPicker(candidate)
    }
    let shown = term.isEmpty ? L10n.text("TERM is not set") : L10n.format("unknown terminal type '%s'", term)
    throw .noTerminal("\(programName): " + L10n.format("cannot use the terminal on /dev/tty: %s", shown))
  }

  /// The refusal for a terminal of type `type`, which cannot draw a screen (`dumb`).
  static func cannotShowPicker(_ type: String) -> TerminalError {
    .noTerminal("\(programName): " + L10n.format("terminal type '%s' on /dev/tty cannot show the picker", type))
  }

  /// Whether the current terminal description has cursor addressing (`cup`).
  private static func canAddressCursor() -> Bool {
    guard let cup = tigetstr("cup") else { return false }
    return Int(bitPattern: cup) != -1
  }
}
