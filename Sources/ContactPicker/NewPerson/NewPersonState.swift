import AddressBook
import ContactFormats
import ContactKit
import CpickSupport
import Foundation
import Localization
import TerminalKit

/// The new-person form and where the user is on it: the values (`form`), the focused
/// field, what the form is asking (a custom label, "discard?", possible duplicates),
/// which validation errors are shown, and the scroll position.
///
/// `handle(_:)` applies one key and says what the controller should do; the state
/// never saves anything itself. Keys — what each does is in one table per mode,
/// `NewPersonKeymap` (also in `NewPersonViewController`'s documentation):
///
/// | key | in the form |
/// |---|---|
/// | Tab, ↓, Ctrl-N / Shift-Tab, ↑, Ctrl-P | next / previous field |
/// | PgDn / PgUp | five fields on / back |
/// | Enter | next field; on an "add" row: add a value; on "kind": switch person/organization |
/// | Space, ←, → on "kind" | switch person/organization |
/// | typing or pasting on an "add" row | adds a value and types into it |
/// | Ctrl-L on a value | next label (standard labels, then a custom label typed in) |
/// | Ctrl-X on a value | remove the value |
/// | Ctrl-D on an empty value | remove it (elsewhere Ctrl-D deletes a character) |
/// | Ctrl-R | show or hide the phonetic name fields |
/// | Ctrl-O in the note or a street | a line break |
/// | Ctrl-S | save (after validation and the duplicate check) |
/// | Esc, Ctrl-C, Ctrl-G | cancel, asking first when something was changed |
/// | Enter on "Delete Contact" (editing, `allowsDeleting`) | asks "Delete <name>? y/n"; `y` deletes |
/// | Enter or typing on "+ add to group" (editing, `groupNames`) | chooses a group, or names a new one (`GroupChooser`) |
/// | Ctrl-X or Delete on a group | takes the person out of it |
///
/// Text fields edit with `LineEditor`'s readline keys.
public struct NewPersonState: Sendable {
  /// A focusable row of the form.
  public enum Field: Sendable, Hashable {
    /// Person or organization.
    case contactType
    /// A single-value text field.
    case text(NewPersonForm.TextField)
    /// "+ phonetic name": shows the phonetic fields.
    case showPhonetic
    /// Part `part` (0, or an `AddressPart` raw value) of the entry `id` of `section`.
    case value(NewPersonForm.Section, id: Int, part: Int)
    /// "+ add phone" and the like.
    case add(NewPersonForm.Section)
    /// A group the person is in (Ctrl-X takes them out).
    case group(String)
    /// "+ add to group": choose a group or name a new one.
    case addGroup
    /// "Delete Contact", the last row when editing a contact that may be deleted
    /// (CNContactViewController's edit mode).
    case deleteContact
  }

  /// What the form is doing.
  public enum Mode: Sendable, Equatable {
    /// Editing fields.
    case form
    /// Typing a custom label for the focused value; `previous` is restored by Esc.
    case editingLabel(LineEditor, previous: String?)
    /// "Discard this contact? y/n".
    case confirmDiscard
    /// "Delete <name>? y/n".
    case confirmDelete
    /// Choosing a group to add the person to, or typing a new one's name.
    case choosingGroup(GroupChooser)
    /// Possible duplicates of `contact` found before saving; `selected` is highlighted.
    case duplicates([DuplicateMatch], selected: Int, contact: Contact)
  }

  /// What a key asks the controller to do.
  public enum Action: Sendable, Equatable {
    /// Nothing for the controller: the key edited, moved or was ignored.
    case none
    /// Save this contact (call the save seam); the form stays until it succeeds.
    case save(Contact)
    /// End with this contact without saving (an edit that changed nothing).
    case complete(Contact)
    /// End by opening this existing contact instead.
    case chooseExisting(Contact)
    /// Delete this contact (the one edited, as it was read) and end; the form stays
    /// when the delete is refused.
    case delete(Contact)
    /// End without a contact.
    case cancel
  }

  /// The values typed so far.
  public var form: NewPersonForm
  /// The focused row; the first name at first.
  public private(set) var focus: Field = .text(.givenName)
  /// What the form is doing: editing, a label, the discard question or duplicates.
  public private(set) var mode: Mode = .form
  /// Whether the form's help screen (F1) is shown.
  var help = KeyHelpToggle()
  /// The first line of the form shown.
  public var scrollTop = 0
  /// A line shown above the key help (a save error, "fix 2 problems"), or `nil`.
  public var message: String?
  /// Whether `message` is an error (drawn in red).
  public var messageIsError = false
  /// Whether the user asked for the phonetic fields (Ctrl-R, or the "+ phonetic name" row).
  public private(set) var phoneticRequested = false
  /// Fields whose validation errors are shown (those the user has left once).
  public private(set) var revealed: Set<Field> = []
  /// Whether every error is shown (after a save was refused).
  public private(set) var showsAllErrors = false
  /// Whether an edited contact may be deleted: the form then ends with a "Delete
  /// Contact" row (set by the controller when it has a `delete` seam).
  public var allowsDeleting = false
  /// The book's groups, offered by the "+ add to group" row: `nil` shows no groups
  /// rows (a new contact, or a caller without groups); set by the controller.
  public var groupNames: [String]?
  /// Where the edited contact is kept, as the delete question names it (its `source`,
  /// the home folder written `~` by the controller); `nil`: its `source` as it is.
  public var deletedFrom: String?
  /// The home folder (`$HOME`), written `~` where the form shows a possible
  /// duplicate's file, as the title shows the destination; set by the controller.
  public var home: String?
  /// The address book a new contact is saved to, as shown at the right of the title
  /// (a path, the home folder written `~` by the controller); `nil`: not shown.
  public var destination: String?
  /// The address books a new contact can go to (a vdir's collections, written as
  /// `destination` is), `destination` among them; Ctrl-T makes the next one the
  /// destination. Empty: no choice.
  public var destinations: [String] = []

  let detector: DuplicateDetector
  /// Where the duplicate check looks instead of `detector`'s contacts, when set.
  let duplicateCandidates: (@Sendable (_ contact: Contact, _ region: String) -> [Contact])?
  let newIdentifier: String
  let parentGroup: String?
  let nameOrder: ContactFormatter.NameOrder
  /// Whether the form asks for the family name before the given name (and the
  /// phonetic family name before the phonetic given name): with `--name-order
  /// family-first`; by default in Chinese, Japanese and Korean, and for a contact whose
  /// name is written in Han, Kana or Hangul — the order its name is composed in.
  /// Decided when the form opens, so that rows do not move while the name is typed.
  public let familyNameFirst: Bool

  /// A form for `contact` (`nil`: empty). `existingContacts` and `region` feed the
  /// duplicate check (`duplicateCandidates`, when given, replaces `existingContacts`
  /// with the contacts it returns for the contact about to be saved); `newIdentifier`
  /// is a new contact's identifier when `contact` has none, or when its identifier is
  /// an existing contact's and the user saves it anyway (a fresh UUID URN when empty).
  public init(
    contact: Contact?, isEditing: Bool = false, existingContacts: [Contact] = [], region: String = "",
    duplicateCandidates: (@Sendable (_ contact: Contact, _ region: String) -> [Contact])? = nil,
    parentGroup: String? = nil, nameOrder: ContactFormatter.NameOrder = .auto, newIdentifier: String = ""
  ) {
    form = NewPersonForm(contact: contact, isEditing: isEditing)
    detector = DuplicateDetector(existingContacts: existingContacts, region: region)
    self.duplicateCandidates = duplicateCandidates
    self.newIdentifier = newIdentifier
    self.parentGroup = parentGroup
    self.nameOrder = nameOrder
    switch nameOrder {
    case .familyFirst: familyNameFirst = true
    case .givenFirst: familyNameFirst = false
    case .auto: familyNameFirst = L10n.language.writesFamilyNameFirst || form.nameNeedsPhonetic
    }
    if familyNameFirst { focus = .text(.familyName) }
    if contact?.contactType == .organization && form.text(.givenName).isEmpty && form.text(.familyName).isEmpty {
      focus = .text(.organizationName)
    }
  }

  // MARK: Fields

  /// Whether the phonetic name fields are shown: asked for, or `showsPhoneticAlways`.
  public var showsPhonetic: Bool { phoneticRequested || showsPhoneticAlways }

  /// Whether the phonetic name fields are shown whether asked for or not (Ctrl-R
  /// cannot hide them, and the help does not offer it): a name in Han, Kana or
  /// Hangul, or a phonetic name already there.
  var showsPhoneticAlways: Bool {
    form.nameNeedsPhonetic || !form.text(.phoneticGivenName).isEmpty || !form.text(.phoneticFamilyName).isEmpty
  }

  /// The focusable rows, top to bottom.
  public var fields: [Field] {
    var fields: [Field] = [.contactType]
    let names: [NewPersonForm.TextField] =
      familyNameFirst ? [.familyName, .givenName, .middleName] : [.givenName, .middleName, .familyName]
    fields += ([.namePrefix] + names + [.nameSuffix, .nickname]).map { Field.text($0) }
    let phonetic: [NewPersonForm.TextField] =
      familyNameFirst ? [.phoneticFamilyName, .phoneticGivenName] : [.phoneticGivenName, .phoneticFamilyName]
    fields += showsPhonetic ? phonetic.map { Field.text($0) } : [.showPhonetic]
    fields += [.organizationName, .departmentName, .jobTitle].map { Field.text($0) }
    for section in NewPersonForm.Section.allCases {
      for entry in form.entries(section) {
        for part in 0..<section.partCount { fields.append(.value(section, id: entry.id, part: part)) }
      }
      fields.append(.add(section))
    }
    fields += [.text(.birthday), .text(.note), .text(.photo)]
    if form.isEditing && groupNames != nil { fields += form.groups.map(Field.group) + [.addGroup] }
    if form.isEditing && allowsDeleting { fields.append(.deleteContact) }
    return fields
  }

  /// The editor of `field`, if it is a text field.
  public func editor(for field: Field) -> LineEditor? {
    switch field {
    case .text(let text): return form.fields[text]
    case .value(let section, let id, let part): return form.entry(section, id: id)?.editors[part]
    default: return nil
    }
  }

  private mutating func setEditor(_ editor: LineEditor, for field: Field) {
    switch field {
    case .text(let text): form.fields[text] = editor
    case .value(let section, let id, let part): form.update(section, id: id) { $0.editors[part] = editor }
    default: break
    }
  }

  /// The validation error of `field` (shown or not), or `nil`.
  public func issue(for field: Field) -> ValidationError? {
    switch field {
    case .text(.birthday):
      let text = form.text(.birthday)
      if text.trimmedOfWhitespace.isEmpty || (form.isEditing && form.isUnchanged(.birthday)) { return nil }
      return ContactValidator.checkDate(text)
    case .text(.givenName):
      return hasIdentity ? nil : ValidationError(ContactValidator.emptyContactMessage)
    case .text(.photo):
      if form.isUnchanged(.photo) { return nil }
      return PhotoRow.issue(form.text(.photo)).map(ValidationError.init)
    case .value(let section, let id, _):
      guard section == .phone || section == .email, let entry = form.entry(section, id: id), !entry.isEmpty else {
        return nil
      }
      // A value already on the card being edited is not held against the edit, nor
      // against a new label for it (a number as the book holds it, relabelled).
      if form.isEditing && entry.isTextUnchanged { return nil }
      let text = NewPersonForm.stored(entry.texts[0]).trimmedOfWhitespace
      return section == .phone ? ContactValidator.checkPhone(text) : ContactValidator.checkEmail(text)
    default:
      return nil
    }
  }

  /// The error shown next to `field`: its issue once the field has been left (or a
  /// save tried); the "no name" error only after a save was tried.
  public func shownIssue(for field: Field) -> ValidationError? {
    if field == .text(.givenName) { return showsAllErrors ? issue(for: field) : nil }
    guard showsAllErrors || revealed.contains(field) else { return nil }
    return issue(for: field)
  }

  /// Whether the contact the form describes has something to call it by
  /// (`ContactValidator.hasIdentity`). A card edited keeps its `FN` unless its name
  /// changes (`NewPersonForm.contact`): a card of only `FN` is edited without a name
  /// typed.
  private var hasIdentity: Bool {
    let names: [NewPersonForm.TextField] = [.givenName, .middleName, .familyName, .nickname, .organizationName]
    if names.contains(where: { !form.text($0).trimmedOfWhitespace.isEmpty }) { return true }
    if (form.entries(.phone) + form.entries(.email)).contains(where: { !$0.isEmpty }) { return true }
    return form.isEditing && ContactValidator.hasIdentity(form.contact(identifier: form.original.identifier))
  }

  /// The fields with a validation error, top to bottom.
  public var fieldsWithIssues: [Field] {
    fields.filter { issue(for: $0) != nil }
  }

  // MARK: Keys

  /// Applies one key.
  public mutating func handle(_ key: KeyEvent) -> Action {
    switch mode {
    case .form: return handleForm(key)
    case .editingLabel(var editor, let previous): return handleLabel(key, editor: &editor, previous: previous)
    case .confirmDiscard: return handleConfirm(key)
    case .confirmDelete: return handleConfirmDelete(key)
    case .choosingGroup(var chooser): return handleGroupChooser(key, chooser: &chooser)
    case .duplicates(let matches, let selected, let contact):
      return handleDuplicates(key, matches: matches, selected: selected, contact: contact)
    }
  }

  /// What each key does on the form with the focus where it is
  /// (`NewPersonKeymap.form`); keys it does not bind edit the focused field.
  var keymap: Keymap<NewPersonCommand> {
    var emptyValue = false
    if case .value(let section, let id, _) = focus { emptyValue = form.entry(section, id: id)?.isEmpty ?? false }
    return NewPersonKeymap.form(
      focus, emptyValue: emptyValue, takesLineBreak: takesLineBreak, choosesBook: destinations.count > 1,
      togglesPhonetic: !showsPhoneticAlways)
  }

  private mutating func handleForm(_ key: KeyEvent) -> Action {
    if key == .resize || help.take(key, in: keymap) { return .none }
    message = nil
    messageIsError = false
    guard let command = keymap.command(for: key) else {
      typeIntoField(key)
      return .none
    }
    return perform(command)
  }

  /// Does what `command` says on the form.
  private mutating func perform(_ command: NewPersonCommand) -> Action {
    switch command {
    case .move(let step):
      move(by: step)
    case .save:
      return attemptSave()
    case .cancel:
      if form.hasChanges {
        mode = .confirmDiscard
        return .none
      }
      return .cancel
    case .togglePhonetic:
      togglePhonetic()
    case .nextDestination:
      if let current = destinations.firstIndex(where: { $0 == destination }) ?? (destinations.isEmpty ? nil : -1) {
        destination = destinations[(current + 1) % destinations.count]
        message = L10n.format("saves to %s", destination ?? "")
      }
    case .switchKind:
      form.contactType = form.contactType == .person ? .organization : .person
    case .showPhonetic:
      phoneticRequested = true
      focus = .text(familyNameFirst ? .phoneticFamilyName : .phoneticGivenName)
    case .addValue:
      addValue()
    case .lineBreak:
      if takesLineBreak { insertLineBreak() }
    case .nextLabel:
      if case .value(let section, let id, _) = focus { cycleLabel(section, id: id) }
    case .removeValue:
      if case .value(let section, let id, _) = focus { removeFocusedEntry(section, id: id) }
    case .askDelete:
      if focus == .deleteContact { mode = .confirmDelete }
    case .chooseGroup:
      mode = .choosingGroup(GroupChooser(names: (groupNames ?? []).filter { !form.groups.contains($0) }))
    case .removeGroup:
      if case .group(let name) = focus { removeGroup(name) }
    }
    return .none
  }

  /// A key the form's table does not bind: typed into the focused field; on an
  /// "add" row, typing or pasting adds a value and types into it.
  private mutating func typeIntoField(_ key: KeyEvent) {
    switch (focus, key) {
    case (.add, .character), (.add, .paste): addValue()
    case (.addGroup, .character), (.addGroup, .paste):
      var chooser = GroupChooser(names: (groupNames ?? []).filter { !form.groups.contains($0) })
      _ = chooser.handle(key)
      mode = .choosingGroup(chooser)
      return
    default: break
    }
    edit(key)
  }

  private mutating func togglePhonetic() {
    phoneticRequested.toggle()
    if phoneticRequested {
      if focus == .showPhonetic { focus = .text(familyNameFirst ? .phoneticFamilyName : .phoneticGivenName) }
    } else if !showsPhonetic, focus == .text(.phoneticGivenName) || focus == .text(.phoneticFamilyName) {
      focus = .showPhonetic
    }
  }

  /// On an "add" row: adds a value to its section and focuses it.
  private mutating func addValue() {
    guard case .add(let section) = focus else { return }
    let id = form.addEntry(section)
    focus = .value(section, id: id, part: 0)
  }

  /// Whether the focused field takes line breaks: the note, a street.
  private var takesLineBreak: Bool {
    switch focus {
    case .text(let field): field.isMultiLine
    case .value(let section, _, let part): section == .address && part == NewPersonForm.AddressPart.street.rawValue
    default: false
    }
  }

  private mutating func edit(_ key: KeyEvent) {
    guard var editor = editor(for: focus) else { return }
    if case .paste(let text) = key, takesLineBreak {
      // A paste into a field of lines (the note, a street) keeps its line breaks (CR LF,
      // LF, CR: each one), but those it ends with; its tabs are spaces.
      var pasted = Substring(text)
      while pasted.last?.isNewline == true { pasted = pasted.dropLast() }
      editor.insert(String(pasted.map { $0.isNewline ? NewPersonForm.lineBreak : $0 == "\t" ? " " : $0 }))
      setEditor(editor, for: focus)
      return
    }
    if editor.handle(key) { setEditor(editor, for: focus) }
  }

  private mutating func insertLineBreak() {
    guard var editor = editor(for: focus) else { return }
    editor.insert(String(NewPersonForm.lineBreak))
    setEditor(editor, for: focus)
  }

  /// Moves the focus `step` fields on (negative: back), stopping at either end.
  public mutating func move(by step: Int) {
    let all = fields
    let index = all.firstIndex(of: focus) ?? 0
    let target = max(0, min(all.count - 1, index + step))
    leave(focus)
    focus = all[target]
  }

  /// Focuses `field` when it is on the form.
  public mutating func focus(on field: Field) {
    guard fields.contains(field) else { return }
    leave(focus)
    focus = field
  }

  private mutating func leave(_ field: Field) {
    if let editor = editor(for: field), !editor.text.trimmedOfWhitespace.isEmpty { revealed.insert(field) }
  }

  private mutating func removeFocusedEntry(_ section: NewPersonForm.Section, id: Int) {
    let before = fields
    let index = before.firstIndex(of: focus) ?? 0
    form.removeEntry(section, id: id)
    revealed = revealed.filter { if case .value(section, id, _) = $0 { return false } else { return true } }
    // The field that took its place: the next value, or the "add" row.
    let after = fields
    let next = before[index...].first { field in
      if case .value(section, id, _) = field { return false }
      return after.contains(field)
    }
    focus = next ?? .add(section)
  }

  // MARK: Groups

  /// Takes the person out of `name`; the focus goes to the row that took its place.
  private mutating func removeGroup(_ name: String) {
    let index = form.groups.firstIndex(of: name) ?? 0
    form.groups.removeAll { $0 == name }
    focus = index < form.groups.count ? .group(form.groups[index]) : .addGroup
  }

  private mutating func handleGroupChooser(_ key: KeyEvent, chooser: inout GroupChooser) -> Action {
    // Ctrl-S saves wherever the focus is: a group whose whole name was typed is added
    // first; a search left half-typed or empty adds nothing (it is no choice).
    if key == .control("s") {
      mode = .form
      if let name = chooser.exactMatch {
        if !form.groups.contains(name) { form.groups.append(name) }
        focus = .group(name)
      }
      return perform(.save)
    }
    switch chooser.handle(key) {
    case .none:
      mode = .choosingGroup(chooser)
    case .cancel:
      mode = .form
    case .chosen(let name):
      mode = .form
      if !form.groups.contains(name) { form.groups.append(name) }
      focus = .group(name)
    }
    return .none
  }

  // MARK: Labels

  /// The label shown for a label value: standard labels in words (`home fax`),
  /// custom ones as typed, no label as the section's name.
  public static func displayLabel(_ label: String?, section: NewPersonForm.Section) -> String {
    guard let label, !label.isEmpty else { return LabelWords.shown(for: section.key) }
    return LabelWords.shown(for: label)
  }

  private mutating func cycleLabel(_ section: NewPersonForm.Section, id: Int) {
    guard let entry = form.entry(section, id: id) else { return }
    let labels = section.standardLabels
    if let label = entry.label, let index = labels.firstIndex(of: label) {
      if index + 1 < labels.count {
        form.update(section, id: id) { $0.label = labels[index + 1] }
      } else {
        mode = .editingLabel(LineEditor(), previous: entry.label)
      }
    } else {
      form.update(section, id: id) { $0.label = labels[0] }
    }
  }

  private mutating func handleLabel(_ key: KeyEvent, editor: inout LineEditor, previous: String?) -> Action {
    guard case .value(let section, let id, _) = focus else {
      mode = .form
      return .none
    }
    let command = NewPersonKeymap.label.command(for: key)
    switch command {
    case .done, .save:
      let text = editor.text.trimmedOfWhitespace
      form.update(section, id: id) { $0.label = text.isEmpty ? previous : text }
      mode = .form
      if command == .save { return perform(.save) }
    case .undo:
      form.update(section, id: id) { $0.label = previous }
      mode = .form
    case .standard:
      form.update(section, id: id) { $0.label = section.standardLabels[0] }
      mode = .form
    case .ignore:
      break
    case nil:
      _ = editor.handle(key)
      mode = .editingLabel(editor, previous: previous)
    }
    return .none
  }

  // MARK: Cancel and save

  private mutating func handleConfirm(_ key: KeyEvent) -> Action {
    switch NewPersonKeymap.discard.command(for: key) {
    case .discard: return .cancel
    case .keepEditing: mode = .form
    case nil: break
    }
    return .none
  }

  private mutating func handleConfirmDelete(_ key: KeyEvent) -> Action {
    switch NewPersonKeymap.deletion.command(for: key) {
    case .discard:
      mode = .form
      return .delete(form.original)
    case .keepEditing: mode = .form
    case nil: break
    }
    return .none
  }

  /// The contact the form would save now (without validating).
  public var contact: Contact {
    form.contact(identifier: newIdentifier, parentGroup: parentGroup, nameOrder: nameOrder)
  }

  private mutating func attemptSave() -> Action {
    let problems = fieldsWithIssues
    if let first = problems.first {
      showsAllErrors = true
      leave(focus)
      focus = first
      message = problems.count == 1 ? L10n.text("fix the problem to save") : L10n.format("fix %d problems to save", problems.count)
      messageIsError = true
      return .none
    }
    if form.isEditing && !form.hasChanges { return .complete(form.original) }
    let contact = self.contact
    let matches =
      if let duplicateCandidates {
        DuplicateDetector(existingContacts: duplicateCandidates(contact, detector.region), region: detector.region)
          .duplicates(of: contact)
      } else {
        detector.duplicates(of: contact)
      }
    if !matches.isEmpty {
      mode = .duplicates(matches, selected: 0, contact: contact)
      return .none
    }
    return .save(contact)
  }

  private mutating func handleDuplicates(
    _ key: KeyEvent, matches: [DuplicateMatch], selected: Int, contact: Contact
  ) -> Action {
    switch NewPersonKeymap.duplicates.command(for: key) {
    case .save:
      mode = .form
      var contact = contact
      let sameCard = matches.contains { match in
        match.reasons.contains { if case .identifier = $0 { true } else { false } }
      }
      if !form.isEditing, sameCard {
        // Saved as a second contact: two cards with one UID would be one to every
        // other program (vdirsyncer, CardDAV), so this one gets an identifier of its own.
        contact.identifier = newIdentifier.isEmpty ? ContactIdentifier.makeNew() : newIdentifier
      }
      return .save(contact)
    case .openExisting:
      return .chooseExisting(matches[selected].contact)
    case .back:
      mode = .form
    case .up:
      mode = .duplicates(matches, selected: max(0, selected - 1), contact: contact)
    case .down:
      mode = .duplicates(matches, selected: min(matches.count - 1, selected + 1), contact: contact)
    case nil:
      break
    }
    return .none
  }

  /// Shows why a save (or, with `refused` "not deleted: ", a delete) failed; the form
  /// stays open.
  public mutating func showSaveError(_ text: String, refused: String = L10n.text("not saved: ")) {
    mode = .form
    message = refused + text
    messageIsError = true
  }

  /// Puts `form` in place of the values (a card reloaded from disk after a refused
  /// save, the unsaved edit re-applied: `NewPersonForm.init(editing:showing:)`) and
  /// shows `message`. The focus stays on its field when the new form has it.
  public mutating func reload(_ form: NewPersonForm, message: String) {
    let focused = focus
    self.form = form
    mode = .form
    revealed = []
    showsAllErrors = false
    if !fields.contains(focused) { focus = .text(.givenName) }
    self.message = message
    messageIsError = true
  }
}
