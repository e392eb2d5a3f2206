import ContactKit
import Testing
import TerminalKit

@testable import ContactPicker

/// The person card shows the nickname beside the name, as the address book's card does.
@MainActor
@Suite("The card's nickname")
struct CardNicknameTests {
  @Test("a nickname is shown in quotes after the name; none, or one equal to the name, adds nothing")
  func nickname() {
    var xiu = Contact(identifier: "x", source: "")
    xiu.givenName = "飞秀"
    xiu.familyName = "王"
    xiu.nickname = "阿秀"
    let screen = MemoryScreen(rows: 12, columns: 60, keys: [])
    PersonViewController(contact: xiu).run(on: screen)
    #expect(screen.frames[0].text(row: 0).contains("“阿秀”"))

    var plain = xiu
    plain.nickname = ""
    let other = MemoryScreen(rows: 12, columns: 60, keys: [])
    PersonViewController(contact: plain).run(on: other)
    #expect(!other.frames[0].text(row: 0).contains("“"))
  }
}
