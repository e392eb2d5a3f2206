import Testing

@testable import CpickSupport

/// `Memo`: a store of values by key that keeps them while it is asked again for them,
/// and stops storing (and lets go of what it holds) when it is not.
@Suite struct MemoTests {
  @Test("a value stored is given for its key; none for another; emptied when full")
  func storesAndGives() {
    let memo = Memo<Int, String>(capacity: 3, window: 1_000)
    #expect(memo.value(for: 1) == nil)
    memo.store("one", for: 1)
    #expect(memo.value(for: 1) == "one")
    #expect(memo.value(for: 2) == nil)
    for key in 2...3 { memo.store("\(key)", for: key) }
    #expect(memo.count == 3)
    memo.store("4", for: 4)
    #expect(memo.count == 1)
    #expect(memo.value(for: 4) == "4")
    #expect(memo.value(for: 1) == nil)
  }

  @Test("texts met once each: after a window it lets its values go and stores none; the next window it stores again, to see")
  func distinctKeysStopStoring() {
    let memo = Memo<Int, Int>(capacity: 100_000, window: 64)
    var key = 0
    func meetNew() {
      if memo.value(for: key) == nil { memo.store(key, for: key) }
      key += 1
    }
    for _ in 0..<63 { meetNew() }
    #expect(memo.count == 63)
    meetNew()  // the 64th lookup ends the window: none of them found a value
    #expect(memo.count == 0)
    for _ in 0..<63 { meetNew() }
    #expect(memo.count == 0)  // not stored while it does not pay
    meetNew()  // the window ends: it stores again, this text first
    for _ in 0..<10 { meetNew() }
    #expect(memo.count == 11)
  }

  @Test("texts that recur (one in four lookups a repeat) keep it storing window after window")
  func recurringKeysKeepStoring() {
    let memo = Memo<Int, Int>(capacity: 100_000, window: 64)
    var found = 0
    for number in 0..<1_000 {
      // Every fourth lookup is of a key met before.
      let key = number % 4 == 3 ? number - 3 : number
      if memo.value(for: key) != nil { found += 1 } else { memo.store(key, for: key) }
    }
    #expect(found == 250)
    #expect(memo.count == 750)
  }
}
