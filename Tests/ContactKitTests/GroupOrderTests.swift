@testable import ContactKit
import Foundation
import Testing

/// Groups are listed by name as `localizedStandardCompare` orders names, with a key
/// made once per name (a collator per comparison took a minute for 800,000 groups).
@Suite struct GroupOrderTests {
  @Test("the order of localizedStandardCompare: case, accents and width second, digits as numbers")
  func sameAsLocalizedStandardCompare() {
    let names = [
      "g10", "g2", "G1", "Álvaro", "alpha", "Beta", "béta", "beta", "zeta", "Zeta 2", "Zeta 10", "Ｗｏｒｋ", "work",
      "Work", "Friends", "friends 2", "Family", "100", "20", "a-b", "a b", "ab", "Ärzte", "Arzt",
    ]
    let expected = names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    let groups = names.enumerated().map { ContactGroup(name: $1, memberCount: $0) }
    #expect(ContactGroup.byName(groups).map(\.name) == expected)
    #expect(ContactGroup.byName(groups.reversed()).map(\.name) == expected)
  }

  @Test("an ASCII name's key (lower-cased without Foundation) is the one folding gives")
  func asciiKeys() {
    var generator = SystemRandomNumberGenerator()
    let bytes = Array(0x20...0x7E).map(UInt8.init)
    for _ in 0..<3_000 {
      let name = String(decoding: (0..<Int.random(in: 0...12, using: &generator)).map { _ in bytes.randomElement(using: &generator)! }, as: UTF8.self)
      let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      #expect(ContactGroup.sortKey(name) == Array(ContactGroup.sortKey(folded + "\u{E9}").dropLast(1)), "\(name)")
    }
  }
}
