import ContactKit
import Testing

@testable import AddressBook

/// A large abook book is read part by part as a large `.vcf` file is
/// (`ReadOnlyFormat.read(_:source:inPartsOf:_:)`): the list, its warnings and the row
/// stored in the index are what reading it whole gives.
@Suite struct AbookInPartsTests {
  /// `count` sections after abook's `[format]`, some with a broken line.
  static func book(count: Int) -> String {
    var text = "# abook addressbook file\n\n[format]\nprogram=abook\nversion=0.6.1\n\n"
    for index in 0..<count {
      let given = ["Ada", "Zoë", "小明", "José", "Grace"][index % 5]
      text += "[\(index)]\nname=\(given) Family\(index % 17)\nemail=p\(index)@example.org\nmobile=+49 170 555 \(1000 + index)\n"
      if index % 40 == 7 { text += "a broken line\n" }
      text += "\n"
    }
    return text
  }

  @Test("an abook book read in parts gives the list, warnings and index row of the whole read")
  func partsGiveTheWhole() throws {
    let sandbox = try PartReadingTests.Sandbox()
    try sandbox.write("addressbook", Self.book(count: 240))
    let path = sandbox.path("addressbook")
    let (whole, parts) = try PartReadingTests.partsAndWhole(
      path, in: sandbox, partSize: 700, count: 240, queries: ["ada", "zoe", "xiao", "0170 555 1", "email:p1"])
    #expect(parts.book.warnings.count == 6)
    #expect(parts.rows.map(\.payload) == whole.rows.map(\.payload))
    #expect(parts.cards == whole.cards)
  }
}
