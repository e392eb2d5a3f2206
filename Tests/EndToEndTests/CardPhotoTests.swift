import CpickTestSupport
import Foundation
import Testing

/// The card's photo through the release binary in tmux (issue 21, item 3): block
/// symbols in the card's header (tmux gets symbols, never pixels), the monogram with
/// `--no-images`, and `new --photo` putting the picture on the saved card.
@Suite(
  "The card's photo in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the card tests need it"))
struct CardPhotoTests {
  static let blockSymbols = Set((0x2580...0x259F).compactMap(Unicode.Scalar.init).map(Character.init))

  /// A 3.0 book with Ada, whose PHOTO is the neomutt logo (PNG, `ENCODING=b`).
  static func book() throws -> URL {
    let png = try Data(contentsOf: TestPaths.fixture("photos/neomutt-logo-128.png"))
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
      + "EMAIL:ada@example.org\r\nPHOTO;ENCODING=b;TYPE=PNG:\(png.base64EncodedString())\r\nEND:VCARD\r\n"
    let file = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("people.vcf")
    try card.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// The header's photo place in a capture: lines 1–3, columns 2–7.
  static func photoPlace(_ screen: String) -> [Character] {
    screen.components(separatedBy: "\n").prefix(3).flatMap { line in Array(line.dropFirst(1).prefix(6)) }
  }

  @Test("the card's header shows the photo in block symbols, the name beside it")
  func photoInTmux() throws {
    let pane = try TmuxPane(["show", "ada lovelace", "-s", try Self.book().path])
    defer { pane.close() }
    let screen = try pane.waitForScreen("with the photo in block symbols") { screen in
      screen.contains("ada@example.org") && Self.photoPlace(screen).filter(Self.blockSymbols.contains).count >= 3
    }
    let first = try #require(screen.components(separatedBy: "\n").first)
    #expect(first.hasSuffix("Ada Lovelace"))
    #expect(!first.contains("AL"))
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
  }

  @Test("the picker's card (→ on a row) shows the photo too; ← goes back to the list")
  func pickerCard() throws {
    let pane = try TmuxPane(["-s", try Self.book().path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ada Lovelace")
    try pane.press("Right")
    try pane.waitForScreen("with the card's photo") { screen in
      screen.contains("ada@example.org") && Self.photoPlace(screen).filter(Self.blockSymbols.contains).count >= 3
    }
    try pane.press("Left")
    // The list's first line is the query line again; the card's rule is gone.
    try pane.waitForScreen("the list again") { screen in
      screen.hasPrefix(">") && screen.contains("1/1") && !screen.contains("────")
    }
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
  }

  @Test("--no-images keeps the monogram")
  func noImages() throws {
    let pane = try TmuxPane(["show", "ada lovelace", "--no-images", "-s", try Self.book().path])
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "ada@example.org", "Ada Lovelace")
    #expect(screen.components(separatedBy: "\n").first?.hasPrefix("  AL   Ada Lovelace") == true)
    #expect(Self.photoPlace(screen).allSatisfy { !Self.blockSymbols.contains($0) })
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
  }

  @Test("new --photo saves the picture as a JPEG in PHOTO; the person JSON says hasImage")
  func newWithPhoto() throws {
    let file = try Self.book()
    let pane = try TmuxPane([
      "new", "--given-name", "Neo", "--family-name", "Mutt", "--save-to", file.path, "-s", file.path,
      "--photo", TestPaths.fixture("photos/neomutt-logo-128.png").path,
    ])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Neo")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0)
    let document = try JSONDocument.object(pane.stdout)
    let person = try #require(document["person"] as? [String: Any])
    #expect(person["hasImage"] as? Bool == true)
    let text = try String(contentsOf: file, encoding: .utf8)
    let saved = try #require(text.components(separatedBy: "BEGIN:VCARD").last)
    #expect(saved.contains("\r\nPHOTO:data:image/jpeg;base64,/9j/"))
  }
}
