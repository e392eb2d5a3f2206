import Foundation
import Testing

/// The picker reads its book in the background (issue 8): the first frame, with a
/// `reading…` counter, comes before the book is read, and typing works from the start.
@Suite(
  "The picker while its book is read", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct BackgroundLoadingTests {
  /// A generated book of 100,000 people (`../shared/tools/gen_contacts.py`, seed 1),
  /// made once and kept in the temporary folder for later runs.
  static func largeBook() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-e2e-gen-100000-1.vcf").path
    if FileManager.default.fileExists(atPath: path) { return path }
    let partial = path + ".\(getpid()).partial"
    let generator = EndToEnd.sharedFile("tools/gen_contacts.py")
    let result = try CommandRunner.run(
      "/usr/bin/env", ["python3", generator, "100000", "1", "vcf", "-o", partial], timeout: 300)
    guard result.status == 0 else {
      throw EndToEndError(description: "gen_contacts.py failed (\(result.status)): \(result.stderrText)")
    }
    try FileManager.default.moveItem(atPath: partial, toPath: path)
    return path
  }

  /// The `FN` of the first card of `book`.
  static func firstName(in book: String) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: book))
    defer { try? handle.close() }
    let head = String(decoding: handle.readData(ofLength: 1 << 16), as: UTF8.self)
    guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("FN:") }) else {
      throw EndToEndError(description: "no FN in the first 64 KiB of \(book)")
    }
    return String(line.dropFirst(3))
  }

  static let canGenerate =
    EndToEnd.which("python3") != nil && FileManager.default.fileExists(atPath: EndToEnd.sharedFile("tools/gen_contacts.py"))

  @Test(
    "100,000 contacts: the counter shows while the book is read, what is typed meanwhile is kept, its match is chosen",
    .enabled(if: canGenerate, "python3 or ../shared/tools/gen_contacts.py is missing"))
  func counterThenMatch() throws {
    let book = try Self.largeBook()
    let name = try Self.firstName(in: book)
    let query = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()

    let pane = try TmuxPane(["-s", book])
    defer { pane.close() }
    let loading = try pane.waitForScreen(timeout: 60, "with the counter") { screen in
      let top = screen.components(separatedBy: "\n").first ?? ""
      return top.hasSuffix(" contacts") && (top.contains("reading… ") || top.contains("indexing… "))
    }
    #expect(loading.hasPrefix(">"), "the query line is drawn while loading: \(loading)")
    try pane.type(query)
    try pane.waitForScreen(timeout: 60, "with the match of \(query)") { screen in
      screen.hasPrefix("> \(query)") && screen.contains("▌ \(name)")
    }
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.selectedPerson(pane.stdout)["displayName"] as? String == name)
  }

  @Test("A damaged card's warning comes on stderr, as file:line: why, after the picker has given the screen back")
  func warningsAfterTheScreen() throws {
    let directory = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let book = directory.appendingPathComponent("book.vcf").path
    try """
    BEGIN:VCARD\r
    VERSION:3.0\r
    FN:Ada Lovelace\r
    EMAIL:ada@example.org\r
    this line has no colon\r
    END:VCARD\r

    """.write(toFile: book, atomically: true, encoding: .utf8)

    let pane = try TmuxPane(["-s", book])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ada Lovelace")
    #expect(pane.stderrText() == "", "nothing is written to stderr while the picker owns the screen")
    try pane.press("Escape")

    #expect(try pane.waitForExit() == 130)
    #expect(pane.stderrText() == "\(book):5: line has no ':' between name and value; skipped\n")
  }

  @Test("A book that cannot be opened is exit 2 with the reason, before any picker shows")
  func missingBook() throws {
    let pane = try TmuxPane(["-s", "/nonexistent/book.vcf"])
    defer { pane.close() }
    #expect(try pane.waitForExit() == 2)
    #expect(pane.stderrText().hasPrefix("cpick: cannot read /nonexistent/book.vcf: "))
  }
}
