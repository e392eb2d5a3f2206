import Foundation
import Localization
import TerminalKit

/// Choosing a group to add a person to (the edit form's "+ add to group"): a search
/// line over the book's groups, the matching ones below it, and — when the text names
/// no group — a row that creates a group of that name. ↑/↓ (Ctrl-P/Ctrl-N) move,
/// Enter adds, Esc goes back; other keys edit the search (`LineEditor`).
public struct GroupChooser: Sendable, Equatable {
  /// What a key did.
  public enum Outcome: Sendable, Equatable {
    /// Still choosing.
    case none
    /// This group was chosen (an existing one, or a new name typed).
    case chosen(String)
    /// Back without a group.
    case cancel
  }

  /// The key help while choosing.
  public static var hint: String { L10n.text("enter add · ↑↓ choose · esc back") }

  /// The search text (also the name of a new group).
  public private(set) var query = LineEditor()
  /// The groups offered, in order.
  public let names: [String]
  /// The highlighted row of `rows`.
  public private(set) var selected = 0

  /// A chooser over `names`.
  public init(names: [String]) {
    self.names = names
  }

  /// The typed name, trimmed.
  public var typedName: String { query.text.trimmingCharacters(in: .whitespaces) }

  /// The groups whose name contains the search text (ignoring case and diacritics).
  public var matches: [String] {
    let text = typedName
    guard !text.isEmpty else { return names }
    return names.filter { $0.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
  }

  /// Whether the last row creates the group `typedName` (it names no group yet).
  public var offersNew: Bool {
    let text = typedName
    return !text.isEmpty && !names.contains { $0.caseInsensitiveCompare(text) == .orderedSame }
  }

  /// The group whose whole name is typed (ignoring case), nil when none is.
  public var exactMatch: String? {
    let text = typedName
    return text.isEmpty ? nil : names.first { $0.caseInsensitiveCompare(text) == .orderedSame }
  }

  /// How many rows there are: the matches, and the "new group" row.
  public var rowCount: Int { matches.count + (offersNew ? 1 : 0) }

  /// Applies one key.
  public mutating func handle(_ key: KeyEvent) -> Outcome {
    switch key {
    case .up, .control("p"): selected = max(0, selected - 1)
    case .down, .control("n"), .tab: selected = min(max(0, rowCount - 1), selected + 1)
    case .escape, .control("c"), .control("g"): return .cancel
    case .enter:
      let found = matches
      if selected < found.count { return .chosen(found[selected]) }
      if offersNew { return .chosen(typedName) }
    case .resize: break
    default:
      if query.handle(key) { selected = 0 }
    }
    return .none
  }
}
