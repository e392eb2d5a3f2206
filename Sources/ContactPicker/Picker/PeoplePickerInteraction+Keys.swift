import ContactKit
import TerminalKit

/// The people picker's keys: which wait a key needs first, then what it does on the
/// list, the card and the groups (as their key tables say).
extension PeoplePickerInteraction {
  /// What `key` does in the list: an expected key (`--expect`) chooses, else the table says.
  func command(for key: KeyEvent) -> PeoplePickerCommand? {
    settings.expectedKeys.contains(key) ? .choose : keymap.command(for: key)
  }

  /// Whether `key` only types a character into the query: the list is shown (no
  /// help, card or groups view), no key table binds it, no section letter is awaited.
  /// Such keys that arrive together may be handled as one `.typed` input.
  func takesAsTyping(_ key: KeyEvent) -> Bool {
    guard case .character = key, case .list = mode, !help.isShown, !state.awaitingSectionLetter else { return false }
    return keymap.command(for: key) == nil && !settings.expectedKeys.contains(key)
  }

  /// Whether `key` must wait until a preview's files are checked.
  private func needsCheckedList(_ key: KeyEvent) -> Bool {
    if case .mouse(let event) = key { return event.action == .doubleClick }
    return command(for: key)?.needsCheckedList ?? false
  }

  /// Whether `key` must wait for the rows of a search still running.
  private func needsCurrentRows(_ key: KeyEvent) -> Bool {
    if case .mouse = key { return true }
    return command(for: key)?.needsCurrentRows ?? false
  }

  mutating func react(to key: KeyEvent) -> [Effect] {
    if key == .resize { return [.draw] }  // laid out again for the new size
    if takeHelpKey(key) { return [.draw] }
    switch loading {
    case .reading:
      // Until the list is there, keys edit the query or cancel (Ctrl-X would wait
      // for a section letter that the query should get) — and Ctrl-D, which asks the
      // directory on the server for the query, needs no list.
      guard key != .control("x") else { return [.draw] }
      if command(for: key) == .searchDirectory { return act(on: key) }
      let action = if case .mouse = key { state.handle(key) } else { state.handle(key, as: keymap.command(for: key)) }
      return action == .cancel ? [.end(.cancelled)] : [.draw]
    case .previewing where needsCheckedList(key):
      // A choice is never made from the stored list before its files are checked.
      return [.awaitLoad(key)]
    case .previewing, .done:
      // Typing goes on while a search runs; other keys act on the current query's rows.
      if state.pendingSearch != nil && needsCurrentRows(key) { return [.awaitSearch(key)] }
      return act(on: key)
    }
  }

  /// Shows or closes the help of the screen shown (`screenHelp`); true when `key` did.
  private mutating func takeHelpKey(_ key: KeyEvent) -> Bool {
    switch mode {
    // A key the caller expects (`--expect f1`) ends the list rather than opening help.
    case .list: return (help.isShown || !settings.expectedKeys.contains(key)) && help.take(key, in: keymap)
    case .card(let card): return help.take(key, in: cardKeymap(card))
    case .groups(let groups): return groups.prompt == nil && help.take(key, in: groupsKeymap(groups))
    }
  }

  /// Does what `key` does on the screen shown.
  mutating func act(on key: KeyEvent) -> [Effect] {
    switch mode {
    case .list: return actInList(key)
    case .card(var card):
      if key != .resize { cardNotice = nil }
      let action = card.handle(key)
      mode = .card(card)
      return onCard(action, card: card)
    case .groups(var groups):
      let action = groups.handle(key)
      mode = .groups(groups)
      return inGroups(action)
    }
  }

  private mutating func actInList(_ key: KeyEvent) -> [Effect] {
    let command: PeoplePickerCommand?
    if case .mouse = key { command = nil } else { command = self.command(for: key) }
    if settings.expectedKeys.contains(key) { endingKey = key }
    if command == .choose, settings.rules.allowsMultipleSelection, let first = choices.items.first {
      return [.end(choices.result(choosing: first, rules: settings.rules, list: list))]
    }
    if command == .choose, settings.endsWhenNothingMatches, state.selectedContact == nil {
      nothingMatched = true  // fzf: accepting with no match ends it, status 1
      return [.end(.cancelled)]
    }
    if command == .newContact { return [.addContact(list)] }
    if command == .searchDirectory { return [.searchDirectory(state.query.text)] }
    let action = if case .mouse = key { state.handle(key) } else { state.handle(key, as: command) }
    let rules = settings.rules
    switch action {
    case .select(let position):
      switch rules.choosing(list.contacts[position]) {
      case .person: return [.end(choices.result(choosing: .person(position), rules: rules, list: list))]
      case .property(let property):
        return [.end(choices.result(choosing: .property(property), rules: rules, list: list))]
      case .card(let contact): mode = .card(rules.card(for: contact, marked: choices.markedProperties, query: valueQuery))
      }
    case .openCard(let position):
      mode = .card(rules.card(for: list.contacts[position], marked: choices.markedProperties, query: valueQuery))
    case .toggle(let position):
      guard rules.allowsMultipleSelection else { break }
      if case .property = rules.selectionMode {
        if let offered = rules.offeredProperty(of: list.contacts[position], query: valueQuery) {
          choices.toggle(.property(offered))
        }
      } else {
        choices.toggle(.person(position))
      }
      choices.mark(in: &state)
    case .openGroups:
      mode = .groups(groupList())
    case .cancel:
      return [.end(.cancelled)]
    case .none:
      break
    }
    return [.draw]
  }

  private mutating func onCard(_ action: PersonCardState.Action, card: PersonCardState) -> [Effect] {
    switch action {
    case .select(let property):
      return [.end(choices.result(choosing: .property(property), rules: settings.rules, list: list))]
    case .toggle(let property):
      if settings.rules.allowsMultipleSelection {
        choices.toggle(.property(property))
        choices.mark(in: &state)
      }
    case .back:
      mode = .list
    case .cancel:
      return [.end(.cancelled)]
    case .edit:
      if settings.editing && canEdit(card.contact) { return [.edit(card.contact)] }
      // Said, not silent: a card a save could not write back (a link, a read-only book).
      if settings.editing, let why = settings.whyNotEditable?(card.contact) { cardNotice = why }
    case .act(let property, let message):
      if settings.acting { return [.act(property, message: message)] }
    case .none:
      break
    }
    return [.draw]
  }

  private mutating func inGroups(_ action: GroupListState.Action) -> [Effect] {
    switch action {
    case .change(let change):
      return [.changeGroup(change, members: members(of: change))]
    case .narrow(let name):
      state.narrow(toGroup: name)
      mode = .list
    case .chooseMembers(let name):
      guard settings.rules.allowsMultipleSelection else { break }
      let rules = settings.rules
      let isEnabled = rules.isEnabled
      for position in list.members(of: name).sorted() where isEnabled(list.contacts[position]) {
        if case .property = rules.selectionMode {
          if let first = rules.selectableProperties(of: list.contacts[position]).first { choices.add(.property(first)) }
        } else {
          choices.add(.person(position))
        }
      }
      choices.mark(in: &state)
      mode = .list
    case .back:
      mode = .list
    case .cancel:
      return [.end(.cancelled)]
    case .none:
      break
    }
    return [.draw]
  }

  /// The new-person form ended: a saved contact joins the list, highlighted; an
  /// existing one chosen in its duplicate prompt is highlighted.
  mutating func formEnded(_ result: NewPersonResult) -> [Effect] {
    switch result {
    case .completed(let saved):
      replaceList(list.replacing(saved, original: nil), query: "", highlighting: saved)
      choices.reset()
      choices.mark(in: &state)
    case .choseExisting(let existing):
      replaceList(list, query: "", highlighting: existing)
    case .cancelled, .deleted:  // a new contact's form deletes nothing
      break
    }
    return [.draw]
  }

  /// The form on the card's contact ended: a saved or reloaded version replaces it in
  /// the list and on the card, saved over or not; a deleted contact leaves the list at
  /// once, and the list shows again (the query kept).
  mutating func editEnded(_ original: Contact, _ outcome: ContactEditing.EditOutcome) -> [Effect] {
    let shown: Contact? =
      switch outcome {
      case .saved(let edited), .reloaded(let edited): edited
      case .unchanged, .deleted: nil
      }
    if case .deleted(let deleted) = outcome {
      // The contact after it highlighted (it takes the deleted one's position).
      let removed = list.position(of: deleted)
      let shorter = list.removing(deleted)
      let next = removed.flatMap { $0 < shorter.contacts.count ? shorter.contacts[$0] : shorter.contacts.last }
      replaceList(shorter, query: state.query.text, highlighting: next ?? deleted)
      choices.reset()
      choices.mark(in: &state)
      mode = .list
      return [.draw]
    }
    if let edited = shown {
      replaceList(list.replacing(edited, original: original), query: state.query.text, highlighting: edited)
      choices.reset()
      choices.mark(in: &state)
      mode = .card(settings.rules.card(for: edited, marked: choices.markedProperties))
    }
    return [.draw]
  }
}
