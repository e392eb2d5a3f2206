/// How a terminal can draw pictures, told from its environment as chafa's own tool
/// does (`detect_terminal` in chafa's `tools/chafa/chafa.c`): no terminal is asked,
/// so nothing can be left unread in its input.
public enum TerminalGraphics: String, Sendable, Hashable, CaseIterable {
  /// Unicode block symbols in colour cells: everywhere, tmux and screen included.
  case symbols
  /// kitty's graphics protocol (kitty, Ghostty).
  case kitty
  /// DEC sixels (foot, mlterm, contour, yaft).
  case sixels
  /// iTerm2's inline images (iTerm2, WezTerm).
  case iterm2

  /// What the terminal described by `environment` supports: symbols inside tmux or
  /// screen (`TMUX`, `STY`, or a `TERM` that starts `tmux`/`screen`), whatever the
  /// outer terminal; kitty for `KITTY_WINDOW_ID` or `TERM=xterm-kitty`/`xterm-ghostty`;
  /// iTerm2 for `TERM_PROGRAM=iTerm.app` or `WezTerm`; sixels for a `TERM` of foot,
  /// mlterm, contour or yaft (or `MLTERM`); symbols otherwise.
  public static func detect(_ environment: [String: String]) -> TerminalGraphics {
    let term = environment["TERM"]?.lowercased() ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
      return .symbols
    }
    if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty" { return .kitty }
    if program == "iTerm.app" || program == "WezTerm" { return .iterm2 }
    if environment["MLTERM"] != nil || ["foot", "mlterm", "contour", "yaft"].contains(where: { term.hasPrefix($0) }) {
      return .sixels
    }
    return .symbols
  }
}
