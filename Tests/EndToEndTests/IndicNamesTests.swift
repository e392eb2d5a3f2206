import Foundation
import Testing

/// A user trial saw `प्रिया शर्मा` drawn as `पय शर` through ncurses: only the first
/// character of each grapheme cluster reached the terminal.
@Suite(
  "Indic names in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct IndicNamesTests {
  @Test("The list, the query line and the card show a Devanagari name with its vowel signs and conjuncts")
  func devanagariWhole() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-q", "sharma"])
    defer { pane.close() }
    let list = try pane.waitForScreen(containing: "प्रिया शर्मा", "नीलगिरि टेक्सटाइल्स")
    #expect(!list.contains("पय शर"))
    try pane.press("C-u")
    try pane.type("प्रिया")
    try pane.waitForScreen(containing: "> प्रिया ", "▌ प्रिया शर्मा")
    try pane.press("C-o")
    try pane.waitForScreen(containing: "priya.sharma@example.com", "नीलगिरि टेक्सटाइल्स")
    try pane.press("Escape")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
  }
}
