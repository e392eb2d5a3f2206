import ContactKit
import Testing

@testable import AddressBook

/// A large abook book or LDIF file is read part by part as a large `.vcf` file is
/// (`ReadOnlyFormat.read(_:source:inPartsOf:_:)`): the list, its warnings and the row
/// stored in the index are what reading it whole gives.
@Suite struct ForeignBooksInPartsTests {
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

  /// `count` people of a directory dump, each managed by the next.
  static func dump(count: Int) -> String {
    var text = "version: 1\n\ndn: ou=people,dc=example,dc=org\nobjectClass: organizationalUnit\nou: people\n\n"
    for index in 0..<count {
      let given = ["Ada", "Zoë", "小明", "José", "Grace"][index % 5]
      text += "dn: uid=p\(index),ou=people,dc=example,dc=org\nobjectClass: inetOrgPerson\n"
      text += "cn: \(given) Family\(index % 17)\ngivenName: \(given)\nsn: Family\(index % 17)\n"
      text += "mail: p\(index)@example.org\nmobile: +49 170 555 \(1000 + index)\n"
      text += "manager: uid=p\((index + 1) % count),ou=people,dc=example,dc=org\n"
      if index % 40 == 7 { text += "description:: not base64!\n" }
      text += "\n"
    }
    return text
  }

  @Test(
    "an abook book or an LDIF file read in parts gives the list, warnings and index row of the whole read",
    arguments: [("addressbook", 700), ("people.ldif", 2_000)])
  func partsGiveTheWhole(name: String, partSize: Int) throws {
    let sandbox = try PartReadingTests.Sandbox()
    try sandbox.write(name, name.hasSuffix(".ldif") ? Self.dump(count: 240) : Self.book(count: 240))
    let (whole, parts) = try PartReadingTests.partsAndWhole(
      sandbox.path(name), in: sandbox, partSize: partSize, count: 240,
      queries: ["ada", "zoe", "xiao", "0170 555 1", "email:p1"])
    #expect(parts.book.warnings.count == 6)
    #expect(parts.rows.map(\.payload) == whole.rows.map(\.payload))
    #expect(parts.cards == whole.cards)
  }
}
