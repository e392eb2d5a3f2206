import ContactKit
import Localization
import Testing

@testable import ContactPicker

/// The form asks for the family name first where names are written that way (Chinese,
/// Japanese, Korean, a name in Han, Kana or Hangul, `--name-order family-first`), as
/// Apple's form does: 姓 above 名, the family name focused.
@MainActor
@Suite("The form's name rows in the name's order")
struct NameOrderFormTests {
  static func nameRows(_ state: NewPersonState) -> [NewPersonForm.TextField] {
    state.fields.compactMap { field in
      guard case .text(let text) = field,
        [.givenName, .middleName, .familyName, .phoneticGivenName, .phoneticFamilyName].contains(text)
      else { return nil }
      return text
    }
  }

  static var wang: Contact {
    var contact = Contact(identifier: "wang", source: "")
    contact.givenName = "小明"
    contact.familyName = "王"
    return contact
  }

  @Test("in English, a new form: first, middle, last; the first name focused")
  func givenFirstInEnglish() {
    let state = LocalizedScreensTests.inLanguage(.english) { NewPersonState(contact: nil) }
    #expect(!state.familyNameFirst)
    #expect(Self.nameRows(state) == [.givenName, .middleName, .familyName])
    #expect(state.focus == .text(.givenName))
  }

  @Test("in Chinese, Japanese and Korean, a new form: 姓 first and focused", arguments: ["zh_CN", "zh_TW", "ja", "ko"])
  func familyFirstInCJKLanguages(code: String) {
    LocalizedScreensTests.inLanguage(MessageLanguage(code: code)) {
      let state = NewPersonState(contact: nil)
      #expect(state.familyNameFirst)
      #expect(Self.nameRows(state) == [.familyName, .givenName, .middleName])
      #expect(state.focus == .text(.familyName))
      // On the screen: the family name's row above the given name's, and focused.
      let text = runForm([]).screens[0]
      let rows = text.split(separator: "\n").map(String.init)
      let family = line(text, label: L10n.text("last name")).flatMap(rows.firstIndex)
      let given = line(text, label: L10n.text("first name")).flatMap(rows.firstIndex)
      #expect(family != nil && given != nil && family! < given!, "\(rows.prefix(8))")
      #expect(family.map { rows[$0].hasPrefix("›") } == true)
    }
  }

  @Test("in English, editing 王小明: family name first, phonetic family name first")
  func familyFirstForAHanName() {
    let state = LocalizedScreensTests.inLanguage(.english) { NewPersonState(contact: Self.wang, isEditing: true) }
    #expect(state.familyNameFirst)
    #expect(Self.nameRows(state) == [.familyName, .givenName, .middleName, .phoneticFamilyName, .phoneticGivenName])
  }

  @Test("--name-order decides over the language and the script")
  func nameOrderOption() {
    LocalizedScreensTests.inLanguage(MessageLanguage(code: "zh_CN")) {
      let given = NewPersonState(contact: Self.wang, isEditing: true, nameOrder: .givenFirst)
      #expect(Self.nameRows(given) == [.givenName, .middleName, .familyName, .phoneticGivenName, .phoneticFamilyName])
      #expect(given.focus == .text(.givenName))
    }
    let family = LocalizedScreensTests.inLanguage(.english) { NewPersonState(contact: nil, nameOrder: .familyFirst) }
    #expect(Self.nameRows(family) == [.familyName, .givenName, .middleName])
  }
}
