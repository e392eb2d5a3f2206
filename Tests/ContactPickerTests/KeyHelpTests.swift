import ContactKit
import CpickTestSupport
import Testing
import TerminalKit

@testable import ContactPicker
@testable import AddressBook

/// The key help lines of the new-person form, the unknown-person card and its
/// confirmation, word for word in every variant (the snapshot tests see only some).
@MainActor
@Suite("Key help lines")
struct KeyHelpTests {
  static let move = "↑↓ tab move"
  static let end = "^S save · esc cancel · F1 help"

  /// The form with `keys` applied, the focus on `field` first when given.
  static func form(
    focus field: NewPersonState.Field? = nil, _ keys: [KeyEvent] = [], existing: [Contact] = []
  ) -> NewPersonState {
    var state = NewPersonState(contact: nil, existingContacts: existing, region: "GB")
    if let field { state.focus(on: field) }
    for key in keys { _ = state.handle(key) }
    return state
  }

  @Test("the form's help names the focused field's keys, then moving, saving and cancelling")
  func formHelp() {
    #expect(NewPersonView.hint(Self.form()) == "\(Self.move) · ^R phonetic · \(Self.end)")
    #expect(NewPersonView.hint(Self.form(focus: .text(.note))) == "^O new line · \(Self.move) · \(Self.end)")
    #expect(NewPersonView.hint(Self.form(focus: .contactType)) == "space switch · \(Self.move) · \(Self.end)")
    #expect(
      NewPersonView.hint(Self.form(focus: .showPhonetic)) == "enter show phonetic name · \(Self.move) · \(Self.end)")
    #expect(NewPersonView.hint(Self.form(focus: .add(.phone))) == "enter add phone · \(Self.move) · \(Self.end)")
    #expect(
      NewPersonView.hint(Self.form(focus: .add(.instantMessage)))
        == "enter add instant message · \(Self.move) · \(Self.end)")
    for section in NewPersonForm.Section.allCases {
      let value = Self.form(focus: .add(section), [.enter])
      // An address's first part, its street, takes a line break.
      let lineBreak = section == .address ? "^O new line · " : ""
      #expect(NewPersonView.hint(value) == "\(lineBreak)\(Self.move) · ^L label · ^X remove · \(Self.end)")
    }
  }

  @Test("^R is offered while it shows and hides the phonetic name, not for a name whose phonetic rows always show")
  func phoneticToggle() {
    let latin = Self.form(MemoryScreen.keys(typing: "Ada"))
    #expect(NewPersonView.hint(latin) == "\(Self.move) · ^R phonetic · \(Self.end)")
    #expect(latin.keymap.help(title: "").rows.contains { $0.keys == [.control("r")] })
    var japanese = Self.form(MemoryScreen.keys(typing: "山田"))
    #expect(japanese.showsPhonetic)
    #expect(NewPersonView.hint(japanese) == "\(Self.move) · \(Self.end)")
    #expect(!japanese.keymap.help(title: "").rows.contains { $0.keys == [.control("r")] })
    _ = japanese.handle(.control("r"))
    #expect(japanese.showsPhonetic)
  }

  @Test("the help of the label, discard and duplicate prompts")
  func promptHelp() {
    // ^L past the last standard label asks for a label of one's own.
    var label = Self.form(focus: .add(.email), [.enter])
    for _ in NewPersonForm.Section.email.standardLabels where label.mode == .form { _ = label.handle(.control("l")) }
    guard case .editingLabel = label.mode else {
      Issue.record("no label prompt: \(label.mode)")
      return
    }
    #expect(NewPersonView.hint(label) == "type a label · enter done · esc undo · ^L standard labels")
    let discard = Self.form(typing("Ada") + [.escape])
    #expect(NewPersonView.hint(discard) == "y discard · n keep editing")
    let duplicates = Self.form(typing("Ada") + [.tab, .tab] + typing("Lovelace") + [.control("s")], existing: TestContacts.book)
    guard case .duplicates = duplicates.mode else {
      Issue.record("no duplicate prompt: \(duplicates.mode)")
      return
    }
    #expect(NewPersonView.hint(duplicates) == "s save anyway · o open existing · b go back · ↑↓ choose")
  }

  /// The last line of the unknown-person card's first frame.
  static func cardHelp(
    _ person: Contact = UnknownPersonViewControllerTests.sender, adding: Bool = true, actions: Bool = true
  ) -> String {
    let run = UnknownPersonViewControllerTests.run([.escape], person: person, adding: adding) {
      $0.allowsActions = actions
    }
    let last = run.screens[0].split(separator: "\n").last.map(String.init) ?? ""
    return String(last.reversed().drop { $0 == " " }.reversed())
  }

  @Test("the unknown-person card's help names the actions it offers")
  func unknownPersonHelp() {
    #expect(Self.cardHelp() == "↑↓ move · enter choose · n new · a add to existing · esc cancel · F1 help")
    #expect(Self.cardHelp(adding: false) == "↑↓ move · enter choose · esc cancel · F1 help")
    #expect(Self.cardHelp(adding: false, actions: false) == "↑↓ move · enter open · esc cancel · F1 help")
    var known = Contact(identifier: "", source: "")
    known.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "ada@example.org")]
    // Too long for 80 columns with every entry: the last before F1 help goes, F1 help stays.
    #expect(Self.cardHelp(known) == "↑↓ move · enter choose · n new · a add to existing · o open · F1 help")
  }

  @Test("a help line too wide loses whole entries before F1 help, F1 help only when the first entry with it is too wide")
  func fittedKeepsHelp() {
    let hint = "↑↓ move · enter choose · esc cancel · F1 help"
    #expect(KeyHintLine.fitted(hint, width: 45) == hint)
    #expect(KeyHintLine.fitted(hint, width: 44) == "↑↓ move · enter choose · F1 help")
    #expect(KeyHintLine.fitted(hint, width: 31) == "↑↓ move · F1 help")
    #expect(KeyHintLine.fitted(hint, width: 17) == "↑↓ move · F1 help")
    #expect(KeyHintLine.fitted(hint, width: 16) == "↑↓ move")
    #expect(KeyHintLine.fitted(hint, width: 3) == "↑↓ move")
    // Without a help screen, the last entries go first, as they always did.
    #expect(KeyHintLine.fitted("↑↓ move · enter choose · esc cancel", width: 30) == "↑↓ move · enter choose")
  }

  @Test("the confirmation's help says what Enter does: save the added values, or end when there are none")
  func confirmationHelp() {
    let ada = TestContacts.book[0]
    let adding = UnknownPersonMerge.merge(UnknownPersonViewControllerTests.sender, into: ada, region: "GB")
    #expect(
      UnknownPersonConfirmationView.hint(UnknownPersonConfirmation(merge: adding, original: ada))
        == "enter/y save · esc/n back · ↑↓ added values")
    let nothing = UnknownPersonMerge.merge(ada, into: ada, region: "GB")
    #expect(nothing.isEmpty)
    #expect(
      UnknownPersonConfirmationView.hint(UnknownPersonConfirmation(merge: nothing, original: ada))
        == "enter done · esc back")
  }
}

/// Every key a help line names does something on that screen: the help is made from
/// the screen's table, and each entry's first word names keys of that table.
@Suite("Key help names bound keys")
struct KeyHelpBindingTests {
  /// The keys the first word of a help entry names: `enter`, `esc`, `tab`, `space`,
  /// `^X`, `↑↓`, a letter; `a/b` names both.
  static func keys(named word: Substring) -> [KeyEvent] {
    word.split(separator: "/").flatMap { name -> [KeyEvent] in
      switch name {
      case "enter": [.enter]
      case "esc": [.escape]
      case "tab": [.tab]
      case "space": [.character(" ")]
      case "↑↓": [.up, .down]
      case "→": [.right]
      default:
        if name.hasPrefix("^"), name.count == 2 { [.control(Character(name.dropFirst().lowercased()))] }
        else if name.count == 1 { [.character(name.first!)] }
        else { [] }
      }
    }
  }

  /// The keys a help line names that `table` does not bind; an entry that names no
  /// key counts as a key not bound.
  static func unbound<Command>(_ table: Keymap<Command>) -> [String] {
    table.bindings.compactMap(\.help).filter { entry in
      let named = keys(named: entry.split(separator: " ")[0])
      return named.isEmpty || named.contains { table.command(for: $0) == nil }
    }
  }

  @Test("the new-person form's tables, for every kind of field")
  func newPerson() {
    var fields: [NewPersonState.Field] = [.contactType, .showPhonetic, .text(.givenName), .text(.note)]
    for section in NewPersonForm.Section.allCases { fields += [.add(section), .value(section, id: 0, part: 0)] }
    for field in fields {
      #expect(Self.unbound(NewPersonKeymap.form(field)).isEmpty, "\(field)")
      #expect(Self.unbound(NewPersonKeymap.form(field, emptyValue: true)).isEmpty, "\(field)")
    }
    #expect(Self.unbound(NewPersonKeymap.label).isEmpty)
    #expect(Self.unbound(NewPersonKeymap.discard).isEmpty)
    #expect(Self.unbound(NewPersonKeymap.duplicates).isEmpty)
  }

  @Test("Ctrl-O is said (and listed on the help screen) only where it types a line break: the note and a street, not a phone")
  @MainActor func lineBreakHelp() {
    func says(_ state: NewPersonState) -> Bool {
      state.keymap.bindings.contains { $0.command == .lineBreak && $0.listed && $0.help != nil }
    }
    #expect(says(KeyHelpTests.form(focus: .text(.note))))
    #expect(says(KeyHelpTests.form(focus: .add(.address), [.enter])))
    #expect(!says(KeyHelpTests.form(focus: .add(.address), [.enter, .tab])))
    #expect(!says(KeyHelpTests.form(focus: .add(.phone), [.enter])))
    #expect(!says(KeyHelpTests.form(focus: .text(.givenName))))
  }

  @Test("the unknown-person card's and the confirmation's tables")
  func unknownPerson() {
    for choosing in [false, true] {
      for adding in [false, true] {
        for known in [false, true] {
          #expect(Self.unbound(UnknownPersonKeymap.card(choosing: choosing, adding: adding, known: known)).isEmpty)
        }
      }
      #expect(Self.unbound(UnknownPersonKeymap.confirmation(adding: choosing)).isEmpty)
    }
  }
}
