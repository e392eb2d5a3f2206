import AddressBook
import Foundation
import ContactKit
import Testing
import TerminalKit

@testable import ContactPicker

/// Typing in the groups view moves to the group whose name begins with what was typed.
@Suite("Groups view: typing a group's first letters")
struct GroupJumpTests {
  static let groups = [
    ContactGroup(name: "Book Club", memberCount: 3), ContactGroup(name: "Échecs", memberCount: 2),
    ContactGroup(name: "Family", memberCount: 4), ContactGroup(name: "Farm", memberCount: 1),
    ContactGroup(name: "Work", memberCount: 9),
  ]

  @Test("fam moves to Family, far to Farm, ech (no accent) to Échecs; Enter narrows to the one reached")
  func jumps() {
    var view = GroupListState(groups: Self.groups)
    for letter in "fam" { #expect(view.handle(.character(letter)) == .none) }
    #expect(view.highlighted?.name == "Family")
    #expect(view.handle(.enter) == .narrow("Family"))
    var second = GroupListState(groups: Self.groups)
    for letter in "far" { _ = second.handle(.character(letter)) }
    #expect(second.highlighted?.name == "Farm")
    for letter in "ech" { _ = second.handle(.character(letter)) }  // no group begins with "farech": "e…" anew
    #expect(second.highlighted?.name == "Échecs")
  }

  @Test("Hangul typed as decomposed letters (NFD, one jamo at a time) and a paste move as typing does (cases 40, 25)")
  func decomposedAndPasted() {
    let groups = Self.groups + [ContactGroup(name: "한국팀", memberCount: 1)]
    var view = GroupListState(groups: groups)
    for scalar in "한국".decomposedStringWithCanonicalMapping.unicodeScalars { _ = view.handle(.character(Character(scalar))) }
    #expect(view.highlighted?.name == "한국팀")
    var pasted = GroupListState(groups: groups)
    #expect(pasted.handle(.paste("Far\r")) == .none)
    #expect(pasted.highlighted?.name == "Farm")
  }

  @Test("another key starts the letters again; a letter no group begins with moves nothing")
  func resets() {
    var view = GroupListState(groups: Self.groups)
    _ = view.handle(.character("w"))
    #expect(view.highlighted?.name == "Work")
    _ = view.handle(.up)
    #expect(view.highlighted?.name == "Farm")
    _ = view.handle(.character("b"))
    #expect(view.highlighted?.name == "Book Club")
    _ = view.handle(.character("z"))
    #expect(view.highlighted?.name == "Book Club")
  }
}

/// What was typed is on the screen, and the help says what typing does.
@MainActor
@Suite("Groups view: the letters typed are shown")
struct GroupTypedLettersTests {
  @Test("the letters typed stand beside the title until another key; a letter that starts again shows alone")
  func shown() {
    var view = GroupListState(groups: GroupJumpTests.groups)
    let title = { (view: GroupListState) in
      GroupListView.render(view, total: 19, rows: 10, columns: 40, color: false, multi: false).text(row: 0)
    }
    #expect(title(view) == "Groups")
    for letter in "fam" { _ = view.handle(.character(letter)) }
    #expect(view.typed == "fam")
    #expect(title(view) == "Groups  fam")
    _ = view.handle(.character("w"))  // no group begins with "famw": "w" anew
    #expect(title(view) == "Groups  w")
    _ = view.handle(.down)
    #expect(title(view) == "Groups")
  }

  @Test("F1 on the groups view lists typing letters beside the keys")
  func inHelp() {
    var ada = Contact(identifier: "a", source: "s")
    ada.givenName = "Ada"
    ada.groups = ["Team"]
    let screen = MemoryScreen(rows: 24, columns: 80, keys: [.control("t"), .function(1)])
    _ = PeoplePickerController(list: ContactList([ada])).run(on: screen)
    #expect(screen.text.contains("go to the first group whose name begins with the letters typed"))
  }
}

/// Groups of the books with no member in the list (an empty group card) are in the
/// groups view, as `cpick groups` lists them.
@MainActor
@Suite("Groups view: groups without members")
struct MemberlessGroupTests {
  @Test("Ctrl-T lists a memberless group with 0 members, after those with members")
  func listed() {
    var ada = Contact(identifier: "a", source: "s")
    ada.givenName = "Ada"
    ada.groups = ["Team"]
    let list = ContactList([ada])
    list.memberlessGroups = ["Choir"]
    let screen = MemoryScreen(rows: 12, columns: 60, keys: [.control("t")])
    _ = PeoplePickerController(list: list).run(on: screen)
    let lines = screen.text.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("Team") && $0.contains("1") })
    #expect(lines.contains { $0.contains("Choir") && $0.contains("0") })
  }
}
