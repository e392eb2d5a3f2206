import ContactPhotos
import Foundation
import Testing

@Suite("Decoding a photo: JPEG, PNG, GIF; damaged and enormous ones refused")
struct PhotoImageTests {
  @Test("a PNG decodes to its size, alpha over white")
  func png() throws {
    let image = try PhotoImage.decode(try PhotoFixtures.png())
    #expect((image.width, image.height) == (128, 128))
    #expect(image.pixels.count == 128 * 128 * 3)
    // The corner of the logo is transparent: white.
    #expect(Array(image.pixels.prefix(3)) == [255, 255, 255])
  }

  @Test("a JPEG decodes to its size, and scaled down by libjpeg when a smaller one is enough")
  func jpeg() throws {
    let full = try PhotoImage.decode(try PhotoFixtures.jpeg())
    #expect((full.width, full.height) == (493, 58))
    let scaled = try PhotoImage.decode(try PhotoFixtures.jpeg(), atLeast: 20)
    #expect((scaled.width, scaled.height) == (247, 29))
  }

  @Test("a GIF decodes its first frame")
  func gif() throws {
    let image = try PhotoImage.decode(try PhotoFixtures.gif())
    #expect((image.width, image.height) == (16, 16))
    #expect(image.pixels.count == 16 * 16 * 3)
  }

  @Test("a damaged JPEG is a failure, not a crash")
  func corruptJPEG() throws {
    #expect(throws: PhotoImage.Failure.damaged(format: "JPEG")) { try PhotoImage.decode(try PhotoFixtures.corruptJPEG()) }
    #expect(PhotoImage.Failure.damaged(format: "JPEG").description == "photo not shown: damaged JPEG")
  }

  @Test("an image whose header gives more than 40 million pixels is refused before it is decoded")
  func enormous() throws {
    let bytes = try PhotoFixtures.enormousJPEG()
    #expect(throws: PhotoImage.Failure.tooLarge(width: 60000, height: 60000)) { try PhotoImage.decode(bytes) }
  }

  static let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
  static let green: (UInt8, UInt8, UInt8) = (0, 255, 0)

  @Test("a GIF whose first frame is far larger than its small screen is refused by the frame's size")
  func enormousGIFFrame() {
    // 10 × 10 screen, a 46000 × 46000 frame: its pixels are never decoded (no data follows).
    var gif = GIFWriter(width: 10, height: 10, palette: [Self.red], frames: []).bytes
    gif.removeLast()
    gif += [0x2C, 0, 0, 0, 0, 0xB0, 0xB3, 0xB0, 0xB3, 0, 8, 0, 0x3B]
    #expect(throws: PhotoImage.Failure.tooLarge(width: 46000, height: 46000)) { try PhotoImage.decode(gif) }
  }

  @Test("only a GIF's first frame is decoded, clipped to the screen; the frames after it are not read")
  func firstFrameOnly() throws {
    let first = GIFWriter.Frame(left: 2, top: 1, width: 6, height: 2, indices: [UInt8](repeating: 0, count: 12))
    let second = GIFWriter.Frame(width: 4, height: 3, indices: [UInt8](repeating: 1, count: 12))
    var gif = GIFWriter(width: 4, height: 3, palette: [Self.red, Self.green], frames: [first, second]).bytes
    // The second frame's data damaged: never read, so no failure.
    gif.replaceSubrange(gif.count - 6..<gif.count - 1, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
    let image = try PhotoImage.decode(gif)
    #expect((image.width, image.height) == (4, 3))
    let rows = (0..<3).map { y in
      (0..<4).map { x in image.pixels[(y * 4 + x) * 3..<(y * 4 + x) * 3 + 3].elementsEqual([255, 0, 0]) ? "r" : "." }.joined()
    }
    #expect(rows == ["....", "..rr", "..rr"])
  }

  @Test("an interlaced GIF's rows come out in their places")
  func interlaced() throws {
    // Row y of a 3 × 10 frame in colour y (red 20·y, blue 255 − 20·y): stored 0, 8, 4, 2, 6, 1, 3, 5, 7, 9.
    let levels: [UInt8] = (0..<10).map { UInt8($0 * 20) }
    let palette: [(UInt8, UInt8, UInt8)] = levels.map { ($0, 0, 255 - $0) }
    let indices: [UInt8] = (0..<10).flatMap { (row: Int) -> [UInt8] in [UInt8](repeating: UInt8(row), count: 3) }
    let frame = GIFWriter.Frame(width: 3, height: 10, indices: indices, interlaced: true)
    let image = try PhotoImage.decode(GIFWriter(width: 3, height: 10, palette: palette, frames: [frame]).bytes)
    let reds: [UInt8] = (0..<10).map { image.pixels[$0 * 9] }
    let blues: [UInt8] = (0..<10).map { image.pixels[$0 * 9 + 8] }
    #expect(reds == levels)
    #expect(blues == levels.map { 255 - $0 })
  }

  @Test("bytes of no image format are refused")
  func unknown() {
    #expect(throws: PhotoImage.Failure.unknownFormat) { try PhotoImage.decode(Array("not an image".utf8)) }
  }

  @Test("a photo for a card is a JPEG no side of which passes 256 pixels")
  func cardJPEG() throws {
    let jpeg = try PhotoImage.cardJPEG(from: try PhotoFixtures.jpeg())
    #expect(PhotoImage.format(of: jpeg) == "JPEG")
    let image = try PhotoImage.decode(jpeg)
    #expect((image.width, image.height) == (256, 30))
    let small = try PhotoImage.decode(try PhotoImage.cardJPEG(from: try PhotoFixtures.png()))
    #expect((small.width, small.height) == (128, 128))
  }
}
