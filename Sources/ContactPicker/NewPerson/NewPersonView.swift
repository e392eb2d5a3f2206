import Localization
import ContactKit
import TerminalKit
import AddressBook

/// Draws a `NewPersonState` (pure: state in, frame out), after iOS's new-contact
/// form and gum's forms: a title with the name as it will be shown, then the fields —
/// labels right-aligned in a column, values after them, a validation error on the
/// line under its field — then a message line and the key help. The fields scroll so
/// the focused one (and its error) stays on screen. Possible duplicates replace the
/// fields with the existing cards and the three choices.
public enum NewPersonView {
  /// One line of the scrolling part.
  public enum Line: Sendable, Equatable {
    /// The row of a field: its label and value.
    case field(NewPersonState.Field)
    /// The message of a refused value, under its field.
    case error(NewPersonState.Field, String)
    /// An empty line between sections.
    case blank
  }

  /// Columns of the label column.
  static let labelWidth = 14
  /// Where values start.
  static let valueColumn = 2 + labelWidth + 2
  /// Lines above the fields (title, rule).
  static let headerHeight = 2
  /// Lines below the fields (message, key help) when the message fits on one line.
  static let footerHeight = 2

  /// The lines of the form: fields in groups (name, work, each multi-value section,
  /// birthday and note) with a blank line between groups and error lines under fields.
  public static func lines(_ state: NewPersonState) -> [Line] {
    var lines: [Line] = []
    var previousGroup: Int?
    for field in state.fields {
      let group = self.group(of: field)
      if let previousGroup, previousGroup != group { lines.append(.blank) }
      previousGroup = group
      lines.append(.field(field))
      if let issue = state.shownIssue(for: field) { lines.append(.error(field, issue.message)) }
    }
    return lines
  }

  private static func group(of field: NewPersonState.Field) -> Int {
    switch field {
    case .contactType, .showPhonetic: return 0
    case .text(let text):
      switch text {
      case .organizationName, .departmentName, .jobTitle: return 1
      case .birthday, .note: return 10
      default: return 0
      }
    case .group, .addGroup: return 11
    case .deleteContact: return 12
    case .value(let section, _, _), .add(let section):
      return 2 + NewPersonForm.Section.allCases.firstIndex(of: section)!
    }
  }

  /// Rows for the fields on a screen of `rows` lines, with a message of one line.
  public static func bodyHeight(screenRows: Int) -> Int { max(1, screenRows - headerHeight - footerHeight) }

  /// Rows for the fields of `state` on a screen of `rows` × `columns`: what the
  /// message (wrapped, `messageLines`) and the key help leave.
  public static func bodyHeight(_ state: NewPersonState, rows: Int, columns: Int) -> Int {
    max(1, rows - headerHeight - 1 - max(1, messageLines(state, rows: rows, columns: columns).count))
  }

  /// The message or question above the key help, wrapped to the screen's width so
  /// that a refused save's reason and advice are read in full (at most as many lines
  /// as leave one line for the fields; the last one then ends in `…`).
  public static func messageLines(_ state: NewPersonState, rows: Int, columns: Int) -> [String] {
    let text: String
    switch state.mode {
    case .confirmDiscard:
      text = state.form.isEditing ? L10n.text("Discard your changes? y/n") : L10n.text("Discard this contact? y/n")
    case .confirmDelete:
      text = deleteQuestion(state.form.original, from: state.deletedFrom)
    case .choosingGroup:
      text = L10n.text("Type to search the groups, or the name of a new group.")
    case .duplicates(let matches, _, _):
      text = matches.count == 1 ? L10n.text("This person may already be in your address book.") :
        L10n.format("%d contacts look like this one.", matches.count)
    default:
      guard let message = state.message else { return [] }
      text = message
    }
    let width = max(1, columns - 2)
    var wrapped = TextWrapper.wrap(text, width: width)
    let most = max(1, rows - headerHeight - 2)
    if wrapped.count > most {
      wrapped.removeSubrange(most...)
      var last = wrapped[most - 1]
      while !last.isEmpty && TerminalText.drawnWidth(last) + 1 > width { last.removeLast() }
      wrapped[most - 1] = last + "…"
    }
    return wrapped
  }

  /// Moves `state.scrollTop` so the focused field and its error line are on screen.
  /// Give `columns` when the screen's width is known: a message of several lines
  /// leaves fewer lines for the fields (`bodyHeight(_:rows:columns:)`).
  public static func scrollToFocus(_ state: inout NewPersonState, rows: Int, columns: Int? = nil) {
    let all = lines(state)
    let height = columns.map { bodyHeight(state, rows: rows, columns: $0) } ?? bodyHeight(screenRows: rows)
    if let index = all.firstIndex(of: .field(state.focus)) {
      var last = index
      if index + 1 < all.count, case .error = all[index + 1] { last = index + 1 }
      // Show the blank line above a group's first field when scrolling up to it.
      let first = index > 0 && all[index - 1] == .blank ? index - 1 : index
      if first < state.scrollTop { state.scrollTop = first }
      if last >= state.scrollTop + height { state.scrollTop = last - height + 1 }
    }
    state.scrollTop = max(0, min(state.scrollTop, max(0, all.count - height)))
  }

  /// The question before a delete, naming the person and where the card is kept
  /// (`book`, else its `source`).
  static func deleteQuestion(_ contact: Contact, from book: String?) -> String {
    let name = contact.displayName.isEmpty ? L10n.text("this contact") : contact.displayName
    let place = book ?? contact.source
    return place.isEmpty
      ? L10n.format("Delete %s? This cannot be undone. y/n", name)
      : L10n.format("Delete %s from %s? This cannot be undone. y/n", name, place)
  }

  /// The end of `text` that fits in `width` columns (whole clusters).
  static func tail(_ text: String, width: Int) -> String {
    var kept: [Character] = []
    var used = 0
    for cluster in text.reversed() {
      let columns = TerminalText.drawnWidth(cluster)
      if used + columns > width { break }
      kept.append(cluster)
      used += columns
    }
    return String(kept.reversed())
  }

  /// `path` with the home folder `home` (`$HOME`) written `~`.
  static func abbreviatingHome(_ path: String, home: String?) -> String {
    guard let home, home.count > 1, path == home || path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }

  /// The key help for the focused field and mode, made from its key table
  /// (`NewPersonKeymap`).
  public static func hint(_ state: NewPersonState) -> String {
    switch state.mode {
    case .confirmDiscard: NewPersonKeymap.discard.hint
    case .confirmDelete: NewPersonKeymap.deletion.hint
    case .editingLabel: NewPersonKeymap.labelTyping + " · " + NewPersonKeymap.label.hint
    case .duplicates: NewPersonKeymap.duplicates.hint
    case .choosingGroup: GroupChooser.hint
    case .form: state.keymap.hint
    }
  }

  /// The frame for `state` on a screen of `rows` × `columns`.
  public static func render(_ state: NewPersonState, rows: Int, columns: Int, color: Bool) -> Frame {
    if state.help.isShown {
      let help = state.keymap.help(title: L10n.text("the form"), typing: L10n.text("edit the field (← → ^A ^E ^U ^W ^K)"))
      return KeyHelpView.render(help, rows: rows, columns: columns, color: color)
    }
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0, columns > 0 else { return frame }
    let accent: Style.Color? = color ? .blue : nil
    // Title: what the form does and the name as it will be shown.
    let title = state.form.isEditing ? L10n.text("Edit Contact") : L10n.text("New Contact")
    var column = frame.put(title, row: 0, column: 1, style: Style(bold: true, foreground: accent)) + 1
    // The card's own FN when it keeps one (a card of FN and no N, an FN that is not
    // its name's composition), else the name composed.
    let contact = state.contact
    let preview =
      contact.formattedNameIsBlank
      ? NewPersonForm.composedName(contact, order: state.nameOrder) : contact.formattedName.trimmedOfWhitespace
    if !preview.isEmpty {
      column += frame.put(" · ", row: 0, column: column, style: Style(dim: true))
      column += frame.put(preview, row: 0, column: column, style: Style(bold: true))
    }
    if let destination = state.destination.map(TerminalText.visible), !destination.isEmpty {
      // At the right, "→ ~/contacts", cut at its start when the row is short; left out
      // when not even a part of it fits beside the title.
      let room = columns - column - 3
      if room >= 8 {
        let shown =
          TerminalText.drawnWidth(destination) <= room - 2 ? destination : "…" + Self.tail(destination, width: room - 3)
        let text = "→ " + shown
        frame.put(text, row: 0, column: columns - 1 - TerminalText.drawnWidth(text), style: Style(dim: true))
      }
    }
    if rows > 1 {
      frame.put(String(repeating: "─", count: columns), row: 1, column: 0, style: Style(dim: true))
    }
    frame.cursor = nil

    if case .duplicates(let matches, let selected, _) = state.mode {
      let footer = rows - headerHeight - bodyHeight(state, rows: rows, columns: columns)
      drawDuplicates(&frame, matches: matches, selected: selected, footer: footer, color: color, home: state.home)
    } else if case .choosingGroup(let chooser) = state.mode {
      let footer = rows - headerHeight - bodyHeight(state, rows: rows, columns: columns)
      drawGroupChooser(&frame, chooser, footer: footer, color: color)
    } else {
      drawFields(&frame, state, color: color)
    }

    // Footer: the message or question, wrapped, then the keys.
    if rows >= headerHeight + footerHeight + 1 {
      let message = messageLines(state, rows: rows, columns: columns)
      let style: Style
      switch state.mode {
      case .confirmDiscard, .confirmDelete, .duplicates:
        style = Style(bold: true, foreground: color ? .yellow : nil)
      default:
        style = state.messageIsError ? Style(bold: true, foreground: color ? .red : nil) : Style(dim: true)
      }
      for (offset, line) in message.enumerated() {
        frame.put(line, row: rows - 1 - message.count + offset, column: 1, style: style)
      }
    }
    if rows >= headerHeight + 2 {
      frame.put(KeyHintLine.fitted(hint(state), width: columns - 1), row: rows - 1, column: 1, style: Style(dim: true))
    }
    return frame
  }

  // MARK: Fields

  private static func drawFields(_ frame: inout Frame, _ state: NewPersonState, color: Bool) {
    let rows = frame.rows
    let columns = frame.columns
    let all = lines(state)
    let height = bodyHeight(state, rows: rows, columns: columns)
    let footer = rows - headerHeight - height
    let valueWidth = max(1, columns - valueColumn - 1)
    let errorStyle = Style(bold: !color, foreground: color ? .red : nil)
    for offset in 0..<height {
      let index = state.scrollTop + offset
      let row = headerHeight + offset
      guard index < all.count, row < rows - (rows > headerHeight + footerHeight ? footer : 0) else { break }
      switch all[index] {
      case .blank:
        break
      case .error(_, let message):
        frame.put("✗ " + message, row: row, column: valueColumn, style: errorStyle, maxWidth: valueWidth)
      case .field(let field):
        let focused = field == state.focus
        if focused {
          frame.put("›", row: row, column: 0, style: Style(bold: true, foreground: color ? .blue : nil))
        }
        drawField(&frame, state, field, row: row, focused: focused, valueWidth: valueWidth, color: color)
      }
    }
    // Scroll marks.
    if state.scrollTop > 0 {
      frame.put("↑", row: headerHeight, column: columns - 1, style: Style(dim: true))
    }
    if state.scrollTop + height < all.count {
      frame.put("↓", row: headerHeight + height - 1, column: columns - 1, style: Style(dim: true))
    }
  }

  private static func drawLabel(_ frame: inout Frame, _ label: String, row: Int, focused: Bool, color: Bool) {
    let width = min(labelWidth, TerminalText.drawnWidth(label))
    let style = focused ? Style(bold: true, foreground: color ? .blue : nil) : Style(dim: !color, foreground: color ? .cyan : nil)
    frame.put(label, row: row, column: 2 + labelWidth - width, style: style, maxWidth: labelWidth)
  }

  private static func drawField(
    _ frame: inout Frame, _ state: NewPersonState, _ field: NewPersonState.Field, row: Int, focused: Bool,
    valueWidth: Int, color: Bool
  ) {
    let selectedStyle = Style(reverse: true)
    switch field {
    case .contactType:
      drawLabel(&frame, L10n.text("kind"), row: row, focused: focused, color: color)
      let isPerson = state.form.contactType == .person
      var column = valueColumn
      column += frame.put((isPerson ? "● " : "○ ") + L10n.text("person"), row: row, column: column,
                          style: isPerson ? Style(bold: true, reverse: focused) : Style(dim: true))
      column += 2
      frame.put((isPerson ? "○ " : "● ") + L10n.text("organization"), row: row, column: column,
                style: isPerson ? Style(dim: true) : Style(bold: true, reverse: focused))
    case .deleteContact:
      frame.put(L10n.text("Delete Contact"), row: row, column: valueColumn,
                style: focused ? Style(bold: true, reverse: true) : Style(bold: !color, foreground: color ? .red : nil))
    case .group(let name):
      drawLabel(&frame, L10n.text("group"), row: row, focused: focused, color: color)
      frame.put(name, row: row, column: valueColumn, style: focused ? selectedStyle : .plain, maxWidth: valueWidth)
    case .addGroup:
      frame.put("+ " + L10n.text("add to group"), row: row, column: valueColumn,
                style: focused ? selectedStyle : Style(dim: !color, foreground: color ? .green : nil))
    case .showPhonetic:
      frame.put("+ " + L10n.text("phonetic name"), row: row, column: valueColumn,
                style: focused ? selectedStyle : Style(dim: true, foreground: color ? .green : nil))
    case .add(let section):
      frame.put("+ " + L10n.format("add %s", section.title), row: row, column: valueColumn,
                style: focused ? selectedStyle : Style(dim: !color, foreground: color ? .green : nil))
    case .text(let text):
      drawLabel(&frame, text.title, row: row, focused: focused, color: color)
      let placeholder = text == .birthday ? L10n.text("YYYY-MM-DD, or MM-DD") : text == .photo ? L10n.text("a JPEG, PNG or GIF file") : ""
      drawEditor(&frame, state.editor(for: field) ?? LineEditor(), row: row, column: valueColumn, width: valueWidth,
                 focused: focused, placeholder: placeholder)
    case .value(let section, let id, let part):
      guard let entry = state.form.entry(section, id: id) else { return }
      if part == 0 {
        if focused, case .editingLabel(let editor, _) = state.mode {
          let text = displayText(editor.characters)
          let width = min(labelWidth, TerminalText.drawnWidth(text) + 1)
          let start = 2 + labelWidth - width
          frame.put(text, row: row, column: start, style: Style(underline: true), maxWidth: labelWidth)
          frame.cursor = (row, min(frame.columns - 1, start + TerminalText.drawnWidth(displayText(editor.characters[..<editor.cursor]))))
          // The value is shown but not edited while the label is typed.
          frame.put(displayText(entry.editors[part].characters), row: row, column: valueColumn, maxWidth: valueWidth)
          return
        }
        drawLabel(&frame, NewPersonState.displayLabel(entry.label, section: section), row: row, focused: focused, color: color)
      }
      let placeholder = section == .address ? NewPersonForm.AddressPart(rawValue: part)!.title : ""
      let editing = focused && state.mode == .form
      drawEditor(&frame, entry.editors[part], row: row, column: valueColumn, width: valueWidth, focused: editing,
                 placeholder: placeholder)
    }
  }

  /// Draws a text field; when focused, scrolled so the cursor shows, and the terminal
  /// cursor placed on it.
  private static func drawEditor(
    _ frame: inout Frame, _ editor: LineEditor, row: Int, column: Int, width: Int, focused: Bool, placeholder: String
  ) {
    let characters = editor.characters
    if characters.isEmpty && !placeholder.isEmpty {
      frame.put(placeholder, row: row, column: column, style: Style(dim: true), maxWidth: width)
    }
    guard focused else {
      frame.put(displayText(characters[...]), row: row, column: column, maxWidth: width)
      return
    }
    let (visible, cursorOffset) = editor.visibleRange(width: width) { character in
      TerminalText.drawnWidth(character == NewPersonForm.lineBreak ? "↵" : character)
    }
    if !characters.isEmpty {
      frame.put(displayText(characters[visible]), row: row, column: column, maxWidth: width)
    }
    frame.cursor = (row, min(frame.columns - 1, column + cursorOffset))
  }

  /// Editor text as drawn: a line break (U+2028) as `↵`.
  static func displayText<C: Collection<Character>>(_ characters: C) -> String {
    String(characters.map { $0 == NewPersonForm.lineBreak ? "↵" : $0 })
  }

  // MARK: Groups

  /// The group chooser in place of the fields: its search line, then the matching
  /// groups and the "new group" row, the highlighted one marked.
  private static func drawGroupChooser(_ frame: inout Frame, _ chooser: GroupChooser, footer: Int, color: Bool) {
    let rows = frame.rows
    let last = rows - (rows > headerHeight + footerHeight ? footer : 0)
    var row = headerHeight
    guard row < last else { return }
    let label = L10n.text("add to group") + ": "
    let start = 2 + frame.put(label, row: row, column: 2, style: Style(bold: true, foreground: color ? .blue : nil))
    let width = max(1, frame.columns - start - 1)
    let (visible, cursorColumn) = chooser.query.visibleRange(width: width)
    frame.put(String(chooser.query.characters[visible]), row: row, column: start, maxWidth: width)
    frame.cursor = (row, min(frame.columns - 1, start + cursorColumn))
    row += 1
    let entries = chooser.matches.map { ($0, false) } + (chooser.offersNew ? [(L10n.format("new group “%s”", chooser.typedName), true)] : [])
    let height = max(1, last - row)
    let top = max(0, min(chooser.selected - height + 1, entries.count - height))
    for (index, entry) in entries.enumerated().dropFirst(top) {
      guard row < last else { break }
      let selected = index == chooser.selected
      if selected { frame.put("›", row: row, column: 0, style: Style(bold: true, foreground: color ? .blue : nil)) }
      let style = Style(bold: selected, reverse: selected, foreground: entry.1 && !selected && color ? .green : nil)
      frame.put((entry.1 ? "+ " : "") + entry.0, row: row, column: 2, style: style, maxWidth: frame.columns - 3)
      row += 1
    }
  }

  // MARK: Duplicates

  private static func drawDuplicates(
    _ frame: inout Frame, matches: [DuplicateMatch], selected: Int, footer: Int, color: Bool, home: String?
  ) {
    let rows = frame.rows
    let last = rows - (rows > headerHeight + footerHeight ? footer : 0)
    var row = headerHeight
    func line(_ text: String, column: Int, style: Style = .plain) {
      guard row < last else { return }
      frame.put(text, row: row, column: column, style: style)
      row += 1
    }
    for (index, match) in matches.enumerated() {
      let isSelected = index == selected
      guard row < last else { break }
      if isSelected { frame.put("›", row: row, column: 0, style: Style(bold: true, foreground: color ? .blue : nil)) }
      let name = ContactFormatter.shown(match.contact.displayName)
      let width = frame.put(name, row: row, column: 2, style: Style(bold: true, reverse: isSelected))
      frame.put("  " + match.reasons.map(\.description).joined(separator: " · "), row: row, column: 2 + width,
                style: Style(foreground: color ? .yellow : nil))
      row += 1
      // A short card: work, then the values that identify a person.
      let contact = match.contact
      let work = [contact.jobTitle, contact.organizationName].filter { !$0.isEmpty }.joined(separator: " · ")
      if !work.isEmpty && work != name { line(work, column: 4, style: Style(dim: true)) }
      var shown = 0
      for property in contact.properties(for: [.emailAddresses, .phoneNumbers]) where shown < 4 {
        let label = property.label.map { NewPersonState.displayLabel($0, section: .phone) } ?? LabelWords.shown(for: property.key)
        guard row < last else { break }
        frame.put(label, row: row, column: 4, style: Style(dim: true), maxWidth: 10)
        frame.put(property.value.singleLine, row: row, column: 15)
        row += 1
        shown += 1
      }
      if !contact.source.isEmpty { line(abbreviatingHome(contact.source, home: home), column: 4, style: Style(dim: true)) }
      row += 1
    }
  }
}
