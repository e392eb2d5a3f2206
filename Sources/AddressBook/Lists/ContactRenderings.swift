import ContactKit
import Glibc
import ContactStores
import CpickSupport
import ContactFormats

/// The person JSON (PRODUCT.md "The JSON on stdout") of every contact of a list, in
/// list order, kept in the list's file in the index: a query prints its matches by
/// copying their bytes, without reading or decoding a contact.
///
/// Two parts: the table (integers `UInt64`, little-endian, 8-aligned) and the JSON.
/// In a list file the JSON comes first and the table after it (`ListFile`); in memory
/// the table comes first (`render(count:_:)`).
///
/// | part      | count     | contents                                             |
/// |-----------|-----------|------------------------------------------------------|
/// | spans     | 2*n*      | contact `i` is `json[spans[2i]..<spans[2i + 1]]`      |
/// | checksums | *n*       | `Checksum.wide` of each contact's bytes, checked on use |
/// | json      | bytes     | the objects, no separators, in any order              |
///
/// The JSON need not be in list order: a cold book's stays where it was rendered, in
/// the order it was read, and the spans point into it (`table(count:entry:)`).
/// A damaged span or checksum makes `json(at:)` answer nil (the caller then prints
/// from the contact itself); it never reads outside the JSON.
public struct ContactRenderings: @unchecked Sendable {
  /// The number of contacts.
  public let count: Int
  /// The spans and checksums (laid out as above).
  let table: UnsafeRawBufferPointer
  /// The JSON the spans point into.
  let json: UnsafeRawBufferPointer
  /// What keeps `table` and `json` alive: the mapped file, or the memory they were
  /// rendered into.
  private let owner: AnyObject

  /// Renderings of `count` contacts over `table` (checked to be large enough for
  /// `count`) and `json`, kept alive by `owner`; nil when the table is too short.
  init?(count: Int, table: UnsafeRawBufferPointer, json: UnsafeRawBufferPointer, owner: AnyObject) {
    guard count >= 0, table.count >= Self.tableSize(count) else { return nil }
    self.count = count
    self.table = table
    self.json = json
    self.owner = owner
  }

  /// The table's bytes: the spans and checksums of `count` contacts.
  static func tableSize(_ count: Int) -> Int { 24 * count }

  /// Where the table keeps contact `position`'s span and checksum, as indices of
  /// 8-byte words (the layout above): the only place that says so.
  private static func words(of position: Int, count: Int) -> (start: Int, end: Int, checksum: Int) {
    (2 * position, 2 * position + 1, 2 * count + position)
  }

  /// Sets contact `position`'s span and checksum in `table` (the table's bytes).
  private static func store(
    span: Range<Int>, checksum: Int64, at position: Int, count: Int, in table: UnsafeMutableRawBufferPointer
  ) {
    let words = words(of: position, count: count)
    table.storeBytes(of: UInt64(span.lowerBound).littleEndian, toByteOffset: 8 * words.start, as: UInt64.self)
    table.storeBytes(of: UInt64(span.upperBound).littleEndian, toByteOffset: 8 * words.end, as: UInt64.self)
    table.storeBytes(of: UInt64(bitPattern: checksum).littleEndian, toByteOffset: 8 * words.checksum, as: UInt64.self)
  }

  /// The table's word at `index` (see `words(of:count:)`).
  private func word(_ index: Int) -> UInt64 {
    UInt64(littleEndian: table.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self))
  }

  /// The JSON of the contact at `position` (0 ≤ position < count), or nil when its
  /// bytes are damaged.
  ///
  /// - Complexity: O(length of the JSON) for the checksum.
  public func json(at position: Int) -> UnsafeRawBufferPointer? {
    guard let bytes = unchecked(at: position) else { return nil }
    return isIntact(bytes, at: position) ? bytes : nil
  }

  /// Whether `bytes` (the JSON of `position`, or a copy of it) have the checksum stored
  /// for that position.
  private func isIntact(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Bool {
    Checksum.wide(bytes) == Int64(bitPattern: word(Self.words(of: position, count: count).checksum))
  }

  /// The bytes stored for `position`, its checksum not checked; nil when its span
  /// lies outside the JSON.
  private func unchecked(at position: Int) -> UnsafeRawBufferPointer? {
    guard position >= 0, position < count else { return nil }
    let words = Self.words(of: position, count: count)
    let start = word(words.start)
    let end = word(words.end)
    guard start <= end, end <= UInt64(json.count) else { return nil }
    return UnsafeRawBufferPointer(rebasing: json[Int(start)..<Int(end)])
  }

  /// The first position whose contact's identifier is `identifier`, read from the
  /// start of its JSON (`{"identifier":…,`, the first member `PersonJSON.writePerson`
  /// writes) without decoding any contact; nil when none has it (or its JSON is
  /// damaged).
  ///
  /// - Complexity: O(n) comparisons of a few bytes, and one checksum.
  public func position(ofIdentifier identifier: String) -> Int? {
    positions(ofIdentifier: identifier, limit: 1).first
  }

  /// The positions of every contact whose JSON has `identifier` (as written), in
  /// order, at most `limit`.
  ///
  /// - Complexity: O(n) comparisons of a few bytes.
  public func positions(ofIdentifier identifier: String, limit: Int = .max) -> [Int] {
    var prefix = Array(#"{"identifier":"#.utf8)
    JSONValue.writeString(identifier, to: &prefix)
    prefix.append(UInt8(ascii: ","))
    var found: [Int] = []
    for position in 0..<count where found.count < limit {
      guard let bytes = unchecked(at: position), bytes.starts(with: prefix) else { continue }
      if json(at: position) != nil { found.append(position) }
    }
    return found
  }

  /// The JSON of the contacts at `positions`, each followed by `separator`; nil when
  /// one of them is damaged. From a mapped file, the JSON is copied with `pread`
  /// (`MappedFile.copy`), not read through the mapping: a query's matches, scattered
  /// over the file, do not map all of it.
  ///
  /// - Complexity: O(bytes written).
  public func lines(_ positions: some Collection<Int>, separator: UInt8) -> [UInt8]? {
    let mapped = owner as? MappedFile
    var lines: [UInt8] = []
    for position in positions {
      guard let stored = unchecked(at: position) else { return nil }
      let start = lines.count
      if let mapped {
        guard mapped.copy(stored, to: &lines) else { return nil }
      } else {
        lines.append(contentsOf: stored)
      }
      guard lines.withUnsafeBytes({ isIntact(UnsafeRawBufferPointer(rebasing: $0[start...]), at: position) }) else { return nil }
      lines.append(separator)
    }
    return lines
  }

  /// Renders `count` contacts: `render(i, &out)` appends the JSON of contact `i`. The
  /// contacts are rendered on all cores (`inWaves`), each wave copied into the block
  /// (grown in place) and let go before the next is rendered, so the JSON is held
  /// once, not twice (a million contacts: about 650 MB).
  ///
  /// - Complexity: O(n) renderings plus a copy of their bytes.
  static func render(count: Int, _ render: @Sendable (Int, inout [UInt8]) -> Void) -> ContactRenderings {
    let header = tableSize(count)
    let memory = RenderedMemory(size: header + count * 512)
    var position = 0
    var base = 0
    inWaves(count: count, render) { json, ends, checksums in
      memory.grow(to: header + base + json.count)
      let block = memory.bytes
      for index in ends.indices {
        let words = words(of: position, count: count)
        let start = base + (index == 0 ? 0 : ends[index - 1])
        block.storeBytes(of: UInt64(start).littleEndian, toByteOffset: 8 * words.start, as: UInt64.self)
        block.storeBytes(of: UInt64(base + ends[index]).littleEndian, toByteOffset: 8 * words.end, as: UInt64.self)
        block.storeBytes(
          of: UInt64(bitPattern: checksums[index]).littleEndian, toByteOffset: 8 * words.checksum, as: UInt64.self)
        position += 1
      }
      json.withUnsafeBytes { json in
        UnsafeMutableRawBufferPointer(rebasing: block[(header + base)...]).copyMemory(from: json)
      }
      base += json.count
    }
    memory.grow(to: header + base, exactly: true)
    return ContactRenderings(
      count: count, table: UnsafeRawBufferPointer(rebasing: memory.bytes[..<header]),
      json: UnsafeRawBufferPointer(rebasing: memory.bytes[header..<(header + base)]), owner: memory)!
  }

  /// Renders `count` contacts as `render(count:_:)` does, their JSON written straight
  /// into `file` where it is, wave by wave — only a wave of JSON is ever in memory.
  ///
  /// - Returns: the JSON's length in bytes, and the table of its spans and checksums
  ///   (spans from the JSON's first byte) to write after it.
  /// - Throws: the file's error.
  static func write(
    count: Int, _ render: @Sendable (Int, inout [UInt8]) -> Void, to file: FileDescriptor
  ) throws(SystemError) -> (length: Int, table: [UInt8]) {
    var table = [UInt8](repeating: 0, count: tableSize(count))
    var position = 0
    var base = 0
    var failure: SystemError?
    inWaves(count: count, render) { json, ends, checksums in
      guard failure == nil else { return }
      do throws(SystemError) { try file.writeAll(json) } catch { failure = error }
      table.withUnsafeMutableBytes { table in
        for index in ends.indices {
          let span = (base + (index == 0 ? 0 : ends[index - 1]))..<(base + ends[index])
          store(span: span, checksum: checksums[index], at: position, count: count, in: table)
          position += 1
        }
      }
      base += json.count
    }
    if let failure { throw failure }
    return (base, table)
  }

  /// The table of `count` contacts whose JSON was rendered before, in any order
  /// (`entry(i)`: where contact `i`'s JSON is, from the JSON's first byte, and its
  /// checksum) — no contact's JSON is read, rendered or copied alone (a cold book's,
  /// rendered as it was read: `PartRenderings`, `BookRenderings`). Nil when `entry`
  /// has none for a contact.
  static func table(count: Int, entry: (Int) -> (span: Range<Int>, checksum: Int64)?) -> [UInt8]? {
    var table = [UInt8](repeating: 0, count: tableSize(count))
    let complete = table.withUnsafeMutableBytes { table in
      for position in 0..<count {
        guard let (span, checksum) = entry(position) else { return false }
        store(span: span, checksum: checksum, at: position, count: count, in: table)
      }
      return true
    }
    return complete ? table : nil
  }

  /// Renders `count` contacts on all cores in chunks of 2,048, `renderWave` at a time,
  /// giving `emit` each chunk in order: its JSON, where each contact ends in it, and
  /// each contact's checksum.
  private static func inWaves(
    count: Int, _ render: @Sendable (Int, inout [UInt8]) -> Void,
    emit: (_ json: [UInt8], _ ends: [Int], _ checksums: [Int64]) -> Void
  ) {
    for wave in stride(from: 0, to: count, by: renderWave) {
      let chunks = Parallel.map(count: min(renderWave, count - wave), chunk: 2_048) {
        range in chunk(range.lazy.map { wave + $0 }) { render($0, &$1) }
      }
      for chunk in chunks { emit(chunk.json, chunk.ends, chunk.checksums) }
    }
  }

  /// The JSON of `items` one after the other (`render(item, &out)` appends one's), where
  /// each ends in it, and each one's checksum (`Checksum.wide`): what a list file's
  /// table records for them. The one loop of every rendering of JSON for a list file
  /// (`inWaves`, `PartRenderings`, `BookRenderings`).
  static func chunk<Items: Collection>(
    _ items: Items, _ render: (Items.Element, inout [UInt8]) -> Void
  ) -> (json: [UInt8], ends: [Int], checksums: [Int64]) {
    var json: [UInt8] = []
    json.reserveCapacity(items.count * 640)
    var ends: [Int] = []
    var checksums: [Int64] = []
    ends.reserveCapacity(items.count)
    checksums.reserveCapacity(items.count)
    for item in items {
      let start = json.count
      render(item, &json)
      ends.append(json.count)
      checksums.append(json.withUnsafeBytes { Checksum.wide(UnsafeRawBufferPointer(rebasing: $0[start...])) })
    }
    return (json, ends, checksums)
  }

  /// Contacts rendered before their JSON is copied into the block: 8 chunks (about
  /// 10 MB of JSON).
  static let renderWave = 8 * 2_048
}

/// Memory a list's renderings were written into, freed with them; grown in place
/// (`realloc`: a large block is moved by remapping its pages, not copied).
private final class RenderedMemory {
  private(set) var bytes: UnsafeMutableRawBufferPointer

  init(size: Int) {
    bytes = UnsafeMutableRawBufferPointer(start: malloc(max(size, 8))!, count: max(size, 8))
  }

  /// Makes the block at least `size` bytes (half as much again, to grow seldom), or
  /// exactly `size` with `exactly`.
  func grow(to size: Int, exactly: Bool = false) {
    guard size > bytes.count || (exactly && size != bytes.count) else { return }
    let wanted = max(8, exactly ? size : max(size, bytes.count + bytes.count / 2))
    bytes = UnsafeMutableRawBufferPointer(start: realloc(bytes.baseAddress, wanted)!, count: wanted)
  }

  deinit { free(bytes.baseAddress) }
}
