#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a lone ESC waits for the rest of an escape sequence before it is the Esc
/// key: 25 ms (a terminal sends a sequence in one write; over ssh, parts arrive
/// milliseconds apart), or `ESCDELAY` (milliseconds, as ncurses reads it) when the
/// user set it to a number. A value that is empty or not a number is ignored, where
/// ncurses would fall back to its own 1,000 ms.
public enum EscapeDelay {
  /// The delay when `ESCDELAY` gives none.
  public static let standard = 25

  /// The delay in milliseconds for `value` (the environment's `ESCDELAY`, nil when unset).
  public static func milliseconds(_ value: String? = getenv("ESCDELAY").map { String(cString: $0) }) -> Int {
    guard let value, let number = Int(value.filter { $0 != " " }), number >= 0 else {
      return standard
    }
    return min(number, 10_000)
  }
}
