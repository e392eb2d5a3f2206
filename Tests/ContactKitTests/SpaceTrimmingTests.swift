import Foundation
import CpickTestSupport
import Testing
@testable import ContactKit

/// `String.trimmingSpaces` and `isSpacesOnly` trim as Foundation's
/// `trimmingCharacters(in: .whitespaces)` does, and `ContactType.inferred` reads names with them.
@Suite struct SpaceTrimmingTests {
  static let texts = [
    "", " ", "\t", "Anna", " Anna", "Anna ", "\tAnna\t", "Anna\n", "\nAnna", "\r\n", "Zoë", " Zoë", "\u{00A0}Anna",
    "Anna\u{00A0}", "Anna\u{2003}", "\u{3000}王小明", "a\u{0301}", " \u{0301}a", "x", "José", " José", "José ",
    "é\u{0301}", "Łukasz Ż", "王\u{3000}", "王 ", "\tŽ", "ž\u{200B}", "\u{200B}", "\u{FEFF}", "\u{1680}x\u{205F}",
    "\u{2000}\u{2001}\u{2002}\u{2004}\u{2005}\u{2006}\u{2007}\u{2008}\u{2009}\u{200A}\u{202F}", "\u{0B}x\u{0C}",
    " \u{1F600} ", "a b", "\u{180E}x", "x\u{2060}", "\u{200B}a\u{200B}", " a\u{3000}b ",
  ]

  @Test("trimmingSpaces and isSpacesOnly agree with trimmingCharacters(in: .whitespaces)")
  func sameAsFoundation() {
    for text in Self.texts {
      let foundation = text.trimmingCharacters(in: .whitespaces)
      #expect(text.trimmingSpaces == foundation, "\(text.debugDescription)")
      #expect(Array(text.trimmingSpaces.unicodeScalars) == Array(foundation.unicodeScalars), "\(text.debugDescription)")
      #expect(text.isSpacesOnly == foundation.isEmpty, "\(text.debugDescription)")
    }
  }

  @Test("collapsingWhitespace gives the words joined by one space, as a split at Character.isWhitespace does")
  func collapsing() {
    let more = ["Ada  Lovelace", "Ada Lovelace", "Ada\tLovelace", "Ada\u{0085}L", "Ada \u{0301}L", "  ", "Ada\u{2028}L", "Vũ Văn"]
    for text in Self.texts + more {
      let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(Array(text.collapsingWhitespace.unicodeScalars) == Array(words.unicodeScalars), "\(text.debugDescription)")
    }
    // A space with a combining mark on it is a white-space character: it goes, mark and all.
    #expect("Ada \u{0301}L".collapsingWhitespace == "Ada L")
    // Every white-space character of Unicode, between words and at either end.
    for value in UInt32(0)..<0x3_0000 {
      guard let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else { continue }
      let space = String(Character(scalar))
      #expect(("a" + space + "b").collapsingWhitespace == "a b", "U+\(String(value, radix: 16))")
      #expect((space + "Zoë" + space).collapsingWhitespace == "Zoë", "U+\(String(value, radix: 16))")
    }
    #expect("Ørsted Zoë".collapsingWhitespace == "Ørsted Zoë")
  }

  @Test("String.isWhitespace(_:) is Unicode's White_Space for every scalar of the first planes")
  func whitespaceScalars() {
    for value in UInt32(0)..<0x3_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(String.isWhitespace(scalar) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
    }
  }

  @Test("a card naming only an organization is one; a name part or another name makes a person")
  func inferredType() {
    func contact(given: String = "", family: String = "", middle: String = "", fn: String = "", org: String = "")
      -> Contact
    {
      var contact = TestContacts.person(given, family, org: org, fn: fn)
      contact.middleName = middle
      return contact
    }
    #expect(ContactType.inferred(for: contact(org: "Acme")) == .organization)
    #expect(ContactType.inferred(for: contact(fn: " Acme\u{3000}", org: "\tAcme ")) == .organization)
    #expect(ContactType.inferred(for: contact(given: " ", family: "\u{00A0}", fn: "Acme", org: "Acme")) == .organization)
    #expect(ContactType.inferred(for: contact(fn: "Anna Berg", org: "Acme")) == .person)
    #expect(ContactType.inferred(for: contact(family: "Berg", org: "Acme")) == .person)
    #expect(ContactType.inferred(for: contact(middle: "M", fn: "Acme", org: "Acme")) == .person)
    #expect(ContactType.inferred(for: contact(fn: "Acme", org: " \t")) == .person)
    #expect(ContactType.inferred(for: contact()) == .person)
  }
}
