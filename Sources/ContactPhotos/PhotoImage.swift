import CImageCodecs
import Foundation
import Localization

/// A decoded photo: `width` × `height` pixels, RGB, 3 bytes a pixel, row by row.
public struct PhotoImage: Sendable, Equatable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The pixels: `width * height * 3` bytes, red, green, blue, rows top down.
  public var pixels: [UInt8]

  /// Creates an image from its pixels (`width * height * 3` bytes).
  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The most pixels an image may have (from its header) to be decoded: 40 million
  /// (a 50-megapixel camera's photo is refused, a phone's 12 is fine). A larger one
  /// is refused before any of it is decoded.
  public static let maximumPixels = 40_000_000

  /// Why a photo is not shown.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a JPEG, PNG or GIF.
    case unknownFormat
    /// The image is damaged (its decoder stopped).
    case damaged(format: String)
    /// The header gives a size over `maximumPixels`: not decoded.
    case tooLarge(width: Int, height: Int)

    /// The warning shown on the card.
    public var description: String {
      switch self {
      case .unknownFormat: L10n.text("photo not shown: not a JPEG, PNG or GIF")
      case .damaged(let format): L10n.format("photo not shown: damaged %s", format)
      case .tooLarge(let width, let height): L10n.format("photo not shown: too large (%s)", "\(width)×\(height)")
      }
    }
  }

  /// Decodes a JPEG (libjpeg-turbo), PNG (libpng) or GIF (giflib, first frame) after
  /// reading its size from the header; a JPEG is scaled down while decoding (1/2, 1/4,
  /// 1/8) as long as its shorter side stays at least `atLeast` pixels.
  ///
  /// - Throws: `Failure` for bytes that are not an image of these formats, a damaged
  ///   image, one larger than `maximumPixels`.
  public static func decode(_ bytes: [UInt8], atLeast: Int = 0) throws(Failure) -> PhotoImage {
    var width: Int32 = 0
    var height: Int32 = 0
    var out: UnsafeMutablePointer<UInt8>?
    let status: Int32
    switch format(of: bytes) {
    case "JPEG":
      guard cpick_jpeg_size(bytes, UInt(bytes.count), &width, &height) == 0 else { throw .damaged(format: "JPEG") }
      guard Int(width) * Int(height) <= maximumPixels else { throw .tooLarge(width: Int(width), height: Int(height)) }
      status = cpick_jpeg_decode(bytes, UInt(bytes.count), Int32(clamping: atLeast), &out, &width, &height)
    case "PNG":
      status = cpick_png_decode(bytes, UInt(bytes.count), maximumPixels, &out, &width, &height)
    case "GIF":
      status = cpick_gif_decode(bytes, UInt(bytes.count), maximumPixels, &out, &width, &height)
    default:
      throw .unknownFormat
    }
    if status == -2 { throw .tooLarge(width: Int(width), height: Int(height)) }
    guard status == 0, let out, width > 0, height > 0 else { throw .damaged(format: format(of: bytes) ?? "image") }
    defer { free(out) }
    let count = Int(width) * Int(height) * 3
    return PhotoImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: out, count: count)))
  }

  /// `JPEG`, `PNG` or `GIF` from the first bytes (their signatures), else `nil`.
  public static func format(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG" }
    if bytes.starts(with: Array("GIF8".utf8)) { return "GIF" }
    return nil
  }

  /// The image scaled down (box filter: each output pixel the mean of the pixels it
  /// covers) so that neither side passes `side`; the image itself when it fits.
  public func scaled(toFit side: Int) -> PhotoImage {
    guard width > side || height > side, side > 0 else { return self }
    let scale = Double(max(width, height)) / Double(side)
    let newWidth = max(1, Int((Double(width) / scale).rounded()))
    let newHeight = max(1, Int((Double(height) / scale).rounded()))
    var out = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
    for y in 0..<newHeight {
      let y0 = y * height / newHeight
      let y1 = max(y0 + 1, (y + 1) * height / newHeight)
      for x in 0..<newWidth {
        let x0 = x * width / newWidth
        let x1 = max(x0 + 1, (x + 1) * width / newWidth)
        var sum = (0, 0, 0)
        for sy in y0..<y1 {
          var index = (sy * width + x0) * 3
          for _ in x0..<x1 {
            sum.0 += Int(pixels[index])
            sum.1 += Int(pixels[index + 1])
            sum.2 += Int(pixels[index + 2])
            index += 3
          }
        }
        let n = (y1 - y0) * (x1 - x0)
        let target = (y * newWidth + x) * 3
        out[target] = UInt8(sum.0 / n)
        out[target + 1] = UInt8(sum.1 / n)
        out[target + 2] = UInt8(sum.2 / n)
      }
    }
    return PhotoImage(width: newWidth, height: newHeight, pixels: out)
  }

  /// The longest side, in pixels, of a photo put on a card (`cardJPEG(from:)`).
  public static let cardSide = 256

  /// A photo for a card from an image file's bytes (JPEG, PNG or GIF): decoded,
  /// scaled to fit `cardSide` pixels, encoded again as a JPEG of quality 85 (a few
  /// kilobytes, as address books store their pictures).
  ///
  /// - Throws: `Failure` as `decode(_:atLeast:)`; `.damaged` when encoding fails.
  public static func cardJPEG(from bytes: [UInt8]) throws(Failure) -> [UInt8] {
    let image = try decode(bytes, atLeast: cardSide).scaled(toFit: cardSide)
    guard let jpeg = image.jpeg(quality: 85) else { throw .damaged(format: "JPEG") }
    return jpeg
  }

  /// The image as a baseline JPEG (libjpeg-turbo) of `quality` (1–100), or `nil`
  /// when the encoder fails.
  public func jpeg(quality: Int = 85) -> [UInt8]? {
    var out: UnsafeMutablePointer<UInt8>?
    var length: UInt = 0
    guard cpick_jpeg_encode(pixels, Int32(width), Int32(height), Int32(quality), &out, &length) == 0, let out else {
      return nil
    }
    defer { free(out) }
    return Array(UnsafeBufferPointer(start: out, count: Int(length)))
  }
}
