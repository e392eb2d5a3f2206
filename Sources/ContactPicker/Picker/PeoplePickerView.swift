import ContactKit
import Localization
import Matching
import TerminalKit

/// Draws a `PeoplePickerState` into a `Frame` (pure: state in, frame out).
///
/// Layout, top to bottom: the query line (`> query` and the count `12/1204` — after
/// the group's name when the list is narrowed to one: `Family · 5/67` — at the
/// right, or a status such as `reading… 12,345 contacts`), then the list: section headers, and one row per contact with a marker,
/// the display name in a column of fixed width (matched characters highlighted),
/// then the detail, truncated, never wrapped: the values a word of the query matched
/// when the name does not show it (the number typed, the second email, the company;
/// highlighted too), else the first email or phone and the organization.
public enum PeoplePickerView {
  /// Rows available for the list on a screen of `rows` lines.
  public static func listHeight(screenRows: Int) -> Int { max(1, screenRows - (screenRows >= 6 ? 2 : 1)) }

  /// The key help on the last line, from the list's key table (`PeoplePickerKeymap`):
  /// `enter choose · → card · ^T groups · ^X section · esc cancel`.
  public static var defaultHint: String { PeoplePickerKeymap.list(multiple: false, adding: false).hint }

  /// The frame for `state` on a screen of the given size; `hint` is the footer;
  /// `status`, when given, is shown at the right of the query line instead of the
  /// count (`reading… 12,345 contacts` while the book is read).
  public static func render(
    _ state: PeoplePickerState, rows: Int, columns: Int, color: Bool, hint: String = defaultHint,
    status: String? = nil, bookName: (@Sendable (Contact) -> String?)? = nil
  ) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0, columns > 0 else { return frame }
    drawQueryLine(state, status: status, on: &frame, color: color)
    let height = listHeight(screenRows: rows)
    let strip = sectionStrip(state, height: height)
    drawList(
      state, height: height, columns: strip.isEmpty ? columns : columns - 2, bookName: bookName, on: &frame,
      color: color)
    drawSectionStrip(strip, current: state.currentSection, on: &frame, color: color)
    if state.rows.isEmpty, let status, TerminalText.width(status) > columns - prompt.count - 2 {
      // A note the query line cuts short (an empty book's: what to do) is shown whole
      // where the list would be, wrapped.
      for (offset, line) in TextWrapper.wrap(status, width: max(8, columns - 2)).prefix(height).enumerated() {
        frame.put(line, row: offset + 1, column: 1)
      }
    }
    drawFooter(state, hint: hint, on: &frame)
    return frame
  }

  private static let prompt = "> "

  /// The query line: the prompt, the query scrolled so that its cursor shows, and the
  /// count (or `status`) at the right when there is room; places the cursor.
  private static func drawQueryLine(_ state: PeoplePickerState, status: String?, on frame: inout Frame, color: Bool) {
    let columns = frame.columns
    frame.put(prompt, row: 0, column: 0, style: Style(bold: true, foreground: color ? .blue : nil))
    let count = countText(state, status: status, columns: columns)
    let showCount = columns - prompt.count - TerminalText.width(count) - 1 >= 8
    let countWidth = showCount ? TerminalText.width(count) : 0
    let queryWidth = max(1, columns - prompt.count - countWidth - (showCount ? 1 : 0))
    // The query, scrolled so the cursor stays visible.
    let characters = state.query.characters
    let (visible, cursorOffset) = state.query.visibleRange(width: queryWidth)
    let visibleQuery = String(characters[visible])
    frame.put(visibleQuery, row: 0, column: prompt.count, maxWidth: queryWidth)
    if showCount {
      frame.put(count, row: 0, column: columns - countWidth, style: Style(dim: !color, foreground: color ? .yellow : nil))
    }
    frame.cursor = (0, min(columns - 1, prompt.count + cursorOffset))
  }

  /// What the right of the query line says: `status`, shortened to fit, or the count
  /// (`12/1204`, with the chosen ones and the group's name when there is room).
  private static func countText(_ state: PeoplePickerState, status: String?, columns: Int) -> String {
    var count = "\(state.matchCount)/\(state.list.contacts.count)"
    if state.chosenCount > 0 { count += " (\(state.chosenCount))" }
    // The group the list is narrowed to (Ctrl-T, --group), when there is room for it
    // and the query.
    if let group = state.group {
      let named = TerminalText.visible(group) + " · " + count
      if columns - prompt.count - TerminalText.width(named) - 1 >= 16 { count = named }
    }
    guard let status else { return count }
    // On a narrow screen the query matters more than the count; a status (a note such
    // as `no contacts in …`) is shortened to what is left rather than dropped.
    let room = columns - prompt.count - 1 - 8
    return TerminalText.width(status) > room && room >= 8 ? TerminalText.fit(status, width: room) : status
  }

  /// The list's rows from `state.scrollTop`, `height` of them, in the `columns` left
  /// of the section strip: section headers and contacts.
  private static func drawList(
    _ state: PeoplePickerState, height: Int, columns: Int, bookName: (@Sendable (Contact) -> String?)?,
    on frame: inout Frame, color: Bool
  ) {
    let nameWidth = min(max(8, state.list.widestName), max(8, (columns - 2) * 45 / 100))
    let queryText = state.query.text
    // Parsed once for all the rows.
    let highlighter = queryText.isEmpty ? nil : SearchHighlighter.Query(queryText, options: state.options)
    for line in 0..<height {
      let index = state.scrollTop + line
      guard index < state.rows.count, line + 1 < frame.rows else { break }
      switch state.rows[index] {
      case .header(let title):
        frame.put(title, row: line + 1, column: 0, style: Style(bold: true, foreground: color ? .blue : nil))
      case .contact(let position):
        var row = ContactRow(
          position: position, screenRow: line + 1, selected: index == state.cursor, nameWidth: nameWidth,
          columns: columns)
        drawContact(state, &row, bookName: bookName, highlighter: highlighter, on: &frame, color: color)
      }
    }
  }

  /// Where a contact's row is drawn.
  private struct ContactRow {
    /// The contact's position in the list.
    let position: Int
    let screenRow: Int
    let selected: Bool
    /// The width of the name column.
    let nameWidth: Int
    /// The columns of the list (left of the section strip), less the book's name.
    var columns: Int
  }

  /// One contact's row: the highlight bar, the mark, the name (matched characters
  /// highlighted), then the detail, and at the right end the name of the contact's
  /// book when the picker shows several (`PeoplePickerController.bookName`).
  private static func drawContact(
    _ state: PeoplePickerState, _ row: inout ContactRow, bookName: (@Sendable (Contact) -> String?)?,
    highlighter: SearchHighlighter.Query?, on frame: inout Frame, color: Bool
  ) {
    let contact = state.list.contacts[row.position]
    let enabled = state.isEnabled(contact)
    let accent: Style.Color? = color ? .blue : nil
    var style = Style(dim: !enabled)
    if row.selected {
      style.reverse = true
      style.bold = true
      frame.paint(row: row.screenRow, column: 0, count: row.columns, style: style)
      frame.put("▌", row: row.screenRow, column: 0, style: Style(bold: true, reverse: true, foreground: accent))
    }
    if state.marked.contains(row.position) {
      let mark = Style(bold: true, reverse: row.selected, foreground: color ? .green : nil)
      frame.put("✓", row: row.screenRow, column: 1, style: mark)
    }
    let name = state.list.displayNames[row.position]
    if name.isEmpty {
      // A card with nothing to show by: Apple's placeholder, dimmed, never highlighted.
      var placeholder = style
      placeholder.dim = true
      frame.put(ContactFormatter.noName, row: row.screenRow, column: 2, style: placeholder, maxWidth: row.nameWidth)
    } else {
      frame.put(name, row: row.screenRow, column: 2, style: style, maxWidth: row.nameWidth)
    }
    let highlights = highlighter?.highlights(name: name, values: searchedValues(of: contact))
    if let highlights {
      highlight(name, positions: highlights.name, in: &frame, row: row.screenRow, column: 2, width: row.nameWidth,
                base: style, color: color)
    }
    let detailStyle = Style(dim: !row.selected || !enabled, reverse: row.selected)
    if let book = bookName?(contact), !book.isEmpty {
      let shown = TerminalText.visible(book)
      let width = min(TerminalText.width(shown), max(0, row.columns / 5))
      let column = row.columns - width
      if width > 0, column > 2 + row.nameWidth + 2 {
        frame.put(shown, row: row.screenRow, column: column, style: detailStyle, maxWidth: width)
        row.columns = column - 1
      }
    }
    drawDetail(state, row, matched: highlights?.values ?? [], style: detailStyle, on: &frame, color: color)
  }

  /// The detail after the name: the values a word matched when the name does not
  /// show it (the number typed, the second email), else the first email or phone and
  /// the organization.
  private static func drawDetail(
    _ state: PeoplePickerState, _ row: ContactRow, matched: [MatchedValue], style: Style, on frame: inout Frame,
    color: Bool
  ) {
    let detailColumn = 2 + row.nameWidth + 2
    let listColumns = row.columns
    guard detailColumn < listColumns else { return }
    if matched.isEmpty {
      frame.put(state.list.detail(at: row.position), row: row.screenRow, column: detailColumn, style: style,
                maxWidth: listColumns - detailColumn)
    }
    var column = detailColumn
    for (offset, value) in matched.enumerated() where column < listColumns {
      if offset > 0 {
        frame.put(" · ", row: row.screenRow, column: column, style: style, maxWidth: listColumns - column)
        column += 3
      }
      guard column < listColumns else { break }
      let shown = window(value, width: listColumns - column)
      frame.put(shown.text, row: row.screenRow, column: column, style: style, maxWidth: listColumns - column)
      highlight(shown.text, positions: shown.positions, in: &frame, row: row.screenRow, column: column,
                width: listColumns - column, base: style, color: color)
      column += TerminalText.drawnWidth(shown.text)
    }
  }

  /// The section index on the right edge, the current section highlighted.
  private static func drawSectionStrip(_ strip: [String], current: String?, on frame: inout Frame, color: Bool) {
    let accent: Style.Color? = color ? .blue : nil
    for (offset, letter) in strip.enumerated() where offset + 1 < frame.rows {
      let style = letter == current ? Style(bold: true, reverse: true, foreground: accent) : Style(dim: true)
      // A kana row or Hangul consonant is two columns wide: the column left free before
      // the strip takes its first half.
      frame.put(letter, row: offset + 1, column: frame.columns - TerminalText.width(letter), style: style)
    }
  }

  /// The last line: the group the list is narrowed to, and the keys (on a screen of
  /// six lines or more).
  private static func drawFooter(_ state: PeoplePickerState, hint: String, on frame: inout Frame) {
    guard frame.rows >= 6 else { return }
    var footer = hint
    if let group = state.group { footer = L10n.format("group: %s", group) + " · " + footer }
    if state.awaitingSectionLetter { footer = L10n.text("jump to section: type a letter") }
    frame.put(KeyHintLine.fitted(footer, width: frame.columns), row: frame.rows - 1, column: 0, style: Style(dim: true))
  }

  /// The letters of the section index strip, when the unfiltered list has sections
  /// and they fit; empty otherwise.
  static func sectionStrip(_ state: PeoplePickerState, height: Int) -> [String] {
    guard state.query.text.allSatisfy(\.isWhitespace) else { return [] }
    let sections = state.sectionsPresent
    guard sections.count > 1, sections.count <= height else { return [] }
    return sections
  }

  /// The organization, emails and phone numbers of `contact`, in the order the index
  /// ranks them: what may explain a match its name does not show.
  static func searchedValues(of contact: Contact) -> [(kind: SearchedValueKind, text: String)] {
    var values: [(kind: SearchedValueKind, text: String)] = []
    for organization in [contact.organizationName, contact.departmentName] where !organization.isEmpty {
      values.append((.organization, organization))
    }
    for email in contact.emailAddresses { values.append((.email, email.value)) }
    for phone in contact.phoneNumbers { values.append((.phone, phone.value)) }
    return values
  }

  /// `value` cut at the start (`…` in front) when its matched characters would
  /// otherwise end past `width` columns, so that they stay in view; as it is when they
  /// fit (the end is cut by `Frame.put`).
  static func window(_ value: MatchedValue, width: Int) -> (text: String, positions: [Int]) {
    guard let last = value.positions.last, width > 2 else { return (value.text, value.positions) }
    let characters = Array(value.text)
    let widths = characters.map(TerminalText.drawnWidth)
    // The matched characters must end before the last column (kept for `…`).
    var end = widths.prefix(last + 1).reduce(0, +)
    guard end > width - 1 else { return (value.text, value.positions) }
    var drop = 0
    while drop < last && 1 + end > width - 1 {
      end -= widths[drop]
      drop += 1
    }
    let text = "…" + String(characters[drop...])
    return (text, value.positions.filter { $0 >= drop }.map { $0 - drop + 1 })
  }

  /// Marks the characters of `text` at `positions` (`Character` offsets) as matched
  /// (underlined, coloured).
  private static func highlight(
    _ text: String, positions: [Int], in frame: inout Frame, row: Int, column: Int, width: Int, base: Style,
    color: Bool
  ) {
    let positions = Set(positions)
    guard !positions.isEmpty else { return }
    // As `Frame.put` draws it: a control character as its visible symbol; the last
    // column is the `…` of a text cut short, a character of one that fits. Measured
    // until it is known not to fit.
    var widths: [Int] = []
    var total = 0
    for character in text {
      if total > width { break }
      widths.append(TerminalText.drawnWidth(character))
      total += widths[widths.count - 1]
    }
    let end = column + (total <= width ? width : width - 1)
    var col = column
    for (offset, w) in widths.enumerated() {
      if col + w > end { break }
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
