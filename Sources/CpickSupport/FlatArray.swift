/// A read-only array of fixed-width values held either in memory of its own (a copy of
/// a Swift array) or in memory owned by another object — typically a file mapped into
/// memory, so that a list read from the on-disk index is used where it lies instead of
/// being copied.
///
/// `Element` must be a trivial type (integers, or structs of them). Borrowed memory
/// must stay valid, unchanged and aligned for `Element` as long as its owner lives;
/// the array keeps the owner alive.
public struct FlatArray<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
  /// The elements.
  public let buffer: UnsafeBufferPointer<Element>
  /// What keeps `buffer` alive: the array's storage or the owner of the memory.
  private let owner: AnyObject?

  /// The elements of `array`, copied into memory the result owns.
  ///
  /// - Complexity: O(n): one copy.
  public init(_ array: [Element]) {
    let storage = OwnedStorage(array)
    self.owner = storage
    self.buffer = UnsafeBufferPointer(rebasing: storage.buffer[0..<array.count])
  }

  /// `count` elements written by `initialize` straight into memory the result owns
  /// (no array, no copy): it must initialize every element of the buffer it is given.
  ///
  /// - Complexity: what `initialize` does.
  public init(count: Int, initializingWith initialize: (UnsafeMutableBufferPointer<Element>) -> Void) {
    let storage = OwnedStorage(count: count)
    let buffer = UnsafeMutableBufferPointer(rebasing: storage.buffer[0..<count])
    initialize(buffer)
    self.owner = storage
    self.buffer = UnsafeBufferPointer(buffer)
  }

  /// `count` elements at `start` inside memory kept alive by `owner`.
  ///
  /// - Precondition: `start` is aligned for `Element` (checked).
  public init(borrowing start: UnsafeRawPointer, count: Int, owner: AnyObject) {
    precondition(Int(bitPattern: start) % MemoryLayout<Element>.alignment == 0, "misaligned FlatArray")
    self.buffer = UnsafeBufferPointer(start: start.assumingMemoryBound(to: Element.self), count: count)
    self.owner = owner
  }

  /// An empty array.
  public init() { self.init([]) }

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of elements.
  public var endIndex: Int { buffer.count }

  /// The element at `position` (bounds-checked).
  @inlinable
  public subscript(position: Int) -> Element {
    precondition(position >= 0 && position < buffer.count, "FlatArray index out of range")
    return buffer[position]
  }

  /// Calls `body` with the elements' memory (valid only inside `body`).
  public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(owner) { try body(buffer) }
  }

  /// Memory holding a copy of an array's elements, freed with it. (An array's own
  /// storage cannot be kept: its address is only valid inside `withUnsafeBufferPointer`.)
  private final class OwnedStorage {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ array: [Element]) {
      buffer = UnsafeMutableBufferPointer.allocate(capacity: Swift.max(array.count, 1))
      _ = buffer.initialize(from: array)
    }
    /// Room for `count` elements, not initialized.
    init(count: Int) {
      buffer = UnsafeMutableBufferPointer.allocate(capacity: Swift.max(count, 1))
    }
    deinit { buffer.deallocate() }
  }
}

extension FlatArray: Equatable where Element: Equatable {
  /// Element by element.
  public static func == (a: FlatArray, b: FlatArray) -> Bool { a.elementsEqual(b) }
}
