import ContactKit
import Localization
import TerminalKit

/// What the unknown-person card shows and where the user is on it: the person's
/// values (as on the person card), then the actions — open a known contact's card,
/// "Create New Contact", "Add to Existing Contact" — one row each.
///
/// The cursor moves over the values that may be chosen and the actions. It starts
/// on the first action when there is one (so Enter at once opens the known contact,
/// else creates a new one), else on the first value that may be chosen.
public struct UnknownPersonState: Sendable {
  /// An action row.
  public enum Command: Sendable, Hashable {
    /// "Open Ada Lovelace's card": the known contact at this index of `known`.
    case openKnown(Int)
    /// "Create New Contact".
    case createNew
    /// "Add to Existing Contact".
    case addToExisting
  }

  /// A selectable row: a value (an index into `card.properties`) or an action.
  public enum Item: Sendable, Hashable {
    /// A value: an index into `card.properties`.
    case value(Int)
    /// An action row.
    case command(Command)
  }

  /// What a key asked the controller to do.
  public enum Action: Sendable, Equatable {
    /// Nothing for the controller: the key moved, scrolled, or was ignored.
    case none
    /// Enter on a value that may be chosen.
    case select(ContactProperty)
    /// Enter on an action, or its key (`o`, `n`, `a`).
    case perform(Command)
    /// `o` (or, with `message`, `m`) on a value: perform its action (`ContactActions`).
    case act(ContactProperty, message: Bool)
    /// Esc, ←, Ctrl-C, Ctrl-G, Ctrl-Q.
    case cancel
  }

  /// The person's values, as the person card shows them.
  public let card: PersonCardState
  /// The contacts of the address book that have one of the person's emails or phone
  /// numbers ("In contacts as …").
  public let known: [Contact]
  /// The action rows, in order.
  public let commands: [Command]
  /// The title: the person's name, or `alternateName` when the person has none.
  public let title: String
  /// Lines under the name (`message`).
  public let message: String?
  /// The highlighted row, or `nil` when nothing may be chosen.
  public private(set) var cursor: Item?
  /// The first line of the scrolling part shown.
  public var scrollTop = 0
  /// Lines of the scrolling part on screen, set by the view (`scrollToCursor`): what
  /// PgUp and PgDn move by.
  public var pageSize = 10
  /// The highlighted row when the view last placed the scroll position: a highlight
  /// that did not move since may be scrolled through.
  var scrolledCursor: Item?
  /// What each key does on this card (`UnknownPersonKeymap.card`); the help line is made from it.
  let keymap: Keymap<UnknownPersonCardCommand>
  /// Whether `o` and `m` act on values (`ContactActions`).
  public let isActing: Bool
  /// Whether the card's help screen (F1, `?`) is shown.
  var help = KeyHelpToggle()

  /// A card for `contact`; `isEnabled` decides which values may be chosen; `acting`:
  /// `o` and `m` act on values as on the person card.
  public init(
    contact: Contact, keys: [ContactKey] = PersonCardState.defaultKeys, alternateName: String? = nil,
    message: String? = nil, known: [Contact] = [], allowsAdding: Bool = true, acting: Bool = false,
    isEnabled: (ContactProperty) -> Bool = { _ in true }
  ) {
    card = PersonCardState(contact: contact, keys: keys, isEnabled: isEnabled)
    self.known = known
    var commands = known.indices.map { Command.openKnown($0) }
    if allowsAdding { commands += [.createNew, .addToExisting] }
    self.commands = commands
    self.title = Self.title(for: contact, alternateName: alternateName)
    self.message = message.flatMap { $0.isEmpty ? nil : $0 }
    cursor = commands.first.map { .command($0) } ?? card.enabled.firstIndex(of: true).map { .value($0) }
    isActing = acting
    let messaging = card.properties.contains { ContactActions.kind(for: $0, message: true) != nil }
    keymap = UnknownPersonKeymap.card(
      choosing: card.enabled.contains(true), adding: allowsAdding, known: !known.isEmpty, acting: acting,
      messaging: messaging)
  }

  /// The key help line (`keymap`'s).
  public var hint: String { keymap.hint }

  /// The person's display name when the person has a name (or organization), else
  /// `alternateName` when given, else the display name (an email or phone).
  static func title(for contact: Contact, alternateName: String?) -> String {
    let hasName =
      !contact.formattedName.trimmingCharacters(in: .whitespaces).isEmpty
      || !ContactFormatter.composedName(contact).isEmpty
      || !contact.organizationName.trimmingCharacters(in: .whitespaces).isEmpty
    if !hasName, let alternateName, !alternateName.isEmpty { return alternateName }
    return contact.displayName
  }

  /// The rows that can be highlighted, in order.
  public var items: [Item] {
    card.properties.indices.filter { card.enabled[$0] }.map { Item.value($0) } + commands.map { Item.command($0) }
  }

  /// The title of an action row.
  public func title(of command: Command) -> String {
    switch command {
    case .openKnown(let index): return L10n.format("Open %s’s card", known[index].displayName)
    case .createNew: return L10n.text("Create New Contact")
    case .addToExisting: return L10n.text("Add to Existing Contact")
    }
  }

  /// Highlights `item` when it can be highlighted.
  public mutating func highlight(_ item: Item) {
    if items.contains(item) { cursor = item }
  }

  /// Applies one key: what it does is `keymap`'s; the wheel moves like ↑/↓.
  public mutating func handle(_ key: KeyEvent) -> Action {
    if help.take(key, in: keymap) { return .none }
    if case .mouse(let event) = key {
      if event.action == .wheelUp { move(by: -1) }
      if event.action == .wheelDown { move(by: 1) }
      return .none
    }
    guard let command = keymap.command(for: key) else { return .none }
    return perform(command)
  }

  /// Does what `command` says.
  mutating func perform(_ command: UnknownPersonCardCommand) -> Action {
    switch command {
    case .choose:
      switch cursor {
      case .value(let index): return .select(card.properties[index])
      case .command(let command): return .perform(command)
      case nil: return .none
      }
    case .perform(let command):
      return .perform(command)
    case .act, .message:
      let message = command == .message
      if isActing, case .value(let index) = cursor {
        let property = card.properties[index]
        if ContactActions.kind(for: property, message: message) != nil || known.isEmpty || message {
          return .act(property, message: message)
        }
      }
      return !message && !known.isEmpty ? .perform(.openKnown(0)) : .none
    case .cancel:
      return .cancel
    case .up:
      // At the first row the card scrolls instead (up through a long note).
      if !move(by: -1) { scrollTop = max(0, scrollTop - 1) }
    case .down:
      if !move(by: 1) { scrollTop += 1 }
    case .first:
      cursor = items.first
    case .last:
      cursor = items.last
    case .pageUp:
      scrollTop = max(0, scrollTop - pageSize)
      move(by: -pageSize, clamped: true)
    case .pageDown:
      scrollTop += pageSize
      move(by: pageSize, clamped: true)
    }
    return .none
  }

  /// Highlights the row `step` rows away; false when there is none (with `clamped`,
  /// the first or last row instead).
  @discardableResult
  private mutating func move(by step: Int, clamped: Bool = false) -> Bool {
    let all = items
    guard let cursor, let index = all.firstIndex(of: cursor) else {
      self.cursor = all.first
      return self.cursor != nil
    }
    var next = index + step
    if clamped { next = max(0, min(next, all.count - 1)) }
    guard next >= 0 && next < all.count, next != index || !clamped else { return false }
    self.cursor = all[next]
    return true
  }
}

/// Draws an `UnknownPersonState` (pure: state in, frame out): the person card's
/// header (monogram, name, phonetic name, job and organization), the message lines
/// under the name, a rule; then the values as on the person card, the "In contacts
/// as …" line and the action rows; a key hint at the bottom.
public enum UnknownPersonView {
  /// One line of the scrolling part.
  public struct Line: Sendable, Equatable {
    /// The label column: a value's label, `known`, or empty.
    public var label: String
    /// The text column: one wrapped line of a value, a message or an action.
    public var text: String
    /// The row this line belongs to, if it can be highlighted.
    public var item: UnknownPersonState.Item?
    /// Drawn as an action (bold, coloured).
    public var isCommand = false
    /// Drawn dim: the "In contacts as …" line.
    public var isNote = false
  }

  /// The column of the values on a card `columns` wide: after the card's label
  /// column (`PersonCardView.labelWidth`).
  static func valueColumn(_ state: UnknownPersonState, columns: Int) -> Int {
    2 + PersonCardView.labelWidth(state.card, columns: columns) + 2
  }

  /// The header lines under the title: phonetic name, work, then the message wrapped.
  static func headerLines(_ state: UnknownPersonState, columns: Int, textColumn: Int) -> [(text: String, style: Style)] {
    let contact = state.card.contact
    var lines: [(String, Style)] = []
    let phonetic = ContactFormatter.phoneticName(contact)
    if !phonetic.isEmpty { lines.append((phonetic, Style(dim: true))) }
    let work = PersonCardView.workLine(of: contact, besides: state.title)
    if !work.isEmpty { lines.append((work, .plain)) }
    if let message = state.message {
      for paragraph in message.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
        for line in TextWrapper.wrap(String(paragraph), width: max(8, columns - textColumn - 1)).prefix(4) {
          lines.append((line, Style(dim: true)))
        }
      }
    }
    return lines
  }

  /// The height of the header (title, header lines, rule) for a frame `columns` wide.
  public static func headerHeight(_ state: UnknownPersonState, columns: Int) -> Int {
    let textColumn = TerminalText.width(monogramBox(state, color: false)) + 4
    return 1 + headerLines(state, columns: columns, textColumn: textColumn).count + 1
  }

  static func monogramBox(_ state: UnknownPersonState, color: Bool) -> String {
    var contact = state.card.contact
    if ContactFormatter.composedName(contact).isEmpty && contact.organizationName.isEmpty
      && contact.formattedName.isEmpty
    {
      contact.formattedName = state.title
    }
    let initials = Monogram.initials(for: contact)
    return color ? " \(initials) " : "[\(initials)]"
  }

  /// The scrolling lines for a frame `columns` wide.
  public static func lines(_ state: UnknownPersonState, columns: Int) -> [Line] {
    var lines = PersonCardView.lines(state.card, columns: columns).map { line in
      Line(label: line.label, text: line.text, item: line.property.map { .value($0) })
    }
    if !state.commands.isEmpty {
      if !lines.isEmpty { lines.append(Line(label: "", text: "", item: nil)) }
      if !state.known.isEmpty {
        let names = state.known.map(\.displayName).joined(separator: ", ")
        for (offset, text) in TextWrapper.wrap(L10n.format("In contacts as %s", names), width: max(8, columns - valueColumn(state, columns: columns) - 1))
          .enumerated()
        {
          lines.append(Line(label: offset == 0 ? L10n.text("known") : "", text: text, item: nil, isNote: true))
        }
      }
      for command in state.commands {
        lines.append(Line(label: "", text: state.title(of: command), item: .command(command), isCommand: true))
      }
    }
    return lines
  }

  /// Rows for the scrolling part.
  public static func bodyHeight(_ state: UnknownPersonState, rows: Int, columns: Int) -> Int {
    max(1, rows - headerHeight(state, columns: columns) - 1)
  }

  /// Places `state.scrollTop` (`CardScrolling`): a newly highlighted row fully on
  /// screen, its top first; a row highlighted since may be scrolled through. Sets
  /// `state.pageSize` to the lines of the scrolling part.
  public static func scrollToCursor(_ state: inout UnknownPersonState, rows: Int, columns: Int) {
    CardScrolling.place(
      scrollTop: &state.scrollTop, pageSize: &state.pageSize, placedCursor: &state.scrolledCursor,
      cursor: state.cursor, lines: lines(state, columns: columns),
      height: bodyHeight(state, rows: rows, columns: columns)
    ) { $0.item }
  }

  /// The frame for `state`; `hint` is the key help on the last line.
  public static func render(_ state: UnknownPersonState, rows: Int, columns: Int, color: Bool, hint: String) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0, columns > 0 else { return frame }
    // The photo (`CardPhoto`) when the header has the lines for it, else the monogram.
    let photo =
      headerHeight(state, columns: columns) - 1 >= CardPhoto.rows
      ? CardPhoto.place(state.card.contact, in: &frame, color: color) : CardPhoto.Placed()
    let textColumn: Int
    if let width = photo.width {
      textColumn = 1 + width + 2
    } else {
      let box = monogramBox(state, color: color)
      let boxStyle = color ? Style(bold: true, foreground: .white, background: .blue) : Style(bold: true)
      textColumn = frame.put(box, row: 0, column: 1, style: boxStyle) + 3
    }
    frame.put(state.title, row: 0, column: textColumn, style: Style(bold: true))
    var row = 1
    for (text, style) in headerLines(state, columns: columns, textColumn: textColumn) where row < rows {
      frame.put(text, row: row, column: textColumn, style: style)
      row += 1
    }
    let header = headerHeight(state, columns: columns)
    if header - 1 < rows {
      frame.put(String(repeating: "─", count: columns), row: header - 1, column: 0, style: Style(dim: true))
    }
    let all = lines(state, columns: columns)
    let height = bodyHeight(state, rows: rows, columns: columns)
    let columnWidth = PersonCardView.labelWidth(state.card, columns: columns)
    let valueColumn = Self.valueColumn(state, columns: columns)
    for offset in 0..<height {
      let index = state.scrollTop + offset
      let row = header + offset
      guard index < all.count, row < rows - 1 else { break }
      let line = all[index]
      let selected = line.item != nil && line.item == state.cursor
      var enabled = true
      if case .value(let property) = line.item { enabled = state.card.enabled[property] }
      var style = Style(dim: !enabled || line.isNote)
      if line.isCommand { style = Style(bold: true, foreground: color ? .blue : nil) }
      if selected { style.reverse = true }
      let labelWidth = TerminalText.drawnWidth(line.label)
      let labelColumn = 2 + max(0, columnWidth - min(labelWidth, columnWidth))
      frame.put(line.label, row: row, column: labelColumn, style: Style(dim: true, foreground: color ? .cyan : nil),
                maxWidth: columnWidth)
      if selected { frame.paint(row: row, column: valueColumn, count: columns - valueColumn, style: style) }
      frame.put(line.text, row: row, column: valueColumn, style: style)
    }
    if rows > header {
      let more = all.count > height ? "  \(state.scrollTop + 1)–\(min(all.count, state.scrollTop + height))/\(all.count)" : ""
      let keys = KeyHintLine.fitted(hint, width: columns - TerminalText.width(more))
      frame.put(keys + more, row: rows - 1, column: 0, style: Style(dim: true))
    }
    frame.cursor = nil
    return frame
  }

}
