/// GIF files written for the tests (GIF89a, CompuServe's specification): a screen, a
/// palette, and frames of palette indices, each frame's LZW data made of literal codes
/// with a clear code every 200 pixels (so that every code is 9 bits wide). Lets a test
/// state shapes no image tool writes on purpose: frames larger than the screen, many
/// frames, interlaced rows.
struct GIFWriter {
  /// One frame: where it sits on the screen, its size, its rows of palette indices
  /// (top down, as shown), and whether it is stored interlaced.
  struct Frame {
    var left = 0, top = 0, width: Int, height: Int
    var indices: [UInt8]
    var interlaced = false
  }

  var width: Int
  var height: Int
  /// 256 colours (red, green, blue), the global colour table.
  var palette: [(UInt8, UInt8, UInt8)]
  var frames: [Frame]

  /// The file's bytes.
  var bytes: [UInt8] {
    var out = Array("GIF89a".utf8) + le(width) + le(height) + [0xF7, 0, 0]
    for index in 0..<256 {
      let colour = index < palette.count ? palette[index] : (0, 0, 0)
      out += [colour.0, colour.1, colour.2]
    }
    for frame in frames {
      out += [0x2C] + le(frame.left) + le(frame.top) + le(frame.width) + le(frame.height)
      out.append(frame.interlaced ? 0x40 : 0)
      out += [8] + subBlocks(lzw(storedOrder(frame)))
    }
    out.append(0x3B)
    return out
  }

  /// The frame's indices in the order they are stored: interlaced rows in four passes.
  private func storedOrder(_ frame: Frame) -> [UInt8] {
    guard frame.interlaced else { return frame.indices }
    var rows: [Int] = []
    for (first, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += Array(stride(from: first, to: frame.height, by: step)) }
    return rows.flatMap { frame.indices[$0 * frame.width..<($0 + 1) * frame.width] }
  }

  /// Literal 9-bit codes, least significant bit first: clear (256), up to 200
  /// indices, clear again…, end of information (257).
  private func lzw(_ indices: [UInt8]) -> [UInt8] {
    var codes: [Int] = []
    for (position, index) in indices.enumerated() {
      if position % 200 == 0 { codes.append(256) }
      codes.append(Int(index))
    }
    codes.append(257)
    var out: [UInt8] = []
    var bits = 0
    var count = 0
    for code in codes {
      bits |= code << count
      count += 9
      while count >= 8 {
        out.append(UInt8(bits & 0xFF))
        bits >>= 8
        count -= 8
      }
    }
    if count > 0 { out.append(UInt8(bits & 0xFF)) }
    return out
  }

  private func subBlocks(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    while start < data.count {
      let end = min(start + 255, data.count)
      out += [UInt8(end - start)] + data[start..<end]
      start = end
    }
    return out + [0]
  }

  private func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
