import ContactKit
import CpickTestSupport
import Testing
import TerminalKit

@testable import ContactPicker

/// Issue 20, item 9: with `-p KEY` and a query that matches one particular value (`-p
/// email -q lanternworks`: the address at that domain), that value is offered first on
/// the card and, with `-1`, chosen without it.
@MainActor
@Suite("The value a query points at")
struct QueryChosenValueTests {
  /// Juno has a home address (preferred, first) and one at Lanternworks; two numbers.
  static var contacts: [Contact] {
    var juno = TestContacts.person(
      "Juno", "Park", emails: ["juno@home.example", "juno.park@lanternworks.example", "jp@studio.example"],
      phones: ["+49 170 5550123", "+49 30 1234567"])
    juno.emailAddresses[0].isPreferred = true
    let other = TestContacts.person("Kai", "Lund", email: "kai@harbour.example")
    return [juno, other]
  }

  func picker(_ key: ContactKey, query: String = "", multi: Bool = false) -> PeoplePickerController {
    let picker = PeoplePickerController(contacts: Self.contacts)
    picker.selectionMode = .property(key)
    picker.initialQuery = query
    picker.allowsMultipleSelection = multi
    return picker
  }

  func value(_ key: ContactKey, _ text: String) throws -> ContactProperty {
    let juno = try #require(Self.contacts.first)
    return try #require(juno.properties(for: key).first { $0.value.singleLine == text })
  }

  @Test("with -1, the address at the domain typed is chosen without the card")
  func selectOne() throws {
    let address = try value(.emailAddresses, "juno.park@lanternworks.example")
    #expect(picker(.emailAddresses, query: "lanternworks").initialMatch() == .chosen(.selectedProperty(address)))
    #expect(picker(.emailAddresses, query: "juno lantern").initialMatch() == .chosen(.selectedProperty(address)))
    #expect(
      picker(.emailAddresses, query: "lanternworks", multi: true).initialMatch() == .chosen(.selectedProperties([address])))
  }

  @Test("with -1, the number whose digits were typed is chosen")
  func phone() throws {
    let number = try value(.phoneNumbers, "+49 30 1234567")
    #expect(picker(.phoneNumbers, query: "030 1234").initialMatch() == .chosen(.selectedProperty(number)))
  }

  @Test("a query that only names the person leaves the choice to the card")
  func nameOnly() throws {
    let juno = try #require(Self.contacts.first)
    #expect(picker(.emailAddresses, query: "juno").initialMatch() == .card(juno))
    #expect(picker(.emailAddresses, query: "juno park").initialMatch() == .card(juno))
  }

  @Test("the card opens on the value the query points at; Enter chooses it")
  func cardOffersIt() throws {
    let screen = MemoryScreen(rows: 24, columns: 80, keys: MemoryScreen.keys(typing: "lanternworks") + [.enter, .enter])
    let result = picker(.emailAddresses).run(on: screen)
    #expect(result == .selectedProperty(try value(.emailAddresses, "juno.park@lanternworks.example")))
    // The card was drawn with the three addresses, the one at Lanternworks highlighted.
    let card = try #require(screen.frames.last { $0.text.contains("jp@studio.example") })
    let highlighted = (0..<card.rows).filter { row in
      (0..<card.columns).contains { card[row, $0].style.reverse && card[row, $0].text != " " }
    }.map { card.text(row: $0) }
    #expect(highlighted.count == 1)
    #expect(highlighted.first?.contains("juno.park@lanternworks.example") == true, "\(highlighted)")
  }

  @Test("without such a word the card opens on the preferred value, as before")
  func cardOffersPreferred() throws {
    let screen = MemoryScreen(rows: 24, columns: 80, keys: MemoryScreen.keys(typing: "juno") + [.enter, .enter])
    let result = picker(.emailAddresses).run(on: screen)
    #expect(result == .selectedProperty(try value(.emailAddresses, "juno@home.example")))
  }

  @Test("with -m, Tab marks the value the query points at")
  func tabMarksIt() throws {
    let screen = MemoryScreen(rows: 24, columns: 80, keys: MemoryScreen.keys(typing: "studio") + [.tab, .enter])
    let result = picker(.emailAddresses, multi: true).run(on: screen)
    #expect(result == .selectedProperties([try value(.emailAddresses, "jp@studio.example")]))
  }
}
