import ContactKit
import Matching
import TerminalKit

/// Draws a `PeoplePickerState` into a `Frame` (pure: state in, frame out).
///
/// Layout, top to bottom: the query line (`> query` and the count `12/1204` at the
/// right), then the list: section headers, and one row per contact with a marker,
/// the display name in a column of fixed width (matched characters highlighted),
/// then the detail (first email or phone, organization), truncated, never wrapped.
public enum PeoplePickerView {
  /// Rows available for the list on a screen of `rows` lines.
  public static func listHeight(screenRows: Int) -> Int { max(1, screenRows - 1) }

  /// The frame for `state` on a screen of the given size.
  public static func render(_ state: PeoplePickerState, rows: Int, columns: Int, color: Bool) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0, columns > 0 else { return frame }
    let accent: Style.Color? = color ? .blue : nil
    let prompt = "> "
    frame.put(prompt, row: 0, column: 0, style: Style(bold: true, foreground: accent))
    let count = "\(state.matchCount)/\(state.list.contacts.count)"
    // On a narrow screen the query matters more than the count.
    let showCount = columns - prompt.count - TerminalText.width(count) - 1 >= 8
    let countWidth = showCount ? TerminalText.width(count) : 0
    let queryWidth = max(1, columns - prompt.count - countWidth - (showCount ? 1 : 0))
    // The query, scrolled so the cursor stays visible.
    let characters = state.query.characters
    var start = 0
    while TerminalText.width(String(characters[start..<state.query.cursor])) >= queryWidth { start += 1 }
    let visibleQuery = String(characters[start...])
    frame.put(visibleQuery, row: 0, column: prompt.count, maxWidth: queryWidth)
    if showCount {
      frame.put(count, row: 0, column: columns - countWidth, style: Style(dim: !color, foreground: color ? .yellow : nil))
    }
    let cursorColumn = prompt.count + TerminalText.width(String(characters[start..<state.query.cursor]))
    frame.cursor = (0, min(columns - 1, cursorColumn))

    let height = listHeight(screenRows: rows)
    let nameWidth = min(max(8, state.list.widestName), max(8, (columns - 2) * 45 / 100))
    let queryText = state.query.text
    for line in 0..<height {
      let index = state.scrollTop + line
      guard index < state.rows.count, line + 1 < rows else { break }
      let screenRow = line + 1
      switch state.rows[index] {
      case .header(let title):
        frame.put(title, row: screenRow, column: 0, style: Style(bold: true, foreground: accent))
      case .contact(let position):
        let contact = state.list.contacts[position]
        let selected = index == state.cursor
        let enabled = state.isEnabled(contact)
        var style = Style(dim: !enabled)
        if selected { style.reverse = true; style.bold = true }
        if selected {
          frame.paint(row: screenRow, column: 0, count: columns, style: style)
          frame.put("▌", row: screenRow, column: 0, style: Style(bold: true, reverse: true, foreground: accent))
        }
        let name = state.list.displayNames[position]
        frame.put(name, row: screenRow, column: 2, style: style, maxWidth: nameWidth)
        if !queryText.isEmpty {
          highlight(name, query: queryText, options: state.options, in: &frame, row: screenRow, column: 2,
                    width: nameWidth, base: style, color: color)
        }
        let detailColumn = 2 + nameWidth + 2
        if detailColumn < columns {
          frame.put(state.list.detail(at: position), row: screenRow, column: detailColumn,
                    style: Style(dim: !selected || !enabled, reverse: selected))
        }
      }
    }
    return frame
  }

  /// Marks the characters of `name` that the query matched (underlined, coloured).
  private static func highlight(
    _ name: String, query: String, options: SearchOptions, in frame: inout Frame, row: Int, column: Int,
    width: Int, base: Style, color: Bool
  ) {
    let positions = Set(SearchHighlighter.positions(of: query, in: name, options: options))
    guard !positions.isEmpty else { return }
    var col = column
    for (offset, character) in name.enumerated() {
      let w = TerminalText.width(character)
      if col + w > column + width - 1 { break }
      if positions.contains(offset) {
        var style = base
        style.underline = true
        style.bold = true
        if color { style.foreground = .green }
        frame.paint(row: row, column: col, count: max(1, w), style: style)
      }
      col += w
    }
  }
}
