import ContactKit
import TerminalKit
import Testing

@testable import ContactPicker

/// A card longer than the screen can be read to its end: a long note scrolls with
/// PgDn, ↓ and End; a long list of values pages with the highlight.
@Suite("Scrolling a long card")
struct CardScrollingTests {
  static let rows = 12
  static let columns = 60

  /// A card whose only value is a note of `lines` numbered lines.
  static func noteCard(lines: Int) -> PersonCardState {
    var contact = Contact(identifier: "n", source: "book.vcf")
    contact.givenName = "Ada"
    contact.note = (1...lines).map { "line \($0)" }.joined(separator: "\n")
    return PersonCardState(contact: contact)
  }

  /// `state` after `keys`, each followed by a frame as the controller draws it.
  static func after(_ keys: [KeyEvent], _ state: PersonCardState) -> (state: PersonCardState, text: String) {
    var state = state
    PersonCardView.scrollToCursor(&state, rows: rows, columns: columns)
    for key in keys {
      _ = state.handle(key)
      PersonCardView.scrollToCursor(&state, rows: rows, columns: columns)
    }
    return (state, PersonCardView.render(state, rows: rows, columns: columns, color: false, hint: "").text)
  }

  @Test("PgDn, ↓ and End scroll through a long note; Home and ↑ come back")
  func longNote() {
    let start = Self.after([], Self.noteCard(lines: 100))
    #expect(start.text.contains("line 1\n") || start.text.contains("line 1 "))
    #expect(!start.text.contains("line 30"))
    let paged = Self.after([.pageDown, .pageDown, .pageDown], Self.noteCard(lines: 100))
    #expect(paged.state.scrollTop > 20)
    #expect(!paged.text.contains("line 2 "))
    let end = Self.after([.end], Self.noteCard(lines: 100))
    #expect(end.text.contains("line 100"))
    let down = Self.after(Array(repeating: .down, count: 3), Self.noteCard(lines: 100))
    #expect(down.state.scrollTop == 3)
    let back = Self.after([.end, .home], Self.noteCard(lines: 100))
    #expect(back.state.scrollTop == 0)
    let up = Self.after([.pageDown, .up, .up], Self.noteCard(lines: 100))
    #expect(up.state.scrollTop == paged.state.scrollTop / 3 - 2)
  }

  @Test("PgDn and PgUp move the highlight a page through many values, and End to the last")
  func manyValues() {
    var contact = Contact(identifier: "m", source: "book.vcf")
    contact.givenName = "Ada"
    contact.emailAddresses = (1...200).map {
      LabeledValue(identifier: "e\($0)", label: "home", value: "ada\($0)@example.org")
    }
    let card = PersonCardState(contact: contact)
    let paged = Self.after([.pageDown, .pageDown], card)
    let page = paged.state.pageSize
    #expect(page > 3)
    #expect(paged.state.selectedProperty?.value.singleLine == "ada\(1 + 2 * page)@example.org")
    #expect(paged.text.contains("ada\(1 + 2 * page)@example.org"))
    let back = Self.after([.pageDown, .pageDown, .pageUp], card)
    #expect(back.state.selectedProperty?.value.singleLine == "ada\(1 + page)@example.org")
    let end = Self.after([.end], card)
    #expect(end.state.selectedProperty?.value.singleLine == "ada200@example.org")
    #expect(end.text.contains("ada200@example.org"))
  }

  @Test("a newly highlighted value comes into view from its top")
  func newHighlight() {
    #expect(CardScrolling.scrollTop(0, highlighted: 30...32, moved: true, height: 10, lineCount: 50) == 23)
    #expect(CardScrolling.scrollTop(40, highlighted: 5...60, moved: true, height: 10, lineCount: 80) == 5)
    // The same value, scrolled within: left where the user put it.
    #expect(CardScrolling.scrollTop(40, highlighted: 5...60, moved: false, height: 10, lineCount: 80) == 40)
    // Scrolled entirely past it: back to it.
    #expect(CardScrolling.scrollTop(70, highlighted: 5...60, moved: false, height: 10, lineCount: 80) == 5)
  }

  @Test("on a narrow screen values are wrapped to the column they are drawn in: no piece of them is cut away")
  func narrowScreen() {
    var contact = Contact(identifier: "w", source: "book.vcf")
    contact.givenName = "Fang"
    contact.phoneNumbers = [LabeledValue(identifier: "p", label: "mobile", value: "+86 135 2286 4471")]
    contact.emailAddresses = [LabeledValue(identifier: "e", label: "work", value: "jack.miller@example.com")]
    let card = PersonCardState(contact: contact)
    for columns in [14, 20, 22, 25, 40] {
      let width = PersonCardView.valueWidth(card, columns: columns)
      #expect(width >= min(PersonCardView.narrowestValues, columns - 8), "\(columns)")
      let lines = PersonCardView.lines(card, columns: columns)
      for (index, value) in ["+86 135 2286 4471", "jack.miller@example.com"].enumerated() {
        let shown = lines.filter { $0.property == index }.map(\.text)
        #expect(shown.allSatisfy { TerminalText.width($0) <= width }, "\(columns): \(shown)")
        #expect(shown.joined().filter { !$0.isWhitespace } == value.filter { !$0.isWhitespace }, "\(columns): \(shown)")
      }
      // Drawn: every character of both values on the screen, in order (a label may be cut).
      let text = PersonCardView.render(card, rows: 20, columns: columns, color: false, hint: "").text
        .filter { !$0.isWhitespace }
      #expect(text.contains("+8613522864471") && text.contains("jack.miller@example.com"), "\(columns): \(text)")
    }
  }
}

