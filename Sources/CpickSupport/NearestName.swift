/// Near names for "did you mean …?" (a predicate's key path, a template's field, an
/// option, a command): case-insensitive optimal string alignment distance (a
/// transposition counts as one edit).
package enum NearestName {
  /// The candidate closest to `word`, when it is close enough to be a typo.
  package static func nearest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      if best == nil || distance < best!.1 { best = (candidate, distance) }
    }
    guard let (candidate, distance) = best else { return nil }
    let limit = lowered.count <= 3 ? 1 : lowered.count <= 6 ? 2 : 3
    return distance <= limit ? candidate : nil
  }

  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
