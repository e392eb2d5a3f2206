import ContactKit
import Localization
import TerminalKit

/// Draws a `PersonCardState` (pure: state in, frame out), after
/// CNContactViewController: a header with the monogram, the name, the phonetic name,
/// job and organization; then one row per value — label, value — with long values
/// wrapped and addresses on several lines as their country writes them; then the
/// groups; a key hint at the bottom. The rows scroll; the highlighted value is kept
/// on screen.
public enum PersonCardView {
  /// One line of the scrolling part of the card.
  public struct Line: Sendable, Equatable {
    /// The label column: the value's label or its key's short name on a value's first line, `groups`, or empty.
    public var label: String
    /// The text column: one wrapped line of the value, in terminal columns at most the value width.
    public var text: String
    /// The property this line belongs to (an index into `state.properties`).
    public var property: Int?
  }

  static let headerHeight = 4
  /// The header's work line: job title, role, department, organization (those that
  /// are not `name`, shown above it), joined by ` · `.
  static func workLine(of contact: Contact, besides name: String) -> String {
    [contact.jobTitle, contact.role, contact.departmentName, contact.organizationName]
      .filter { !$0.isEmpty && $0 != name }.joined(separator: " · ")
  }

  /// The label column's usual width, in terminal columns.
  static let labelWidth = 12

  /// The label column's width on a card `columns` wide: as wide as its longest label
  /// (`CustomRelationship`, `Google Voice`), at least `labelWidth`, at most a quarter
  /// of the screen (a longer label is cut with `…`) — and narrower on a narrow screen,
  /// down to 4, so that values keep `narrowestValues` columns.
  static func labelWidth(_ state: PersonCardState, columns: Int) -> Int {
    let longest = state.properties.map { TerminalText.drawnWidth(label(of: $0)) }.max() ?? 0
    return min(max(labelWidth, min(longest, columns / 4)), max(4, columns - 4 - narrowestValues))
  }

  /// The value column's width the label column gives way to on a narrow screen.
  static let narrowestValues = 12

  /// The value column's width on a card `columns` wide: what is left of the screen
  /// after the label column and the blanks around it, where each value line is drawn
  /// whole (a value is wrapped to it, never cut as well).
  static func valueWidth(_ state: PersonCardState, columns: Int) -> Int {
    max(1, columns - labelWidth(state, columns: columns) - 4)
  }

  /// A value's label as the card shows it: its label in words, or its key's short name.
  static func label(of property: ContactProperty) -> String {
    property.label.map(LabelWords.shown(for:)) ?? LabelWords.shown(for: property.key)
  }

  /// The scrolling lines of the card for a screen `columns` wide.
  public static func lines(_ state: PersonCardState, columns: Int) -> [Line] {
    let valueWidth = valueWidth(state, columns: columns)
    var lines: [Line] = []
    for (index, property) in state.properties.enumerated() {
      let label = label(of: property)
      let valueLines: [String]
      switch property.value {
      case .postalAddress(let address): valueLines = PostalAddressFormatter.lines(for: address)
      case .date(let date):
        let shown = date.month.flatMap { month in
          date.day.flatMap { LocalizedDate.text(year: date.year, month: month, day: $0) }
        }
        valueLines = [shown ?? property.value.singleLine]
      default: valueLines = [property.value.singleLine]
      }
      var first = true
      for valueLine in valueLines {
        for wrapped in TextWrapper.wrap(valueLine, width: valueWidth) {
          lines.append(Line(label: first ? label : "", text: wrapped, property: index))
          first = false
        }
      }
    }
    if !state.contact.groups.isEmpty {
      for (offset, text) in TextWrapper.wrap(state.contact.groups.joined(separator: ", "), width: valueWidth).enumerated() {
        lines.append(Line(label: offset == 0 ? L10n.text("groups") : "", text: text, property: nil))
      }
    }
    return lines
  }

  /// Rows available for the scrolling part on a screen of `rows` lines.
  public static func bodyHeight(screenRows: Int) -> Int { max(1, screenRows - headerHeight - 1) }

  /// Places `state.scrollTop` (`CardScrolling`): a newly highlighted value fully on
  /// screen, its top first; a value highlighted since may be scrolled through (a long
  /// note). Sets `state.pageSize` to the lines of the scrolling part.
  public static func scrollToCursor(_ state: inout PersonCardState, rows: Int, columns: Int) {
    CardScrolling.place(
      scrollTop: &state.scrollTop, pageSize: &state.pageSize, placedCursor: &state.scrolledCursor,
      cursor: state.cursor, lines: lines(state, columns: columns), height: bodyHeight(screenRows: rows)
    ) { $0.property }
  }

  /// The frame for `state`. `hint` is the key help on the last line.
  public static func render(_ state: PersonCardState, rows: Int, columns: Int, color: Bool, hint: String) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0, columns > 0 else { return frame }
    let contact = state.contact
    // Header: photo or monogram, name and nickname, phonetic name, job and organization.
    let photo = CardPhoto.place(contact, in: &frame, color: color)
    let textColumn: Int
    if let width = photo.width {
      textColumn = 1 + width + 2
    } else {
      let initials = Monogram.initials(for: contact)
      let box = color ? " \(initials) " : "[\(initials)]"
      let boxStyle = color ? Style(bold: true, foreground: .white, background: .blue) : Style(bold: true)
      textColumn = frame.put(box, row: 0, column: 1, style: boxStyle) + 3
    }
    let name = ContactFormatter.shown(contact.displayName)
    let nameWidth = frame.put(name, row: 0, column: textColumn, style: Style(bold: true, dim: name != contact.displayName))
    // The nickname beside the name, as the address book's card shows it (CNContact
    // nickname, vCard NICKNAME).
    if !contact.nickname.isEmpty && contact.nickname != contact.displayName {
      frame.put("“\(contact.nickname)”", row: 0, column: textColumn + nameWidth + 2, style: Style(dim: true))
    }
    let phonetic = ContactFormatter.phoneticName(contact)
    var headerRow = 1
    // Not twice: a card named by its reading alone shows it as its name.
    if !phonetic.isEmpty && phonetic != contact.displayName && headerRow < rows {
      frame.put(phonetic, row: headerRow, column: textColumn, style: Style(dim: true))
      headerRow += 1
    }
    let work = workLine(of: contact, besides: contact.displayName)
    if !work.isEmpty && headerRow < rows {
      frame.put(work, row: headerRow, column: textColumn)
      headerRow += 1
    }
    if let warning = photo.warning {
      // Under the name when there is a line left, else after it.
      if headerRow < min(rows, headerHeight - 1) {
        frame.put("⚠ \(warning)", row: headerRow, column: textColumn, style: Style(dim: true))
      } else {
        frame.put("⚠ \(warning)", row: 0, column: textColumn + nameWidth + 2, style: Style(dim: true))
      }
    }
    if headerHeight - 1 < rows {
      frame.put(String(repeating: "─", count: columns), row: headerHeight - 1, column: 0, style: Style(dim: true))
    }

    // Body: label and value lines.
    let all = lines(state, columns: columns)
    let columnWidth = labelWidth(state, columns: columns)
    let height = bodyHeight(screenRows: rows)
    // The groups row is no value to choose: dimmed, as other values that cannot be
    // chosen are, on a card where some cannot (`-p email`).
    let groupsEnabled = !state.enabled.contains(false)
    for offset in 0..<height {
      let index = state.scrollTop + offset
      let row = headerHeight + offset
      guard index < all.count, row < rows - 1 else { break }
      let line = all[index]
      let selected = line.property != nil && line.property == state.cursor
      let enabled = line.property.map { state.enabled[$0] } ?? groupsEnabled
      var style = Style(dim: !enabled)
      if selected { style.reverse = true }
      let marked = line.property.map { state.marked.contains(state.properties[$0].identifier) } ?? false
      if marked && !line.label.isEmpty {
        frame.put("✓", row: row, column: 0, style: Style(bold: true, foreground: color ? .green : nil))
      }
      let labelText = line.label
      let labelWidth = TerminalText.drawnWidth(labelText)
      let labelColumn = 2 + max(0, columnWidth - min(labelWidth, columnWidth))
      frame.put(labelText, row: row, column: labelColumn, style: Style(dim: true, foreground: color && enabled ? .cyan : nil),
                maxWidth: columnWidth)
      let valueColumn = 2 + columnWidth + 2
      if selected { frame.paint(row: row, column: valueColumn, count: columns - valueColumn, style: style) }
      frame.put(line.text, row: row, column: valueColumn, style: style)
    }
    // Footer: where we are and the keys.
    if rows > headerHeight {
      let more = all.count > height ? "  \(state.scrollTop + 1)–\(min(all.count, state.scrollTop + height))/\(all.count)" : ""
      let keys = KeyHintLine.fitted(hint, width: columns - TerminalText.width(more))
      frame.put(keys + more, row: rows - 1, column: 0, style: Style(dim: true))
    }
    frame.cursor = nil
    return frame
  }
}
