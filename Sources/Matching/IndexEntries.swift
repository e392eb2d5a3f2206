import ContactKit
import CpickSupport

/// The searchable fields of some contacts, folded: the part of a `ContactIndex` that
/// depends on each contact alone.
///
/// Built once per address-book file (the expensive part of indexing: folding and ICU
/// transliteration), kept in the on-disk index as its five flat arrays, and gathered
/// into a `ContactIndex` in display order with `ContactIndex(gathering:order:)` — so a
/// second start, or a change to one file of a vdir, indexes nothing again.
///
/// Layout (the same as `ContactIndex`'s, without the padding at the end):
///
/// | array           | count          | contents                                          |
/// |-----------------|----------------|---------------------------------------------------|
/// | `bytes`         | total bytes    | folded UTF-8 of every field, one after the other  |
/// | `fieldStarts`   | fields + 1     | field `f` is `bytes[fieldStarts[f]..<fieldStarts[f + 1]]`; starts at 0 |
/// | `fieldKinds`    | fields         | the kind of each field (name, organization, email…) |
/// | `contactStarts` | contacts + 1   | contact `c` owns fields `contactStarts[c]..<contactStarts[c + 1]`; starts at 0 |
/// | `masks`         | contacts       | the characters and digits present (`ByteMatcher.mask`) |
public struct IndexEntries: Sendable, Hashable {
  /// The folded UTF-8 bytes of all fields.
  public let bytes: [UInt8]
  /// Where each field starts in `bytes`, and the end of the last one.
  public let fieldStarts: [Int32]
  /// The kind of each field (an internal code: store it, don't interpret it).
  public let fieldKinds: [UInt8]
  /// Where each contact's fields start in `fieldKinds`, and the end of the last one.
  public let contactStarts: [Int32]
  /// Per contact, the masks of its text fields and phone digits.
  public let masks: [UInt64]

  /// Why stored arrays are not entries (a damaged on-disk index).
  public struct InvalidEntries: Error, Sendable, CustomStringConvertible {
    /// What is inconsistent.
    public let reason: String
    /// The reason.
    public var description: String { reason }
  }

  /// Folds the searchable fields of `contacts`, in their order.
  ///
  /// - Complexity: O(total length of the searchable fields), plus an ICU transform per
  ///   distinct non-Latin run of text.
  public init(_ contacts: some Sequence<Contact>) {
    var builder = IndexBuilder(expectedContacts: contacts.underestimatedCount)
    for contact in contacts { builder.add(contact) }
    // Copied to arrays of their size: the builder's room for fields a contact could
    // have (96 bytes and 8 fields each) would otherwise stay with every segment of a
    // large book until it is let go.
    bytes = builder.bytes.withUnsafeBufferPointer { Array($0) }
    fieldStarts = builder.fieldStarts.withUnsafeBufferPointer { Array($0) }
    fieldKinds = builder.fieldKinds.withUnsafeBufferPointer { Array($0) }
    contactStarts = Array(builder.contactStarts)
    masks = Array(builder.masks)
  }

  /// Entries from stored arrays, checked so that a damaged store cannot make a search
  /// read out of bounds.
  ///
  /// - Throws: `InvalidEntries` when the counts do not agree, the starts do not begin
  ///   at 0, decrease, or run past their arrays, or a kind is unknown.
  /// - Complexity: O(fields + contacts).
  public init(
    bytes: [UInt8], fieldStarts: [Int32], fieldKinds: [UInt8], contactStarts: [Int32], masks: [UInt64]
  ) throws(InvalidEntries) {
    try Self.check(
      byteCount: bytes.count, fieldStarts: fieldStarts, fieldKinds: fieldKinds, contactStarts: contactStarts,
      masks: masks)
    self.bytes = bytes
    self.fieldStarts = fieldStarts
    self.fieldKinds = fieldKinds
    self.contactStarts = contactStarts
    self.masks = masks
  }

  /// The number of contacts.
  public var count: Int { masks.count }

  /// The entries of contacts `range` (positions in these entries), as entries of their own.
  ///
  /// - Complexity: O(bytes of those contacts): a copy.
  public func slice(_ range: Range<Int>) -> IndexEntries {
    let firstField = Int(contactStarts[range.lowerBound])
    let endField = Int(contactStarts[range.upperBound])
    let firstByte = fieldStarts[firstField]
    return IndexEntries(
      unchecked: Array(bytes[Int(firstByte)..<Int(fieldStarts[endField])]),
      fieldStarts: fieldStarts[firstField...endField].map { $0 - firstByte }, fieldKinds: Array(fieldKinds[firstField..<endField]),
      contactStarts: contactStarts[range.lowerBound...range.upperBound].map { $0 - Int32(firstField) },
      masks: Array(masks[range]))
  }

  /// Checks that stored arrays are consistent entries over `byteCount` bytes.
  ///
  /// - Throws: `InvalidEntries` when the counts do not agree, the starts do not begin
  ///   at 0, decrease, or run past their arrays, or a kind is unknown.
  /// - Complexity: O(fields + contacts).
  static func check(
    byteCount: Int, fieldStarts: some RandomAccessCollection<Int32>, fieldKinds: some Collection<UInt8>,
    contactStarts: some RandomAccessCollection<Int32>, masks: some Collection<UInt64>
  ) throws(InvalidEntries) {
    func check(_ condition: Bool, _ reason: String) throws(InvalidEntries) {
      if !condition { throw InvalidEntries(reason: reason) }
    }
    try check(fieldStarts.count == fieldKinds.count + 1, "field starts and kinds disagree")
    try check(contactStarts.count == masks.count + 1, "contact starts and masks disagree")
    try check(fieldStarts.first == 0 && Int(fieldStarts.last!) == byteCount, "field starts do not cover the bytes")
    try check(contactStarts.first == 0 && Int(contactStarts.last!) == fieldKinds.count, "contact starts do not cover the fields")
    try check(zip(fieldStarts, fieldStarts.dropFirst()).allSatisfy { $0 <= $1 }, "field starts decrease")
    try check(zip(contactStarts, contactStarts.dropFirst()).allSatisfy { $0 <= $1 }, "contact starts decrease")
    try check(fieldKinds.allSatisfy { FieldKind(rawValue: $0) != nil }, "unknown field kind")
  }

  /// Entries from arrays known to be consistent (an index's own).
  init(unchecked bytes: [UInt8], fieldStarts: [Int32], fieldKinds: [UInt8], contactStarts: [Int32], masks: [UInt64]) {
    self.bytes = bytes
    self.fieldStarts = fieldStarts
    self.fieldKinds = fieldKinds
    self.contactStarts = contactStarts
    self.masks = masks
  }

  /// The contacts of `parts`, one part after the other.
  ///
  /// - Complexity: O(total bytes): a copy.
  public init(concatenating parts: [IndexEntries]) {
    if parts.count == 1 {
      self = parts[0]
      return
    }
    var bytes: [UInt8] = []
    var fieldStarts: [Int32] = [0]
    var fieldKinds: [UInt8] = []
    var contactStarts: [Int32] = [0]
    var masks: [UInt64] = []
    for part in parts {
      let byteShift = Int32(bytes.count)
      let fieldShift = Int32(fieldKinds.count)
      bytes.append(contentsOf: part.bytes)
      fieldStarts.append(contentsOf: part.fieldStarts.dropFirst().lazy.map { $0 + byteShift })
      fieldKinds.append(contentsOf: part.fieldKinds)
      contactStarts.append(contentsOf: part.contactStarts.dropFirst().lazy.map { $0 + fieldShift })
      masks.append(contentsOf: part.masks)
    }
    self.bytes = bytes
    self.fieldStarts = fieldStarts
    self.fieldKinds = fieldKinds
    self.contactStarts = contactStarts
    self.masks = masks
  }
}

extension ContactIndex {
  /// One contact of some `IndexEntries`: which entries (an index into the array given
  /// to `init(gathering:order:)`) and which of their contacts.
  public struct EntryReference: Sendable, Hashable {
    /// The position of the entries in the array.
    public var entries: Int32
    /// The contact's position in those entries.
    public var contact: Int32

    /// Creates a reference.
    public init(entries: Int32, contact: Int32) {
      self.entries = entries
      self.contact = contact
    }
  }

  /// An index over `entries`, in their order.
  public convenience init(_ entries: IndexEntries) {
    self.init(
      bytes: entries.bytes + repeatElement(0, count: ByteMatcher.padding), fieldStarts: entries.fieldStarts,
      fieldKinds: entries.fieldKinds, contactStarts: entries.contactStarts, masks: entries.masks)
  }

  /// The index's folded fields, to store them (a copy without the padding).
  public var entries: IndexEntries {
    // The index's own arrays were checked when it was built.
    IndexEntries(
      unchecked: Array(bytes.buffer[0..<Int(fieldStarts.last ?? 0)]), fieldStarts: Array(fieldStarts),
      fieldKinds: Array(fieldKinds), contactStarts: Array(contactStarts), masks: Array(masks))
  }

  /// The index's columns where they lie, to store them without a copy: `bytes` with
  /// its `bytePadding` zeros (`IndexEntries`' layout, as `init(stored:…)` reads it).
  public var storedColumns: StoredColumns {
    StoredColumns(
      bytes: bytes, fieldStarts: fieldStarts, fieldKinds: fieldKinds, contactStarts: contactStarts, masks: masks)
  }

  /// An index's columns as `storedColumns` lends them (each keeps its storage alive).
  public struct StoredColumns: Sendable {
    /// The folded UTF-8 of every field, then `bytePadding` zero bytes.
    public let bytes: FlatArray<UInt8>
    /// Where each field starts in `bytes`, and the end of the last one.
    public let fieldStarts: FlatArray<Int32>
    /// Each field's `FieldKind`.
    public let fieldKinds: FlatArray<UInt8>
    /// Where each contact's fields start, and the end of the last one.
    public let contactStarts: FlatArray<Int32>
    /// Each contact's character mask.
    public let masks: FlatArray<UInt64>
  }

  /// The zero bytes that follow the folded fields in `init(stored:…)`'s `bytes`.
  public static var bytePadding: Int { ByteMatcher.padding }

  /// An index over stored arrays used where they lie (a list file mapped into
  /// memory): `IndexEntries`' layout, with `bytes` followed by `bytePadding` zeros.
  ///
  /// - Throws: `IndexEntries.InvalidEntries` when they are not consistent (a damaged
  ///   file): a search can then never read outside them.
  /// - Complexity: O(fields + contacts) checks; no copy.
  public convenience init(
    stored bytes: FlatArray<UInt8>, fieldStarts: FlatArray<Int32>, fieldKinds: FlatArray<UInt8>,
    contactStarts: FlatArray<Int32>, masks: FlatArray<UInt64>
  ) throws(IndexEntries.InvalidEntries) {
    guard bytes.count >= ByteMatcher.padding, bytes.buffer.suffix(ByteMatcher.padding).allSatisfy({ $0 == 0 }) else {
      throw IndexEntries.InvalidEntries(reason: "no padding after the bytes")
    }
    try IndexEntries.check(
      byteCount: bytes.count - ByteMatcher.padding, fieldStarts: fieldStarts.buffer, fieldKinds: fieldKinds.buffer,
      contactStarts: contactStarts.buffer, masks: masks.buffer)
    self.init(bytes: bytes, fieldStarts: fieldStarts, fieldKinds: fieldKinds, contactStarts: contactStarts, masks: masks)
  }

  /// Gathers the contacts of several `IndexEntries` into one index, in `order`.
  ///
  /// - Parameters:
  ///   - entries: the folded fields of each file (or part) of the address book.
  ///   - order: the display order: position `i` of the index is `order[i]`. Every
  ///     reference must be in bounds (it is checked with a precondition).
  /// - Complexity: O(total bytes of the contacts in `order`): a copy, no folding.
  public convenience init(gathering entries: [IndexEntries], order: [EntryReference]) {
    if entries.count == 1, order.count == entries[0].count,
      order.enumerated().allSatisfy({ $0.element.entries == 0 && Int($0.element.contact) == $0.offset })
    {
      let only = entries[0]
      self.init(
        bytes: only.bytes + repeatElement(0, count: ByteMatcher.padding), fieldStarts: only.fieldStarts,
        fieldKinds: only.fieldKinds, contactStarts: only.contactStarts, masks: only.masks)
      return
    }
    var totalBytes = ByteMatcher.padding
    var totalFields = 0
    for reference in order {
      let part = entries[Int(reference.entries)]
      let contact = Int(reference.contact)
      let first = Int(part.contactStarts[contact])
      let end = Int(part.contactStarts[contact + 1])
      totalFields += end - first
      totalBytes += Int(part.fieldStarts[end] - part.fieldStarts[first])
    }
    // Written straight into the index's own memory, each array's size known from the
    // pass above: no array grown and then copied (a million contacts: about 150 MB
    // less written, and not held twice for a moment).
    let masks = FlatArray<UInt64>(count: order.count) { masks in
      for (position, reference) in order.enumerated() {
        masks[position] = entries[Int(reference.entries)].masks[Int(reference.contact)]
      }
    }
    let contactStarts = FlatArray<Int32>(count: order.count + 1) { starts in
      var fields: Int32 = 0
      starts[0] = 0
      for (position, reference) in order.enumerated() {
        let contactStarts = entries[Int(reference.entries)].contactStarts
        fields += contactStarts[Int(reference.contact) + 1] - contactStarts[Int(reference.contact)]
        starts[position + 1] = fields
      }
    }
    let fieldKinds = FlatArray<UInt8>(count: totalFields) { kinds in
      var next = 0
      for reference in order {
        let part = entries[Int(reference.entries)]
        for field in Int(part.contactStarts[Int(reference.contact)])..<Int(part.contactStarts[Int(reference.contact) + 1]) {
          kinds[next] = part.fieldKinds[field]
          next += 1
        }
      }
    }
    let fieldStarts = FlatArray<Int32>(count: totalFields + 1) { starts in
      var next = 1
      starts[0] = 0
      for reference in order {
        let part = entries[Int(reference.entries)]
        let first = Int(part.contactStarts[Int(reference.contact)])
        let end = Int(part.contactStarts[Int(reference.contact) + 1])
        let shift = starts[next - 1] - part.fieldStarts[first]
        for field in first..<end {
          starts[next] = part.fieldStarts[field + 1] + shift
          next += 1
        }
      }
    }
    let bytes = FlatArray<UInt8>(count: totalBytes) { bytes in
      var next = 0
      for reference in order {
        let part = entries[Int(reference.entries)]
        let from = Int(part.fieldStarts[Int(part.contactStarts[Int(reference.contact)])])
        let to = Int(part.fieldStarts[Int(part.contactStarts[Int(reference.contact) + 1])])
        part.bytes.withUnsafeBufferPointer { source in
          _ = UnsafeMutableBufferPointer(rebasing: bytes[next..<(next + to - from)])
            .initialize(from: UnsafeBufferPointer(rebasing: source[from..<to]))
        }
        next += to - from
      }
      UnsafeMutableBufferPointer(rebasing: bytes[next...]).initialize(repeating: 0)
    }
    self.init(bytes: bytes, fieldStarts: fieldStarts, fieldKinds: fieldKinds, contactStarts: contactStarts, masks: masks)
  }
}
