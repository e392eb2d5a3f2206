/// The warnings of a file past `VCardLimits.listedWarnings`: how many were not listed,
/// and the line of the first — kept across the pieces and parts a file is read in, so
/// that a file lists its first warnings and one line for the rest however it is cut.
struct WarningTally {
  /// Warnings listed so far.
  var listed = 0
  /// Warnings not listed.
  var unlisted = 0
  /// The line of the first warning not listed (`Int.max` while there is none).
  var firstUnlisted = Int.max

  /// Counts one warning not listed, on `line` (asked for the first only).
  mutating func count(line: () -> Int) {
    if unlisted == 0 { firstUnlisted = line() }
    unlisted += 1
  }

  /// Takes the warnings of a piece read after the ones counted so far: those of
  /// `warnings` past `limit` listed in the file are taken out and counted, then the
  /// ones the piece itself did not list (`more`).
  mutating func take(_ warnings: inout [VCardWarning], more: WarningTally, limit: Int) {
    let before = unlisted
    let room = max(0, limit - listed)
    // The piece's first warning not listed, in the order they were met (as one piece
    // of the whole file meets them): of those it listed, the first past the room; else
    // the first it did not list itself.
    var first = more.unlisted > 0 ? more.firstUnlisted : Int.max
    if warnings.count > room {
      first = warnings[room].line
      unlisted += warnings.count - room
      warnings.removeSubrange(room...)
    }
    listed += warnings.count
    unlisted += more.unlisted
    if before == 0 && unlisted > 0 { firstUnlisted = first }
  }

  /// The warning that says how many were not listed, or nil when all were.
  func summary(_ limits: VCardLimits) -> VCardWarning? {
    unlisted > 0 ? VCardWarning(line: firstUnlisted, message: limits.unlistedProblems(unlisted)) : nil
  }
}
