import ContactKit
import TerminalKit
import Localization

/// The confirmation of "Add to Existing Contact": the existing contact with the
/// unknown person's values merged in, the added values marked `✓` (and the only ones
/// the cursor moves over), the filled fields listed above the card.
///
/// Keys: Enter or `y` saves (or, when nothing is added, ends with the contact as it
/// is); Esc, ←, `n` or Backspace go back to the picker; Ctrl-C, Ctrl-G, Ctrl-Q cancel
/// the whole card; ↑/↓ move over the added values, PgUp/PgDn scroll.
public struct UnknownPersonConfirmation: Sendable {
  /// What a key asked for.
  public enum Action: Sendable, Equatable {
    /// Nothing: the key moved, scrolled, or was ignored.
    case none
    /// Enter or `y`: save the merged contact.
    case confirm
    /// Esc, ←, `n` or Backspace: back to the picker.
    case back
    /// Ctrl-C, Ctrl-G, Ctrl-Q: cancel the whole card.
    case cancel
  }

  /// The merge shown.
  public let merge: UnknownPersonMerge.Result
  /// The contact as it is in the address book.
  public let original: Contact
  /// The merged contact's card; the added values are marked.
  public var card: PersonCardState
  /// A failed save's message, shown above the card.
  public var error: String?
  /// What each key does (`UnknownPersonKeymap.confirmation`); the help line is made from it.
  let keymap: Keymap<UnknownPersonConfirmationCommand>

  /// A confirmation of `merge` into `original`, showing `keys`.
  public init(merge: UnknownPersonMerge.Result, original: Contact, keys: [ContactKey] = PersonCardState.defaultKeys) {
    self.merge = merge
    self.original = original
    let added = merge.addedIdentifiers
    var keys = keys
    for case .added(let key, _, _, _) in merge.changes where !keys.contains(key) { keys.append(key) }
    card = PersonCardState(contact: merge.merged, keys: keys) { added.contains($0.identifier) }
    card.marked = added
    keymap = UnknownPersonKeymap.confirmation(adding: !merge.isEmpty)
  }

  /// Applies one key: what it does is `keymap`'s; the wheel moves on the card.
  public mutating func handle(_ key: KeyEvent) -> Action {
    guard let command = keymap.command(for: key) else {
      _ = card.handle(key)
      return .none
    }
    switch command {
    case .confirm: return .confirm
    case .back: return .back
    case .cancel: return .cancel
    case .card(let command):
      _ = card.perform(command)
      return .none
    }
  }
}

/// Draws an `UnknownPersonConfirmation`: a title ("Add to Ada Lovelace?"), the filled
/// fields (`+ first name Ada`), a save error if any, then the merged person's card.
public enum UnknownPersonConfirmationView {
  /// The lines above the card.
  public static func topLines(_ confirmation: UnknownPersonConfirmation, columns: Int) -> [(String, Style)] {
    let name = confirmation.original.displayName
    var lines: [(String, Style)] = []
    if confirmation.merge.isEmpty {
      lines.append((L10n.format("%s already has everything on this card.", name), Style(bold: true)))
    } else {
      let count = confirmation.merge.changes.count
      let title = count == 1 ? L10n.format("Add this value to %s?", name) : L10n.format("Add these %d values to %s?", count, name)
      lines.append((title, Style(bold: true)))
      for change in confirmation.merge.changes {
        if case .filled = change { lines.append((change.summary, .plain)) }
      }
    }
    if let error = confirmation.error {
      lines += TextWrapper.wrap(L10n.format("Not saved: %s", error), width: max(8, columns - 1)).map { ($0, Style(bold: true)) }
    }
    return lines
  }

  /// The hint on the last line.
  public static func hint(_ confirmation: UnknownPersonConfirmation) -> String {
    confirmation.keymap.hint
  }

  /// Scrolls the card so its cursor is on screen (the rows under the top lines).
  public static func scrollToCursor(_ confirmation: inout UnknownPersonConfirmation, rows: Int, columns: Int) {
    let cardRows = rows - topLines(confirmation, columns: columns).prefix(max(0, rows - 3)).count
    guard rows > 0, columns > 0, cardRows > 0 else { return }
    PersonCardView.scrollToCursor(&confirmation.card, rows: cardRows, columns: columns)
  }

  /// The frame (pure: `scrollToCursor` places the card first).
  public static func render(_ confirmation: UnknownPersonConfirmation, rows: Int, columns: Int, color: Bool) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0, columns > 0 else { return frame }
    let top = topLines(confirmation, columns: columns).prefix(max(0, rows - 3))
    for (row, line) in top.enumerated() {
      var style = line.1
      if color && row == 0 { style.foreground = .green }
      frame.put(line.0, row: row, column: 1, style: style)
    }
    let cardRows = rows - top.count
    guard cardRows > 0 else { return frame }
    let card = PersonCardView.render(confirmation.card, rows: cardRows, columns: columns, color: color,
                                     hint: hint(confirmation))
    for row in 0..<cardRows {
      for column in 0..<columns { frame[top.count + row, column] = card[row, column] }
    }
    frame.cursor = nil
    return frame
  }
}
