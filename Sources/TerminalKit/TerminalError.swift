/// Why a terminal screen could not be opened.
///
/// Thrown by `CursesScreen.init` (module TerminalScreens). `description` is one
/// human-readable line that names the terminal, suitable for stderr as it is.
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No usable terminal: `/dev/tty` cannot be opened (no controlling terminal, as
  /// under `setsid`, cron or `ssh -T`), or no terminal description works for it.
  /// The associated value is the full message, e.g.
  /// `"cpick: cannot open /dev/tty: No such device or address (the picker and forms need a terminal; cpick query and cpick list do not)"`.
  case noTerminal(String)

  /// The error's one-line message, ready for stderr.
  public var description: String {
    switch self {
    case .noTerminal(let message): message
    }
  }
}
