import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker

/// Groups on screen (issue 21 item 2), on the in-memory screen: the edit form's groups
/// rows (add from a list with search, create by typing a name, remove) and the picker's
/// groups view (Ctrl-T: create, rename, delete a group).
@MainActor
@Suite("groups in the edit form and the groups view")
struct GroupEditingTests {
  static let people: [Contact] = {
    var ada = TestContacts.person("Ada", "Lovelace", email: "ada@example.org")
    ada.groups = ["Choir", "Team"]
    // In the choir through a group card of its own (a vdir).
    ada.sourceRecord = SourceRecord(bytes: [], firstLine: 1, version: "4.0", outsideGroups: ["Choir"])
    var grace = TestContacts.person("Grace", "Hopper", email: "grace@example.org")
    grace.groups = ["Team"]
    let charles = TestContacts.person("Charles", "Babbage", email: "charles@example.org")
    return [ada, grace, charles]
  }()

  /// The saves and group changes the seams were asked for.
  final class Saves {
    var saved: [Contact] = []
    var changes: [GroupChange] = []
    var members: [[String]] = []
    var refusal: ContactStoreError?
  }

  static func editing(_ saves: Saves, groups: [String] = ["Choir", "Project X", "Team"]) -> ContactEditing {
    var editing = ContactEditing { contact, _ in
      saves.saved.append(contact)
      return contact
    }
    editing.groupNames = groups
    editing.changeGroup = { change, members in
      if let refusal = saves.refusal { throw refusal }
      saves.changes.append(change)
      saves.members.append(members.map(\.displayName))
      // What the store gives back: the members with the change made.
      return members.map { member in
        var member = member
        switch change {
        case .rename(let old, let new): member.groups = member.groups.map { $0 == old ? new : $0 }
        case .delete(let name): member.groups.removeAll { $0 == name }
        case .create: break
        }
        return member
      }
    }
    return editing
  }

  /// From the card to the form's last row ("+ add to group": no delete seam).
  static let toAddGroup: [KeyEvent] = [.character("e")] + repeated(.pageDown, 20)

  static func editForm(_ keys: [KeyEvent], saves: Saves, contact: Contact = people[0]) -> (PersonViewController, MemoryScreen) {
    let screen = MemoryScreen(rows: 30, columns: 100, keys: keys)
    let card = PersonViewController(contact: contact)
    card.editing = editing(saves)
    _ = card.run(on: screen)
    return (card, screen)
  }

  func lastForm(_ screen: MemoryScreen) -> String? { screen.frames.map(\.text).last { $0.hasPrefix(" Edit Contact") } }

  @Test("the form lists the person's groups and ends with + add to group")
  func rows() throws {
    let (_, screen) = Self.editForm(Self.toAddGroup, saves: Saves())
    let rows = try #require(lastForm(screen)).components(separatedBy: "\n")
    let add = try #require(rows.firstIndex { $0.contains("+ add to group") })
    #expect(rows[add].hasPrefix("›"))
    #expect(rows[add - 1].contains("group  Team"))
    #expect(rows[add - 2].contains("group  Choir"))
    #expect(rows.last?.contains("enter add to a group") == true)
  }

  @Test("+ add to group: typing searches the book's groups, Enter adds the highlighted one, Ctrl-S saves it")
  func addExisting() throws {
    let saves = Saves()
    let keys = Self.toAddGroup + [.enter] + typing("proj")
    let (_, screen) = Self.editForm(keys, saves: saves)
    let chooser = try #require(lastForm(screen))
    #expect(chooser.contains("add to group: proj"))
    #expect(chooser.contains("› Project X"))
    #expect(!chooser.contains("Team"))  // a group the person is in is not offered
    #expect(chooser.contains("  + new group “proj”"))  // the text names no group: it may be a new one

    let (card, _) = Self.editForm(keys + [.enter, .control("s")], saves: saves)
    #expect(saves.saved.map(\.groups) == [["Choir", "Team", "Project X"]])
    #expect(card.contact.groups == ["Choir", "Team", "Project X"])
    // Ctrl-S with the search still open saves (it did nothing, and said nothing): with
    // a group's whole name typed, filed in it; half-typed, in nothing.
    let whole = Saves()
    _ = Self.editForm(Self.toAddGroup + [.enter] + typing("project x") + [.control("s")], saves: whole)
    #expect(whole.saved.map(\.groups) == [["Choir", "Team", "Project X"]])
    let half = Saves()
    _ = Self.editForm(keys + [.control("s")], saves: half)
    #expect(half.saved.isEmpty)  // nothing changed, nothing to save
  }

  @Test("typing a name no group has offers a new group; Enter creates it on the person")
  func createByName() throws {
    let saves = Saves()
    let keys = Self.toAddGroup + typing("Skunkworks")  // typing on the row opens the chooser
    let (_, screen) = Self.editForm(keys, saves: saves)
    let chooser = try #require(lastForm(screen))
    #expect(chooser.contains("› + new group “Skunkworks”"))
    _ = Self.editForm(keys + [.enter, .control("s")], saves: saves)
    #expect(saves.saved.map(\.groups) == [["Choir", "Team", "Skunkworks"]])
  }

  @Test("Ctrl-X on a group takes the person out of it; Esc in the chooser adds nothing")
  func removeGroup() throws {
    let saves = Saves()
    let keys = Self.toAddGroup + [.enter, .escape, .up, .up, .control("x"), .control("s")]
    _ = Self.editForm(keys, saves: saves)
    #expect(saves.saved.map(\.groups) == [["Team"]])
  }

  // MARK: The groups view

  static func picker(_ keys: [KeyEvent], saves: Saves?) -> (PeoplePickerController, MemoryScreen) {
    let screen = MemoryScreen(rows: 20, columns: 80, keys: keys)
    let picker = PeoplePickerController(contacts: people)
    if let saves { picker.editing = editing(saves) }
    _ = picker.run(on: screen)
    return (picker, screen)
  }

  func groupsView(_ screen: MemoryScreen) -> String? { screen.frames.map(\.text).last { $0.hasPrefix("Groups") } }

  @Test("Ctrl-R renames the highlighted group: the members are saved and the view shows the new name")
  func rename() throws {
    let saves = Saves()
    let keys: [KeyEvent] = [.control("t"), .down, .control("r"), .control("u")] + typing("Singers")
    let (_, asking) = Self.picker(keys, saves: saves)
    #expect(try #require(groupsView(asking)).contains("Rename “Choir” to: Singers"))

    let (picker, screen) = Self.picker(keys + [.enter], saves: saves)
    #expect(saves.changes == [.rename("Choir", to: "Singers")])
    #expect(saves.members == [["Ada Lovelace"]])
    let view = try #require(groupsView(screen))
    #expect(!view.contains("Choir"))
    let row = try #require(view.components(separatedBy: "\n").first { $0.contains("Singers") })
    #expect(row.hasSuffix(" 1"))
    let ada = try #require(picker.list.contacts.first { $0.displayName == "Ada Lovelace" })
    #expect(ada.groups == ["Singers", "Team"])
    #expect(ada.sourceRecord?.outsideGroups == ["Singers"])  // a later edit files her by the new name
  }

  @Test("renaming a group whose name holds control characters: the field starts after the prompt as drawn (␛ one column)")
  func renameControlCharacters() throws {
    var odd = Self.people[0]
    odd.groups = ["X\u{1B}\u{1B}Y"]
    let screen = MemoryScreen(rows: 20, columns: 120, keys: [.control("t"), .down, .control("r")])
    let picker = PeoplePickerController(contacts: [odd])
    picker.editing = Self.editing(Saves(), groups: ["X\u{1B}\u{1B}Y"])
    _ = picker.run(on: screen)
    let view = try #require(screen.frames.map(\.text).last { $0.contains("Rename") })
    #expect(view.contains("Rename “X␛␛Y” to: X␛␛Y"), "\(view)")
    let cursor = try #require(screen.frames.last { $0.text.contains("Rename") }?.cursor)
    #expect(cursor.column == TerminalText.drawnWidth("Rename “X␛␛Y” to: X␛␛Y"))
  }

  @Test("a group with people cpick does not edit: Ctrl-R and Ctrl-X say so at once, ask nothing, change nothing")
  func readOnlyGroup() throws {
    let saves = Saves()
    func picker(_ keys: [KeyEvent]) -> MemoryScreen {
      let screen = MemoryScreen(rows: 20, columns: 120, keys: keys)
      let picker = PeoplePickerController(contacts: Self.people)
      var editing = Self.editing(saves)
      // Grace's card is kept where cpick does not edit it (a mutt alias file's, say).
      editing.isEditable = { $0.displayName != "Grace Hopper" }
      picker.editing = editing
      _ = picker.run(on: screen)
      return screen
    }
    let refusal = "“Team” is not changed here: some of its people are kept where cpick does not edit them"
    for key: Character in ["r", "x"] {
      let screen = picker([.control("t"), .down, .down, .control(key)] + typing("Crew") + [.enter])
      let view = try #require(groupsView(screen))
      #expect(!view.contains("Rename") && !view.contains("Delete"), "Ctrl-\(key)")
      // The view after Ctrl-R or Ctrl-X, before the next key.
      let said = try #require(screen.frames.map(\.text).first { $0.contains(refusal) }, "Ctrl-\(key)")
      #expect(said.hasPrefix("Groups"))
    }
    #expect(saves.changes.isEmpty)
    // The choir holds only Ada, whose card cpick edits: renamed as before.
    _ = picker([.control("t"), .down, .control("r"), .control("u")] + typing("Singers") + [.enter])
    #expect(saves.changes == [.rename("Choir", to: "Singers")])
  }

  @Test("Ctrl-X asks naming the group and its members; y deletes it, the members stay")
  func delete() throws {
    let saves = Saves()
    let keys: [KeyEvent] = [.control("t"), .down, .down, .control("x")]
    let (_, asking) = Self.picker(keys, saves: saves)
    #expect(try #require(groupsView(asking)).contains("Delete group “Team”? (its 2 members stay) y/n"))
    let (_, kept) = Self.picker(keys + [.character("n")], saves: saves)
    #expect(saves.changes.isEmpty)
    #expect(try #require(groupsView(kept)).contains("Team"))

    let (picker, screen) = Self.picker(keys + [.character("y")], saves: saves)
    #expect(saves.changes == [.delete("Team")])
    #expect(Set(saves.members[0]) == ["Ada Lovelace", "Grace Hopper"])
    #expect(!(try #require(groupsView(screen))).contains("Team"))
    #expect(picker.list.contacts.count == 3)
    #expect(picker.list.contacts.map(\.groups).allSatisfy { !$0.contains("Team") })
  }

  @Test("Ctrl-N names a new group: it is saved and listed with no members; a name in use is refused")
  func create() throws {
    let saves = Saves()
    let (_, screen) = Self.picker([.control("t"), .control("n")] + typing("Project X") + [.enter], saves: saves)
    #expect(saves.changes == [.create("Project X")])
    let view = try #require(groupsView(screen))
    let row = try #require(view.components(separatedBy: "\n").first { $0.contains("Project X") })
    #expect(row.hasSuffix(" 0"))

    let (_, taken) = Self.picker([.control("t"), .control("n")] + typing("Team") + [.enter], saves: saves)
    #expect(try #require(groupsView(taken)).contains("a group “Team” exists already"))
    #expect(saves.changes == [.create("Project X")])
  }

  @Test("a new empty group in a CATEGORIES book is listed for the session with a line saying so; filing someone under it from the form saves it")
  func emptyCategoriesGroup() throws {
    let saves = Saves()
    let create: [KeyEvent] = [.control("t"), .control("n")] + typing("Project Y") + [.enter]
    func run(_ keys: [KeyEvent], storage: GroupStorage) -> MemoryScreen {
      let screen = MemoryScreen(rows: 20, columns: 100, keys: keys)
      let picker = PeoplePickerController(contacts: Self.people)
      picker.editing = Self.editing(saves, groups: [])
      picker.editing?.groupStorage = { storage }
      _ = picker.run(on: screen)
      return screen
    }
    let kept = try #require(groupsView(run(create, storage: .categories)))
    #expect(kept.contains("“Project Y” is saved with its first member"))
    #expect(kept.components(separatedBy: "\n").contains { $0.contains("Project Y") && $0.hasSuffix(" 0") })
    // A book with group cards wrote it: nothing to say.
    #expect(!(try #require(groupsView(run(create, storage: .groupCards(apple: false))))).contains("first member"))

    // Back to the list, Charles's card, the form's "+ add to group": the new group is offered.
    saves.saved = []
    let file: [KeyEvent] = create + [.escape, .right] + Self.toAddGroup + typing("Project Y") + [.enter, .control("s")]
    _ = run(file, storage: .categories)
    #expect(saves.saved.map(\.displayName) == ["Charles Babbage"])
    #expect(saves.saved.map(\.groups) == [["Project Y"]])
  }

  @Test("a refused change is said in the groups view; without the seam the keys do not change groups")
  func refusedAndReadOnly() throws {
    let saves = Saves()
    saves.refusal = ContactStoreError(source: "/books/all.vcf", reason: "the file is read-only", kind: .readOnly)
    let (_, screen) = Self.picker([.control("t"), .down, .control("x"), .character("y")], saves: saves)
    #expect(try #require(groupsView(screen)).contains("not saved: /books/all.vcf: the file is read-only"))

    let (_, readOnly) = Self.picker([.control("t"), .control("n")], saves: nil)
    let view = try #require(groupsView(readOnly))
    #expect(!view.contains("New group"))
    #expect(!view.contains("^N new"))
    #expect(view.components(separatedBy: "\n")[2].hasPrefix("  Choir"))  // Ctrl-N moved down
  }

  @Test("Ctrl-N in a list narrowed to a group: the new contact goes into that group, and the list stays narrowed")
  func newContactInNarrowedList() throws {
    let saves = Saves()
    let keys: [KeyEvent] = [.control("t")] + typing("team") + [.enter, .control("n")] + typing("Zora") + [.control("s")]
    let (_, screen) = Self.picker(keys, saves: saves)
    // Before, the contact was saved in no group, and the list showed everyone.
    #expect(saves.saved.map(\.groups) == [["Team"]])
    let list = try #require(screen.frames.map(\.text).last)
    #expect(list.contains("Zora"))
    #expect(list.contains("Grace Hopper"))
    #expect(!list.contains("Charles Babbage"))
  }
}
