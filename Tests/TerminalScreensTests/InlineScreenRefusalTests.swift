import Testing
import TerminalKit

@testable import TerminalScreens

/// The `--height` picker refuses a terminal that draws no escape sequence, as the full
/// screen does (`CursesSession`): Emacs' `M-x shell` sets `TERM=dumb`.
@Suite("Inline screen: terminals it refuses")
struct InlineScreenRefusalTests {
  @Test("TERM=dumb is refused with the full screen's message; other types, and none, are not")
  func dumb() {
    guard case .noTerminal(let message) = InlineScreen.refusal(term: "dumb") else {
      Issue.record("dumb not refused")
      return
    }
    #expect(message.hasSuffix("terminal type 'dumb' on /dev/tty cannot show the picker"))
    guard case .noTerminal(let fullScreen) = CursesSession.cannotShowPicker("dumb") else { return }
    #expect(message == fullScreen)
    for term in ["xterm-256color", "screen", "linux", "", nil] as [String?] {
      #expect(InlineScreen.refusal(term: term) == nil, "\(String(describing: term))")
    }
  }
}
