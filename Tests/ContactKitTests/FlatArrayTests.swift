import Testing

@testable import ContactKit
@testable import CpickSupport

/// `FlatArray`: the same elements whether it holds an array or borrows memory.
@Suite("Flat arrays")
struct FlatArrayTests {
  final class Owner {
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)
    deinit { memory.deallocate() }
  }

  @Test("an array's elements, and borrowed memory's, in order; equal when their elements are")
  func elements() {
    let held = FlatArray<Int32>([3, -1, 7])
    #expect(Array(held) == [3, -1, 7])
    #expect(held.count == 3 && held[2] == 7)
    let owner = Owner()
    for (index, value) in [Int32(3), -1, 7].enumerated() {
      owner.memory.storeBytes(of: value, toByteOffset: 8 + 4 * index, as: Int32.self)
    }
    let borrowed = FlatArray<Int32>(borrowing: owner.memory.baseAddress! + 8, count: 3, owner: owner)
    #expect(borrowed == held)
    #expect(borrowed.withUnsafeBufferPointer { $0.reduce(0, +) } == 9)
    #expect(FlatArray<Int32>() != held)
    #expect(FlatArray<Int32>().isEmpty)
  }
}
