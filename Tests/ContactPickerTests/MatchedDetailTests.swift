import ContactKit
import Matching
import TerminalKit
import Testing

@testable import ContactPicker

/// A row shows why it matched when the name does not: the number typed, the second
/// email, the company — with the matched characters highlighted.
@Suite("The matched value in a row's detail")
struct MatchedDetailTests {
  static let people: [Contact] = {
    var anna = Contact(identifier: "anna", source: "book.vcf")
    anna.givenName = "Anna"
    anna.familyName = "Groß"
    anna.organizationName = "Kestrel Insurance"
    anna.emailAddresses = [
      LabeledValue(identifier: "e1", label: "home", value: "gross.anna@courriel.example"),
      LabeledValue(identifier: "e2", label: "work", value: "agross@kestrel.example"),
    ]
    anna.phoneNumbers = [
      LabeledValue(identifier: "p1", label: "mobile", value: "+49 151 38403276"),
      LabeledValue(identifier: "p2", label: "home", value: "0152/1270339"),
    ]
    var bai = Contact(identifier: "bai", source: "book.vcf")
    bai.givenName = "Juan"
    bai.familyName = "Bai"
    bai.emailAddresses = [LabeledValue(identifier: "e1", label: "home", value: "bai.juan@co94242.example")]
    return [anna, bai]
  }()

  /// The row of `name` and its detail, drawn for `query`.
  static func row(_ name: String, query: String) -> (text: String, frame: Frame, row: Int)? {
    let state = PeoplePickerState(list: ContactList(people), query: query)
    let frame = PeoplePickerView.render(state, rows: 12, columns: 100, color: true)
    for row in 0..<frame.rows where frame.text(row: row).contains(name) { return (frame.text(row: row), frame, row) }
    return nil
  }

  /// The text of the cells of `row` that are underlined (highlighted matches).
  static func highlighted(_ frame: Frame, row: Int) -> String {
    (0..<frame.columns).map { frame[row, $0] }.filter(\.style.underline).map(\.text).joined()
  }

  @Test("the phone number typed is shown and its digits highlighted, not the first email")
  func phoneDigits() throws {
    let shown = try #require(Self.row("Anna Groß", query: "38403276"))
    #expect(shown.text.contains("+49 151 38403276"))
    #expect(!shown.text.contains("courriel"))
    #expect(Self.highlighted(shown.frame, row: shown.row) == "38403276")
  }

  @Test("a number typed in its national form shows the number saved in international form")
  func otherForm() throws {
    let shown = try #require(Self.row("Anna Groß", query: "0151 384"))
    #expect(shown.text.contains("+49 151 38403276"))
    let national = try #require(Self.row("Anna Groß", query: "+49 152 1270339"))
    #expect(national.text.contains("0152/1270339"))
  }

  @Test("the second email that matched is shown, with the matched characters highlighted")
  func secondEmail() throws {
    let shown = try #require(Self.row("Anna Groß", query: "kestrel.ex"))
    #expect(shown.text.contains("agross@kestrel.example"))
    #expect(Self.highlighted(shown.frame, row: shown.row) == "kestrel.ex")
  }

  @Test("a name word and a company word: the name highlighted, the company shown")
  func nameAndCompany() throws {
    let shown = try #require(Self.row("Anna Groß", query: "anna insur"))
    #expect(shown.text.contains("Kestrel Insurance"))
    #expect(Self.highlighted(shown.frame, row: shown.row) == "AnnaInsur")
  }

  @Test("when the name shows the match, the detail is the usual one")
  func usualDetail() throws {
    let shown = try #require(Self.row("Juan Bai", query: "juan"))
    #expect(shown.text.contains("bai.juan@co94242.example"))
    #expect(Self.highlighted(shown.frame, row: shown.row) == "Juan")
  }
}
