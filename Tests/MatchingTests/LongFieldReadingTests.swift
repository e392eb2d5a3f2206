import ContactKit
import CpickTestSupport
import Testing

@testable import Matching

/// A field longer than any name (`IndexBuilder.readingBytes`): found in its own
/// letters whole, by its Latin reading only as far as its beginning.
@Suite struct LongFieldReadingTests {
  @Test("a 3,000-word Cyrillic name: its first word by reading, its last in its letters, not its last by reading")
  func readingsOfTheBeginning() {
    let words = (0..<3_000).map { "Слово\($0)" }
    let long = TestContacts.person("Дмитрий", words.joined(separator: " ") + " Щукин")
    let other = TestContacts.person("Anna", "Fischer")
    let people = [long, other]
    let index = ContactIndex(people)
    let name = long.displayName
    #expect(orderedNames(index.search("dmitrij"), in: people) == [name])
    #expect(orderedNames(index.search("slovo1"), in: people) == [name])
    #expect(orderedNames(index.search("Щукин"), in: people) == [name])
    #expect(orderedNames(index.search("Слово2999"), in: people) == [name])
    // Past the beginning, no reading: `sukin` is the Latin reading of the last word.
    #expect(orderedNames(index.search("sukin"), in: people).isEmpty)
    #expect(orderedNames(index.search("fischer"), in: people) == ["Anna Fischer"])
  }

  @Test("the beginning ends at its last space past half the bytes, else at a character's end")
  func beginning() {
    let words = String(repeating: "Жук ", count: 400)
    let cut = IndexBuilder.beginning(of: words)
    #expect(cut.utf8.count <= IndexBuilder.readingBytes)
    #expect(cut.utf8.count > IndexBuilder.readingBytes - 8)
    #expect(!cut.hasSuffix(" ") && cut.hasSuffix("Жук"))
    let letters = String(repeating: "Ж", count: 600)
    #expect(IndexBuilder.beginning(of: letters) == String(repeating: "Ж", count: 512))
    let accents = String(repeating: "e\u{301}", count: 400)
    #expect(IndexBuilder.beginning(of: accents) == String(repeating: "e\u{301}", count: 341))
  }
}
