/// fzf's exit statuses (PRODUCT.md "Exit codes").
///
/// A process ended by SIGTERM, SIGHUP or SIGINT exits with `128 + signal` instead
/// (143, 129, 130): see `SignalExit` (CpickSupport), installed in `main`.
enum ExitCode: Int32 {
  /// Something was chosen or saved.
  case chosen = 0
  /// Nothing matched.
  case noMatch = 1
  /// An error: bad option, unreadable source, no terminal.
  case error = 2
  /// Cancelled by the user: Esc, Ctrl-C, Ctrl-G.
  case cancelled = 130
}
