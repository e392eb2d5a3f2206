import ContactKit
import Testing

@testable import AddressBook

/// A large abook book, LDIF file, mutt alias file or CSV export is read part by part as a large `.vcf` file is
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

  /// `count` mutt aliases, some defined again further on, some lines no alias.
  static func aliases(count: Int) -> String {
    var text = "# mutt aliases\n"
    for index in 0..<count {
      let given = ["Ada", "Zoë", "小明", "José", "Grace"][index % 5]
      text += "alias p\(index) \(given) Family\(index % 17) <p\(index)@example.org> # +49 170 555 \(1000 + index)\n"
      if index % 40 == 7 { text += "set sort=alias\nalias p\(index / 2) Again \(index) <again\(index)@example.org>\n" }
    }
    return text
  }

  /// A Google export of `count` people, some with a note over two lines, the same
  /// person now and then, and a row with cells missing.
  static func export(count: Int) -> String {
    var text = "Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,Notes\n"
    for index in 0..<count {
      let given = ["Ada", "Zoë", "小明", "José", "Grace"][index % 5]
      let name = index % 30 == 3 ? "Same Person" : "\(given) Family\(index % 17)"
      let email = index % 30 == 3 ? "same@example.org" : "p\(index)@example.org"
      text += "\(name),\(given),Family\(index % 17),* Home,\(email),Mobile,+49 170 555 \(1000 + index),\"line one,\nline \(index)\"\n"
      if index % 40 == 7 { text += "Broken \(index),Broken\n" }
    }
    return text
  }

  @Test(
    "an abook book, an LDIF file, a mutt alias file or a CSV export read in parts gives the list, warnings and index row of the whole read",
    arguments: [("addressbook", 700), ("people.ldif", 2_000), ("aliases", 600), ("people.csv", 900)])
  func partsGiveTheWhole(name: String, partSize: Int) throws {
    let sandbox = try PartReadingTests.Sandbox()
    let text =
      switch name {
      case "people.ldif": Self.dump(count: 240)
      case "aliases": Self.aliases(count: 240)
      case "people.csv": Self.export(count: 240)
      default: Self.book(count: 240)
      }
    try sandbox.write(name, text)
    let (whole, parts) = try PartReadingTests.partsAndWhole(
      sandbox.path(name), in: sandbox, partSize: partSize, count: name == "people.csv" ? 246 : 240,
      queries: ["ada", "zoe", "xiao", "0170 555 1", "email:p1"])
    // abook: a broken line; LDIF: a value not base64; mutt: a line no alias and an
    // alias defined again; CSV: a row of two cells (a contact still).
    #expect(parts.book.warnings.count == (name == "aliases" ? 12 : 6))
    #expect(parts.rows.map(\.payload) == whole.rows.map(\.payload))
    #expect(parts.cards == whole.cards)
  }
}
