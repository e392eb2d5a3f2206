import ContactKit
import Testing

@testable import ContactFormats

@Suite("Mailboxes and templates")
struct MailboxTests {
  @Test(
    "a display name is quoted only when it holds specials, with quotes and backslashes escaped",
    arguments: [
      ("Ada Lovelace", "ada@example.org", "Ada Lovelace <ada@example.org>"),
      ("Lovelace, Ada", "ada@example.org", "\"Lovelace, Ada\" <ada@example.org>"),
      ("Ada \"Countess\" Lovelace", "ada@example.org", "\"Ada \\\"Countess\\\" Lovelace\" <ada@example.org>"),
      ("Back\\slash", "b@example.org", "\"Back\\\\slash\" <b@example.org>"),
      ("Ada (work)", "ada@work.example", "\"Ada (work)\" <ada@work.example>"),
      ("Dr. Eleanor Vance, PhD", "e@example.org", "\"Dr. Eleanor Vance, PhD\" <e@example.org>"),
      ("José Álvarez", "jose@example.com", "José Álvarez <jose@example.com>"),
      ("王小明", "xm@example.cn", "王小明 <xm@example.cn>"),
      ("", "nobody@example.org", "nobody@example.org"),
      ("  ", "nobody@example.org", "nobody@example.org"),
      ("Only Name", "", "Only Name"),
      ("Evil\u{1B}]0;x\u{07}Name", "e@example.org", "\"Evil ]0;x Name\" <e@example.org>"),
      // What would read as an RFC 2047 encoded-word (shown as `x Enc`) is quoted.
      ("=?utf-8?q?x?= Enc", "m@x.example", "\"=?utf-8?q?x?= Enc\" <m@x.example>"),
      ("a=b", "m@x.example", "a=b <m@x.example>"),
      // Blanks in an address go, but inside a quoted local part, another address.
      ("Q Addr", "\"john smith\"@x.example", "Q Addr <\"john smith\"@x.example>"),
      ("Q Addr", "\"a\\\" b\" c@x.example", "Q Addr <\"a\\\" b\"c@x.example>"),
      ("Ada", "ada @ example.org", "Ada <ada@example.org>"),
    ])
  func quoting(name: String, address: String, expected: String) {
    #expect(Mailbox.string(name: name, address: address) == expected)
  }

  @Test(
    "an EMAIL value holding a whole mailbox, a mailto: URI or several addresses gives its addresses",
    arguments: [
      ("ada@example.org", ["ada@example.org"]),
      ("  ada@example.org ", ["ada@example.org"]),
      ("\"Multi M\" <mm@example.com>", ["mm@example.com"]),
      ("Multi M <mm@example.com>", ["mm@example.com"]),
      ("<mm@example.com>", ["mm@example.com"]),
      ("mailto:ada@example.org", ["ada@example.org"]),
      ("MAILTO:ada@example.org", ["ada@example.org"]),
      ("mm2@example.com, other@example.com", ["mm2@example.com", "other@example.com"]),
      ("a@example.org;b@example.org", ["a@example.org", "b@example.org"]),
      ("\"Doe, John\" <j@example.org>", ["j@example.org"]),
      ("\"Doe, John\" <j@example.org>, \"Roe; R\" <r@example.org>", ["j@example.org", "r@example.org"]),
      ("\"Back\\\" , slash\" <b@example.org>", ["b@example.org"]),
      ("not an address, really", ["not an address, really"]),
      ("", []),
      ("   ", []),
    ])
  func addressesInEmailValue(value: String, expected: [String]) {
    #expect(Mailbox.addresses(inEmailValue: value) == expected)
    #expect(Mailbox.addressesRead(inEmailValue: value) == expected)
  }

  @Test("a plain address is told by its bytes as the character-by-character reading tells it; any other value is left to that reading")
  func plainAddressesAsRead() {
    var values = [
      "ada@example.org", "@", "@@", "a", "a b@example.org", "ada@example.org ", " ada@example.org", "mailto:a@b",
      "MaIlTo:a@b", "mailto", "mailt:a@b", "xmailto:a@b", "a@b,c@d", "a@b;c@d", "<a@b>", "a>b@c", "\"a\"@b", "a\\b@c",
      "a\tb@c", "a\u{7F}@b", "é@example.org", "a\u{200B}@b", "(comment)a@b", "[a]@b", "a.b+tag@sub.example.co.uk",
      "\u{FEFF}ada@example.org", "ada@example.org\u{AD}", "",
    ]
    // Every printable ASCII byte, alone, between letters, and at either end of an address.
    for byte in UInt8(0x20)...0x7E {
      let character = String(UnicodeScalar(byte))
      values += [character, "a\(character)b@c", "\(character)a@b", "a@b\(character)"]
    }
    var plain = 0
    for value in values {
      guard let fast = Mailbox.plainAddresses(value) else { continue }
      plain += 1
      #expect(fast == Mailbox.addressesRead(inEmailValue: value), "\(value.debugDescription)")
    }
    // Those told by their bytes: most of them (not those with a blank at an end, `<`,
    // `>`, `,`, `;`, `"`, `\\`, `(` (a comment), a control or a byte from 0x80, nor a
    // `mailto:`).
    #expect(plain == 359)
    #expect(Mailbox.plainAddresses("ada@example.org") == ["ada@example.org"])
    #expect(Mailbox.plainAddresses("@@") == [])
    #expect(Mailbox.plainAddresses("mailto:a@b") == nil)
    #expect(Mailbox.plainAddresses("é@example.org") == nil)
  }

  @Test("a mailbox, a mutt line and an aerc line use the addresses of such a value, one each")
  func mailboxOfOddEmailValues() {
    var multi = Contact(identifier: "m", source: "t")
    multi.givenName = "Multi"
    multi.familyName = "Mail"
    multi.emailAddresses = [
      LabeledValue(identifier: "e1", label: "home", value: "\"Multi M\" <mm@example.com>"),
      LabeledValue(identifier: "e2", label: "work", value: "mm2@example.com, other@example.com"),
    ]
    let properties = multi.properties(for: .emailAddresses)
    #expect(OutputTemplate("{mailbox}").render(properties[0]) == "Multi Mail <mm@example.com>")
    #expect(
      OutputTemplate("{mailbox}").render(properties[1])
        == "Multi Mail <mm2@example.com>, Multi Mail <other@example.com>")
    #expect(
      MailClientFormat.mutt([multi], query: "multi").dropFirst() == [
        "mm@example.com\tMulti Mail\thome", "mm2@example.com\tMulti Mail\twork", "other@example.com\tMulti Mail\twork",
      ])
    #expect(
      MailClientFormat.aerc([multi]) == [
        "mm@example.com\tMulti Mail", "mm2@example.com\tMulti Mail", "other@example.com\tMulti Mail",
      ])
    // `{email}` (and `-f value`, a TSV column: `Mailbox.address(inEmailValue:)`) is the
    // address, so that the README's `{displayName} <{email}>` is a mailbox.
    #expect(OutputTemplate("{displayName} <{email}>").render(properties[0]) == "Multi Mail <mm@example.com>")
    #expect(Mailbox.address(inEmailValue: "mm2@example.com, other@example.com") == "mm2@example.com, other@example.com")
    #expect(Mailbox.address(inEmailValue: "<ang@x.example>") == "ang@x.example")
    #expect(Mailbox.address(inEmailValue: "not an address") == "not an address")
  }

  @Test("a card that lists one address twice, or in capitals, completes to it once in mutt and aerc, with the first one's label (case 32's kind)")
  func repeatedAddressOnce() {
    var twice = Contact(identifier: "t", source: "t")
    twice.givenName = "Org"
    twice.familyName = "Nl"
    twice.emailAddresses = [
      LabeledValue(identifier: "e1", label: "home", value: "o@x.example"),
      LabeledValue(identifier: "e2", label: "other", value: "o@x.example"),
      LabeledValue(identifier: "e3", label: "work", value: "O@X.EXAMPLE"),
      LabeledValue(identifier: "e4", label: "work", value: "p@x.example, o@x.example"),
    ]
    var other = Contact(identifier: "u", source: "t")
    other.givenName = "Shared"
    other.emailAddresses = [LabeledValue(identifier: "e1", label: nil, value: "o@x.example")]
    #expect(
      MailClientFormat.mutt([twice, other], query: "o")
        == [
          "cpick: 3 matches for \"o\"", "o@x.example\tOrg Nl\thome", "p@x.example\tOrg Nl\twork",
          "o@x.example\tShared\t-",
        ])
    #expect(MailClientFormat.aerc([twice, other]) == ["o@x.example\tOrg Nl", "p@x.example\tOrg Nl", "o@x.example\tShared"])
  }

  @Test("a person's address typed in full, or begun, is their first completion in mutt and aerc, before the one listed first (case 33's kind)")
  func typedAddressFirst() {
    var valentina = Contact(identifier: "v", source: "t")
    valentina.givenName = "Valentina"
    valentina.familyName = "Orsk"
    valentina.emailAddresses = [
      LabeledValue(identifier: "e1", label: "work", value: "v.orsk@ironleaf.example"),
      LabeledValue(identifier: "e2", label: "home", value: "valentina@orsk.example"),
      LabeledValue(identifier: "e3", label: "other", value: "vo@orsk.example"),
    ]
    #expect(
      MailClientFormat.aerc([valentina], query: "Valentina@Orsk.example ")
        == ["valentina@orsk.example\tValentina Orsk", "v.orsk@ironleaf.example\tValentina Orsk", "vo@orsk.example\tValentina Orsk"])
    #expect(
      MailClientFormat.mutt([valentina], query: "valentina@orsk").dropFirst()
        == ["valentina@orsk.example\tValentina Orsk\thome", "v.orsk@ironleaf.example\tValentina Orsk\twork",
          "vo@orsk.example\tValentina Orsk\tother"])
    // Part of one address with its @: that one first; a name or a word typed: the card's order.
    #expect(MailClientFormat.aerc([valentina], query: "na@orsk").first == "valentina@orsk.example\tValentina Orsk")
    #expect(MailClientFormat.aerc([valentina], query: "valentina").first == "v.orsk@ironleaf.example\tValentina Orsk")
    #expect(MailClientFormat.aerc([valentina], query: "orsk.example").first == "v.orsk@ironleaf.example\tValentina Orsk")
    // A value in mailbox form is ranked by its address.
    var named = valentina
    named.emailAddresses[1] = LabeledValue(identifier: "e2", label: "home", value: "\"V. Orsk\" <valentina@orsk.example>")
    #expect(MailClientFormat.aerc([named], query: "valentina@orsk.example").first?.hasPrefix("valentina@orsk.example\t") == true)
  }

  @Test("an RFC 5322 comment beside an address is no part of it; one left open keeps the value as written")
  func addressComments() {
    #expect(Mailbox.addresses(inEmailValue: "disp2@x.example (Comment Guy)") == ["disp2@x.example"])
    #expect(Mailbox.addresses(inEmailValue: "(Work) ann@x.example") == ["ann@x.example"])
    #expect(Mailbox.addresses(inEmailValue: "ann@x.example (a (nested) one)") == ["ann@x.example"])
    #expect(Mailbox.addresses(inEmailValue: "\"Ann (Work)\" <ann@x.example>") == ["ann@x.example"])
    #expect(Mailbox.addresses(inEmailValue: "ann@x.example (open") == ["ann@x.example (open"])
  }

  @Test("invisible characters never reach a mailbox, a mutt or an aerc line; a name keeps the joiners of its emoji")
  func invisiblesRemoved() {
    #expect(
      Mailbox.string(name: "Ada\u{200B} Lovelace 👩‍💻", address: "ada@exa\u{200B}mple.\u{FEFF}org\u{200D}")
        == "Ada Lovelace 👩‍💻 <ada@example.org>")
    #expect(Mailbox.string(name: "نامه‌ها", address: "n@example.org") == "نامه‌ها <n@example.org>")
    // What is removed between two spaces leaves one.
    #expect(Mailbox.string(name: "Tag \u{E0041}\u{E0042} Test", address: "t@example.org") == "Tag Test <t@example.org>")
    #expect(Mailbox.string(name: "Two  Spaces \u{200B}x", address: "t@example.org") == "Two  Spaces x <t@example.org>")
    // Bidi controls are invisible characters too: removed, as the warning says, not made
    // spaces (a helper found `Bidi  isolate   mark`); other controls are spaces.
    #expect(Mailbox.string(name: "Bidi \u{2066}isolate\u{2069} \u{200F}mark", address: "b@x.example") == "Bidi isolate mark <b@x.example>")
    #expect(Mailbox.string(name: "RLO evil\u{202E}TXT.exe", address: "a@x.example") == "\"RLO evilTXT.exe\" <a@x.example>")
    #expect(Mailbox.string(name: "Tab\tName", address: "a@x\u{202E}.example") == "Tab Name <a@x.example>")
    #expect(Mailbox.addresses(inEmailValue: "\u{2060}ada@example.org, b\u{AD}@example.org") == ["ada@example.org", "b@example.org"])
    var ada = Contact(identifier: "a", source: "t")
    ada.givenName = "A\u{200C}da"
    ada.familyName = "Lovelace"
    ada.emailAddresses = [LabeledValue(identifier: "e1", label: "home", value: "ada@exa\u{200B}mple.org")]
    #expect(MailClientFormat.mutt([ada], query: "ada").dropFirst() == ["ada@example.org\tAda Lovelace\thome"])
    #expect(MailClientFormat.aerc([ada]) == ["ada@example.org\tAda Lovelace"])
    #expect(OutputTemplate("{email}").render(ada) == "ada@example.org")
  }

  @Test("mutt and aerc lines name people in --name-order, as mailbox does")
  func mailClientNameOrder() {
    var ada = Contact(identifier: "a", source: "s")
    ada.givenName = "Adaeze"
    ada.familyName = "Okonkwo"
    ada.emailAddresses = [LabeledValue(identifier: "e1", label: nil, value: "adaeze@example.org")]
    var kim = Contact(identifier: "k", source: "s")
    kim.givenName = "민준"
    kim.familyName = "김"
    kim.emailAddresses = [LabeledValue(identifier: "e1", label: nil, value: "minjun@example.org")]
    #expect(Mailbox.string(for: ada, address: "adaeze@example.org", order: .familyFirst) == "Okonkwo Adaeze <adaeze@example.org>")
    #expect(MailClientFormat.mutt([ada], query: "a", order: .familyFirst).dropFirst() == ["adaeze@example.org\tOkonkwo Adaeze\t-"])
    #expect(MailClientFormat.aerc([ada], order: .familyFirst) == ["adaeze@example.org\tOkonkwo Adaeze"])
    #expect(MailClientFormat.muttEntries([kim], order: .givenFirst) == ["minjun@example.org\t민준 김\t-"])
    #expect(MailClientFormat.aerc([kim]) == ["minjun@example.org\t김민준"])
    // A label and an organization of invisible characters alone leave the comment `-`, never empty.
    var blank = ada
    blank.organizationName = "\u{200B}"
    blank.emailAddresses = [LabeledValue(identifier: "e1", label: "\u{FEFF}", value: "adaeze@example.org")]
    #expect(MailClientFormat.muttEntries([blank]) == ["adaeze@example.org\tAdaeze Okonkwo\t-"])
  }

  @Test("an address of nothing but invisible characters around an @ is no address: no mailbox, mutt or aerc line")
  func invisibleOnlyAddress() {
    #expect(Mailbox.addresses(inEmailValue: "\u{200B}@\u{FEFF}") == [])
    #expect(Mailbox.addresses(inEmailValue: "@") == [])
    #expect(Mailbox.addresses(inEmailValue: "\u{200B}@\u{200B}, ada@example.org") == ["ada@example.org"])
    #expect(Mailbox.addresses(inEmailValue: "ada") == ["ada"], "a local name is still an address")
    var ivy = Contact(identifier: "i", source: "t")
    ivy.givenName = "Ivy"
    ivy.emailAddresses = [LabeledValue(identifier: "e1", label: "home", value: "\u{200B}@\u{FEFF}")]
    #expect(Mailbox.string(for: ivy, address: "\u{200B}@\u{FEFF}") == "")
    #expect(MailClientFormat.mutt([ivy], query: "ivy").dropFirst().isEmpty)
    #expect(MailClientFormat.aerc([ivy]).isEmpty)
    #expect(Mailbox.mailboxEmail(of: ivy) == nil)
    ivy.emailAddresses.append(LabeledValue(identifier: "e2", label: "work", value: "ivy@example.org"))
    #expect(Mailbox.mailboxEmail(of: ivy) == "ivy@example.org", "the first email that holds an address")
    #expect(OutputTemplate("{mailbox}").render(ivy) == "Ivy <ivy@example.org>")
  }

  @Test("a template fills person and property fields; unknown fields are empty; {{ }} are braces")
  func template() {
    var ada = Contact(identifier: "ada", source: "t")
    ada.givenName = "Ada"
    ada.familyName = "Lovelace"
    ada.emailAddresses = [LabeledValue(identifier: "e1", label: "work", value: "ada@work.example")]
    ada.phoneNumbers = [LabeledValue(identifier: "p1", label: "mobile", value: "+44 20 7946 0000")]
    let template = OutputTemplate("{{{displayName}}} <{email}> {phone} {nope}|{givenName}")
    #expect(template.render(ada) == "{Ada Lovelace} <ada@work.example> +44 20 7946 0000 |Ada")
    let property = ada.properties(for: .emailAddresses)[0]
    #expect(OutputTemplate("{label}:{value}:{key}:{identifier}").render(property) == "work:ada@work.example:emailAddresses:e1")
    #expect(OutputTemplate("{mailbox}").render(property) == "Ada Lovelace <ada@work.example>")
  }

  @Test("a template field no contact has is found, with the nearest name; known and escaped fields are not")
  func unknownTemplateFields() {
    #expect(OutputTemplate("{displayName} <{emial}>").unknownField() == "unknown field {emial} (did you mean {email}?)")
    #expect(OutputTemplate("{givenNmae}").unknownField() == "unknown field {givenNmae} (did you mean {givenName}?)")
    #expect(OutputTemplate("{zzzzzz}").unknownField() == "unknown field {zzzzzz}")
    for known in [
      "{displayName} <{email}>", "{{literal}} {mailbox}", "{value}:{label}:{key}:{identifier}", "{jobTitle}\\t{phone}",
      "{note}{birthday}{phoneticFamilyName}", "no fields at all", "{ unclosed",
    ] {
      #expect(OutputTemplate(known).unknownField() == nil, "\(known)")
    }
  }

  @Test("plain text for line formats turns controls, tabs and bidi overrides into spaces")
  func plain() {
    #expect(PlainText.line("a\tb\nc\u{202E}d\u{85}e") == "a b c d e")
    #expect(PlainText.line("Zoë 王 ❤️") == "Zoë 王 ❤️")
  }

  @Test("every scalar to U+FFFF and past it is made safe as the list of unsafe characters says, alone and among others")
  func plainEveryScalar() {
    /// The characters a line must not hold, by scalar (`PlainText.line`'s list).
    func isUnsafe(_ v: UInt32) -> Bool {
      v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        || [0x2028, 0x2029, 0x200E, 0x200F, 0x061C].contains(v)
    }
    var unsafeFound = 0
    for value in UInt32(0)...0x1_0100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let alone = String(Character(scalar))
      let expected = isUnsafe(value) ? " " : alone
      if isUnsafe(value) { unsafeFound += 1 }
      #expect(PlainText.line(alone) == expected, "U+\(String(value, radix: 16))")
      #expect(PlainText.line("é" + alone + "x\u{2029}") == "é" + expected + "x ", "U+\(String(value, radix: 16)) among others")
    }
    // 32 C0, DEL and 32 C1, 5 embeddings and overrides, 4 isolates, 2 separators, 3 marks.
    #expect(unsafeFound == 79)
    #expect(PlainText.line("\u{2066}\u{2067}\u{2068}\u{2069}\u{061C}\u{200E}\u{200F}\u{7F}") == String(repeating: " ", count: 8))
    // Bytes that begin an unsafe scalar's encoding, in safe ones: U+20AC (E2 82 AC), U+2030 (E2 80 B0), U+0600 (D8 80).
    #expect(PlainText.line("€‰\u{0600}¡") == "€‰\u{0600}¡")
  }
}

@Suite("Template escapes")
struct TemplateEscapeTests {
  @Test("\\t, \\n and \\\\ in a template are a tab, a line break and a backslash")
  func escapes() {
    var ada = Contact(identifier: "ada", source: "t")
    ada.givenName = "Ada"
    ada.familyName = "Lovelace"
    #expect(OutputTemplate("{givenName}\\t{familyName}\\n\\\\x").render(ada) == "Ada\tLovelace\n\\x")
  }
}

@Suite("Mailboxes of cards without a name")
struct NamelessMailboxTests {
  @Test("a card named only by its address gives the bare address, not the address quoted as a name")
  func bareAddress() {
    var card = Contact(identifier: "x", source: "t")
    card.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "john.doe@company.com")]
    #expect(Mailbox.string(for: card, address: "john.doe@company.com") == "john.doe@company.com")
    card.givenName = "John"
    #expect(Mailbox.string(for: card, address: "john.doe@company.com") == "John <john.doe@company.com>")
  }

  @Test("an address with a control character in it is no address, not completed with a blank in its place")
  func controlCharacterAddress() {
    #expect(Mailbox.addresses(inEmailValue: "ev\u{1B}[2Jil@x.example").isEmpty)
    #expect(Mailbox.addresses(inEmailValue: "tove\u{85}lind@x.example").isEmpty)
    #expect(Mailbox.addresses(inEmailValue: "tove.lind@x.example") == ["tove.lind@x.example"])
  }
}
