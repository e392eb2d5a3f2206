/// How a card's scroll position follows its highlighted row (the person card, the
/// unknown-person card): a newly highlighted row is brought into view, its top first;
/// a row that stays highlighted may be scrolled through (a note of many lines, read
/// with PgDn), and is brought back only once it has left the view entirely.
enum CardScrolling {
  /// The first line to show.
  ///
  /// - Parameters:
  ///   - scrollTop: the first line shown now (after the key's own scrolling).
  ///   - highlighted: the lines of the highlighted row, if any.
  ///   - moved: whether the highlight moved since the last frame.
  ///   - height: the lines the body shows.
  ///   - lineCount: the lines of the body.
  /// - Returns: a line in `0...max(0, lineCount - height)`.
  static func scrollTop(
    _ scrollTop: Int, highlighted: ClosedRange<Int>?, moved: Bool, height: Int, lineCount: Int
  ) -> Int {
    // Past the end first comes back to the last page (End, PgDn at the bottom).
    var top = min(scrollTop, max(0, lineCount - height))
    if let lines = highlighted, moved || lines.upperBound < top || lines.lowerBound >= top + height {
      if lines.lowerBound < top { top = lines.lowerBound }
      if lines.upperBound >= top + height { top = min(lines.lowerBound, lines.upperBound - height + 1) }
    }
    return max(0, min(top, max(0, lineCount - height)))
  }

  /// Places a card's scroll position for its highlighted row `cursor` (`scrollTop(_:highlighted:…)`),
  /// remembers that row as the one placed, and sets the page size to `height`.
  ///
  /// - Parameters:
  ///   - lines: the card's body lines; `row` gives the row a line shows.
  ///   - height: the lines the body shows.
  static func place<Line, Row: Equatable>(
    scrollTop: inout Int, pageSize: inout Int, placedCursor: inout Row?, cursor: Row?, lines: [Line],
    height: Int, row rowOfLine: (Line) -> Row?
  ) {
    var highlighted: ClosedRange<Int>? = nil
    if let cursor, let first = lines.firstIndex(where: { rowOfLine($0) == cursor }),
      let last = lines.lastIndex(where: { rowOfLine($0) == cursor })
    {
      highlighted = first...last
    }
    scrollTop = Self.scrollTop(
      scrollTop, highlighted: highlighted, moved: cursor != placedCursor, height: height, lineCount: lines.count)
    placedCursor = cursor
    pageSize = height
  }
}
