import ContactKit
import CpickTestSupport
import Testing
import TerminalKit

@testable import ContactPicker

/// The unknown-person card's interaction as a value: inputs in, effects out, with
/// no screen and no delegate.
@MainActor
@Suite("Unknown-person interaction")
struct UnknownPersonInteractionTests {
  static let ada = TestContacts.book[0]

  static func interaction(known: [Contact] = [], adding: Bool = true) -> UnknownPersonInteraction {
    UnknownPersonInteraction(
      card: UnknownPersonState(contact: UnknownPersonViewControllerTests.sender, known: known, allowsAdding: adding))
  }

  @Test("Enter on the first action opens the known contact's card; closing it ends the card as it says")
  func openKnown() {
    var interaction = Self.interaction(known: [Self.ada])
    #expect(interaction.start() == [.draw])
    #expect(interaction.handle(.key(.enter)) == [.openCard(Self.ada)])
    #expect(interaction.handle(.cardClosed(.resolved(Self.ada))) == [.end(.resolved(Self.ada))])
  }

  @Test("n opens the form: saved ends with the contact, cancelled draws the card again, open existing opens its card")
  func createNew() {
    var interaction = Self.interaction()
    #expect(interaction.handle(.key(.character("n"))) == [.createNew])
    #expect(interaction.handle(.formEnded(.cancelled)) == [.draw])
    #expect(interaction.handle(.formEnded(.choseExisting(Self.ada))) == [.openCard(Self.ada)])
    #expect(interaction.handle(.formEnded(.completed(Self.ada))) == [.end(.resolved(Self.ada))])
  }

  @Test("a: leaving the picker draws the card again; a save ends it")
  func addToExisting() {
    var interaction = Self.interaction()
    #expect(interaction.handle(.key(.character("a"))) == [.addToExisting])
    #expect(interaction.handle(.addEnded(nil)) == [.draw])
    #expect(interaction.handle(.addEnded(.resolved(Self.ada))) == [.end(.resolved(Self.ada))])
  }

  @Test("a chosen value asks the delegate; a no keeps the card")
  func chooseValue() {
    var interaction = Self.interaction(adding: false)
    guard case .ask(let property) = interaction.handle(.key(.enter)).first else {
      Issue.record("Enter on a value did not ask")
      return
    }
    #expect(property.value == .text("countess@engines.example"))
    #expect(interaction.handle(.answered(property, ends: false)) == [.draw])
    #expect(interaction.handle(.answered(property, ends: true)) == [.end(.selectedProperty(property))])
  }

  @Test("keys the card does not bind draw it again; Esc and the end of input cancel")
  func cancel() {
    var interaction = Self.interaction(adding: false)
    #expect(interaction.handle(.key(.character("n"))) == [.draw])
    #expect(interaction.handle(.key(.escape)) == [.end(.cancelled)])
    #expect(interaction.handle(.inputEnded) == [.end(.cancelled)])
  }
}
