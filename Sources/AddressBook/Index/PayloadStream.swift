import CpickSupport

/// A file's payload written to its row a piece at a time, never held whole: a large
/// file's (`SegmentArchive.encode(_:pieceSize:_:)`: the names, sort keys and search
/// fields of all its contacts, 0.2 GB for a million), made twice — once to know its
/// size and `Checksum`, which its row is created with (a blob of zeros of that size,
/// `IndexCache.largePayload`), once to write it over the zeros.
///
/// Equal only to itself (the same stream).
package final class PayloadStream: Sendable, Hashable {
  /// The size from which a payload is better written in pieces, in bytes (an upper
  /// bound, `SegmentArchive.sizeBound`): below it, the second encoding costs more
  /// than the memory it saves.
  package static let smallest = 16 << 20

  /// The payload's size, in bytes.
  package let count: Int
  /// The `Checksum` of the payload.
  package let checksum: Int64
  /// Gives the payload's pieces, in order, to the function it is given; the same bytes
  /// each time.
  private let pieces: @Sendable ((UnsafeRawBufferPointer) -> Void) -> Void

  /// A stream of the pieces `pieces` gives, made once here to count them.
  package init(_ pieces: @escaping @Sendable ((UnsafeRawBufferPointer) -> Void) -> Void) {
    var running = Checksum.Running()
    pieces { running.add($0) }
    count = running.count
    checksum = running.value
    self.pieces = pieces
  }

  /// Gives the payload's pieces to `body`, in order.
  package func write(_ body: (UnsafeRawBufferPointer) -> Void) {
    withoutActuallyEscaping(body) { pieces($0) }
  }

  package static func == (lhs: PayloadStream, rhs: PayloadStream) -> Bool { lhs === rhs }

  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
