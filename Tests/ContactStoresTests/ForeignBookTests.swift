import ContactKit
import CpickTestSupport
import Foundation
import CpickSupport
import Testing

@testable import ContactStores

/// Books of other programs read as sources (issue 25): an abook book, a mutt alias
/// file, CSV exports and LDIF load through the file store like a `.vcf`; an abook book
/// and an alias file are saved by their own stores, CSV and LDIF never written.
@Suite("Other programs' books as sources")
struct ForeignBookTests {
  @Test("a book abook wrote (abook --convert from vCard) loads with the people of the vCard it came from")
  func abookWrittenByAbook() throws {
    let store = VCardFileStore(path: TestPaths.fixture("books/abook-0.6.1-from-vcard.abook").path)
    let load = try store.load()
    #expect(load.warnings == [])
    #expect(load.contacts.map(\.displayName) == ["Ada Lovelace", "José Müller-Ñúñez"])
    let ada = load.contacts[0]
    #expect(ada.emailAddresses.map(\.value) == ["ada@analytical-engines.example", "countess@lovelace.example"])
    #expect(ada.phoneNumbers.map(\.value) == ["+44 20 7946 0001", "+44 20 7946 0002", "+44 20 7946 0003", "+44 7700 900001"])
    #expect(ada.postalAddresses.first?.value.postalCode == "SW1Y 4JH")
    #expect(ada.nickname == "ada")
    #expect(ada.note == "First programmer")
    #expect(load.contacts[1].phoneNumbers.map(\.label) == ["mobile"])
  }

  /// Whether `bytes` hold `part` somewhere.
  static func holds(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
    bytes.indices.contains { bytes[$0...].starts(with: part) }
  }

  @Test("an abook book and an alias file in Latin-1 read as Windows-1252, line by line; an edit keeps the other lines' bytes and writes its own in Latin-1 too (case 04's kind)")
  func latin1Books() throws {
    let folder = try TempFolder("latin1")
    defer { folder.remove() }
    let abook =
      Array("[format]\nprogram=abook\nversion=0.5.6\n\n[0]\nname=J".utf8) + [0xFC] + Array("rgen M".utf8) + [0xFC]
      + Array("ller\nemail=jm@x.example\n\n[1]\nname=Zoë Ünal\nemail=z@x.example\n".utf8)
    let aliases = Array("alias jm J".utf8) + [0xFC] + Array("rgen M".utf8) + [0xFC] + Array("ller <jm@x.example>\n".utf8)
    for (name, bytes) in [("addressbook", abook), ("aliases", aliases)] {
      let path = try folder.write(name, bytes)
      let store = VCardFileStore(path: path)
      let contacts = try store.load().contacts
      #expect(contacts.first?.displayName == "Jürgen Müller", "\(name)")
      #expect(contacts.first?.familyName == "Müller", "\(name)")
      if name == "addressbook" {
        #expect(contacts.last?.displayName == "Zoë Ünal")
        var jurgen = contacts[0]
        jurgen.nickname = "Jü"
        var request = SaveRequest()
        request.update(jurgen, original: contacts[0])
        _ = try store.execute(request)
        // The name's line stays in its bytes; the new line is in the file's charset too.
        #expect(Bytes.of(path).starts(with: Array(abook.prefix(abook.count - 40))))
        #expect(Self.holds(Bytes.of(path), Array("nick=J".utf8) + [0xFC]))
        #expect(try store.load().contacts.map(\.nickname) == ["Jü", ""])
        #expect(try store.load().contacts.first?.displayName == "Jürgen Müller")
      } else {
        var zoe = Contact(identifier: "", source: "")
        zoe.givenName = "Zoë"
        zoe.familyName = "Ørsted"
        zoe.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "zo@x.example")]
        var request = SaveRequest()
        request.add(zoe)
        _ = try store.execute(request)
        #expect(Self.holds(Bytes.of(path), Array("Zo".utf8) + [0xEB, 0x20, 0xD8] + Array("rsted".utf8)))
        #expect(try store.load().contacts.map(\.displayName) == ["Jürgen Müller", "Zoë Ørsted"])
      }
    }
  }

  @Test("an abook book and an alias file in Windows-1251 are read in it: the file's lines tell their charset together")
  func cyrillicBooks() throws {
    let folder = try TempFolder("cp1251")
    defer { folder.remove() }
    let names = ["Иван Петров", "Мария Иванова", "Сергей Смирнов", "Ольга Кузнецова"]
    func cp1251(_ text: String) -> [UInt8] { Array(text.data(using: .windowsCP1251)!) }
    var abook = Array("[format]\nprogram=abook\nversion=0.5.6\n".utf8)
    var aliases: [UInt8] = []
    for (number, name) in names.enumerated() {
      abook += Array("\n[\(number)]\nname=".utf8) + cp1251(name) + Array("\nemail=p\(number)@x.example\n".utf8)
      aliases += Array("alias p\(number) ".utf8) + cp1251(name) + Array(" <p\(number)@x.example>\n".utf8)
    }
    for (file, bytes) in [("addressbook", abook), ("aliases", aliases)] {
      let contacts = try VCardFileStore(path: try folder.write(file, bytes)).load().contacts
      #expect(contacts.map(\.displayName) == names, "\(file)")
    }
  }

  @Test("an Outlook CSV export in a Windows code page (Cyrillic, Greek, Hebrew, Polish; KOI8-R) is read in it (case 04's kind)",
    arguments: [
      ("ru.csv", ["Наталья Смирнова", "Александр Пушкин"], "WINDOWS-1251"),
      ("koi8.csv", ["Наталья Смирнова", "Александр Пушкин"], "KOI8-R"),
      ("el.csv", ["Γιώργος Παπαδόπουλος", "Ελένη Νικολάου"], "WINDOWS-1253"),
      ("he.csv", ["משה כהן", "שרה לוי"], "WINDOWS-1255"),
      ("pl.csv", ["Paweł Żak", "Łucja Ślęk"], "WINDOWS-1250"),
    ])
  func legacyCSV(file: String, names: [String], charset: String) throws {
    let folder = try TempFolder("csv-" + charset)
    defer { folder.remove() }
    var text = "First Name,Last Name,E-mail Address\r\n"
    for (number, name) in names.enumerated() {
      let parts = name.split(separator: " ")
      text += "\(parts[0]),\(parts[1]),p\(number)@x.example\r\n"
    }
    let bytes = try #require(CharsetConverter.bytes(Array(text.utf8), in: charset))
    let contacts = try VCardFileStore(path: try folder.write(file, bytes)).load().contacts
    #expect(Set(contacts.map(\.displayName)) == Set(names))
  }

  @Test("an LDIF file with CR line ends alone, or CR CR LF, reads every entry, with no warning (case 06's kind)")
  func ldifLineEnds() throws {
    let folder = try TempFolder("cr-ldif")
    defer { folder.remove() }
    let lines = ["dn: cn=Anna One,dc=x", "cn: Anna One", "mail: a1@x.example", "", "dn: cn=Ben Two,dc=x", "cn: Ben Two",
      "mail: a2@x.example", ""]
    for (name, end) in [("cr.ldif", "\r"), ("crcrlf.ldif", "\r\r\n")] {
      let path = try folder.write(name, Array(lines.joined(separator: end).utf8))
      let read = try VCardFileStore(path: path).load()
      #expect(read.contacts.map(\.displayName) == ["Anna One", "Ben Two"], "\(name)")
      #expect(read.warnings.isEmpty, "\(name): \(read.warnings)")
    }
    // Joined from a file of CR line ends alone and one of CR LF: every entry of both.
    let third = ["dn: cn=Cy Three,dc=x", "cn: Cy Three", "mail: a3@x.example", ""]
    let joined = lines.joined(separator: "\r") + "\r" + third.joined(separator: "\r\n") + "\r\n"
    let path = try folder.write("joined.ldif", Array(joined.utf8))
    let read = try VCardFileStore(path: path).load()
    #expect(read.contacts.map(\.displayName) == ["Anna One", "Ben Two", "Cy Three"])
    #expect(read.warnings.isEmpty, "\(read.warnings)")
    // A stray CR inside a value of a CR LF file stays in it: no line is cut there.
    let stray = "dn: cn=Di Four,dc=x\r\ncn: Di Four\r\ndescription: one\rtwo\r\n\r\n"
    let strayRead = try VCardFileStore(path: try folder.write("stray.ldif", Array(stray.utf8))).load()
    #expect(strayRead.contacts.map(\.displayName) == ["Di Four"])
    #expect(strayRead.warnings.isEmpty, "\(strayRead.warnings)")
  }

  @Test("an alias file and an abook book with CR line ends alone are read whole and edited in them (case 06's kind)")
  func carriageReturnLineEnds() throws {
    let folder = try TempFolder("cr-books")
    defer { folder.remove() }
    let aliases = try folder.write("aliases", Array("alias a1 Anna One <a1@x.example>\ralias a2 Ben Two <a2@x.example>\r".utf8))
    let abook = try folder.write(
      "addressbook", Array("[format]\rprogram=abook\rversion=0.6.1\r\r[0]\rname=Anna One\remail=a1@x.example\r\r[1]\rname=Ben Two\r".utf8))
    for path in [aliases, abook] {
      let store = VCardFileStore(path: path)
      #expect(try store.load().contacts.map(\.displayName) == ["Anna One", "Ben Two"], "\(path)")
      var cara = Contact(identifier: "", source: "")
      cara.givenName = "Cara"
      cara.familyName = "Three"
      cara.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "c3@x.example")]
      var request = SaveRequest()
      request.add(cara)
      _ = try store.execute(request)
      let bytes = Bytes.of(path)
      #expect(!bytes.contains(0x0A), "\(path)")
      #expect(try store.load().contacts.map(\.displayName) == ["Anna One", "Ben Two", "Cara Three"], "\(path)")
    }
    // An edit of an abook section there.
    let store = VCardFileStore(path: abook)
    let ben = try #require(try store.load().contacts.first { $0.displayName == "Ben Two" })
    var nick = ben
    nick.nickname = "Benny"
    var request = SaveRequest()
    request.update(nick, original: ben)
    _ = try store.execute(request)
    #expect(!Bytes.of(abook).contains(0x0A))
    #expect(try store.load().contacts.map(\.nickname) == ["", "Benny", ""])
  }

  @Test("a mutt alias file loads, its warnings prefixed with the path")
  func muttAliases() throws {
    let path = TestPaths.fixture("books/mutt-aliases").path
    let load = try VCardFileStore(path: path).load()
    #expect(load.contacts.count == 6)
    #expect(load.warnings.first == "\(path):10: alias brokenkey has no address; ignored")
    #expect(load.warnings.count == 4)
  }

  @Test("an alias defined 250 times: the first 100 warnings, then one line for the 149 more, on the line of the first (as a .vcf)")
  func muttWarningsCapped() throws {
    let folder = try TempFolder("mutt-many")
    defer { folder.remove() }
    let text = (0..<250).map { "alias same Same Person <same\($0)@example.org>\n" }.joined()
    let path = try folder.write("aliases", Array(text.utf8))
    let load = try VCardFileStore(path: path).load()
    #expect(load.contacts.count == 1)
    #expect(load.warnings.count == 101)
    #expect(load.warnings[99] == "\(path):101: alias same defined again; this definition replaces the earlier one, as in mutt")
    #expect(load.warnings[100] == "\(path):102: problems not listed: 149 more, the first on this line")
  }

  @Test("an abook book and an alias file take new contacts; only the alias file keeps its people's cards read-only")
  func writableFormats() throws {
    let abook = VCardFileStore(path: TestPaths.fixture("books/abook-0.6.1-from-vcard.abook").path)
    let aliases = VCardFileStore(path: TestPaths.fixture("books/mutt-aliases").path)
    #expect(!abook.isReadOnlyFormat && !aliases.isReadOnlyFormat)
    #expect(!abook.keepsContactsReadOnly && aliases.keepsContactsReadOnly)
    #expect(abook.foreignStore is AbookStore && aliases.foreignStore is MuttAliasStore)
    #expect(VCardFileStore(path: TestPaths.sampleBook.path).foreignStore == nil)
  }

  @Test("jCard, xCard, JSON lines and UTF-16 books keep their cards read-only (a save refuses them); a vCard file does not")
  func readOnlyCardFormats() throws {
    let folder = try TempFolder("read-only-cards")
    defer { folder.remove() }
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n"
    let books: [(String, [UInt8], Bool)] = [
      ("cards.vcf", Array(card.utf8), false),
      ("bom.vcf", [0xEF, 0xBB, 0xBF] + Array(card.utf8), false),
      ("cards.json", Array("  [\"vcard\",[[\"version\",{},\"text\",\"4.0\"],[\"fn\",{},\"text\",\"Ada\"]]]".utf8), true),
      ("cards.xml", Array("<?xml version=\"1.0\"?>\n<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"/>\n".utf8), true),
      ("people.jsonl", Array("{\"identifier\":\"a\",\"displayName\":\"Ada\"}\n".utf8), true),
      ("u16.vcf", [0xFF, 0xFE] + card.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, true),
    ]
    for (name, bytes, readOnly) in books {
      #expect(VCardFileStore(path: try folder.write(name, bytes)).keepsContactsReadOnly == readOnly, "\(name)")
    }
  }

  @Test(
    "saving into a CSV or LDIF file is refused with what to do, and the file is left as it was",
    arguments: [
      ("books/outlook-2016-utf8.csv", "CSV exports are read, not written"),
      ("books/slapcat-people.ldif", "LDIF files are read, not written"),
    ])
  func saveRefused(fixture: String, reason: String) throws {
    let folder = try TempFolder("foreign-save")
    defer { folder.remove() }
    let file = try folder.copy(TestPaths.fixture(fixture), as: "book")  // no .csv, .ldif: told by content
    let before = Bytes.text(file)
    let store = VCardFileStore(path: file)
    #expect(store.isReadOnlyFormat)
    let first = try #require(try store.load().contacts.first)
    var edited = first
    edited.note = "changed"
    for build in [{ (r: inout SaveRequest) in r.add(edited) }, { r in r.update(edited, original: first) }] {
      var request = SaveRequest()
      build(&request)
      let error = #expect(throws: ContactStoreError.self) { try store.execute(request) }
      #expect(error?.kind == .readOnly)
      #expect(
        error?.reason == "\(reason); make a vCard book of it (cpick list -s \(file) --format vcard > book.vcf) "
          + "and use that, or save to a .vcf file or a vdir (--save-to)")
    }
    #expect(Bytes.text(file) == before)
  }

  @Test("an abook book without people gives no contact and no warning that it is not vCard")
  func emptyAbook() throws {
    let text = "# abook addressbook file\n\n[format]\nprogram=abook\nversion=0.6.1\n"
    let load = VCardLoading.contacts(fromBytes: Array(text.utf8), source: "empty")
    #expect(load.contacts.isEmpty)
    #expect(load.warnings.isEmpty)
    #expect(!VCardFileStore(path: TestPaths.sampleBook.path).isReadOnlyFormat)
  }

  /// `label: value` of labeled values.
  func pairs<V>(_ values: [LabeledValue<V>]) -> [String] { values.map { "\($0.label ?? "-"): \($0.value)" } }

  @Test(
    "Outlook's export, in UTF-8 with a byte-order mark and in Windows-1252 (ANSI), gives the same people",
    arguments: ["books/outlook-2016-utf8.csv", "books/outlook-2010-windows1252.csv"])
  func outlook(fixture: String) throws {
    let load = try VCardFileStore(path: TestPaths.fixture(fixture).path).load()
    #expect(load.warnings == [])
    #expect(load.contacts.map(\.displayName) == ["Dr. Ada Lovelace", "José Müller-Ñúñez", "Zoë Çelik"])
    let ada = load.contacts[0]
    #expect((ada.namePrefix, ada.givenName, ada.familyName) == ("Dr.", "Ada", "Lovelace"))
    #expect(pairs(ada.emailAddresses) == ["-: ada@analytical-engines.example", "-: countess@lovelace.example"])
    #expect(pairs(ada.phoneNumbers) == [
      "workFax: +44 20 7946 0009", "work: +44 20 7946 0001", "home: +44 20 7946 0002", "mobile: +44 7700 900001",
    ])
    #expect(ada.postalAddresses.map { "\($0.label ?? "-"): \($0.value.street), \($0.value.city)" } == ["work: 12 St James's Square, London"])
    #expect(ada.birthday == ContactDate(year: 1815, month: 12, day: 10))
    #expect(ada.dates.isEmpty)
    #expect(ada.groups == ["Mathematicians", "Friends"])
    #expect(ada.note == "Met at the Royal Society.\nLikes \"poetical science\".\nHobby: Poetical science")
    #expect(pairs(ada.urlAddresses) == ["-: https://example.org/ada"])
    let jose = load.contacts[1]
    #expect(pairs(jose.phoneNumbers) == ["mobile: +34 600 000 001"])
    #expect(jose.postalAddresses.map { "\($0.label ?? "-"): \($0.value.street), \($0.value.country)" } == ["home: Calle Mayor 1\nPiso 2, España"])
    #expect(pairs(jose.contactRelations) == ["spouse: Zoë"])
    #expect(pairs(load.contacts[2].emailAddresses) == ["-: zoe@example.org"])
    #expect(Set(load.contacts.map(\.source)) == [TestPaths.fixture(fixture).path])
  }

  @Test("Thunderbird's CSV export: primary and secondary email, every phone by its column, the home address, a birthday in three columns")
  func thunderbird() throws {
    let load = try VCardFileStore(path: TestPaths.fixture("books/thunderbird-115.csv").path).load()
    let alder = try #require(load.contacts.first)
    #expect(alder.displayName == "Alder Finch")
    #expect(pairs(alder.emailAddresses) == ["-: alder@x.example", "-: a2@y.example"])
    #expect(pairs(alder.phoneNumbers) == [
      "work: +1 555 0101", "home: +1 555 0102", "otherFax: +1 555 0103", "pager: +1 555 0104", "mobile: +1 555 0105",
    ])
    #expect(alder.postalAddresses.map { "\($0.label ?? "-"): \($0.value.street), \($0.value.city) \($0.value.postalCode)" }
      == ["home: 1 Main St, Springfield 62701"])
    #expect(alder.birthday == ContactDate(year: 1980, month: 4, day: 15))
    #expect((alder.nickname, alder.jobTitle, alder.departmentName, alder.organizationName) == ("Al", "Engineer", "R&D", "Acme"))
    #expect(pairs(alder.urlAddresses) == ["-: https://alder.example"])
    #expect(alder.note == "Met at fair")
  }

  @Test("Yahoo's CSV export: its Home, Work and Mobile phones, alternate emails, a US birthday")
  func yahoo() throws {
    let load = try VCardFileStore(path: TestPaths.fixture("books/yahoo-contacts.csv").path).load()
    let birch = try #require(load.contacts.first)
    #expect(pairs(birch.emailAddresses) == ["-: birch@x.example", "-: b2@y.example"])
    #expect(pairs(birch.phoneNumbers) == ["home: +1 555 0201", "work: +1 555 0202", "mobile: +1 555 0203"])
    #expect(birch.birthday == ContactDate(year: 1980, month: 4, day: 15))
    #expect(birch.note.isEmpty)
  }

  @Test("LinkedIn's export: its Notes paragraph before the header is no row; every connection read")
  func linkedIn() throws {
    let load = try VCardFileStore(path: TestPaths.fixture("books/linkedin-connections.csv").path).load()
    #expect(load.warnings == [])
    #expect(load.contacts.map(\.displayName) == ["Cobb Ruelle", "Dara Vey"])
    #expect(pairs(load.contacts[0].emailAddresses) == ["-: cobb@x.example"])
    #expect((load.contacts[0].organizationName, load.contacts[0].jobTitle) == ("Acme", "Engineer"))
  }

  @Test("a sheet's own Home, Work, Other or Service column (not Yahoo's phones, not one foreign name alone) goes to the note; a Birthday date beside a Birth Month column is kept")
  func genericColumnsNotTakenFor() {
    let text = "Name,Email,Home,Work,Other,Service\r\nJane Roe,jane@x.org,12 Elm Street,Acme Corp,likes tea,Plumbing\r\n"
    let load = VCardLoading.contacts(fromBytes: Array(text.utf8), source: "people.csv")
    let jane = load.contacts.first
    #expect(jane?.phoneNumbers.isEmpty == true)
    #expect(jane?.note == "Home: 12 Elm Street\nWork: Acme Corp\nOther: likes tea\nService: Plumbing")
    #expect(jane?.departmentName.isEmpty == true)
    let birthday = "Name,Email,Birthday,Birth Month\r\nAda,ada@x.org,1815-12-10,December\r\n"
    let ada = VCardLoading.contacts(fromBytes: Array(birthday.utf8), source: "b.csv").contacts.first
    #expect(ada?.birthday == ContactDate(year: 1815, month: 12, day: 10))
  }

  @Test("an LDIF dump's passwords, hashes, keys and account attributes never reach the note")
  func ldifSecretsLeftOut() {
    let ldif = """
      dn: uid=ada,dc=x
      objectClass: inetOrgPerson
      objectClass: sambaSamAccount
      cn: Ada
      mail: ada@x.example
      userPassword: {SSHA}secret1
      authPassword: {SHA256}secret2
      sambaNTPassword: 8846F7EAEE8FB117AD06BDD830B7586C
      sambaLMPassword: E52CAC67419A9A224A3B108F3FA6CB6D
      unicodePwd: secret3
      krbPrincipalKey: secret4
      uidNumber: 1000
      homeDirectory: /home/ada
      loginShell: /bin/bash
      shadowLastChange: 19000
      roomNumber: 42

      """
    let note = VCardLoading.contacts(fromBytes: Array(ldif.utf8), source: "dump.ldif").contacts.first?.note
    #expect(note == "roomnumber: 42")
  }

  @Test("a semicolon sheet after a preamble line (with a comma, or none) is split at its semicolons")
  func semicolonsAfterPreamble() {
    for preamble in ["Export from Foo, version 2, 2024", "Notes:"] {
      let text = preamble + "\r\nFirst Name;Last Name;Email Address;Company\r\nAnn;Lee;ann@x.example;Acme\r\n"
      let load = VCardLoading.contacts(fromBytes: Array(text.utf8), source: "people.csv")
      #expect(load.contacts.map(\.displayName) == ["Ann Lee"], "\(preamble)")
      #expect(load.contacts.first?.emailAddresses.map(\.value) == ["ann@x.example"])
      #expect(load.warnings.isEmpty, "\(load.warnings)")
    }
  }

  @Test("a Japanese Outlook's export: the Yomi readings of the name, a birthday written year first")
  func outlookYomi() throws {
    let load = try VCardFileStore(path: TestPaths.fixture("books/outlook-japanese-yomi.csv").path).load()
    let taro = try #require(load.contacts.first)
    #expect((taro.familyName, taro.givenName) == ("角田", "太郎"))
    #expect((taro.phoneticFamilyName, taro.phoneticGivenName) == ("つのだ", "たろう"))
    #expect(taro.birthday == ContactDate(year: 1980, month: 4, day: 15))
    #expect(taro.groups == ["Friends", "Work"])
  }

  @Test(
    "a non-English Outlook's export, its headers in its language (and Excel's sep=; line): names, emails, phones",
    arguments: [
      ("books/outlook-german.csv", "Jürgen Müller", "j@x.example", ["work: +49 30 1234567", "mobile: +49 170 1234567"]),
      ("books/excel-german-sep.csv", "Jürgen Müller", "j@x.example", ["mobile: +49 170 1234567"]),
      ("books/outlook-french.csv", "Amélie Poulain", "amelie@x.example", ["mobile: +33 6 12 34 56 78"]),
      ("books/outlook-russian-windows1251.csv", "Наталья Смирнова", "natalia@x.example", ["mobile: +7 900 000 0001"]),
    ])
  func localizedOutlook(fixture: String, name: String, email: String, phones: [String]) throws {
    let load = try VCardFileStore(path: TestPaths.fixture(fixture).path).load()
    #expect(load.warnings == [])
    let person = try #require(load.contacts.first { $0.displayName == name })
    #expect(pairs(person.emailAddresses) == ["-: \(email)"])
    #expect(pairs(person.phoneNumbers) == phones)
  }

  @Test("Thunderbird's LDIF export: nickname, second email, home address and web page, a birthday in three numbers, custom fields in the note")
  func thunderbirdLDIF() throws {
    let load = try VCardFileStore(path: TestPaths.fixture("books/thunderbird-115.ldif").path).load()
    #expect(load.warnings == [])
    let alder = try #require(load.contacts.first)
    #expect(alder.nickname == "Al")
    #expect(pairs(alder.emailAddresses) == ["-: alder@x.example", "-: a2@y.example"])
    #expect(alder.postalAddresses.map { "\($0.label ?? "-"): \($0.value.street), \($0.value.city)" }
      == ["work: 2 Work Rd, Shelbyville", "home: 1 Main St, Springfield"])
    #expect(pairs(alder.urlAddresses) == ["work: https://acme.example", "home: https://alder.example"])
    #expect(alder.birthday == ContactDate(year: 1980, month: 4, day: 15))
    #expect(alder.note == "Met at fair\nCustom 1: Locker B-17\nAIM: alderaim")
  }

  @Test("an LDIF entry's other attributes fill the note only as far as it has room: a long description kept, an entry of 100,000 attributes kept with 64 KiB of them")
  func otherAttributesBounded() {
    let description = String(repeating: "d", count: 1_000_000)
    var ldif = "dn: cn=Long,dc=x\ncn: Long\nmail: long@x.example\ndescription: \(description)\n"
    for number in 0..<30 { ldif += "extra\(number): \(String(repeating: "x", count: 2048))\n" }
    ldif += "\ndn: cn=Many,dc=x\ncn: Many\nmail: many@x.example\n"
    for number in 0..<100_000 { ldif += "custom\(number): value \(number)\n" }
    let load = VCardLoading.contacts(fromBytes: Array(ldif.utf8), source: "big.ldif")
    #expect(load.contacts.map(\.displayName) == ["Long", "Many"])
    #expect(load.contacts.first?.note == description)
    let many = load.contacts.last?.note ?? ""
    #expect(many.hasPrefix("custom0: value 0\n"))
    #expect(many.utf8.count <= 64 << 10 && many.utf8.count > 60 << 10)
  }

  @Test("LDIF entries of no class (or top alone) holding an organization, a number or a nickname are people, named by them (case 18's order)")
  func classlessEntries() {
    let ldif = """
      dn: employeeNumber=42,dc=x
      objectClass: top
      o: Quayside Lamp Works
      facsimileTelephoneNumber: +1 555 0100
      street: 1 Harbour Rd

      dn: employeeNumber=43,dc=x
      homePhone: +1 555 0177
      mozillaNickname: Nicky

      dn: employeeNumber=44,dc=x
      pager: +1 555 0199

      dn: employeeNumber=45,dc=x
      userPassword: secret
      createTimestamp: 20240101000000Z

      """
    let load = VCardLoading.contacts(fromBytes: Array(ldif.utf8), source: "people.ldif")
    #expect(load.contacts.map(\.displayName) == ["Quayside Lamp Works", "Nicky", "+1 555 0199"])
    #expect(pairs(load.contacts[1].phoneNumbers) == ["home: +1 555 0177"])
    #expect(load.contacts.allSatisfy { !$0.note.contains("secret") })
  }

  @Test("entries and rows without a person's name: an organization by its name, a CJK name family first (case 18, 16)")
  func organizationsAndNamesWithoutCN() {
    let ldif = """
      dn: cn=,dc=x
      objectClass: inetOrgPerson
      sn:\u{20}
      o: Quayside Lamp Works
      mail: hello@quaysidelamps.example

      dn: uid=wang,dc=x
      objectClass: inetOrgPerson
      sn: 王
      givenName: 小明
      mail: wang@example.cn

      dn: uid=ada,dc=x
      objectClass: inetOrgPerson
      sn: Lovelace
      givenName: Ada
      o: Analytical Engines

      """
    let people = VCardLoading.contacts(fromBytes: Array(ldif.utf8), source: "dump.ldif").contacts
    #expect(people.map(\.displayName) == ["Quayside Lamp Works", "王小明", "Ada Lovelace"])
    #expect(people.map(\.contactType) == [.organization, .person, .person])
    let csv = "Name,Given Name,Family Name,Organization 1 - Name,E-mail 1 - Value\r\n,,,Harbour Trust,info@harbour.example\r\nAda Lovelace,Ada,Lovelace,Analytical Engines,ada@example.org\r\n"
    let rows = VCardLoading.contacts(fromBytes: Array(csv.utf8), source: "google.csv").contacts
    #expect(rows.map(\.displayName) == ["Harbour Trust", "Ada Lovelace"])
    #expect(rows.map(\.contactType) == [.organization, .person])
  }

  @Test("a CSV export in UTF-16 with a byte-order mark is read as in UTF-8")
  func utf16() {
    let text = "Name,E-mail,Phone\r\nZoë Çelik,zoe@example.org,+90 555 000 0001\r\n"
    let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let load = VCardLoading.contacts(fromBytes: bytes, source: "utf16")
    #expect(load.warnings == [])
    #expect(load.contacts.map(\.displayName) == ["Zoë Çelik"])
    #expect(pairs(load.contacts[0].phoneNumbers) == ["-: +90 555 000 0001"])
  }

  @Test("an LDIF dump (slapcat): people only, base64 and folded values, change records and URLs reported")
  func ldif() throws {
    let path = TestPaths.fixture("books/slapcat-people.ldif").path
    let load = try VCardFileStore(path: path).load()
    #expect(load.contacts.map(\.displayName) == ["Ada Lovelace", "José Müller-Ñúñez", "Grace Hopper"])
    #expect(load.warnings == [
      "\(path):71: jpegPhoto: a value to fetch from a URL (:<) is not fetched; left out",
      "\(path):72: not an attribute: value line; ignored",
      "\(path):76: a change record (changetype: modify), not an entry; skipped",
    ])
    let ada = load.contacts[0]
    #expect(ada.identifier == "urn:uuid:5f0c6e1e-8d2b-4c1a-9e2f-0a1b2c3d4e5f")
    #expect(ada.emailAddresses.map(\.value) == ["ada@analytical-engines.example", "countess@lovelace.example"])
    #expect(pairs(ada.phoneNumbers) == [
      "work: +44 20 7946 0001", "mobile: +44 7700 900001", "home: +44 20 7946 0002", "otherFax: +44 20 7946 0009",
    ])
    #expect((ada.organizationName, ada.departmentName, ada.jobTitle) == ("Analytical Engines Ltd", "Research", "Analyst"))
    #expect(ada.postalAddresses.first?.value.postalCode == "SW1Y 4JH")
    #expect(ada.urlAddresses.map(\.value) == ["https://example.org/ada"])
    #expect(ada.note == "First programmer")
    #expect(ada.hasImage)
    let jose = load.contacts[1]
    #expect((jose.givenName, jose.familyName) == ("José", "Müller-Ñúñez"))
    #expect(jose.note == "Works on the difference engine replica, and on the notes that were written for it")
    #expect(jose.postalAddresses.first?.value.city == "Madrid")
    #expect(jose.contactRelations.map(\.value) == ["Ada Lovelace"])
    let grace = load.contacts[2]
    let again = try VCardFileStore(path: path).load().contacts
    #expect(grace.identifier.hasPrefix("urn:uuid:") && grace.identifier == again[2].identifier)  // from the DN
    #expect(pairs(grace.phoneNumbers) == ["work: +1 202 555 0102"])
    #expect(!grace.hasImage)
  }
}
