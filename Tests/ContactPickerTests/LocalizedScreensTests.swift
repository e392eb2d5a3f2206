import ContactKit
import CpickTestSupport
import Localization
import Testing
import TerminalKit

@testable import ContactPicker

/// Every screen in every language fits 80 columns: the key help lines, the help
/// screens, the form's labels, and the screens themselves are drawn without a line cut
/// short that English draws whole.
@MainActor
@Suite("The screens in every language")
struct LocalizedScreensTests {
  nonisolated static let catalogs = TestPaths.packageRoot.appendingPathComponent("Sources/Localization/po").path
  nonisolated static let languages = [MessageLanguage.english] + MessageLanguage.translated

  /// Runs `body` with texts in `language`, from the repository's catalogs.
  static func inLanguage<Result>(_ language: MessageLanguage, _ body: () -> Result) -> Result {
    L10n.with(language, directory: catalogs, body)
  }

  /// Every key table of every screen, in the variants the settings make.
  static func hints() -> [String] {
    var hints = [true, false].flatMap { multiple in
      [true, false].map { PeoplePickerKeymap.list(multiple: multiple, adding: $0).hint }
    }
    hints.append(PeoplePickerKeymap.list(multiple: false, adding: true, directory: true).hint)
    for editing in [true, false] {
      hints.append(PersonCardKeymap.card(.init(editing: editing, acting: true, messaging: true, leaving: L10n.text("back"))).hint)
      hints.append(PersonCardKeymap.card(.init(multiple: true, editing: editing, leaving: L10n.text("close"))).hint)
      hints.append(GroupListKeymap.groups(multiple: editing, editable: true).hint)
      hints.append(UnknownPersonKeymap.card(choosing: true, adding: editing, known: false).hint)
      hints.append(UnknownPersonKeymap.confirmation(adding: editing).hint)
    }
    var fields: [NewPersonState.Field] = [.contactType, .showPhonetic, .deleteContact, .addGroup, .group("Team")]
    fields += NewPersonForm.Section.allCases.map { .add($0) }
    fields += NewPersonForm.TextField.allCases.map { .text($0) }
    hints += fields.map { NewPersonKeymap.form($0).hint }
    hints += [
      NewPersonKeymap.labelTyping + " · " + NewPersonKeymap.label.hint, NewPersonKeymap.discard.hint,
      NewPersonKeymap.deletion.hint, NewPersonKeymap.duplicates.hint, GroupChooser.hint,
    ]
    return hints
  }

  @Test("every key help line fits 80 columns", arguments: languages)
  func hintsFit(language: MessageLanguage) {
    Self.inLanguage(language) {
      for hint in Self.hints() where !hint.hasSuffix(L10n.text("F1 help")) {
        #expect(TerminalText.width(hint) <= 80, "\(language.code): \(hint)")
      }
      // Too long with F1 help, a line loses the entries before it, never a part of one,
      // and keeps F1 help.
      let help = " · " + L10n.text("F1 help")
      for hint in Self.hints() {
        let fitted = KeyHintLine.fitted(hint, width: 80)
        #expect(TerminalText.width(fitted) <= 80)
        guard fitted != hint else { continue }
        #expect(hint.hasSuffix(help) && fitted.hasSuffix(help), "\(language.code): \(fitted)")
        #expect(hint.hasPrefix(String(fitted.dropLast(help.count)) + " · "), "\(language.code): \(fitted)")
      }
    }
  }

  @Test("every help screen's line fits 80 columns", arguments: languages)
  func helpScreensFit(language: MessageLanguage) {
    Self.inLanguage(language) {
      let helps = [
        PeoplePickerKeymap.list(multiple: true, adding: true, directory: true)
          .help(title: L10n.text("the list"), typing: L10n.text("edit the query (← → ^A ^E ^U ^W ^K)")),
        PersonCardKeymap.card(.init(multiple: true, editing: true, acting: true, messaging: true)).help(
          title: L10n.text("the card")),
        GroupListKeymap.groups(multiple: true, editable: true).help(title: L10n.text("the groups")),
        UnknownPersonKeymap.card(choosing: true, adding: true, known: true).help(title: L10n.text("the card")),
      ] + NewPersonForm.Section.allCases.map {
        NewPersonKeymap.form(.add($0)).help(title: L10n.text("the form"), typing: L10n.text("edit the field (← → ^A ^E ^U ^W ^K)"))
      }
      for help in helps {
        let frame = KeyHelpView.render(help, rows: 40, columns: 80, color: false)
        for row in 0..<frame.rows {
          #expect(!frame.text(row: row).hasSuffix("…"), "\(language.code): \(frame.text(row: row))")
        }
      }
    }
  }

  @Test("the form's labels fit their column", arguments: languages)
  func formLabelsFit(language: MessageLanguage) {
    Self.inLanguage(language) {
      for field in NewPersonForm.TextField.allCases {
        #expect(TerminalText.width(field.title) <= NewPersonView.labelWidth, "\(language.code): \(field.title)")
      }
      for label in [L10n.text("kind"), L10n.text("group")] {
        #expect(TerminalText.width(label) <= NewPersonView.labelWidth, "\(language.code): \(label)")
      }
    }
  }

  @Test("the picker, the card, the form and the help are drawn in the language", arguments: MessageLanguage.translated)
  func screensTranslated(language: MessageLanguage) {
    Self.inLanguage(language) {
      let picker = MemoryScreen(rows: 24, columns: 80, keys: [.function(1), .escape, .control("o"), .escape, .escape])
      _ = PeoplePickerController(contacts: TestContacts.book).run(on: picker)
      let list = picker.frames[0].text(row: 23)
      #expect(list.hasPrefix(L10n.text("enter choose")) && list != "enter choose", "\(language.code): \(list)")
      #expect(picker.frames[1].text(row: 0).contains(L10n.format("Keys: %s", L10n.text("the list"))))
      let form = runForm([.escape])
      #expect(form.screen.frames[0].text(row: 0).contains(L10n.text("New Contact")))
      #expect(form.screen.frames[0].text.contains(L10n.text("first name")))
      for frame in picker.frames + form.screen.frames {
        #expect(!frame.text(row: frame.rows - 1).hasSuffix("…") || frame.text(row: frame.rows - 1).contains("F1"))
      }
    }
  }
}

extension LocalizedScreensTests {
  @Test("the card's labels and key names are in the language; a custom label stays as written")
  func cardLabels() {
    let contact = Contact(identifier: "u", source: "s")
    func label(_ key: ContactKey, _ label: String?) -> String {
      PersonCardView.label(of: ContactProperty(contact: contact, key: key, identifier: "i", label: label, value: .text("x")))
    }
    Self.inLanguage(MessageLanguage(code: "de")) {
      #expect(label(.phoneNumbers, "mobile") == "mobil")
      #expect(label(.phoneNumbers, "_$!<WorkFAX>!$_") == "Fax geschäftlich")
      #expect(label(.birthday, nil) == "Geburtstag")
      #expect(label(.phoneNumbers, "Jonas mobil") == "Jonas mobil")
      #expect(label(.emailAddresses, "save") == "save")
      #expect(NewPersonState.displayLabel(nil, section: .instantMessage) == "Chat")
    }
    Self.inLanguage(MessageLanguage(code: "zh_CN")) {
      #expect(label(.phoneNumbers, "mobile") == "手机")
      #expect(label(.postalAddresses, "home") == "住宅")
    }
    Self.inLanguage(.english) {
      #expect(label(.phoneNumbers, "workFax") == "work fax")
      #expect(label(.birthday, nil) == "birthday")
    }
  }
}

/// The picker's index in Japanese and Korean: rows and consonants in the list and on
/// the strip, drawn whole.
@MainActor
@Suite("The picker's index in Japanese and Korean")
struct LocalizedIndexTests {
  @Test("a Japanese index shows kana rows before A–Z, drawn two columns wide on the strip")
  func japaneseStrip() {
    var sato = Contact(identifier: "sato", source: "")
    sato.familyName = "佐藤"
    sato.givenName = "花子"
    sato.phoneticFamilyName = "さとう"
    var kim = Contact(identifier: "kim", source: "")
    kim.familyName = "김"
    kim.givenName = "민준"
    let book = [sato, kim] + TestContacts.book
    for (code, label, name) in [("ja", "さ", "佐藤"), ("ko", "ㄱ", "김")] {
      LocalizedScreensTests.inLanguage(MessageLanguage(code: code)) {
        let screen = MemoryScreen(rows: 24, columns: 80, keys: [])
        _ = PeoplePickerController(contacts: book).run(on: screen)
        let frame = screen.frames[0]
        // The first section's header, and the strip's first entry on the same row.
        #expect(frame.text(row: 1).hasPrefix(label + " ") && frame.text(row: 1).hasSuffix(" " + label), "\(code)")
        #expect(frame.text(row: 2).contains(name), "\(code)")
        #expect(!frame.text.contains("…"), "\(code): \(frame.text)")
      }
    }
  }
}

extension LocalizedScreensTests {
  @Test(
    "the unknown person's confirmation, the form's conflict message and the one-line notes fit 80 columns",
    arguments: languages)
  func messagesFit(language: MessageLanguage) {
    Self.inLanguage(language) {
      let ada = TestContacts.book[0]
      let adding = UnknownPersonMerge.merge(UnknownPersonViewControllerTests.sender, into: ada, region: "GB")
      var confirmation = UnknownPersonConfirmation(merge: adding, original: ada)
      confirmation.error = L10n.text("the file is read-only (no write permission bits); not written")
      let nothing = UnknownPersonConfirmation(merge: UnknownPersonMerge.merge(ada, into: ada, region: "GB"), original: ada)
      let top = UnknownPersonConfirmationView.topLines(confirmation, columns: 80)
        + UnknownPersonConfirmationView.topLines(nothing, columns: 80)
      for (line, _) in top { #expect(TerminalText.width(line) <= 80, "\(language.code): \(line)") }
      #expect(top[0].0 == L10n.format("Add this value to %s?", ada.displayName))
      // The form's message after a conflict is wrapped: each line fits, in a few lines.
      var state = NewPersonState(contact: nil)
      state.message = NewPersonViewController.conflictMessage(
        name: "Mr. John Richter,James Doe Sr.",
        conflicts: [L10n.format("%s: changed here to “%s”, elsewhere to “%s”", L10n.text("job title"), "Auditor", "Treasurer")])
      let wrapped = NewPersonView.messageLines(state, rows: 24, columns: 80)
      #expect(wrapped.count <= 5 && wrapped.allSatisfy { TerminalText.width($0) <= 80 }, "\(language.code): \(wrapped.joined(separator: "\n"))")
      // The same for a card a CardDAV server's other client changed.
      state.message = NewPersonViewController.conflictMessage(name: "Ada Lovelace", conflicts: [], onServer: true)
      let server = NewPersonView.messageLines(state, rows: 24, columns: 80)
      #expect(server.count <= 5 && server.allSatisfy { TerminalText.width($0) <= 80 }, "\(language.code): \(server.joined(separator: "\n"))")
      #expect(state.message?.contains("Ada Lovelace") == true)
      if language.isEnglish {
        #expect(state.message?.hasPrefix("not saved: Ada Lovelace was changed on the server by another client.") == true)
      } else {
        #expect(state.message?.contains("server") == false, "\(language.code): translated")
      }
      // Notes drawn on one line, cut at the screen's width.
      let notes = [
        L10n.format("“%s” is saved with its first member (e on a card, + add to group)", "Project Y"),
        L10n.format("saves to %s", "~/.local/share/contacts/personal/"),
        L10n.format("offline since %s", "2026-12-02 14:02"), L10n.text("offline: never synced"),
        L10n.text("photo not shown: not a JPEG, PNG or GIF"), L10n.format("photo not shown: too large (%s)", "20000×20000"),
      ]
      for note in notes { #expect(TerminalText.width(note) <= 80, "\(language.code): \(note)") }
      if !language.isEnglish { #expect(!notes.contains { $0.hasPrefix("saves to") || $0.hasPrefix("photo not") }) }
    }
  }
}
