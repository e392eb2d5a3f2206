import Foundation
import Testing
@testable import AddressBook

/// `ListSegment.trimmedOfWhitespaces`'s fast path trims as Foundation does.
@Suite struct ListSegmentTrimTests {
  @Test("display names are trimmed as trimmingCharacters(in: .whitespaces) trims them")
  func trimmed() {
    let texts = [
      "", " ", "\t", "Anna", " Anna", "Anna ", "\tAnna\t", "Anna\n", "\nAnna", "Zoë", " Zoë", "\u{00A0}Anna",
      "Anna\u{00A0}", "Anna\u{2003}", "\u{3000}王小明", "a\u{0301}", "x", "José", " José", "José ", "é\u{0301}",
      "Łukasz Ż", "王\u{3000}", "王 ", "\tŽ", "ž\u{200B}",
    ]
    for text in texts {
      #expect(ListSegment.trimmedOfWhitespaces(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    }
  }
}
