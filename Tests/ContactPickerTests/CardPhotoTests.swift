import ContactKit
import ContactPhotos
import CpickTestSupport
import Foundation
import TerminalKit
import Testing
import VCard

@testable import ContactPicker

/// The photo in the card's header (issue 21, item 3), on the in-memory screen: block
/// symbols once decoded (off the main actor), the monogram until then, with no colour,
/// and with a warning for a photo that cannot be shown.
@MainActor
@Suite("The card's photo")
struct CardPhotoTests {
  static let blockSymbols = Set((0x2580...0x259F).compactMap(Unicode.Scalar.init).map(String.init))

  /// Ada, with `image` as her 3.0 `PHOTO;ENCODING=b`.
  static func ada(_ image: [UInt8], given: String = "Ada") -> Contact {
    let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(given)-photo\r\nFN:\(given) Lovelace\r\nN:Lovelace;\(given);;;\r\n"
      + "TEL;TYPE=cell:+44 20 7946 0000\r\nPHOTO;ENCODING=b;TYPE=JPEG:\(Data(image).base64EncodedString())\r\nEND:VCARD\r\n"
    let parsed = VCardReader.read(Array(text.utf8))
    var contact = ContactDecoder.contact(from: parsed.cards[0], source: "photos.vcf")
    contact.sourceRecord = parsed.sourceRecord(of: parsed.cards[0])
    return contact
  }

  static func fixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: TestPaths.fixture("photos/" + name)))
  }

  /// The header's photo place: rows 0–2, columns 1–6.
  static func photoCells(_ frame: Frame) -> [String] {
    (0..<3).flatMap { row in (1...6).map { frame[row, $0].text } }
  }

  @Test("the monogram first, then the photo in block symbols once decoded; the name moves right of it")
  func photoShown() throws {
    let contact = Self.ada(try Self.fixture("neomutt-logo-128.png"), given: "Neo")
    let screen = MemoryScreen(rows: 20, columns: 60, script: [.settle], colorEnabled: true)
    PersonViewController(contact: contact).run(on: screen)
    let first = try #require(screen.frames.first)
    #expect(first.text(row: 0).hasPrefix("  NL   Neo Lovelace"))
    let last = try #require(screen.lastFrame)
    let cells = Self.photoCells(last)
    #expect(cells.allSatisfy { Self.blockSymbols.contains($0) || $0 == " " })
    #expect(cells.contains { Self.blockSymbols.contains($0) })
    #expect(!last.text(row: 0).contains("NL"))
    #expect(last.text(row: 0).contains("Neo Lovelace"))
    #expect(last.text.contains("+44 20 7946 0000"))
    // The in-memory screen draws no pixels: only the block version.
    #expect(last.images.isEmpty)
  }

  @Test("the unknown-person card shows the photo too, when its header has the lines for it")
  func unknownPerson() throws {
    let png = try Self.fixture("neomutt-logo-128.png")
    let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Una Known\r\nN:Known;Una;;;\r\nTITLE:Analyst\r\n"
      + "EMAIL:una@example.org\r\nPHOTO;ENCODING=b;TYPE=PNG:\(Data(png).base64EncodedString())\r\nEND:VCARD\r\n"
    let parsed = VCardReader.read(Array(text.utf8))
    var una = ContactDecoder.contact(from: parsed.cards[0], source: "")
    una.sourceRecord = parsed.sourceRecord(of: parsed.cards[0])
    let controller = UnknownPersonViewController(displayedPerson: una)
    controller.message = "Met at the conference"
    let screen = MemoryScreen(rows: 20, columns: 70, script: [.settle], colorEnabled: true)
    controller.run(on: screen)
    let first = try #require(screen.frames.first)
    #expect(first.text(row: 0).contains("UK"))
    let last = try #require(screen.lastFrame)
    #expect(Self.photoCells(last).contains { Self.blockSymbols.contains($0) })
    #expect(!last.text(row: 0).contains("UK"))
    #expect(last.text(row: 0).contains("Una Known"))
    #expect(last.text.contains("Met at the conference"))
  }

  @Test("a damaged JPEG: the monogram and a warning, never a crash")
  func damaged() throws {
    let corrupt = Array(try Self.fixture("nodejs-docs-thin-white-stripe.jpg").prefix(154)) + Array("garbage".utf8)
    let screen = MemoryScreen(rows: 20, columns: 60, script: [.settle], colorEnabled: true)
    PersonViewController(contact: Self.ada(corrupt, given: "Broken")).run(on: screen)
    let last = try #require(screen.lastFrame)
    #expect(last.text(row: 0).hasPrefix("  BL   Broken Lovelace"))
    #expect(last.text.contains("⚠ photo not shown: damaged JPEG"))
  }

  @Test("an enormous image (a header of 60000 × 60000 pixels): the monogram and a warning")
  func enormous() throws {
    var jpeg = try Self.fixture("nodejs-docs-thin-white-stripe.jpg")
    jpeg.replaceSubrange(159..<163, with: [0xEA, 0x60, 0xEA, 0x60])
    let screen = MemoryScreen(rows: 20, columns: 60, script: [.settle], colorEnabled: true)
    PersonViewController(contact: Self.ada(jpeg, given: "Huge")).run(on: screen)
    let last = try #require(screen.lastFrame)
    #expect(last.text(row: 0).hasPrefix("  HL   Huge Lovelace"))
    #expect(last.text.contains("photo not shown: too large (60000×60000)"))
  }

  @Test("no colour (NO_COLOR, --no-color) or a small screen: the monogram, nothing decoded")
  func monogramFallback() throws {
    let contact = Self.ada(try Self.fixture("neomutt-logo-128.png"), given: "Plain")
    let screen = MemoryScreen(rows: 20, columns: 60, script: [.settle], colorEnabled: false)
    PersonViewController(contact: contact).run(on: screen)
    #expect(screen.frames.count == 1)
    #expect(screen.lastFrame?.text(row: 0).hasPrefix(" [PL]  Plain Lovelace") == true)
    let small = MemoryScreen(rows: 8, columns: 60, script: [.settle], colorEnabled: true)
    PersonViewController(contact: contact).run(on: small)
    #expect(small.frames.count == 1)
    #expect(small.lastFrame?.text(row: 0).hasPrefix("  PL   Plain Lovelace") == true)
  }

  @Test("a terminal that announces kitty (KITTY_WINDOW_ID) gets the photo's kitty bytes in the frame, over its block cells")
  func kittyFrame() throws {
    let cache = PhotoCache()
    cache.graphics = TerminalGraphics.detect(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"])
    let contact = Self.ada(try Self.fixture("neomutt-logo-128.png"), given: "Kit")
    var frame = Frame(rows: 20, columns: 60)
    // Waits for the state: decoded (a lookup answers other than pending).
    while cache.lookup(contact, columns: CardPhoto.columns(for: cache.cellSize), rows: CardPhoto.rows) == .pending {
      usleep(1000)
    }
    let placed = CardPhoto.place(contact, in: &frame, color: true, cache: cache)
    #expect(placed.width == 6)
    let image = try #require(frame.images.first)
    #expect((image.row, image.column, image.rows, image.columns) == (0, 1, 3, 6))
    #expect(String(decoding: image.sequence, as: UTF8.self).hasPrefix("\u{1B}_G"))
    #expect(Self.photoCells(frame).contains { Self.blockSymbols.contains($0) })
  }

  @Test("cells of 8 × 24 pixels: the photo takes 9 columns, and its sixels are 72 × 72 pixels, its 9 × 3 cells exactly")
  func realCellSize() throws {
    let cache = PhotoCache()
    cache.graphics = .sixels
    cache.cellSize = CellPixelSize(width: 8, height: 24)
    let contact = Self.ada(try Self.fixture("neomutt-logo-128.png"), given: "Six")
    var frame = Frame(rows: 20, columns: 60)
    while cache.lookup(contact, columns: CardPhoto.columns(for: cache.cellSize), rows: CardPhoto.rows) == .pending {
      usleep(1000)
    }
    #expect(CardPhoto.place(contact, in: &frame, color: true, cache: cache).width == 9)
    let image = try #require(frame.images.first)
    #expect((image.rows, image.columns) == (3, 9))
    #expect(String(decoding: image.sequence, as: UTF8.self).contains("\"1;1;72;72"))
  }

  @Test("the cells are measured again from the screen (a resize after a font change); a screen that tells none keeps them")
  func measuredFromScreen() {
    let cache = PhotoCache()
    let screen = MemoryScreen(rows: 20, columns: 60)
    CardPhoto.measure(screen, cache: cache)
    #expect(cache.cellSize == .assumed)
    screen.cellPixelSize = CellPixelSize(width: 7, height: 15)
    CardPhoto.measure(screen, cache: cache)
    #expect(cache.cellSize == CellPixelSize(width: 7, height: 15))
    #expect(CardPhoto.columns(for: cache.cellSize) == 6)  // 45 / 7, rounded
    #expect(CardPhoto.columns(for: CellPixelSize(width: 9, height: 22)) == 7)
  }

  @Test("opening a card with a large photo does not wait for it: keys are answered while it decodes")
  func keysNotDelayed() throws {
    // A 3000 × 3000 JPEG: tens of milliseconds to decode and draw.
    var pixels = [UInt8](repeating: 0, count: 3000 * 3000 * 3)
    for index in stride(from: 0, to: pixels.count, by: 3) { pixels[index] = UInt8(truncatingIfNeeded: index / 9001) }
    let jpeg = try #require(PhotoImage(width: 3000, height: 3000, pixels: pixels).jpeg())
    let contact = Self.ada(jpeg, given: "Large")
    final class Times { var marks: [Duration] = [] }
    let times = Times()
    let clock = ContinuousClock()
    let start = clock.now
    let screen = MemoryScreen(
      rows: 20, columns: 60,
      script: [.run { times.marks.append(clock.now - start) }, .key(.down), .run { times.marks.append(clock.now - start) }, .settle],
      colorEnabled: true)
    PersonViewController(contact: contact).run(on: screen)
    let drawn = clock.now - start
    // The first frame came with the monogram (the photo pending), the photo after
    // (with Down's frame, or after it: the decode may end either side of the key).
    #expect(screen.frames.count >= 2)
    #expect(screen.frames[0].text(row: 0).contains("LL"))
    #expect(!(screen.lastFrame?.text(row: 0).contains("LL") ?? true))
    #expect(times.marks.count == 2)
    print("card photo (3000×3000 JPEG): first frame after \(times.marks[0]), a key answered in \(times.marks[1] - times.marks[0]), photo drawn after \(drawn)")
  }
}
