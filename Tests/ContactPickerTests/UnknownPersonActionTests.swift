import ContactKit
import CpickTestSupport
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker

/// The unknown-person card's actions on a value (issue 21 item 4): `o` and `m` do what
/// they do on the person card (`ContactActions`, the same code), the delegate may veto;
/// `o` off a value still opens the known contact's card.
@MainActor
@Suite("Actions on the unknown-person card's values")
struct UnknownPersonActionTests {
  static let config = "action-phone = dial {}\naction-sms = texter --to {}\naction-email = mutt\n"

  /// Grace as a sender not yet filed: the book knows her by her phone and email.
  static let grace = TestContacts.person("Grace", "Hopper", email: "grace@navy.example", phone: "+1 (555) 010-0142")

  func run(_ keys: [KeyEvent], launched: CardActionTests.Launched, actions: Bool = true, allowsDefault: Bool = true)
    -> UnknownRun
  {
    UnknownPersonViewControllerTests.run(keys, person: Self.grace, adding: false, allowsDefault: allowsDefault) {
      $0.actions = actions ? CardActionTests.actions(launched, config: Self.config) : nil
    }
  }

  @Test("o and m on a value start its commands, the value one argument; the help line says what started")
  func actOnValues() throws {
    let launched = CardActionTests.Launched()
    // Home: the first value (the phone number); the card starts on "Open Grace Hopper's card".
    let run = run([.home, .character("o"), .character("m"), .down, .character("o")], launched: launched)
    #expect(launched.all == [["dial", "+1 (555) 010-0142"], ["texter", "--to", "+1 (555) 010-0142"], ["mutt", "grace@navy.example"]])
    #expect(try #require(run.screen.frames.last?.text).contains("started: mutt grace@navy.example"))
    #expect(try #require(run.screen.frames.first?.text).contains("o open · m message"))
    #expect(run.result == .cancelled)
  }

  @Test("o on the known contact's row opens that card, which has the actions too")
  func openKnown() throws {
    let launched = CardActionTests.Launched()
    let run = run([.character("o"), .character("o")], launched: launched)
    #expect(launched.all == [["dial", "+1 (555) 010-0142"]])  // on the known card's first value
    #expect(try #require(run.screen.frames.last?.text).contains("started: dial +1 (555) 010-0142"))
  }

  @Test("the delegate's shouldPerformDefaultActionFor vetoes: nothing starts; without actions m does nothing")
  func vetoAndNone() throws {
    let launched = CardActionTests.Launched()
    let vetoed = run([.home, .character("o")], launched: launched, allowsDefault: false)
    #expect(launched.all.isEmpty)
    #expect(vetoed.delegate.asked.map(\.key) == [.phoneNumbers])
    #expect(try #require(vetoed.screen.frames.last?.text).contains("phone action declined"))

    let none = run([.home, .character("m")], launched: launched, actions: false)
    #expect(launched.all.isEmpty)
    #expect(!(try #require(none.screen.frames.first?.text)).contains("m message"))
  }
}
