import ContactKit
import Foundation
import Testing

@testable import ContactFormats

@Suite("Message addresses: header lines, encoded words, names")
struct MessageAddressTests {
  /// One header line, and the mailboxes it holds: display name, address, and the
  /// name parts the display name splits into (given, middle, family).
  struct Case: Sendable, CustomTestStringConvertible {
    var line: String
    var expected: [(name: String, address: String, given: String, middle: String, family: String)]
    var testDescription: String { line }
  }

  static let cases: [Case] = [
    Case(line: "From: Ada Lovelace <ada@example.org>",
         expected: [("Ada Lovelace", "ada@example.org", "Ada", "", "Lovelace")]),
    Case(line: "From: \"Lovelace, Ada\" <ada@example.org>",
         expected: [("Lovelace, Ada", "ada@example.org", "Ada", "", "Lovelace")]),
    Case(line: "From: ada@example.org (Ada Lovelace)",
         expected: [("Ada Lovelace", "ada@example.org", "Ada", "", "Lovelace")]),
    Case(line: "From: ada@example.org",
         expected: [("", "ada@example.org", "", "", "")]),
    Case(line: "From: <ada@example.org>",
         expected: [("", "ada@example.org", "", "", "")]),
    Case(line: "From: =?UTF-8?B?Sm9zw6kgw4FsdmFyZXo=?= <jose.alvarez@example.com>",
         expected: [("José Álvarez", "jose.alvarez@example.com", "José", "", "Álvarez")]),
    Case(line: "From: =?ISO-8859-1?Q?J=F6rg_M=FCller?= <joerg@mueller.example>",
         expected: [("Jörg Müller", "joerg@mueller.example", "Jörg", "", "Müller")]),
    Case(line: "From: =?iso-8859-1?q?Fran=E7ois?= =?iso-8859-1?q?_Lef=E8vre?= <f.lefevre@example.fr>",
         expected: [("François Lefèvre", "f.lefevre@example.fr", "François", "", "Lefèvre")]),
    // "王小明" in UTF-8 split inside its second character across two B words.
    Case(line: "From: =?UTF-8?B?546L5bCP?= =?UTF-8?B?5piO?= <xiaoming@example.cn>",
         expected: [("王小明", "xiaoming@example.cn", "小明", "", "王")]),
    Case(line: "From: =?UTF-8?B?546L5bA=?= =?UTF-8?B?j+aYjg==?= <xiaoming@example.cn>",
         expected: [("王小明", "xiaoming@example.cn", "小明", "", "王")]),
    Case(line: "From: =?utf-8?Q?Lovelace,_Ada?= <ada@example.org>",
         expected: [("Lovelace, Ada", "ada@example.org", "Ada", "", "Lovelace")]),
    Case(line: "From: =?ISO-2022-JP?B?GyRCOjRGIzJWO1IbKEI=?= <hanako.sato@example.jp>",
         expected: [("佐藤花子", "hanako.sato@example.jp", "花子", "", "佐藤")]),
    Case(line: "From: =?KOI8-R?B?7MXXIPTPzNPUz8o=?= <tolstoy@example.ru>",
         expected: [("Лев Толстой", "tolstoy@example.ru", "Лев", "", "Толстой")]),
    Case(line: "From: \"Ada \\\"Countess\\\" Lovelace\" <ada@example.org>",
         expected: [("Ada \"Countess\" Lovelace", "ada@example.org", "Ada", "", "Lovelace")]),
    Case(line: "From: \"O\\'Brien, Conan\" <conan@example.ie>",
         expected: [("O'Brien, Conan", "conan@example.ie", "Conan", "", "O'Brien")]),
    Case(line: "From: Ada King Lovelace <ada@example.org>",
         expected: [("Ada King Lovelace", "ada@example.org", "Ada", "King", "Lovelace")]),
    Case(line: "From: Grace B. Hopper <grace@navy.example>",
         expected: [("Grace B. Hopper", "grace@navy.example", "Grace", "B.", "Hopper")]),
    Case(line: "To: Ada Lovelace <ada@example.org>, \"Babbage, Charles\" <charles@engines.example>, alan@bletchley.example",
         expected: [("Ada Lovelace", "ada@example.org", "Ada", "", "Lovelace"),
                    ("Babbage, Charles", "charles@engines.example", "Charles", "", "Babbage"),
                    ("", "alan@bletchley.example", "", "", "")]),
    Case(line: "To: Engines: Ada Lovelace <ada@example.org>, charles@engines.example;, grace@navy.example",
         expected: [("Ada Lovelace", "ada@example.org", "Ada", "", "Lovelace"),
                    ("", "charles@engines.example", "", "", ""),
                    ("", "grace@navy.example", "", "", "")]),
    Case(line: "To: undisclosed-recipients:;", expected: []),
    Case(line: "From: Jörg Müller <jörg@bücher.example>",
         expected: [("Jörg Müller", "jörg@bücher.example", "Jörg", "", "Müller")]),
    Case(line: "From: Joerg Mueller <joerg@xn--bcher-kva.example>",
         expected: [("Joerg Mueller", "joerg@xn--bcher-kva.example", "Joerg", "", "Mueller")]),
    Case(line: "From: Pete(A nice \\) chap) <pete(his account)@silly.test(his host)>",
         expected: [("Pete", "pete@silly.test", "Pete", "", "")]),
    Case(line: "From: \"ada.lovelace\"@example.org",
         expected: [("", "\"ada.lovelace\"@example.org", "", "", "")]),
    Case(line: "From: Ada Lovelace <@relay.example:ada@example.org>",
         expected: [("Ada Lovelace", "ada@example.org", "Ada", "", "Lovelace")]),
    Case(line: "From: ada@[192.0.2.1]",
         expected: [("", "ada@[192.0.2.1]", "", "", "")]),
    Case(line: "From: Ada Lovelace ada@example.org",
         expected: [("Ada Lovelace", "ada@example.org", "Ada", "", "Lovelace")]),
    Case(line: "From: 'Ada Lovelace' <ada@example.org>",
         expected: [("'Ada Lovelace'", "ada@example.org", "Ada", "", "Lovelace")]),
    Case(line: "From: \"=?UTF-8?Q?Zo=C3=AB_Lindqvist?=\" <zoe@example.se>",
         expected: [("Zoë Lindqvist", "zoe@example.se", "Zoë", "", "Lindqvist")]),
    Case(line: "From: LOVELACE Ada <ada@example.org>",
         expected: [("LOVELACE Ada", "ada@example.org", "Ada", "", "LOVELACE")]),
    Case(line: "From: Ludwig van Beethoven <ludwig@example.at>",
         expected: [("Ludwig van Beethoven", "ludwig@example.at", "Ludwig", "", "van Beethoven")]),
    // An address written as the name, unquoted: the one in angle brackets is the mailbox.
    Case(line: "From: b@a.example <a2@a.example>, Bob <b@a.example>",
         expected: [("b@a.example", "a2@a.example", "b@a.example", "", ""), ("Bob", "b@a.example", "Bob", "", "")]),
    Case(line: "From: Ada ada@example.org <ada@work.example>",
         expected: [("Ada ada@example.org", "ada@work.example", "Ada", "", "ada@example.org")]),
  ]

  @Test("a table of real-looking header lines gives the expected names, name parts and addresses", arguments: cases)
  func headerLine(_ testCase: Case) {
    let addresses = MessageAddressParser(fieldNames: ["From", "To"]).addresses(in: testCase.line + "\r\n\r\nbody\r\n")
    #expect(addresses.count == testCase.expected.count)
    for (address, expected) in zip(addresses, testCase.expected) {
      #expect(address.displayName == expected.name)
      #expect(address.address == expected.address)
      let contact = address.contact()
      #expect(contact.givenName == expected.given)
      #expect(contact.middleName == expected.middle)
      #expect(contact.familyName == expected.family)
      #expect(contact.emailAddresses.map(\.value) == [expected.address])
    }
  }

  @Test("folded headers are unfolded, fields are chosen by name in the order asked, duplicates are left out")
  func foldedAndChosenFields() {
    let message = """
      From ada@example.org Mon Dec 10 09:00:00 1842\r
      Received: from mail.example.org\r
      From: =?UTF-8?Q?Ada_Lovelace?=\r
       <ada@example.org>\r
      Reply-To: Analytical Engines\r
      \t<engines@example.org>, ADA@example.org (Countess)\r
      Sender: list-bounces@lists.example.org\r
      Subject: =?UTF-8?Q?Notes_on_the_?=\r
       =?UTF-8?Q?Analytical_Engine?=\r
      \r
      From: not-a-header@example.org\r

      """
    let headers = MessageHeaders(message: Array(message.utf8))
    #expect(headers.unstructured(named: "subject") == "Notes on the Analytical Engine")
    let from = MessageAddressParser().addresses(in: headers)
    #expect(from.map(\.address) == ["ada@example.org"])
    #expect(from.first?.displayName == "Ada Lovelace")
    #expect(from.first?.field == "From")
    let replyFirst = MessageAddressParser(fieldNames: ["Reply-To", "From", "Sender"]).addresses(in: headers)
    #expect(replyFirst.map(\.address) == ["engines@example.org", "ADA@example.org", "list-bounces@lists.example.org"])
    #expect(replyFirst.map(\.displayName) == ["Analytical Engines", "Countess", ""])
  }

  @Test("a message saved with a byte-order mark before its first header is read (case 05's kind)")
  func byteOrderMark() {
    let message = [0xEF, 0xBB, 0xBF] + Array("From: \"Bom Sender\" <bom@x.example>\r\nSubject: hi\r\n\r\nbody\r\n".utf8)
    let addresses = MessageAddressParser().addresses(in: message)
    #expect(addresses.map(\.address) == ["bom@x.example"])
    #expect(addresses.map(\.displayName) == ["Bom Sender"])
    // Saved twice by such a tool: two marks.
    let twice = [0xEF, 0xBB, 0xBF] + message
    #expect(MessageAddressParser().addresses(in: twice).map(\.address) == ["bom@x.example"])
  }

  @Test("a header in 8-bit Latin-1 without encoded words is read byte by byte")
  func latin1Bytes() {
    var bytes = Array("From: J".utf8)
    bytes += [0xF6]  // ö in ISO-8859-1
    bytes += Array("rg M\u{00}".utf8).dropLast()
    bytes += [0xFC]
    bytes += Array("ller <joerg@mueller.example>\n\n".utf8)
    let addresses = MessageAddressParser().addresses(in: bytes)
    #expect(addresses.map(\.displayName) == ["Jörg Müller"])
  }

  @Test("several mailboxes of one person make one contact: the first name found, every address once")
  func severalIntoOne() {
    let addresses = MessageAddressParser.parse(
      "countess@engines.example, \"Lovelace, Ada\" <ada@example.org>, COUNTESS@engines.example")
    let contact = MessageAddress.contact(for: addresses, emailLabel: "other")
    #expect(contact.givenName == "Ada")
    #expect(contact.familyName == "Lovelace")
    #expect(contact.emailAddresses.map(\.value) == ["countess@engines.example", "ada@example.org"])
    #expect(contact.emailAddresses.map(\.label) == ["other", "other"])
  }

  @Test("the unknown sender's card keeps the name as the message wrote it, its parts guessed beside it (case 16's kind)")
  func nameAsWritten() {
    let fn = { (header: String) in MessageAddressParser.parse(header)[0].contact().formattedName }
    #expect(fn("\"AWS Notifications\" <no-reply@aws.example>") == "AWS Notifications")
    #expect(fn("IBM  Helpdesk <help@ibm.example>") == "IBM Helpdesk")
    #expect(fn("=?utf-8?b?Tmd1eeG7hW4gVsSDbiBBbg==?= <an@x.example>") == "Nguyễn Văn An")
    #expect(fn("王小明 <x@x.example>") == "王小明")
    // The sorting form and a quoted nickname are composed from the parts, as shown.
    #expect(fn("\"Lovelace, Ada\" <ada@example.org>") == "")
    #expect(fn("\"Ada \\\"Countess\\\" Lovelace\" <ada@example.org>") == "")
    #expect(fn("ada@example.org") == "")
    let aws = MessageAddressParser.parse("\"AWS Notifications\" <no-reply@aws.example>")[0].contact()
    #expect(aws.displayName == "AWS Notifications")
  }

  @Test("a group keeps its name on its members")
  func groupName() {
    let addresses = MessageAddressParser.parse("Engines: Ada Lovelace <ada@example.org>, charles@engines.example;")
    #expect(addresses.map(\.group) == ["Engines", "Engines"])
  }

  @Test("60,000 adjacent encoded words are one name; a charset change or a plain word between them ends a run")
  func longRuns() {
    let words = Array(repeating: "=?utf-8?b?YWI=?=", count: 60_000).joined(separator: " ")
    let decoded = EncodedWord.decodeUnstructured(words)
    #expect(decoded.count == 120_000 && decoded.allSatisfy { $0 == "a" || $0 == "b" })
    #expect(
      EncodedWord.decodeUnstructured("=?utf-8?q?A?= =?utf-8?q?da?= =?iso-8859-1?q?_L=F6?= x =?utf-8?q?y?=") == "Ada Lö x y")
  }

  @Test("an unknown charset or a broken word is kept as written")
  func unknownCharset() {
    #expect(EncodedWord.decodeUnstructured("=?X-NO-SUCH?Q?Ada?= Lovelace") == "=?X-NO-SUCH?Q?Ada?= Lovelace")
    #expect(EncodedWord.decodeUnstructured("=?UTF-8?Q?Ada=ZZ?= Lovelace") == "=?UTF-8?Q?Ada=ZZ?= Lovelace")
    #expect(EncodedWord.decodeUnstructured("=?windows-1252?Q?=93Ada=94?=") == "“Ada”")
  }
}

@Suite("Name splitting")
struct MessageNameSplittingTests {
  @Test("Latin names: comma, order, middle names, titles, suffixes, particles, one word", arguments: [
    ("Lovelace, Ada", NameParts(givenName: "Ada", familyName: "Lovelace")),
    ("Ada Lovelace", NameParts(givenName: "Ada", familyName: "Lovelace")),
    ("Ada King Lovelace", NameParts(givenName: "Ada", middleName: "King", familyName: "Lovelace")),
    ("Lovelace, Ada King", NameParts(givenName: "Ada", middleName: "King", familyName: "Lovelace")),
    ("Dr. Grace Hopper", NameParts(namePrefix: "Dr.", givenName: "Grace", familyName: "Hopper")),
    ("Martin Luther King, Jr.", NameParts(givenName: "Martin", middleName: "Luther", familyName: "King", nameSuffix: "Jr.")),
    ("Charles Babbage III", NameParts(givenName: "Charles", familyName: "Babbage", nameSuffix: "III")),
    ("Vincent van Gogh", NameParts(givenName: "Vincent", familyName: "van Gogh")),
    ("Ada", NameParts(givenName: "Ada")),
    ("  Ada   Lovelace ", NameParts(givenName: "Ada", familyName: "Lovelace")),
    ("Ada \"Countess\" Lovelace", NameParts(givenName: "Ada", familyName: "Lovelace", nickname: "Countess")),
    ("MÜLLER Jörg", NameParts(givenName: "Jörg", familyName: "MÜLLER")),
    // Capitals told by the bytes of an ASCII word: two letters or more, none lower-case.
    ("LOVELACE Ada", NameParts(givenName: "Ada", familyName: "LOVELACE")),
    ("O'BRIEN-SMITH Sean", NameParts(givenName: "Sean", familyName: "O'BRIEN-SMITH")),
    ("A Lovelace", NameParts(givenName: "A", familyName: "Lovelace")),
    ("AdA Lovelace", NameParts(givenName: "AdA", familyName: "Lovelace")),
    ("ADA LOVELACE", NameParts(givenName: "ADA", familyName: "LOVELACE")),
    // Quotes around the whole name, straight and curly.
    ("'Ada Lovelace'", NameParts(givenName: "Ada", familyName: "Lovelace")),
    ("“Ada Lovelace”", NameParts(givenName: "Ada", familyName: "Lovelace")),
    ("Ada “Countess” Lovelace", NameParts(givenName: "Ada", familyName: "Lovelace", nickname: "Countess")),
    // A German doctorate's words after the title; a first name Nat is no such word.
    ("Prof. Dr. med. Anna Schmidt", NameParts(namePrefix: "Prof. Dr. med.", givenName: "Anna", familyName: "Schmidt")),
    ("Dr. rer. nat. Jan Berg", NameParts(namePrefix: "Dr. rer. nat.", givenName: "Jan", familyName: "Berg")),
    ("Nat King Cole", NameParts(givenName: "Nat", middleName: "King", familyName: "Cole")),
    // Vietnamese order, told by a family name with its diacritics.
    ("Nguyễn Văn An", NameParts(givenName: "An", middleName: "Văn", familyName: "Nguyễn")),
    ("Trần Thị Mai Anh", NameParts(givenName: "Anh", middleName: "Thị Mai", familyName: "Trần")),
    ("An Nguyen", NameParts(givenName: "An", familyName: "Nguyen")),
    ("NGUYỄN VĂN AN", NameParts(givenName: "AN", middleName: "VĂN", familyName: "NGUYỄN")),
    // A part in parentheses at the end is no part of the name; alone, it is the name.
    ("Ada Lovelace (Acme)", NameParts(givenName: "Ada", familyName: "Lovelace")),
    ("(Ada Lovelace)", NameParts(givenName: "(Ada", familyName: "Lovelace)")),
  ])
  func latin(_ name: String, _ parts: NameParts) {
    #expect(NameSplitter.split(name) == parts)
  }

  @Test("CJK names are split by their family name: compound and common surnames, else the first character", arguments: [
    ("王小明", "王", "小明"),
    ("欧阳娜娜", "欧阳", "娜娜"),
    ("司马光", "司马", "光"),
    ("诸葛亮", "诸葛", "亮"),
    ("佐藤花子", "佐藤", "花子"),
    ("佐々木希", "佐々木", "希"),
    ("長谷川京子", "長谷川", "京子"),
    ("田中さくら", "田中", "さくら"),
    ("김민준", "김", "민준"),
    ("남궁민", "남궁", "민"),
    ("佐藤 花子", "佐藤", "花子"),
    ("宮崎駿", "宮崎", "駿"),
    ("郭靖", "郭", "靖"),
    ("龔小明", "龔", "小明"),
    ("张伟 (Zhang Wei)", "张", "伟"),
    ("佐藤花子（Sato Hanako）", "佐藤", "花子"),
  ])
  func cjk(_ name: String, _ family: String, _ given: String) {
    let parts = NameSplitter.split(name)
    #expect(parts.familyName == family)
    #expect(parts.givenName == given)
  }

  @Test("a display name that is only the address again gives no name")
  func addressAsName() {
    let address = MessageAddress(displayName: "'ada@example.org'", address: "ada@example.org")
    let contact = address.contact(emailLabel: "other")
    #expect(contact.givenName.isEmpty && contact.familyName.isEmpty)
    #expect(contact.emailAddresses.map(\.label) == ["other"])
    #expect(contact.displayName == "ada@example.org")
  }
}
