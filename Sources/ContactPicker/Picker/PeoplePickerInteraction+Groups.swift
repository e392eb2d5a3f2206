import AddressBook
import ContactKit
import ContactStores
import Localization

/// The groups view's changes (Ctrl-N, Ctrl-R, Ctrl-X there): what the view lists, the
/// members a change touches, and the list after the change was saved.
extension PeoplePickerInteraction {
  /// The groups view over the list's groups and those created here without members,
  /// the narrowed group highlighted.
  func groupList() -> GroupListState {
    var groups = list.groups
    var named = Set(groups.map(\.name))
    let empty = (list.memberlessGroups + createdGroups).filter { named.insert($0).inserted }
    if !empty.isEmpty {
      groups = ContactGroup.byName(groups + empty.map { ContactGroup(name: $0, memberCount: 0) })
    }
    var view = GroupListState(groups: groups, current: state.group)
    view.isEditable = settings.editing && settings.changesGroups
    if view.isEditable, let canEdit = settings.canEdit {
      // A group with people cpick does not edit (a mutt alias file's, a directory's) is
      // changed where they are kept: said at Ctrl-R or Ctrl-X, not after the new name.
      let list = self.list
      view.refusal = { name in
        guard list.members(of: name).contains(where: { !canEdit(list.contacts[$0]) }) else { return nil }
        return L10n.format("“%s” is not changed here: some of its people are kept where cpick does not edit them", name)
      }
    }
    return view
  }

  /// The contacts of the group `change` is about (none for a new group).
  func members(of change: GroupChange) -> [Contact] {
    switch change {
    case .create: return []
    case .rename(let name, _), .delete(let name): return list.members(of: name).sorted().map { list.contacts[$0] }
    }
  }

  /// A group change was saved (or not): each member is replaced by its card as read
  /// again, the change made in memory too (its groups, and those from group cards in
  /// its record, which a later edit files by), the groups
  /// view shows the groups as they are now, and a list narrowed to the group follows it.
  /// A new group not `written` (a `CATEGORIES` book has nowhere to keep it empty) is
  /// listed for the session, with a line saying it is saved with its first member.
  mutating func groupChanged(
    _ change: GroupChange, members: [Contact], _ outcome: Result<[Contact], any Error>, written: Bool = true
  ) -> [Effect] {
    guard case .groups(var view) = mode else { return [.draw] }
    switch outcome {
    case .failure(let error):
      view.message = L10n.text("not saved: ") + NewPersonViewController.describe(error)
      mode = .groups(view)
      return [.draw]
    case .success(let reloaded):
      var newList = list
      for member in members {
        var current = reloaded.first { $0.identifier == member.identifier && $0.source == member.source } ?? member
        // Made again in memory, which changes nothing where the reload has it already: a
        // vdir's reload keeps the group-card groups it had (`ContactReload.reload`).
        current.groups = Self.groups(current.groups, after: change)
        if let outside = current.sourceRecord?.outsideGroups {
          current.sourceRecord?.outsideGroups = Self.groups(outside, after: change)
        }
        newList = newList.replacing(current, original: member)
      }
      let narrowed = state.group
      let highlight: String?
      switch change {
      case .create(let name):
        createdGroups.append(name)
        highlight = name
        if !written { view.message = L10n.format("“%s” is saved with its first member (e on a card, + add to group)", name) }
      case .rename(let old, let new):
        createdGroups = createdGroups.map { $0 == old ? new : $0 }
        highlight = new
      case .delete(let name):
        createdGroups.removeAll { $0 == name }
        highlight = nil
      }
      if let first = members.first ?? list.contacts.first {
        replaceList(newList, query: state.query.text, highlighting: first)
      }
      if let narrowed { state.narrow(toGroup: Self.groups([narrowed], after: change).first) }
      view.replaceGroups(groupList().groups, highlight: highlight)
      mode = .groups(view)
      return [.draw]
    }
  }

  /// `groups` with `change` made (a group renamed or left out).
  static func groups(_ groups: [String], after change: GroupChange) -> [String] {
    switch change {
    case .create: return groups
    case .rename(let old, let new):
      return groups.contains(new) ? groups.filter { $0 != old } : groups.map { $0 == old ? new : $0 }
    case .delete(let name): return groups.filter { $0 != name }
    }
  }
}
