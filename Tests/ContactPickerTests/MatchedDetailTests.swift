import ContactKit
import Matching
import TerminalKit
import Testing

@testable import ContactPicker
@testable import AddressBook

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
    // The digits after the trunk prefix are highlighted in the international number.
    #expect(Self.highlighted(shown.frame, row: shown.row) == "151384")
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

  /// `row(_:query:)` over other people, on a screen `columns` wide.
  static func row(_ name: String, query: String, in people: [Contact], columns: Int = 100)
    -> (text: String, frame: Frame, row: Int)?
  {
    let state = PeoplePickerState(list: ContactList(people), query: query)
    let frame = PeoplePickerView.render(state, rows: 12, columns: columns, color: true)
    for row in 0..<frame.rows where frame.text(row: row).contains(name) { return (frame.text(row: row), frame, row) }
    return nil
  }

  @Test("control characters in a value are shown as symbols, and the highlight stays on the matched letters")
  func controlCharacters() throws {
    var gina = Contact(identifier: "gina", source: "book.vcf")
    gina.givenName = "Gina"
    gina.organizationName = "Evil\u{1B}[31mRed\u{07}Corp"
    gina.emailAddresses = [LabeledValue(identifier: "e", label: "home", value: "pam\u{202E}txt.exe@evil.example")]
    let red = try #require(Self.row("Gina", query: "gina red", in: [gina]))
    #expect(red.text.contains("Evil␛[31mRed␇Corp"))
    #expect(Self.highlighted(red.frame, row: red.row) == "GinaRed")
    // After a bidi override, shown as the eight characters `⟨U+202E⟩`.
    let exe = try #require(Self.row("Gina", query: "gina exe", in: [gina]))
    #expect(exe.text.contains("pam⟨U+202E⟩txt.exe@evil.example"))
    #expect(Self.highlighted(exe.frame, row: exe.row) == "Ginaexe")
  }

  @Test("the widest name, which fills its column, is highlighted to its last letter; a name cut short up to its …")
  func widestName() throws {
    var valentina = Contact(identifier: "v", source: "book.vcf")
    valentina.givenName = "Valentina"
    valentina.familyName = "Orsk"
    var vale = Contact(identifier: "w", source: "book.vcf")
    vale.givenName = "Vale"
    vale.familyName = "Harrow"
    let whole = try #require(Self.row("Valentina Orsk", query: "orsk", in: [valentina, vale]))
    #expect(Self.highlighted(whole.frame, row: whole.row) == "Orsk")
    var grüße = Contact(identifier: "m", source: "b")
    grüße.givenName = "Grüße"
    grüße.familyName = "Maßmann"
    let maß = try #require(Self.row("Maßmann", query: "massmann", in: [grüße]))
    #expect(Self.highlighted(maß.frame, row: maß.row) == "Maßmann")
    // On a narrow screen the name is cut: the highlight stops before the `…`.
    var long = Contact(identifier: "l", source: "b")
    long.givenName = String(repeating: "Wolfeschlegel", count: 8)
    let cut = try #require(Self.row("Wolfe", query: "wolfe", in: [long], columns: 40))
    #expect(Self.highlighted(cut.frame, row: cut.row) == "Wolfe")
  }

  @Test("two words in one value are both highlighted")
  func twoWordsOneValue() throws {
    var hank = Contact(identifier: "hank", source: "book.vcf")
    hank.givenName = "Hank"
    hank.organizationName = "Zebrafish Holdings"
    let shown = try #require(Self.row("Hank", query: "zebra holdings", in: [hank]))
    #expect(Self.highlighted(shown.frame, row: shown.row) == "ZebraHoldings")
  }

  @Test("a value too long for the row is cut at the start so that its match stays in view")
  func matchKeptInView() throws {
    var dora = Contact(identifier: "dora", source: "book.vcf")
    dora.givenName = "Dora"
    dora.emailAddresses = [
      LabeledValue(identifier: "e1", label: "home", value: "dora@example.org"),
      LabeledValue(
        identifier: "e2", label: "work",
        value: "dora.the.very.long.address.with.many.parts@department.subdomain.extraordinarily.example"),
    ]
    let shown = try #require(Self.row("Dora", query: "extraordinarily", in: [dora], columns: 60))
    #expect(shown.text.contains("…"))
    #expect(Self.highlighted(shown.frame, row: shown.row) == "extraordinarily")
  }
}
