// TerminalCurses
