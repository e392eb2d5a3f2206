import ContactKit
import CpickSupport
import CpickTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import ContactStores

/// Saving: atomic replacement, crashes, names made from UIDs, permissions, files
/// changed meanwhile, damaged or read-only sources.
@Suite("saving: safety")
struct SaveSafetyTests {
  static let hesper = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:b6e0f2a4-91c3-4d7a-8f25-3a1e9c7d0b54\r
    N:Galloway;Hesper;;;\r
    FN:Hesper Galloway\r
    EMAIL;TYPE=home:hesper@galloway.example\r
    X-CUSTOM;X-PARAM=kept:must survive\r
    END:VCARD\r

    """

  /// Whether `bytes` are exactly one complete card.
  static func isOneCompleteCard(_ bytes: [UInt8]) -> Bool {
    let load = VCardLoading.contacts(fromBytes: bytes, source: "reader")
    return load.contacts.count == 1 && load.warnings.isEmpty && bytes.starts(with: Array("BEGIN:VCARD\r\n".utf8))
      && bytes.suffix(11).elementsEqual(Array("END:VCARD\r\n".utf8))
  }

  // MARK: Atomicity

  final class ReaderState: Sendable {
    let stop = Atomic<Bool>(false)
    let reads = Atomic<Int>(0)
    let torn = Locked<[String]>([])
  }

  @Test("a reader looping over the file while 200 saves run only ever sees one complete card (case 30, torn write)")
  func noTornWrites() throws {
    let folder = try TempFolder("torn")
    defer { folder.remove() }
    let file = try folder.write("book/hesper.vcf", Array(Self.hesper.utf8))
    let store = VdirStore(path: folder.file("book"))
    var current = try #require(try store.load().contacts.first)

    let state = ReaderState()
    let done = DispatchSemaphore(value: 0)
    let reader = Thread {
      while !state.stop.load(ordering: .relaxed) {
        let bytes = (try? AtomicFile.read(file))?.bytes ?? []
        state.reads.add(1, ordering: .relaxed)
        if !Self.isOneCompleteCard(bytes) {
          state.torn.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        }
      }
      done.signal()
    }
    reader.start()
    for round in 0..<200 {
      var edited = current
      edited.note = round % 2 == 0 ? "round \(round)" : ""
      var request = SaveRequest()
      request.update(edited, original: current)
      current = try #require(try store.execute(request).first)
    }
    state.stop.store(true, ordering: .relaxed)
    done.wait()

    #expect(state.reads.load(ordering: .relaxed) > 200)
    #expect(state.torn.withLock { $0 }.isEmpty)
    #expect(current.note == "")
    #expect(Bytes.text(file).contains("X-CUSTOM;X-PARAM=kept:must survive\r\n"))
    #expect(folder.names("book") == ["hesper.vcf"])
  }

  /// The child side of `sigkillMidSave`: saves in a loop while `CPICK_SAVE_CHILD` names
  /// a vdir (the parent runs this test binary again with only this test); without
  /// it, nothing.
  @Test("(child process of the SIGKILL test; does nothing on its own)")
  func saveLoopChild() throws {
    guard let book = ProcessInfo.processInfo.environment["CPICK_SAVE_CHILD"] else { return }
    let store = VdirStore(path: book)
    var current = try #require(try store.load().contacts.first)
    let deadline = Date().addingTimeInterval(20)
    var round = 0
    while Date() < deadline {
      var edited = current
      edited.note = round % 2 == 0 ? String(repeating: "note \(round) ", count: 200) : ""
      var request = SaveRequest()
      request.update(edited, original: current)
      current = try #require(try store.execute(request).first)
      round += 1
    }
  }

  @Test("SIGKILL in the middle of saves leaves the old or the new file, never a broken one (case 30)")
  func sigkillMidSave() throws {
    let executable = try FileSystem.realPath("/proc/self/exe")
    guard executable.hasSuffix(".xctest") else {
      print("skipping: not running from the test bundle (\(executable))")
      return
    }
    let folder = try TempFolder("sigkill")
    defer { folder.remove() }
    let file = try folder.write("book/hesper.vcf", Array(Self.hesper.utf8))
    for attempt in 0..<5 {
      let pid = try ChildProcess.spawn(
        [executable, "--testing-library", "swift-testing", "--filter", "saveLoopChild"],
        environment: ["CPICK_SAVE_CHILD": folder.file("book"), "PATH": "/usr/bin:/bin"])
      // Let it load and save a while: until the file has been replaced at least once.
      let inode = Bytes.status(file).st_ino
      let start = Date()
      while Bytes.status(file).st_ino == inode && Date().timeIntervalSince(start) < 30 { usleep(1_000) }
      #expect(Bytes.status(file).st_ino != inode, "the child never saved")
      usleep(UInt32(20_000 + attempt * 13_000))
      kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
      #expect(status & 0x7F == SIGKILL, "the child ended before the kill (status \(status))")

      let bytes = Bytes.of(file)
      #expect(Self.isOneCompleteCard(bytes), "attempt \(attempt): \(String(decoding: bytes, as: UTF8.self))")
      #expect(Bytes.text(file).contains("X-CUSTOM;X-PARAM=kept:must survive\r\n"))
      // A temp file the kill left behind is ignored by readers.
      let load = try VdirStore(path: folder.file("book")).load()
      #expect(load.contacts.count == 1)
      #expect(load.warnings.isEmpty)
      for stray in folder.strayTempFiles() { try? FileManager.default.removeItem(atPath: folder.file(stray)) }
    }
  }

  @Test("a temp file left by a crash is ignored by readers and the next save; the target is intact")
  func leftoverTempFileIgnored() throws {
    let folder = try TempFolder("crash")
    defer { folder.remove() }
    let file = try folder.write("book/hesper.vcf", Array(Self.hesper.utf8))
    let half = Array(Self.hesper.utf8.prefix(60))
    let temp = try folder.write("book/.hesper.vcf.tmp-00000000deadbeef", half)
    let store = VdirStore(path: folder.file("book"))
    let load = try store.load()
    #expect(load.contacts.count == 1)
    #expect(load.warnings.isEmpty)
    let loaded = try #require(load.contacts.first)
    var request = SaveRequest()
    request.update(loaded.addingEmail("h@kiln.example"), original: loaded)
    _ = try store.execute(request)
    #expect(Self.isOneCompleteCard(Bytes.of(file)))
    #expect(Bytes.of(temp) == half)  // someone else's temp file is not ours to touch
    #expect(AtomicFile.tempPath(for: file).hasPrefix(folder.file("book/.hesper.vcf.tmp-")))
  }

  // MARK: Vdir file names from UIDs

  static let hostileUIDs: [String] = [
    "../../etc/passwd", "a/b", ".hidden", String(repeating: "x", count: 300), "nul\u{0}byte", "..", ".",
    "back\\slash", "esc\u{1B}[31mred", "rtl\u{202E}fdp.exe", "", "   ", "urn:uuid:", String(repeating: "é", count: 150),
  ]

  @Test("a new card's file name comes from its UID but never leaves the folder", arguments: hostileUIDs)
  func uidFileNamesStayInside(uid: String) throws {
    let folder = try TempFolder("uid")
    defer { folder.remove() }
    let book = folder.file("book")
    var contact = Contact(identifier: uid, source: "")
    contact.givenName = "Ada"
    contact.familyName = "Lovelace"
    var request = SaveRequest()
    request.add(contact)
    let saved = try #require(try VdirStore(path: book).execute(request).first)

    let names = folder.names("book")
    #expect(names.count == 1)
    #expect(folder.names() == ["book"])  // nothing beside the folder
    let name = try #require(names.first)
    #expect(saved.source == book + "/" + name)
    #expect(!name.hasPrefix("."))
    #expect(name.hasSuffix(".vcf"))
    #expect(name.utf8.count <= VdirFileName.maxBytes + 4)
    #expect(!name.contains("/") && !name.contains("\\") && !name.contains("\u{0}") && !name.contains(".."))
    #expect(!name.unicodeScalars.contains { $0.properties.generalCategory == .control })
    let load = try VdirStore(path: book).load()
    #expect(load.contacts.map(\.displayName) == ["Ada Lovelace"])
    #expect(load.contacts.first?.identifier == saved.identifier)
  }

  @Test("file names: urn:uuid: left out, hostile parts replaced, long names hashed, collisions suffixed")
  func fileNameRules() throws {
    #expect(VdirFileName.base(forUID: "urn:uuid:7f3c2a10-5b8e") == "7f3c2a10-5b8e")
    #expect(VdirFileName.base(forUID: "../../etc/passwd") == "______etc_passwd")
    #expect(VdirFileName.base(forUID: ".hidden") == "_hidden")
    #expect(VdirFileName.base(forUID: "") == "contact")
    let long = VdirFileName.base(forUID: String(repeating: "x", count: 300))
    #expect(long.utf8.count == VdirFileName.maxBytes)
    #expect(long != VdirFileName.base(forUID: String(repeating: "x", count: 301)))

    let folder = try TempFolder("collide")
    defer { folder.remove() }
    var contact = Contact(identifier: "same", source: "")
    contact.givenName = "Twin"
    var request = SaveRequest()
    request.add(contact)
    request.add(contact)
    let saved = try VdirStore(path: folder.file("book")).execute(request)
    #expect(saved.map { FileSystem.lastComponent(of: $0.source) } == ["same.vcf", "same-2.vcf"])
    #expect(folder.names("book") == ["same-2.vcf", "same.vcf"])
  }

  // MARK: New cards

  @Test("a new card in a default vdir that does not exist yet: the folder is made, the card has UID, PRODID, REV, FN, N")
  func newCardCreatesFolder() throws {
    let folder = try TempFolder("default")
    defer { folder.remove() }
    let book = folder.file("data/cpick/contacts")
    var contact = Contact(identifier: "", source: "")
    contact.givenName = "Grace"
    contact.familyName = "Hopper"
    contact.emailAddresses = [LabeledValue(identifier: "e1", label: "work", value: "grace@navy.example")]
    var request = SaveRequest()
    request.add(contact, toGroup: "Pioneers")
    let saved = try #require(try VdirStore(path: book).execute(request).first)

    #expect(saved.identifier.hasPrefix("urn:uuid:"))
    let uuid = String(saved.identifier.dropFirst(9))
    #expect(saved.source == book + "/" + uuid + ".vcf")
    let lines = Bytes.lines(saved.source)
    #expect(lines.first == "BEGIN:VCARD")
    #expect(lines.contains("VERSION:4.0"))
    #expect(lines.contains("UID:" + saved.identifier))
    #expect(lines.contains { $0.hasPrefix("PRODID:") })
    #expect(lines.contains { $0.hasPrefix("REV:") })
    #expect(lines.contains("FN:Grace Hopper"))
    #expect(lines.contains("N:Hopper;Grace;;;"))
    #expect(lines.contains("CATEGORIES:Pioneers"))
    #expect(saved.sourceRecord?.bytes == Bytes.of(saved.source))
    #expect(saved.groups == ["Pioneers"])

    // The returned contact is ready for the next save: an edit touches only its line.
    var edited = saved
    edited.jobTitle = "Rear Admiral"
    var update = SaveRequest()
    update.update(edited, original: saved)
    let again = try #require(try VdirStore(path: book).execute(update).first)
    #expect(again.jobTitle == "Rear Admiral")
    #expect(again.identifier == saved.identifier)
    #expect(folder.names("data/cpick/contacts") == [uuid + ".vcf"])
    #expect(folder.strayTempFiles().isEmpty)
  }

  @Test("a .vcf file of LF line ends gets new cards appended in CR LF, vCard's (case 06); the bytes before stay")
  func vcfAddAppends() throws {
    let folder = try TempFolder("append")
    defer { folder.remove() }
    let lfText = "BEGIN:VCARD\nVERSION:3.0\nFN:Lin Feed\nUID:lf-1\nEND:VCARD"  // no final line end
    let file = try folder.write("lf.vcf", Array(lfText.utf8))
    var contact = Contact(identifier: "", source: "")
    contact.givenName = "Nova"
    var request = SaveRequest()
    request.add(contact)
    let saved = try #require(try VCardFileStore(path: file).execute(request).first)
    let bytes = Bytes.of(file)
    #expect(bytes.starts(with: Array((lfText + "\n").utf8)))
    let added = Array(bytes[(lfText.utf8.count + 1)...])
    #expect(String(decoding: added, as: UTF8.self).hasPrefix("BEGIN:VCARD\r\nVERSION:"))
    #expect(added.filter { $0 == 0x0A }.count == added.filter { $0 == 0x0D }.count)
    #expect(saved.source == file)
    #expect(saved.sourceRecord?.firstLine == 6)
    #expect(try VCardFileStore(path: file).load().contacts.map(\.displayName) == ["Lin Feed", "Nova"])

    // A card brought with its own bytes in CR line ends (`new --vcard` of an old Mac's
    // card) comes in CR LF too.
    let mac = try folder.write("mac.vcf", Array("BEGIN:VCARD\rVERSION:3.0\rFN:Mac Card\rUID:mac-1\rEND:VCARD\r".utf8))
    let sent = try #require(try VCardFileStore(path: mac).load().contacts.first)
    var more = SaveRequest()
    more.add(sent)
    _ = try VCardFileStore(path: file).execute(more)
    let withMac = String(decoding: Bytes.of(file), as: UTF8.self)
    #expect(withMac.hasPrefix(String(decoding: bytes, as: UTF8.self)))
    #expect(withMac.hasSuffix("FN:Mac Card\r\nUID:mac-1\r\nEND:VCARD\r\n"), "\(Array(withMac.utf8))")
    #expect(try VCardFileStore(path: file).load().contacts.map(\.displayName) == ["Lin Feed", "Nova", "Mac Card"])

    // A file that does not exist yet is created.
    let fresh = folder.file("new.vcf")
    _ = try VCardFileStore(path: fresh).execute(request)
    #expect(try VCardFileStore(path: fresh).load().contacts.map(\.displayName) == ["Nova"])
    #expect(folder.strayTempFiles().isEmpty)
  }

  @Test("a file of CR line ends (a classic Mac OS export) keeps them: an added line, an added card")
  func carriageReturnLineEnds() throws {
    let folder = try TempFolder("cr")
    defer { folder.remove() }
    let text = "BEGIN:VCARD\rVERSION:3.0\rN:Doe;John;;;\rFN:John Doe\rUID:cr-1\rEND:VCARD\r"
    let file = try folder.write("mac.vcf", Array(text.utf8))
    let store = VCardFileStore(path: file)
    let loaded = try #require(try store.load().contacts.first)
    var edited = loaded
    edited.jobTitle = "Tester"
    var contact = Contact(identifier: "", source: "")
    contact.givenName = "Nova"
    var request = SaveRequest()
    request.update(edited, original: loaded)
    request.add(contact)
    _ = try store.execute(request)
    let bytes = Bytes.of(file)
    #expect(!bytes.contains(0x0A), "\(Bytes.text(file))")
    #expect(Bytes.text(file).hasPrefix("BEGIN:VCARD\rVERSION:3.0\rN:Doe;John;;;\rFN:John Doe\rUID:cr-1\rTITLE:Tester\rEND:VCARD\rBEGIN:VCARD\r"))
    #expect(try store.load().contacts.map(\.displayName) == ["John Doe", "Nova"])
  }

  // MARK: Updates and deletes in a multi-card file

  static let three = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:one\r
    FN:One Person\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:two\r
    FN:Two Person\r
    EMAIL:two@example.org\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:three\r
    FN:Three Person\r
    END:VCARD\r

    """

  @Test("an update in a .vcf file replaces only that card's bytes; another card changed meanwhile keeps its change")
  func vcfUpdateKeepsOtherCards() throws {
    let folder = try TempFolder("multi")
    defer { folder.remove() }
    let file = try folder.write("all.vcf", Array(Self.three.utf8))
    let store = VCardFileStore(path: file)
    let two = try #require(try store.load().contacts.first { $0.identifier == "two" })
    // Meanwhile another program edits card three (and replaces the file).
    let external = Self.three.replacingOccurrences(of: "FN:Three Person", with: "FN:Three Person\r\nTEL:+1 555 0303")
    let temp = try folder.write(".all.vcf.other", Array(external.utf8))
    #expect(rename(temp, file) == 0)

    var request = SaveRequest()
    request.update(two.addingEmail("two@work.example"), original: two)
    _ = try store.execute(request)
    let expected = external.replacingOccurrences(
      of: "EMAIL:two@example.org\r\n", with: "EMAIL:two@example.org\r\nEMAIL;TYPE=work:two@work.example\r\n")
    let text = Bytes.text(file)
    // Every byte is the external version's, plus our one line (and perhaps a REV line).
    #expect(text.split(separator: "\r\n").filter { !$0.hasPrefix("REV:") } == expected.split(separator: "\r\n"))
  }

  @Test("two copies with one UID in a .vcf (case 10): the copy edited, changed meanwhile, is found on its line and merged; the other stays")
  func copiesWithOneUID() throws {
    let folder = try TempFolder("uid-copies")
    defer { folder.remove() }
    let first = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:dup-1\r\nFN:Odile Ayre\r\nTEL;TYPE=cell:+1 555 0301\r\nEND:VCARD\r\n"
    let second = first.replacingOccurrences(of: "0301", with: "0302")
    let file = try folder.write("book.vcf", Array((first + second).utf8))
    let store = VCardFileStore(path: file)
    let loaded = try #require(try store.load().contacts.last)
    #expect(loaded.phoneNumbers.first?.value == "+1 555 0302")
    // Meanwhile another program renames the second copy (the file replaced).
    let renamed = second.replacingOccurrences(of: "FN:Odile Ayre", with: "FN:Odile Ayre (2nd)")
    let temp = try folder.write(".book.vcf.other", Array((first + renamed).utf8))
    #expect(rename(temp, file) == 0)
    var edited = loaded
    edited.phoneNumbers[0].value = "+1 555 0309"
    var request = SaveRequest()
    request.update(edited, original: loaded)
    _ = try store.execute(request)
    let text = Bytes.text(file).split(separator: "\r\n").filter { !$0.hasPrefix("REV:") }.joined(separator: "\r\n") + "\r\n"
    #expect(text == first + renamed.replacingOccurrences(of: "0302", with: "0309"))
  }

  @Test("a delete removes exactly the card's bytes; a vdir file left without cards is removed")
  func deletes() throws {
    let folder = try TempFolder("delete")
    defer { folder.remove() }
    let file = try folder.write("all.vcf", Array(Self.three.utf8))
    let store = VCardFileStore(path: file)
    let two = try #require(try store.load().contacts.first { $0.identifier == "two" })
    var request = SaveRequest()
    request.delete(two)
    #expect(try store.execute(request).isEmpty)
    let cardTwo = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:two\r\nFN:Two Person\r\nEMAIL:two@example.org\r\nEND:VCARD\r\n"
    #expect(Bytes.text(file) == Self.three.replacingOccurrences(of: cardTwo, with: ""))
    // Deleting it again: it is gone already, nothing changes.
    _ = try store.execute(request)
    #expect(Bytes.text(file) == Self.three.replacingOccurrences(of: cardTwo, with: ""))

    let vdirFile = try folder.write("book/hesper.vcf", Array(Self.hesper.utf8))
    let book = VdirStore(path: folder.file("book"))
    let hesper = try #require(try book.load().contacts.first)
    // Changed elsewhere since it was loaded: not deleted.
    try folder.write("book/hesper.vcf", Array(Self.hesper.replacingOccurrences(of: "FN:Hesper Galloway", with: "FN:Hesper G.").utf8))
    var deleteChanged = SaveRequest()
    deleteChanged.delete(hesper)
    let conflict = #expect(throws: ContactStoreError.self) { try book.execute(deleteChanged) }
    #expect(conflict?.kind == .conflict)
    #expect(FileManager.default.fileExists(atPath: vdirFile))

    let reloaded = try #require(try book.load().contacts.first)
    var delete = SaveRequest()
    delete.delete(reloaded)
    _ = try book.execute(delete)
    #expect(folder.names("book").isEmpty)
  }

  // MARK: What a replacement keeps

  @Test("a save keeps the file's permission bits, and replaces the file by rename (a new inode)")
  func permissionsKept() throws {
    let folder = try TempFolder("mode")
    defer { folder.remove() }
    let file = try folder.write("book/hesper.vcf", Array(Self.hesper.utf8), mode: 0o640)
    let vcf = try folder.write("all.vcf", Array(Self.three.utf8), mode: 0o604)
    let before = Bytes.status(file)

    let book = VdirStore(path: folder.file("book"))
    let hesper = try #require(try book.load().contacts.first)
    var request = SaveRequest()
    request.update(hesper.addingEmail("h@kiln.example"), original: hesper)
    _ = try book.execute(request)
    let after = Bytes.status(file)
    #expect(after.st_mode & 0o7777 == 0o640)
    #expect(after.st_ino != before.st_ino)

    let store = VCardFileStore(path: vcf)
    let one = try #require(try store.load().contacts.first)
    var second = SaveRequest()
    second.update(one.addingEmail("one@example.org"), original: one)
    _ = try store.execute(second)
    #expect(Bytes.status(vcf).st_mode & 0o7777 == 0o604)
    #expect(folder.strayTempFiles().isEmpty)
  }

  @Test("an update with no change writes nothing (same inode, same time)")
  func noChangeNoWrite() throws {
    let folder = try TempFolder("nochange")
    defer { folder.remove() }
    let file = try folder.write("book/hesper.vcf", Array(Self.hesper.utf8))
    let before = Bytes.status(file)
    let book = VdirStore(path: folder.file("book"))
    let hesper = try #require(try book.load().contacts.first)
    var request = SaveRequest()
    request.update(hesper, original: hesper)
    let saved = try book.execute(request)
    let after = Bytes.status(file)
    #expect(after.st_ino == before.st_ino)
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec && after.st_mtim.tv_sec == before.st_mtim.tv_sec)
    #expect(saved == [hesper])
  }

  @Test("a byte-order mark at the start of a file is not written back (case 05); the rest is kept byte for byte")
  func byteOrderMarkDropped() throws {
    let folder = try TempFolder("bom")
    defer { folder.remove() }
    let file = try folder.write("bom.vcf", [0xEF, 0xBB, 0xBF] + Array(Self.three.utf8))
    let store = VCardFileStore(path: file)
    let three = try #require(try store.load().contacts.last)
    var request = SaveRequest()
    request.update(three.addingEmail("three@example.org"), original: three)
    _ = try store.execute(request)
    let bytes = Bytes.of(file)
    #expect(bytes.starts(with: Array(Self.three.utf8.prefix(120))))
    #expect(try store.load().contacts.last?.emailAddresses.map(\.value) == ["three@example.org"])
  }

  // MARK: Refusals

  @Test("stdin, read-only files, jCard files and contacts from elsewhere are refused; nothing changes")
  func refusals() throws {
    var contact = Contact(identifier: "", source: "")
    contact.givenName = "Nobody"
    var add = SaveRequest()
    add.add(contact)
    let stdin = #expect(throws: ContactStoreError.self) { try VCardFileStore(path: "-").execute(add) }
    #expect(stdin?.kind == .readOnly)

    let folder = try TempFolder("refuse")
    defer { folder.remove() }
    let locked = try folder.write("locked.vcf", Array(Self.three.utf8), mode: 0o444)
    let lockedError = #expect(throws: ContactStoreError.self) { try VCardFileStore(path: locked).execute(add) }
    #expect(lockedError?.kind == .readOnly)
    #expect(Bytes.text(locked) == Self.three)

    // A pipe (a device alike), named or behind a link, is neither read nor replaced.
    let pipe = folder.file("pipe.vcf")
    #expect(mkfifo(pipe, 0o600) == 0)
    #expect(symlink(pipe, folder.file("link.vcf")) == 0)
    for path in [pipe, folder.file("link.vcf")] {
      let pipeError = #expect(throws: ContactStoreError.self) { try VCardFileStore(path: path).execute(add) }
      #expect(pipeError?.kind == .readOnly && pipeError?.description.contains("not a regular file") == true)
    }
    var status = stat()
    #expect(lstat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(folder.strayTempFiles().isEmpty)

    let jcard = try folder.write("cards.json", Array("[\"vcard\",[[\"version\",{},\"text\",\"4.0\"],[\"fn\",{},\"text\",\"J\"]]]".utf8))
    let jcardError = #expect(throws: ContactStoreError.self) { try VCardFileStore(path: jcard).execute(add) }
    #expect(jcardError?.kind == .readOnly)
    let xcard = try folder.write("cards.xml", Array("<?xml version=\"1.0\"?>\n<vcards/>\n".utf8))
    let xcardError = #expect(throws: ContactStoreError.self) { try VCardFileStore(path: xcard).execute(add) }
    #expect(xcardError?.kind == .readOnly && xcardError?.description.contains("xCard") == true)
    #expect(Bytes.text(xcard) == "<?xml version=\"1.0\"?>\n<vcards/>\n")

    // A contact of one file saved through another file's store.
    let other = try folder.write("other.vcf", Array(Self.three.utf8))
    let fromLocked = try #require(try VCardFileStore(path: locked).load().contacts.first)
    var update = SaveRequest()
    update.update(fromLocked.addingEmail("x@example.org"), original: fromLocked)
    let elsewhere = #expect(throws: ContactStoreError.self) { try VCardFileStore(path: other).execute(update) }
    #expect(elsewhere?.kind == .notInAddressBook)
    #expect(Bytes.text(other) == Self.three)
  }

  @Test("a vdir update whose file is a symbolic link out of the folder is refused")
  func symlinkOutOfFolderRefused() throws {
    let folder = try TempFolder("symlink")
    defer { folder.remove() }
    let outside = try folder.write("outside/victim.vcf", Array(Self.hesper.utf8))
    try FileManager.default.createDirectory(atPath: folder.file("book"), withIntermediateDirectories: true)
    #expect(symlink(outside, folder.file("book/link.vcf")) == 0)
    let book = VdirStore(path: folder.file("book"))
    let hesper = try #require(try book.load().contacts.first)
    var request = SaveRequest()
    request.update(hesper.addingEmail("x@example.org"), original: hesper)
    let error = #expect(throws: ContactStoreError.self) { try book.execute(request) }
    #expect(error?.kind == .notInAddressBook)
    #expect(Bytes.text(outside) == Self.hesper)

    // A contact whose source names a path outside the folder is refused as well.
    var forged = hesper
    forged.source = folder.file("book/../outside/victim.vcf")
    var second = SaveRequest()
    second.update(forged.addingEmail("x@example.org"), original: forged)
    #expect(throws: ContactStoreError.self) { try book.execute(second) }
    #expect(Bytes.text(outside) == Self.hesper)
  }
}


extension SaveSafetyTests {
  @Test("one request with an update, a delete and an add writes the file once; each returned contact is its card now")
  func severalChangesInOneFile() throws {
    let folder = try TempFolder("several")
    defer { folder.remove() }
    let file = try folder.write("all.vcf", Array(Self.three.utf8))
    let store = VCardFileStore(path: file)
    let loaded = try store.load().contacts
    let (one, three) = (loaded[0], loaded[2])
    var fresh = Contact(identifier: "", source: "")
    fresh.givenName = "Four"
    var edited = three
    edited.jobTitle = "Third"
    var request = SaveRequest()
    request.update(edited, original: three)
    request.delete(one)
    request.add(fresh)
    let saved = try store.execute(request)

    let bytes = Bytes.of(file)
    #expect(saved.map(\.displayName) == ["Three Person", "Four"])
    #expect(saved.first?.jobTitle == "Third")
    for contact in saved {
      let record = try #require(contact.sourceRecord)
      // The record is the card's bytes in the file, on the line it says.
      let lines = Bytes.text(file).components(separatedBy: "\r\n")
      #expect(lines[record.firstLine - 1] == "BEGIN:VCARD")
      #expect(bytes.firstRange(of: record.bytes) != nil)
      #expect(contact.source == file)
    }
    #expect(try store.load().contacts.map(\.displayName) == ["Two Person", "Three Person", "Four"])
    #expect(!Bytes.text(file).contains("UID:one"))
  }

  @Test("one request adding a contact into a group, then renaming the group: the contact returned is its card now (source, record, the new name)")
  func addThenRename() throws {
    let folder = try TempFolder("add-rename")
    defer { folder.remove() }
    let file = try folder.write("all.vcf", Array(Self.three.utf8))
    let store = VCardFileStore(path: file)
    var fresh = Contact(identifier: "", source: "")
    fresh.givenName = "Four"
    var request = SaveRequest()
    request.add(fresh, toGroup: "Choir")
    request.renameGroup("Choir", to: "Chamber Choir")
    // Before, it was the contact as given: no source, no record, the old group's name;
    // updating it then failed ("belongs to , not to this address book").
    let saved = try #require(try store.execute(request).first)
    #expect(saved.source == file)
    #expect(saved.groups == ["Chamber Choir"])
    let record = try #require(saved.sourceRecord)
    #expect(Bytes.of(file).firstRange(of: record.bytes) != nil)
    var later = saved
    later.jobTitle = "Soprano"
    var update = SaveRequest()
    update.update(later, original: saved)
    #expect(try store.execute(update).first?.jobTitle == "Soprano")
  }

  @Test("a vdir card without UID, changed elsewhere, is found as the file's only card and merged")
  func mergeWithoutUID() throws {
    let folder = try TempFolder("nouid")
    defer { folder.remove() }
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ida Nouid\r\nEMAIL:ida@example.org\r\nEND:VCARD\r\n"
    let file = try folder.write("book/ida.vcf", Array(card.utf8))
    let store = VdirStore(path: folder.file("book"))
    let loaded = try #require(try store.load().contacts.first)
    try folder.write("book/ida.vcf", Array(card.replacingOccurrences(of: "END:VCARD", with: "TEL:+1 555 0404\r\nEND:VCARD").utf8))
    var edited = loaded
    edited.emailAddresses[0].value = "ida@work.example"
    var request = SaveRequest()
    request.update(edited, original: loaded)
    _ = try store.execute(request)
    let lines = Bytes.lines(file)
    #expect(lines.contains("TEL:+1 555 0404"))
    #expect(lines.contains { $0.hasSuffix(":ida@work.example") })
    #expect(!lines.contains { $0.hasSuffix(":ida@example.org") })
  }

  @Test("a vdir file another person's card was put in since it was read is not edited: the edit is refused")
  func replacedByAnotherPerson() throws {
    let folder = try TempFolder("replaced")
    defer { folder.remove() }
    let michael = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:michael\r\nFN:Michael Turner\r\nEND:VCARD\r\n"
    let nora = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:nora\r\nFN:Nora Newman\r\nEND:VCARD\r\n"
    let nameless = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Michael Turner\r\nEND:VCARD\r\n"
    // With UIDs (another card copied over the file), and without a UID in the card
    // read (another person's UID-less card).
    for (before, after) in [(michael, nora), (nameless, nora.replacingOccurrences(of: "UID:nora\r\n", with: ""))] {
      let file = try folder.write("book/michael.vcf", Array(before.utf8))
      let store = VdirStore(path: folder.file("book"))
      let loaded = try #require(try store.load().contacts.first)
      try folder.write("book/michael.vcf", Array(after.utf8))
      var edited = loaded
      edited.jobTitle = "Engineer"
      var request = SaveRequest()
      request.update(edited, original: loaded)
      #expect(throws: ContactStoreError.self) { try store.execute(request) }
      #expect(Bytes.text(file) == after)
    }
  }

  final class Failures: Sendable {
    let errors = Locked<[String]>([])
  }

  @Test("two writers saving the same card at once, each from a stale copy: every change of both ends up in the file")
  func concurrentWritersLoseNothing() throws {
    let folder = try TempFolder("concurrent")
    defer { folder.remove() }
    let file = try folder.write("book/hesper.vcf", Array(Self.hesper.utf8))
    let store = VdirStore(path: folder.file("book"))
    let loaded = try #require(try store.load().contacts.first)
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      var mine = loaded
      for round in 0..<15 {
        let edited = mine.addingEmail("w\(writer)-\(round)@example.org")
        var request = SaveRequest()
        request.update(edited, original: mine)
        do {
          // Keep the stale original on purpose: the other writer's saves force merges.
          let saved = try store.execute(request)
          if round % 5 == 4, let fresh = saved.first { mine = fresh } else { mine = edited }
        } catch {
          failures.errors.withLock { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.errors.withLock { $0 }.isEmpty)
    let emails = try #require(try store.load().contacts.first).emailAddresses.map(\.value)
    for writer in 0..<2 {
      for round in 0..<15 { #expect(emails.contains("w\(writer)-\(round)@example.org")) }
    }
    #expect(emails.contains("hesper@galloway.example"))
    #expect(Bytes.text(file).contains("X-CUSTOM;X-PARAM=kept:must survive\r\n"))
    #expect(folder.strayTempFiles().isEmpty)
  }
}
