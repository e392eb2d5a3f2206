import ContactKit
import CpickSupport

/// The display names of a list, by position: Swift strings for a list edited, UTF-8
/// in one column for a list just built (`ByteColumn`), or UTF-8 bytes where the list's
/// file lies in memory (`ListFile`) — a string made only when a name is read: the
/// picker reads its visible rows, a query none.
public struct NameColumn: RandomAccessCollection, Sendable, Equatable {
  private enum Storage: Sendable {
    case strings([String])
    case column(ByteColumn)
    /// Name `i` is `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first).
    case utf8(ends: FlatArray<UInt32>, bytes: FlatArray<UInt8>)
  }

  private let storage: Storage

  /// The names `names`.
  public init(_ names: [String]) {
    storage = .strings(names)
  }

  /// The names of `column`.
  init(_ column: ByteColumn) {
    storage = .column(column)
  }

  /// Names as UTF-8 one after the other in `bytes`, name `i` ending at `ends[i]`.
  ///
  /// - Returns: nil when the ends decrease or run past `bytes` (a damaged file).
  init?(ends: FlatArray<UInt32>, bytes: FlatArray<UInt8>) {
    var previous: UInt32 = 0
    for end in ends {
      guard end >= previous else { return nil }
      previous = end
    }
    guard Int(previous) <= bytes.count else { return nil }
    storage = .utf8(ends: ends, bytes: bytes)
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of names.
  public var endIndex: Int {
    switch storage {
    case .strings(let names): names.count
    case .column(let column): column.count
    case .utf8(let ends, _): ends.count
    }
  }

  /// The name at `position`.
  public subscript(position: Int) -> String {
    switch storage {
    case .strings(let names):
      return names[position]
    case .column(let column):
      return column[position]
    case .utf8(let ends, let bytes):
      let start = position == 0 ? 0 : Int(ends[position - 1])
      return String(decoding: UnsafeBufferPointer(rebasing: bytes.buffer[start..<Int(ends[position])]), as: UTF8.self)
    }
  }

  /// The names as one `ByteColumn` (the list file stores its `ends` and `bytes`):
  /// the column itself for a list just built, else made.
  var byteColumn: ByteColumn {
    if case .column(let column) = storage { return column }
    return ByteColumn(self)
  }

  /// Name by name.
  public static func == (a: NameColumn, b: NameColumn) -> Bool { a.elementsEqual(b) }
}

extension NameColumn: ExpressibleByArrayLiteral {
  /// The names listed.
  public init(arrayLiteral names: String...) {
    self.init(names)
  }
}
