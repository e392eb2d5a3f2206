import Localization
import TerminalKit

/// What a key does on the new-person form's fields (`NewPersonKeymap.form`).
enum NewPersonCommand: Sendable, Equatable {
  /// Move the focus this many fields (negative: back).
  case move(Int)
  /// Save (after validation and the duplicate check).
  case save
  /// Cancel, asking first when something was changed.
  case cancel
  /// Show or hide the phonetic name fields.
  case togglePhonetic
  /// Save to the next of the address books offered (a vdir's collections).
  case nextDestination
  /// Switch between person and organization ("kind").
  case switchKind
  /// Show the phonetic name fields ("+ phonetic name").
  case showPhonetic
  /// Add a value ("+ add phone").
  case addValue
  /// Type a line break (the note, a street; elsewhere nothing).
  case lineBreak
  /// The value's next label.
  case nextLabel
  /// Remove the value.
  case removeValue
  /// Ask whether to delete the contact ("Delete Contact").
  case askDelete
  /// Choose a group to add the person to ("+ add to group").
  case chooseGroup
  /// Take the person out of the focused group.
  case removeGroup
}

extension NewPersonCommand: KeyCommand {
  var summary: String {
    switch self {
    case .move(let fields) where fields == 1: L10n.text("next field")
    case .move(let fields) where fields == -1: L10n.text("previous field")
    case .move(let fields): fields > 0 ? L10n.text("a page down") : L10n.text("a page up")
    case .save: L10n.text("save")
    case .cancel: L10n.text("cancel (asks first when changed)")
    case .togglePhonetic: L10n.text("show or hide the phonetic name")
    case .nextDestination: L10n.text("save to the next address book")
    case .switchKind: L10n.text("person or organization")
    case .showPhonetic: L10n.text("show the phonetic name")
    case .addValue: L10n.text("add a value")
    case .lineBreak: L10n.text("new line")
    case .nextLabel: L10n.text("next label")
    case .removeValue: L10n.text("remove the value")
    case .askDelete: L10n.text("delete the contact (asks first)")
    case .chooseGroup: L10n.text("add to a group")
    case .removeGroup: L10n.text("remove from the group")
    }
  }
}

/// What a key does while a custom label is typed (`NewPersonKeymap.label`).
enum NewPersonLabelCommand: Sendable, Equatable {
  /// Keep the label typed (none typed: the label before).
  case done
  /// Put back the label before.
  case undo
  /// The first standard label.
  case standard
  /// Keep the label typed, as `done`, and save the contact: Ctrl-S saves wherever
  /// the focus is.
  case save
  /// Nothing (the key is not typed either).
  case ignore
}

/// What a key does on "Discard this contact? y/n" (`NewPersonKeymap.discard`) and on
/// "Delete <name>? y/n" (`NewPersonKeymap.deletion`: discard is delete).
enum NewPersonDiscardCommand: Sendable, Equatable {
  /// End without a contact.
  case discard
  /// Back to the form.
  case keepEditing
}

/// What a key does on the possible duplicates (`NewPersonKeymap.duplicates`).
enum NewPersonDuplicatesCommand: Sendable, Equatable {
  /// Save anyway.
  case save
  /// End by opening the highlighted existing contact.
  case openExisting
  /// Back to the form.
  case back
  /// Highlight the previous or next one.
  case up, down
}

/// The new-person form's key tables, one for each thing it can be doing
/// (`NewPersonState.Mode`). Keys that a table does not bind edit the focused text
/// (`LineEditor`); on an "add" row, typing adds a value.
enum NewPersonKeymap {
  /// The form's keys with `field` focused: the field's own, moving, saving,
  /// cancelling.
  ///
  /// - Parameters:
  ///   - field: the focused field.
  ///   - emptyValue: the focused value is empty, so Ctrl-D removes it (else it
  ///     deletes a character).
  ///   - takesLineBreak: the focused text takes a line break (the note, a street):
  ///     Ctrl-O types one, and the help says so.
  ///   - choosesBook: several address books are offered: Ctrl-T takes the next.
  ///   - togglesPhonetic: Ctrl-R shows and hides the phonetic name, and the help says
  ///     so (`false`: the name needs its phonetic rows, shown whatever Ctrl-R says).
  static func form(
    _ field: NewPersonState.Field, emptyValue: Bool = false, takesLineBreak: Bool = false, choosesBook: Bool = false,
    togglesPhonetic: Bool = true
  ) -> Keymap<NewPersonCommand> {
    let lineBreak = KeyBinding(
      [.control("o")], NewPersonCommand.lineBreak, help: takesLineBreak ? L10n.text("^O new line") : nil,
      listed: takesLineBreak)
    var named: [KeyBinding<NewPersonCommand>] = []
    var after: [KeyBinding<NewPersonCommand>] = []
    switch field {
    case .contactType:
      named = [KeyBinding([.enter, .character(" "), .left, .right], .switchKind, help: L10n.text("space switch"))]
    case .showPhonetic:
      named = [KeyBinding([.enter, .character(" ")], .showPhonetic, help: L10n.text("enter show phonetic name"))]
    case .add(let section):
      named = [KeyBinding([.enter, .character(" ")], .addValue, help: L10n.format("enter add %s", section.title))]
    case .deleteContact:
      named = [KeyBinding([.enter, .character(" ")], .askDelete, help: L10n.text("enter delete contact"))]
    case .addGroup:
      named = [KeyBinding([.enter, .character(" ")], .chooseGroup, help: L10n.text("enter add to a group"))]
    case .group:
      after = [KeyBinding([.control("x"), .delete], .removeGroup, help: L10n.text("^X remove from group"))]
    case .text:
      named = [KeyBinding([.enter], .move(1)), lineBreak]
    case .value:
      named = [KeyBinding([.enter], .move(1)), lineBreak]
      after = [
        KeyBinding([.control("l")], .nextLabel, help: L10n.text("^L label")),
        KeyBinding([.control("x")] + (emptyValue ? [.control("d")] : []), .removeValue, help: L10n.text("^X remove")),
      ]
    }
    var singleLine = false
    if case .text(let text) = field { singleLine = !text.isMultiLine }
    return Keymap(
      named + [
        KeyBinding([.tab, .down, .control("n")], .move(1), help: L10n.text("↑↓ tab move")),
        KeyBinding([.backTab, .up, .control("p")], .move(-1)),
        KeyBinding([.pageDown], .move(5)),
        KeyBinding([.pageUp], .move(-5)),
      ] + after + [
        KeyBinding(
          [.control("r")], .togglePhonetic, help: singleLine && togglesPhonetic ? L10n.text("^R phonetic") : nil,
          listed: togglesPhonetic),
        KeyBinding([.control("s")], .save, help: L10n.text("^S save")),
        KeyBinding([.escape, .control("c"), .control("g")], .cancel, help: L10n.text("esc cancel")),
      ] + (choosesBook ? [KeyBinding([.control("t")], .nextDestination, help: L10n.text("^T book"))] : []),
      help: .f1)
  }

  /// The keys while a custom label is typed (the others type it).
  static var label: Keymap<NewPersonLabelCommand> {
    Keymap([
    KeyBinding([.enter, .tab, .backTab, .up, .down], .done, help: L10n.text("enter done")),
    KeyBinding([.escape, .control("c"), .control("g")], .undo, help: L10n.text("esc undo")),
    KeyBinding([.control("l")], .standard, help: L10n.text("^L standard labels")),
    // Not in the help (it saves on the form too, and the line is full in German).
    KeyBinding([.control("s")], .save),
    KeyBinding([.resize], .ignore),
    ])
  }

  /// What the help says first while a label is typed: the keys that type it.
  static var labelTyping: String { L10n.text("type a label") }

  /// The keys of "Discard this contact? y/n" (the others do nothing).
  static var discard: Keymap<NewPersonDiscardCommand> {
    Keymap([
    KeyBinding([.character("y"), .character("Y"), .control("c"), .control("g")], .discard, help: L10n.text("y discard")),
    KeyBinding([.character("n"), .character("N"), .escape], .keepEditing, help: L10n.text("n keep editing")),
    ])
  }

  /// The keys of "Delete <name>? y/n" (the others do nothing): only `y` deletes.
  static var deletion: Keymap<NewPersonDiscardCommand> {
    Keymap([
    KeyBinding([.character("y"), .character("Y")], .discard, help: L10n.text("y delete")),
    KeyBinding(
      [.character("n"), .character("N"), .escape, .control("c"), .control("g")], .keepEditing, help: L10n.text("n keep")),
    ])
  }

  /// The keys of the duplicate prompt (the others do nothing; Enter neither, so that
  /// a reflex cannot throw the typed form away).
  static var duplicates: Keymap<NewPersonDuplicatesCommand> {
    Keymap([
    KeyBinding([.character("s"), .character("S")], .save, help: L10n.text("s save anyway")),
    KeyBinding([.character("o"), .character("O")], .openExisting, help: L10n.text("o open existing")),
    KeyBinding(
      [.character("b"), .character("B"), .escape, .left, .control("c"), .control("g")], .back,
      help: L10n.text("b go back")),
    KeyBinding([.up, .control("p")], .up, help: L10n.text("↑↓ choose")),
    KeyBinding([.down, .control("n"), .tab], .down),
    ])
  }
}
