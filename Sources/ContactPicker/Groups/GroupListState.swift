import ContactKit
import TerminalKit

/// The groups view of the people picker (the "Groups" screen of Contacts): every
/// group with its member count, and "All Contacts" first. Enter narrows the list to
/// the group; in multi-select, Tab chooses every member at once.
public struct GroupListState: Sendable {
  /// What a key asked the controller to do.
  public enum Action: Sendable, Equatable {
    /// Nothing for the controller: the key moved the cursor, scrolled, or was ignored.
    case none
    /// Enter: narrow the list to this group (`nil`: all contacts).
    case narrow(String?)
    /// Tab in multi-select: choose every member of this group.
    case chooseMembers(String)
    /// Esc or ←: back to the list.
    case back
    /// Ctrl-C, Ctrl-G: cancel the whole interaction.
    case cancel
  }

  /// The groups, by name.
  public let groups: [ContactGroup]
  /// The highlighted row: 0 is "All Contacts", then `groups`.
  public private(set) var cursor = 0

  /// A groups view over `groups`, with `current` highlighted.
  public init(groups: [ContactGroup], current: String? = nil) {
    self.groups = groups
    if let current, let index = groups.firstIndex(where: { $0.name == current }) { cursor = index + 1 }
  }

  /// Applies one key, as the groups' key table (`GroupListKeymap`) says.
  public mutating func handle(_ key: KeyEvent) -> Action {
    switch GroupListKeymap.standard.command(for: key) {
    case .up: cursor = max(0, cursor - 1)
    case .down: cursor = min(groups.count, cursor + 1)
    case .narrow: return .narrow(cursor == 0 ? nil : groups[cursor - 1].name)
    case .chooseMembers: return cursor == 0 ? .none : .chooseMembers(groups[cursor - 1].name)
    case .back: return .back
    case .cancel: return .cancel
    case nil: break
    }
    return .none
  }
}

/// Draws a `GroupListState`.
public enum GroupListView {
  /// The frame for `state`; `total` is the number of contacts.
  public static func render(_ state: GroupListState, total: Int, rows: Int, columns: Int, color: Bool, multi: Bool) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0 else { return frame }
    frame.put("Groups", row: 0, column: 0, style: Style(bold: true, foreground: color ? .blue : nil))
    let entries = [("All Contacts", total)] + state.groups.map { ($0.name, $0.memberCount) }
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
    if rows >= 4 {
      let hint = GroupListKeymap.groups(multiple: multi).hint
      frame.put(hint, row: rows - 1, column: 0, style: Style(dim: true))
    }
    return frame
  }
}
