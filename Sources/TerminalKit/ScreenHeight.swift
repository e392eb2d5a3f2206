/// How much of the terminal a picker uses: all of it, or a number of rows or a
/// percentage of them below the prompt (fzf's `--height N[%]`).
public enum ScreenHeight: Sendable, Equatable {
  /// The whole terminal, on the alternate screen.
  case full
  /// This many rows below the prompt (`--height 10`).
  case rows(Int)
  /// This percentage (1–99) of the terminal's rows below the prompt (`--height 40%`).
  case percent(Int)

  /// Parses `N` or `N%`; `nil` when it is neither (or not positive).
  public init?(parsing text: String) {
    if text.hasSuffix("%"), let value = Int(text.dropLast()), value > 0 {
      self = value >= 100 ? .full : .percent(value)
    } else if let value = Int(text), value > 0 {
      self = .rows(value)
    } else {
      return nil
    }
  }

  /// The rows to use on a terminal of `terminalRows`, at least 3; `nil` for the full screen.
  public func rows(of terminalRows: Int) -> Int? {
    switch self {
    case .full: return nil
    case .rows(let count): return count >= terminalRows ? nil : max(3, count)
    case .percent(let share):
      let count = terminalRows * share / 100
      return count >= terminalRows ? nil : max(3, count)
    }
  }
}
