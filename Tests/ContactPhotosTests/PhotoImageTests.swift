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
    let start = ContinuousClock.now
    #expect(throws: PhotoImage.Failure.tooLarge(width: 60000, height: 60000)) { try PhotoImage.decode(bytes) }
    // Only the header was read: far less than decoding 3.6 gigapixels would take.
    #expect(ContinuousClock.now - start < .milliseconds(200))
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
