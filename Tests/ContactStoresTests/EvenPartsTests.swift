import Testing

@testable import ContactStores

/// `VCardLoading.evenPartSize`: a file read in parts of at most 4 MB is cut into as few
/// parts as that allows, of about one size.
@Suite struct EvenPartsTests {
  @Test(
    "as few parts as the largest allows, of about one size",
    arguments: [
      (5_500_000, 4 << 20, 2_750_000), (4 << 20, 4 << 20, 4 << 20), ((8 << 20) + 1, 4 << 20, 2_796_203),
      (100, 4 << 20, 100), (0, 4 << 20, 1), (10, 0, 1),
    ])
  func even(total: Int, largest: Int, expected: Int) {
    let size = VCardLoading.evenPartSize(of: total, atMost: largest)
    #expect(size == expected)
    #expect(size <= max(1, largest))
    // The parts it gives cover the input in as few parts as parts of `largest` would.
    let parts = (total + size - 1) / size
    #expect(parts == max(0, (total + max(1, largest) - 1) / max(1, largest)))
  }
}
