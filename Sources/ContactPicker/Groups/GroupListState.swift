import ContactKit
import ContactStores
import Localization
import Matching
import TerminalKit

/// The groups view of the people picker (the "Groups" screen of Contacts): every
/// group with its member count, and "All Contacts" first. Enter narrows the list to
/// the group; in multi-select, Tab chooses every member at once. When the book can be
/// written (`isEditable`), Ctrl-N creates a group (its name typed on the bottom line),
/// Ctrl-R renames the highlighted one and Ctrl-X (or Delete) deletes it after a `y`
/// (its members stay contacts). Typing letters moves to the first group whose name
/// begins with them (`fam` to Family), ignoring case and accents.
public struct GroupListState: Sendable {
  /// What a key asked the controller to do.
  public enum Action: Sendable, Equatable {
    /// Nothing for the controller: the key moved the cursor, scrolled, or was ignored.
    case none
    /// Enter: narrow the list to this group (`nil`: all contacts).
    case narrow(String?)
    /// Tab in multi-select: choose every member of this group.
    case chooseMembers(String)
    /// Create, rename or delete a group (confirmed): the controller saves it.
    case change(GroupChange)
    /// Esc or ←: back to the list.
    case back
    /// Ctrl-C, Ctrl-G: cancel the whole interaction.
    case cancel
  }

  /// A question on the bottom line.
  public enum Prompt: Sendable, Equatable {
    /// The name of a new group (`renaming == nil`) or the new name of `renaming`.
    case name(LineEditor, renaming: String?)
    /// Whether to delete this group (`y`).
    case delete(String)
  }

  /// The groups, by name.
  public private(set) var groups: [ContactGroup]
  /// The highlighted row: 0 is "All Contacts", then `groups`.
  public private(set) var cursor = 0
  /// Whether groups may be created, renamed and deleted here.
  public var isEditable = false
  /// The question being asked, if any.
  public private(set) var prompt: Prompt?
  /// A line about the last change (its error), shown until the next key.
  public var message: String?
  /// Why the group of this name cannot be renamed or deleted here, or nil when it
  /// can: asked when Ctrl-R or Ctrl-X is pressed on it, whose question is then not
  /// asked (the answer is the `message`) — rather than refused once the new name is typed.
  public var refusal: (@Sendable (_ group: String) -> String?)?

  /// The letters typed since the last other key (`jump(typing:)`): the beginning of
  /// the highlighted group's name, shown on the title row; empty when none are.
  public private(set) var typed = ""

  /// A groups view over `groups`, with `current` highlighted.
  public init(groups: [ContactGroup], current: String? = nil) {
    self.groups = groups
    if let current, let index = groups.firstIndex(where: { $0.name == current }) { cursor = index + 1 }
  }

  /// The highlighted group (nil on "All Contacts").
  public var highlighted: ContactGroup? { cursor == 0 ? nil : groups[cursor - 1] }

  /// Whether `refusal` refuses to change `group`; its answer is then the message.
  private mutating func refuses(_ group: String) -> Bool {
    guard let why = refusal?(group) else { return false }
    message = why
    return true
  }

  /// Applies one key, as the groups' key table (`GroupListKeymap`) says.
  public mutating func handle(_ key: KeyEvent) -> Action {
    if key != .resize { message = nil }
    if let prompt { return answer(prompt, key) }
    let command = GroupListKeymap.standard.command(for: key)
    if command == nil, case .character(let letter) = key {
      jump(typing: letter)
      return .none
    }
    // A paste is typing (its line breaks choose nothing).
    if command == nil, case .paste(let text) = key {
      for letter in text where !letter.isNewline { jump(typing: letter) }
      return .none
    }
    typed = ""
    switch command {
    case .up: cursor = max(0, cursor - 1)
    case .down: cursor = min(groups.count, cursor + 1)
    case .narrow: return .narrow(cursor == 0 ? nil : groups[cursor - 1].name)
    case .chooseMembers: return cursor == 0 ? .none : .chooseMembers(groups[cursor - 1].name)
    case .create:
      guard isEditable else {
        cursor = min(groups.count, cursor + 1)  // Ctrl-N moves down in a read-only picker
        break
      }
      prompt = .name(LineEditor(), renaming: nil)
    case .rename:
      if isEditable, let group = highlighted, !refuses(group.name) {
        prompt = .name(LineEditor(group.name), renaming: group.name)
      }
    case .delete:
      if isEditable, let group = highlighted, !refuses(group.name) { prompt = .delete(group.name) }
    case .back: return .back
    case .cancel: return .cancel
    case nil: break
    }
    return .none
  }

  /// Moves to the first group whose name begins with the letters typed so far and
  /// `letter` (folded as the search folds them, or decomposed: a Hangul syllable typed
  /// as its letters, one conjoining jamo at a time, as macOS sends it, begins `한국팀`
  /// from its first letter); when none does, starts again from `letter` alone; stays
  /// when no group begins with that either.
  private mutating func jump(typing letter: Character) {
    for prefix in [typed + String(letter), String(letter)] {
      let folded = SearchFolding.fold(prefix)
      // By scalars: a syllable's first letters are no whole character of it.
      let decomposed = prefix.decomposedStringWithCanonicalMapping.unicodeScalars
      if let index = groups.firstIndex(where: {
        SearchFolding.fold($0.name).hasPrefix(folded)
          || $0.name.decomposedStringWithCanonicalMapping.unicodeScalars.starts(with: decomposed)
      }) {
        typed = prefix
        cursor = index + 1
        return
      }
    }
    typed = ""
  }

  /// A key while `prompt` is asked: Enter or `y` confirms, Esc (or another key on the
  /// delete question) withdraws it.
  private mutating func answer(_ prompt: Prompt, _ key: KeyEvent) -> Action {
    switch prompt {
    case .delete(let name):
      self.prompt = nil
      return key == .character("y") || key == .character("Y") ? .change(.delete(name)) : .none
    case .name(var editor, let renaming):
      switch key {
      case .escape, .control("c"), .control("g"):
        self.prompt = nil
      case .enter:
        let name = editor.text.trimmingCharacters(in: .whitespaces)
        if name.isEmpty || name == renaming {
          self.prompt = nil
        } else if groups.contains(where: { $0.name == name }) {
          message = L10n.format("a group “%s” exists already", name)
        } else {
          self.prompt = nil
          return .change(renaming.map { .rename($0, to: name) } ?? .create(name))
        }
      default:
        if editor.handle(key) { self.prompt = .name(editor, renaming: renaming) }
      }
    }
    return .none
  }

  /// The groups after a change was saved: `groups` now, the group `highlight`
  /// highlighted (nil: the row the cursor was on, or the last).
  public mutating func replaceGroups(_ groups: [ContactGroup], highlight: String?) {
    self.groups = groups
    if let highlight, let index = groups.firstIndex(where: { $0.name == highlight }) {
      cursor = index + 1
    } else {
      cursor = min(cursor, groups.count)
    }
  }
}

/// Draws a `GroupListState`.
public enum GroupListView {
  /// The frame for `state`; `total` is the number of contacts.
  public static func render(_ state: GroupListState, total: Int, rows: Int, columns: Int, color: Bool, multi: Bool) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0 else { return frame }
    let title = L10n.text("Groups")
    frame.put(title, row: 0, column: 0, style: Style(bold: true, foreground: color ? .blue : nil))
    if !state.typed.isEmpty {
      // The letters typed so far, as the list's query is shown: what the next letter adds to.
      let start = TerminalText.drawnWidth(title) + 2
      frame.put(state.typed, row: 0, column: start, style: Style(underline: true), maxWidth: max(1, columns - start))
    }
    let entries = [(L10n.text("All Contacts"), total)] + state.groups.map { ($0.name, $0.memberCount) }
    let height = max(1, rows - 2)
    let top = max(0, min(state.cursor - height + 1, entries.count - height))
    for offset in 0..<height {
      let index = top + offset
      guard index < entries.count, offset + 1 < rows else { break }
      let selected = index == state.cursor
      let style = Style(bold: selected, reverse: selected)
      if selected { frame.paint(row: offset + 1, column: 0, count: columns, style: style) }
      let count = String(entries[index].1)
      frame.put(entries[index].0, row: offset + 1, column: 2, style: style, maxWidth: max(1, columns - count.count - 4))
      frame.put(count, row: offset + 1, column: max(0, columns - count.count - 1), style: Style(dim: !selected, reverse: selected))
    }
    if let message = state.message {
      // Above a question still asked, else in place of the key help.
      let row = state.prompt == nil ? rows - 1 : rows - 2
      frame.put(message, row: row, column: 0, style: Style(foreground: color ? .red : nil))
    }
    if let prompt = state.prompt {
      switch prompt {
      case .delete(let name):
        let count = state.groups.first { $0.name == name }?.memberCount ?? 0
        let members = count == 1 ? L10n.text("its member stays") : L10n.format("its %d members stay", count)
        frame.put(L10n.format("Delete group “%s”? (%s) y/n", name, members), row: rows - 1, column: 0, style: Style(bold: true))
      case .name(let editor, let renaming):
        let label = renaming.map { L10n.format("Rename “%s” to: ", $0) } ?? L10n.text("New group: ")
        frame.put(label, row: rows - 1, column: 0, style: Style(bold: true))
        let start = TerminalText.drawnWidth(label)
        let width = max(1, columns - start - 1)
        let (range, cursorColumn) = editor.visibleRange(width: width)
        frame.put(String(editor.characters[range]), row: rows - 1, column: start, maxWidth: width)
        frame.cursor = (rows - 1, min(columns - 1, start + cursorColumn))
      }
    } else if rows >= 4 && state.message == nil {
      let hint = GroupListKeymap.groups(multiple: multi, editable: state.isEditable).hint
      frame.put(KeyHintLine.fitted(hint, width: columns), row: rows - 1, column: 0, style: Style(dim: true))
    }
    return frame
  }
}
