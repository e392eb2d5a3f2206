import ContactKit
import CpickTestSupport
import Foundation
import CpickSupport
import Testing

@testable import ContactStores

/// Saving through `SaveRequest` and `execute(_:)`: the cases of `../shared/cases`
/// (copied into `Tests/Fixtures/cases`) that concern writing (09, 10, 12, 13, 15, 30), on real files in a temp folder.
@Suite("saving: shared cases")
struct SaveCaseTests {
  @Test("a card after two byte-order marks (a file saved again with one more) is edited, the marks kept (case 05's kind)")
  func editAfterTwoByteOrderMarks() throws {
    let folder = try TempFolder("double-bom")
    defer { folder.remove() }
    let bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bom Two\r\nEND:VCARD\r\n".utf8) + [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]
      + Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bom Three\r\nEND:VCARD\r\n".utf8)
    let path = try folder.write("double.vcf", bytes)
    let store = VCardFileStore(path: path)
    let loaded = try store.load()
    #expect(loaded.contacts.map(\.displayName) == ["Bom Two", "Bom Three"])
    #expect(loaded.warnings.isEmpty)
    var three = loaded.contacts[1]
    three.jobTitle = "Engineer"
    var request = SaveRequest()
    request.update(three, original: loaded.contacts[1])
    _ = try store.execute(request)
    let text = Bytes.of(path)
    #expect(text.starts(with: Array(bytes.prefix(44))))
    #expect(try store.load().contacts.map(\.jobTitle) == ["", "Engineer"])
  }

  @Test("a card sent in Latin-1 (new --vcard) goes into a UTF-8 file, and a vdir, in UTF-8 (case 04's kind)")
  func sentCardInUTF8() throws {
    let folder = try TempFolder("sent-latin1")
    defer { folder.remove() }
    let sent = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:M".utf8) + [0xFC] + Array("ller;J".utf8) + [0xFC]
      + Array("rgen\r\nFN:J".utf8) + [0xFC] + Array("rgen M".utf8) + [0xFC] + Array("ller\r\nX-KEEP:1\r\nEND:VCARD\r\n".utf8)
    let card = try #require(VCardFileStore(path: try folder.write("sent.vcf", sent)).load().contacts.first)
    #expect(card.displayName == "Jürgen Müller")
    var new = card
    new.identifier = "urn:uuid:11111111-2222-4333-8444-555555555555"
    let book = try folder.write("book.vcf", Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Ærø\r\nEND:VCARD\r\n".utf8))
    _ = try folder.write("vdir/zoe.vcf", Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Ærø\r\nEND:VCARD\r\n".utf8))
    for path in [book, folder.file("vdir")] {
      let store: any ContactStore = path.hasSuffix("vdir") ? VdirStore(path: path) : VCardFileStore(path: path)
      var request = SaveRequest()
      request.add(new)
      _ = try store.execute(request)
      let names = try store.load().contacts.map(\.displayName)
      #expect(names.contains("Jürgen Müller"), "\(path): \(names)")
      let files = path.hasSuffix("vdir") ? try FileManager.default.contentsOfDirectory(atPath: path).map { path + "/" + $0 } : [path]
      for file in files {
        let bytes = Bytes.of(file)
        #expect(String(validating: bytes, as: UTF8.self) != nil, "\(file)")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("Jürgen") || text.contains("X-KEEP:1"), "\(file)")
      }
    }
  }

  @Test("a card sent with a declared legacy charset (CHARSET=ISO-8859-2, KOI8-R) goes into a UTF-8 file read right, the line saying UTF-8")
  func sentCardDeclaredCharset() throws {
    let folder = try TempFolder("sent-declared")
    defer { folder.remove() }
    for (name, charset) in [("Jiří Dvořák", "ISO-8859-2"), ("Ян Ли", "KOI8-R")] {
      let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=\(charset):\(name)\r\nEND:VCARD\r\n"
      let sent = try #require(CharsetConverter.bytes(Array(text.utf8), in: charset))
      let card = try #require(VCardFileStore(path: try folder.write("sent.vcf", sent)).load().contacts.first)
      #expect(card.displayName == name)
      let book = try folder.write("book-\(charset).vcf", Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë\r\nEND:VCARD\r\n".utf8))
      var new = card
      new.identifier = "urn:uuid:11111111-2222-4333-8444-55555555555\(charset.count)"
      var request = SaveRequest()
      request.add(new)
      let store = VCardFileStore(path: book)
      _ = try store.execute(request)
      let bytes = Bytes.of(book)
      #expect(String(validating: bytes, as: UTF8.self)?.contains("FN;CHARSET=UTF-8:\(name)") == true, "\(charset)")
      #expect(try store.load().contacts.map(\.displayName) == ["Zoë", name])
    }
  }

  @Test("adding an email keeps every other line of the card byte for byte (case 12)")
  func editKeepsRepeatedAndUnknownFields() throws {
    let caseFolder = SharedFiles.cases.appendingPathComponent("12-edit-drops-repeated-and-unknown-fields")
    let folder = try TempFolder("case12")
    defer { folder.remove() }
    let file = try folder.copy(caseFolder.appendingPathComponent("original.vcf"), as: "book/isolde.vcf")
    let before = Bytes.lines(file)
    let store = VdirStore(path: folder.file("book"))
    let loaded = try #require(try store.load().contacts.first)

    var request = SaveRequest()
    request.update(loaded.addingEmail("isolde@marchetti-lab.example"), original: loaded)
    let saved = try store.execute(request)

    let after = Bytes.lines(file)
    let mustSurvive = try String(contentsOf: caseFolder.appendingPathComponent("must-survive.txt"), encoding: .utf8)
      .split(whereSeparator: \.isNewline).map(String.init)
    // Every must-survive line, byte for byte, in the same order.
    let positions = mustSurvive.map { after.firstIndex(of: $0) }
    #expect(positions.allSatisfy { $0 != nil }, "missing: \(zip(mustSurvive, positions).filter { $1 == nil }.map(\.0))")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    // Exactly one new content line, the email (REV may be added); nothing removed.
    let added = after.filter { !before.contains($0) && !$0.hasPrefix("REV") }
    #expect(added == ["EMAIL;TYPE=work:isolde@marchetti-lab.example"])
    #expect(before.filter { !after.contains($0) }.isEmpty)
    #expect(!after.contains { $0.lowercased().hasPrefix("item") || $0.uppercased().contains("X-ABLABEL") })
    // Read back: 5 phones, 2 addresses, 1 email; the returned contact is that card.
    let reread = try #require(try store.load().contacts.first)
    #expect(reread.phoneNumbers.count == 5)
    #expect(reread.postalAddresses.count == 2)
    #expect(reread.emailAddresses.map(\.value) == ["isolde@marchetti-lab.example"])
    #expect(saved.count == 1)
    #expect(saved.first?.sourceRecord?.bytes == Bytes.of(file))
    #expect(saved.first?.source == file)
    #expect(folder.strayTempFiles().isEmpty)
  }

  @Test("untouched TEL lines keep their parameters; an empty unknown property survives (case 13)")
  func editAddsNoValueUnknown() throws {
    let caseFolder = SharedFiles.cases.appendingPathComponent("13-edit-adds-value-unknown")
    let folder = try TempFolder("case13")
    defer { folder.remove() }
    let file = try folder.copy(caseFolder.appendingPathComponent("busycontacts.vcf"), as: "busy.vcf")
    let before = Bytes.lines(file)
    let store = VCardFileStore(path: file)
    let loaded = try #require(try store.load().contacts.first)

    var request = SaveRequest()
    request.update(loaded.addingEmail("ludo@vantongeren-studio.example"), original: loaded)
    _ = try store.execute(request)

    let after = Bytes.lines(file)
    for line in [
      "TEL;TYPE=CELL;TYPE=pref:+1 555 0157", "TEL;TYPE=HOME:+1 555 0158", "X-BUSYMAC-MODIFIED-BY:",
      "PRODID:-//BusyApps//BusyContacts 2023.2.1//EN", "UID:A41C7E90-3B2D-4F6A-8E15-9C0D2B7F6E34",
    ] {
      #expect(after.contains(line), "\(line) lost")
    }
    #expect(!after.contains { $0.contains("VALUE=") })
    let added = after.filter { !before.contains($0) && !$0.hasPrefix("REV:") }
    #expect(added.count == 1)
    #expect(added.first?.hasPrefix("EMAIL") == true && added.first?.hasSuffix(":ludo@vantongeren-studio.example") == true)
    let removed = before.filter { !after.contains($0) && !$0.hasPrefix("REV:") }
    #expect(removed.isEmpty)
    #expect(folder.strayTempFiles().isEmpty)
  }

  @Test("an edit keeps the UID exactly and the file its name and folder (case 15)")
  func uidKeptOnEdit() throws {
    let caseFolder = SharedFiles.cases.appendingPathComponent("15-uid-rewritten-on-edit")
    let folder = try TempFolder("case15")
    defer { folder.remove() }
    let name = "7f3c2a10-5b8e-4d61-9a7e-c2f04b19d3e5.vcf"
    let file = try folder.copy(caseFolder.appendingPathComponent(name), as: "book/" + name)
    let store = VdirStore(path: folder.file("book"))
    let loaded = try #require(try store.load().contacts.first)
    var edited = loaded
    let index = try #require(edited.phoneNumbers.firstIndex { $0.value == "+1 555 0170" })
    edited.phoneNumbers[index].value = "+1 555 0171"

    var request = SaveRequest()
    request.update(edited, original: loaded)
    let saved = try store.execute(request)

    #expect(folder.names("book") == [name])
    let lines = Bytes.lines(file)
    #expect(lines.contains("UID:7f3c2a10-5b8e-4d61-9a7e-c2f04b19d3e5"))
    #expect(!lines.contains { $0.contains("urn:uuid") })
    #expect(lines.contains("TEL;TYPE=cell:+1 555 0171"))
    #expect(!lines.contains { $0.contains("+1 555 0170") })
    #expect(saved.first?.identifier == "7f3c2a10-5b8e-4d61-9a7e-c2f04b19d3e5")
    #expect(saved.first?.source == file)
  }

  @Test("a card with UID:urn:uuid: keeps that exact form on edit (case 15, converse)")
  func urnUUIDKept() throws {
    let folder = try TempFolder("case15b")
    defer { folder.remove() }
    let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:0b8e2d1c-aaaa-4bbb-8ccc-123456789abc\r\nFN:Ana Pires\r\nEND:VCARD\r\n"
    let file = try folder.write("book/ana.vcf", Array(card.utf8))
    let store = VdirStore(path: folder.file("book"))
    let loaded = try #require(try store.load().contacts.first)
    var request = SaveRequest()
    request.update(loaded.addingEmail("ana@pires.example"), original: loaded)
    _ = try store.execute(request)
    #expect(Bytes.lines(file).contains("UID:urn:uuid:0b8e2d1c-aaaa-4bbb-8ccc-123456789abc"))
  }

  @Test("in a file of LF line ends, the card an edit changes is written in CR LF, the other byte for byte (case 06)")
  func lineFeedFileEdited() throws {
    let url = SharedFiles.cases.appendingPathComponent("06-lf-only-line-endings/lf-only.vcf")
    for edited in 0..<2 {
      let folder = try TempFolder("case06")
      defer { folder.remove() }
      let file = try folder.copy(url, as: "lf.vcf")
      let original = String(decoding: Bytes.of(file), as: UTF8.self)
      let cards = original.components(separatedBy: "END:VCARD\n").dropLast().map { $0 + "END:VCARD\n" }
      try #require(cards.count == 2 && !original.contains("\r"))
      let store = VCardFileStore(path: file)
      let load = try store.load()
      var request = SaveRequest()
      request.update(load.contacts[edited].addingEmail("new@kelpworks.example"), original: load.contacts[edited])
      _ = try store.execute(request)
      let text = String(decoding: Bytes.of(file), as: UTF8.self)
      let other = cards[1 - edited]
      #expect(text.contains(other))
      // The edited card: every line in CR LF, the unchanged ones as they were, the fold too.
      let rewritten = text.replacingOccurrences(of: other, with: "")
      #expect(!rewritten.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(rewritten)")
      #expect(rewritten.contains("EMAIL;TYPE=work:new@kelpworks.example\r\n"), "\(rewritten)")
      #expect(rewritten.hasPrefix(cards[edited].components(separatedBy: "\n")[0...2].joined(separator: "\r\n")), "\(rewritten)")
      let reloaded = try store.load()
      #expect(reloaded.warnings.isEmpty)
      #expect(reloaded.contacts.map(\.displayName) == ["Ottilie Brandt", "Ruben Achterberg"])
      #expect(reloaded.contacts[0].note == "Met at the harbour fair, stall 12. Wants the spring catalogue before May.")
      #expect(reloaded.contacts[edited].emailAddresses.last?.value == "new@kelpworks.example")
    }
  }

  @Test("in a file of CR line ends alone, the contact a save returns is the edited card's, not the file's first (case 06)")
  func carriageReturnFileEditReturnsTheCard() throws {
    let names = ["Anna Alpha", "Bruno Bravo", "Carla Charlie"]
    let text = names.map { "BEGIN:VCARD\rVERSION:3.0\rFN:\($0)\rEND:VCARD\r" }.joined()
    for edited in names.indices {
      let folder = try TempFolder("case06-cr")
      defer { folder.remove() }
      let file = try folder.write("cr.vcf", Array(text.utf8))
      let store = VCardFileStore(path: file)
      let load = try store.load()
      try #require(load.contacts.map(\.displayName) == names)
      var request = SaveRequest()
      request.update(load.contacts[edited].addingEmail("new@example.org"), original: load.contacts[edited])
      let saved = try store.execute(request)
      #expect(saved.map(\.displayName) == [names[edited]])
      #expect(saved.first?.emailAddresses.map(\.value) == ["new@example.org"])
      let reloaded = try store.load()
      #expect(reloaded.contacts.map(\.identifier).contains(try #require(saved.first?.identifier)))
      #expect(!String(decoding: Bytes.of(file), as: UTF8.self).contains("\n"))
    }
  }

  @Test("a file that ends right after a BEGIN:VCARD, or has a stray one, is not written; it stays byte-identical (case 09)")
  func strayBeginRefused() throws {
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Alder Finch\r\nEND:VCARD\r\n"
    for tail in ["BEGIN:VCARD\r\n", "BEGIN:VCARD\r\nVERSION:3.0\r\n", "BEGIN:VCARD\r\n" + card] {
      let folder = try TempFolder("case09-stray")
      defer { folder.remove() }
      let file = try folder.write("book.vcf", Array((card + tail).utf8))
      let original = Bytes.of(file)
      let store = VCardFileStore(path: file)
      let load = try store.load()
      #expect(!load.warnings.isEmpty, "\(tail)")
      var add = SaveRequest()
      var newPerson = Contact(identifier: "", source: "")
      newPerson.givenName = "Dara"
      add.add(newPerson)
      let addError = #expect(throws: ContactStoreError.self, "\(tail)") { try store.execute(add) }
      #expect(addError?.kind == .damaged)
      var update = SaveRequest()
      let alder = try #require(load.contacts.first)
      update.update(alder.addingEmail("alder@elsewhere.example"), original: alder)
      #expect(throws: ContactStoreError.self, "\(tail)") { try store.execute(update) }
      #expect(Bytes.of(file) == original)
    }
  }

  @Test("a file with a card missing END:VCARD is not written; it stays byte-identical (case 09)")
  func damagedFileRefused() throws {
    let url = SharedFiles.cases.appendingPathComponent("09-unterminated-card-mid-file/three-cards-middle-unterminated.vcf")
    let folder = try TempFolder("case09")
    defer { folder.remove() }
    let file = try folder.copy(url, as: "three.vcf")
    let original = Bytes.of(file)
    let store = VCardFileStore(path: file)
    let load = try store.load()
    #expect(!load.warnings.isEmpty)

    var add = SaveRequest()
    var newPerson = Contact(identifier: "", source: "")
    newPerson.givenName = "Dara"
    newPerson.familyName = "Quill"
    add.add(newPerson)
    let addError = #expect(throws: ContactStoreError.self) { try store.execute(add) }
    #expect(addError?.kind == .damaged)
    #expect(addError?.reason.contains("line 13") == true)
    #expect(addError?.reason.contains("END:VCARD") == true)

    var update = SaveRequest()
    let alder = try #require(load.contacts.first)
    update.update(alder.addingEmail("alder@elsewhere.example"), original: alder)
    let updateError = #expect(throws: ContactStoreError.self) { try store.execute(update) }
    #expect(updateError?.kind == .damaged)

    #expect(Bytes.of(file) == original)
    #expect(folder.names() == ["three.vcf"])
  }

  @Test("an update through book-phone's card changes only book-phone's file (case 10)")
  func duplicateUIDWritesByPath() throws {
    let root = SharedFiles.cases.appendingPathComponent("10-duplicate-uid-across-books")
    let folder = try TempFolder("case10")
    defer { folder.remove() }
    let name = "3f9d6a2e-8c41-4b7f-a2d5-61e0c9b4f7aa.vcf"
    let other = "7c20b5e1-0d9a-4e63-8f14-2b7a9e3c5d08.vcf"
    let personalFile = try folder.copy(root.appendingPathComponent("book-personal/" + name), as: "book-personal/" + name)
    let phoneFile = try folder.copy(root.appendingPathComponent("book-phone/" + name), as: "book-phone/" + name)
    let otherFile = try folder.copy(root.appendingPathComponent("book-phone/" + other), as: "book-phone/" + other)
    let personalBefore = Bytes.of(personalFile)
    let otherBefore = Bytes.of(otherFile)
    let phoneBefore = Bytes.of(phoneFile)
    let personal = VdirStore(path: folder.file("book-personal"))
    let phone = VdirStore(path: folder.file("book-phone"))
    _ = try personal.load()
    let fromPhone = try #require(try phone.load().contacts.first { $0.source == phoneFile })

    var request = SaveRequest()
    request.update(fromPhone.addingEmail("marisol@quint.example"), original: fromPhone)
    // Through the other book: refused, the contact's file is not in that folder.
    let wrongBook = #expect(throws: ContactStoreError.self) { try personal.execute(request) }
    #expect(wrongBook?.kind == .notInAddressBook)
    #expect(Bytes.of(phoneFile) == phoneBefore)

    _ = try phone.execute(request)
    #expect(Bytes.of(personalFile) == personalBefore)
    #expect(Bytes.of(otherFile) == otherBefore)
    #expect(Bytes.of(phoneFile) != phoneBefore)
    #expect(Bytes.text(phoneFile).contains("\r\nEMAIL;TYPE=work:marisol@quint.example\r\n"))
    #expect(folder.strayTempFiles().isEmpty)
  }

  @Test("a file replaced by rename between load and save: the external TEL and our email both end up in it (case 30)")
  func lostUpdate() throws {
    let root = SharedFiles.cases.appendingPathComponent("30-concurrent-update-lost-write")
    let folder = try TempFolder("case30")
    defer { folder.remove() }
    let name = "b6e0f2a4-91c3-4d7a-8f25-3a1e9c7d0b54.vcf"
    let file = try folder.copy(root.appendingPathComponent("book/" + name), as: "book/" + name)
    let store = VdirStore(path: folder.file("book"))
    let loaded = try #require(try store.load().contacts.first)

    // Another program replaces the file as vdirsyncer does: temp file, rename(2).
    let external = try folder.copy(root.appendingPathComponent("external-version.vcf"), as: "book/.external.tmp")
    #expect(rename(external, file) == 0)

    var request = SaveRequest()
    request.update(loaded.addingEmail("hesper.g@kilnworks.example"), original: loaded)
    let saved = try #require(try store.execute(request).first)

    let lines = Bytes.lines(file)
    #expect(lines.contains("TEL;TYPE=cell:+1 555 0230"))
    #expect(lines.contains { $0.hasSuffix(":hesper.g@kilnworks.example") })
    #expect(lines.contains("EMAIL;TYPE=home:hesper@galloway.example"))
    #expect(saved.phoneNumbers.map(\.value) == ["+1 555 0230"])
    #expect(Set(saved.emailAddresses.map(\.value)) == ["hesper@galloway.example", "hesper.g@kilnworks.example"])
    #expect(saved.sourceRecord?.bytes == Bytes.of(file))
    #expect(folder.names("book") == [name])
  }

  @Test("a conflicting change on disk is not overwritten: a conflict error says to reload (case 30)")
  func conflictLeavesExternalVersion() throws {
    let folder = try TempFolder("case30c")
    defer { folder.remove() }
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:c1\r\nFN:Hesper Galloway\r\nN:Galloway;Hesper;;;\r\nTEL:+1 555 0100\r\nEND:VCARD\r\n"
    let file = try folder.write("book/c1.vcf", Array(card.utf8))
    let store = VdirStore(path: folder.file("book"))
    let loaded = try #require(try store.load().contacts.first)
    // Elsewhere: the phone becomes 0101 and the job title is set.
    let externalText = card.replacingOccurrences(of: "TEL:+1 555 0100", with: "TEL:+1 555 0101\r\nTITLE:Potter")
    try folder.write("book/c1.vcf", Array(externalText.utf8))
    let external = Bytes.of(file)

    // Here: the same phone changed to 0199.
    var edited = loaded
    edited.phoneNumbers[0].value = "+1 555 0199"
    var request = SaveRequest()
    request.update(edited, original: loaded)
    let error = #expect(throws: ContactStoreError.self) { try store.execute(request) }
    #expect(error?.kind == .conflict)
    #expect(error?.reason.contains("Reload") == true)
    #expect(error?.reason.contains("+1 555 0100") == true)
    #expect(Bytes.of(file) == external)

    // A change to another field merges: the title set elsewhere stays.
    var renamed = loaded
    renamed.nickname = "Hes"
    var second = SaveRequest()
    second.update(renamed, original: loaded)
    let saved = try #require(try store.execute(second).first)
    #expect(saved.nickname == "Hes")
    #expect(saved.jobTitle == "Potter")
    #expect(saved.phoneNumbers.map(\.value) == ["+1 555 0101"])
    #expect(folder.strayTempFiles().isEmpty)
  }

  @Test("a value removed here that was changed elsewhere is a conflict, not a silent keep; removed both ways, or beside a value added elsewhere, it merges")
  func removedHereChangedElsewhere() throws {
    let folder = try TempFolder("case30r")
    defer { folder.remove() }
    let card =
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:r1\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
      + "EMAIL;TYPE=work:ada@example.org\r\nEMAIL;TYPE=home:ada.home@example.net\r\nEND:VCARD\r\n"
    let file = try folder.write("book/r1.vcf", Array(card.utf8))
    let store = VdirStore(path: folder.file("book"))
    let loaded = try #require(try store.load().contacts.first)
    var removed = loaded
    removed.emailAddresses.removeAll { $0.value == "ada@example.org" }
    var request = SaveRequest()
    request.update(removed, original: loaded)

    // Elsewhere (khard): the work address changed. Before, the save wrote nothing, said
    // nothing, and returned the contact with the address the user had removed.
    let changed = card.replacingOccurrences(of: "work:ada@example.org", with: "work:ada.changed@example.org")
    try folder.write("book/r1.vcf", Array(changed.utf8))
    let error = #expect(throws: ContactStoreError.self) { try store.execute(request) }
    #expect(error?.kind == .conflict)
    #expect(error?.reason.contains("email “ada@example.org”: removed here, changed elsewhere to “ada.changed@example.org”") == true)
    #expect(Bytes.text(file) == changed)

    // Elsewhere: only its label changed (work → home). Before, the removal was dropped too.
    let relabelled = card.replacingOccurrences(of: "EMAIL;TYPE=work:ada@", with: "EMAIL;TYPE=home:ada@")
    try folder.write("book/r1.vcf", Array(relabelled.utf8))
    let relabel = #expect(throws: ContactStoreError.self) { try store.execute(request) }
    #expect(relabel?.reason.contains("email “ada@example.org”: removed here, changed elsewhere to “ada@example.org”") == true)
    #expect(Bytes.text(file) == relabelled)

    // Elsewhere: the same address removed, and a phone added: merged.
    let gone = card.replacingOccurrences(of: "EMAIL;TYPE=work:ada@example.org\r\n", with: "TEL;TYPE=cell:+44 20 7946 0000\r\n")
    try folder.write("book/r1.vcf", Array(gone.utf8))
    let saved = try #require(try store.execute(request).first)
    #expect(saved.emailAddresses.map(\.value) == ["ada.home@example.net"])
    #expect(saved.phoneNumbers.map(\.value) == ["+44 20 7946 0000"])

    // Elsewhere: an address of another label added beside the one removed here: both kept as meant.
    try folder.write("book/r1.vcf", Array(card.replacingOccurrences(of: "END:VCARD", with: "EMAIL;TYPE=other:ada@other.example\r\nEND:VCARD").utf8))
    let beside = try #require(try store.execute(request).first)
    #expect(beside.emailAddresses.map(\.value) == ["ada.home@example.net", "ada@other.example"])
    #expect(folder.strayTempFiles().isEmpty)
  }
}
