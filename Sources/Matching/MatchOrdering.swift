import Dispatch

extension ContactIndex {
  /// Orders the matches of `parts` (in input order, one part after the other) by
  /// descending score, ties in input order, with a counting sort.
  ///
  /// - Complexity: O(matches + highest score).
  static func ordered(_ parts: [ScanResult]) -> [ContactMatch] {
    let n = parts.reduce(0) { $0 + $1.indices.count }
    guard n > 0 else { return [] }
    let maxScore = parts.reduce(0) { max($0, $1.maxScore) }
    if n >= parallelOrderThreshold && parts.count > 1 {
      return orderedInParallel(parts, count: n, maxScore: maxScore)
    }
    var slots = [Int](repeating: 0, count: maxScore + 1)
    for part in parts {
      for score in part.scores { slots[Int(score)] += 1 }
    }
    var next = 0
    for score in stride(from: maxScore, through: 0, by: -1) {
      let c = slots[score]
      slots[score] = next
      next += c
    }
    return [ContactMatch](unsafeUninitializedCapacity: n) { buffer, initialized in
      let base = buffer.baseAddress!
      slots.withUnsafeMutableBufferPointer { slots in
        for part in parts {
          part.indices.withUnsafeBufferPointer { indices in
            part.scores.withUnsafeBufferPointer { scores in
              for i in 0..<indices.count {
                let score = Int(scores[i])
                (base + slots[score]).initialize(to: ContactMatch(index: Int(indices[i]), score: score))
                slots[score] += 1
              }
            }
          }
        }
      }
      initialized = n
    }
  }

  /// Matches at or above which `ordered` places them on all cores.
  static let parallelOrderThreshold = 65_536

  /// `ordered`'s counting sort with each part placed by a thread of its own: the slots
  /// of a score go to the parts in order (part 0's matches of that score first), so the
  /// result is the serial sort's.
  ///
  /// - Complexity: O(matches + parts × highest score), on all cores.
  static func orderedInParallel(_ parts: [ScanResult], count n: Int, maxScore: Int) -> [ContactMatch] {
    let width = maxScore + 1
    // `starts[p * width + score]`: where part `p`'s first match of `score` goes.
    var starts = [Int](repeating: 0, count: parts.count * width)
    starts.withUnsafeMutableBufferPointer { starts in
      nonisolated(unsafe) let counts = starts
      DispatchQueue.concurrentPerform(iterations: parts.count) { p in
        for score in parts[p].scores { counts[p * width + Int(score)] += 1 }
      }
      var next = 0
      for score in stride(from: maxScore, through: 0, by: -1) {
        for p in parts.indices {
          let c = starts[p * width + score]
          starts[p * width + score] = next
          next += c
        }
      }
    }
    return [ContactMatch](unsafeUninitializedCapacity: n) { buffer, initialized in
      // Each part writes only its own slots; the buffers outlive the loop.
      nonisolated(unsafe) let base = buffer.baseAddress!
      starts.withUnsafeMutableBufferPointer { starts in
        nonisolated(unsafe) let slots = starts
        DispatchQueue.concurrentPerform(iterations: parts.count) { p in
          let part = parts[p]
          let slotBase = p * width
          part.indices.withUnsafeBufferPointer { indices in
            part.scores.withUnsafeBufferPointer { scores in
              for i in 0..<indices.count {
                let score = Int(scores[i])
                (base + slots[slotBase + score]).initialize(to: ContactMatch(index: Int(indices[i]), score: score))
                slots[slotBase + score] += 1
              }
            }
          }
        }
      }
      initialized = n
    }
  }
}
