import Foundation
import Testing

/// `--sort-by none` keeps the books' own order, and no card is dropped on the way to
/// an export (issue 20 items 1 and 5), run as a script would run them.
@Suite("The books' order and cards without a name, from the command line")
struct BookOrderTests {
  static let book = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    FN:Zoë Åberg\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    NOTE:only a note\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:2.1\r
    PHOTO;JPEG;ENCODING=BASE64:/9j/4AAQ\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    FN:Ada Lovelace\r
    END:VCARD\r

    """

  @Test("list --format vcard --sort-by none writes the file back in its order, the card with only a photo too")
  func exportKeepsFileOrder() throws {
    let directory = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("book.vcf").path
    try Self.book.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try CommandRunner.cpick(["list", "--format", "vcard", "--sort-by", "none", "-s", path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderrText)")
    #expect(result.stdoutText == Self.book)

    let sorted = try CommandRunner.cpick(["list", "-f", "value", "-s", path])
    // A card of only a note is No Name (PRODUCT.md's order ends at the phone).
    #expect(sorted.stdoutLines == ["Ada Lovelace", "Zoë Åberg", "No Name", "No Name"])
    let unsorted = try CommandRunner.cpick(["list", "-f", "value", "--sort-by", "none", "-s", path])
    #expect(unsorted.stdoutLines == ["Zoë Åberg", "No Name", "No Name", "Ada Lovelace"])
    let json = try CommandRunner.cpick(["query", "", "--sort-by", "none", "-s", path])
    #expect(json.stdoutLines.count == 4)
  }

  @Test("--sort-by takes given, family or none")
  func sortByWords() throws {
    let result = try CommandRunner.cpick(["list", "--sort-by", "name", "-s", EndToEnd.sampleBook])
    #expect(result.status == 2)
    #expect(result.stderrText.contains("--sort-by takes given, family or none, not 'name'"))
  }
}
