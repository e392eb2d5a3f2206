import ContactKit
import ContactStores
import Foundation
import Testing

@testable import AddressBook
@testable import ContactFormats

/// The list file of a view (`ListFile`): the snapshot and the person JSON of every
/// contact, mapped at start. What it holds must be what the contacts give; a damaged
/// file or rendering is never used; the folder keeps a bounded number of files.
@Suite("The list file")
struct ListFileTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  static func json(_ contact: Contact, _ order: ContactFormatter.NameOrder) -> [UInt8] {
    var bytes: [UInt8] = []
    PersonJSON.writePerson(contact, nameOrder: order, to: &bytes)
    return bytes
  }

  /// Every rendering of `book` equals the JSON of its contact, position by position.
  static func expectRenderingsMatch(_ book: ContactBook, _ note: String) throws {
    let renderings = try #require(book.renderings, "\(note): no renderings")
    #expect(renderings.count == book.list.contacts.count, "\(note)")
    for (position, contact) in book.list.contacts.enumerated() {
      let stored = renderings.json(at: position).map { Array($0) }
      #expect(stored == json(contact, book.list.nameOrder), "\(note): position \(position)")
    }
  }

  /// The sample book loaded cold in `sandbox`, and its list file mapped as a later
  /// start maps it.
  static func loadedAndMapped(in sandbox: Sandbox) throws -> (
    loader: ContactListLoader, book: ContactBook, path: String, mapped: ListFile.Contents
  ) {
    let loader = ContactListLoaderTests.loader([ContactListLoaderTests.sampleBook], cache: sandbox.cache)
    let book = try loader.load()
    let path = ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache)
    let identity = try #require(try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version).identity())
    return (loader, book, path, try #require(ListFile.read(path: path, view: loader.viewKey, identity: identity)))
  }

  @Test("cold, warm, after an edit, an addition and a deletion, and with group cards, every rendering is its contact's JSON")
  func renderingsFollowTheBook() throws {
    let sandbox = try Sandbox()
    for index in 0..<30 {
      try sandbox.write(
        "book/\(index).vcf",
        ContactListLoaderTests.card("u\(index)", "Given\(index)", "Family\(index % 5)", email: "p\(index)@example.org"))
    }
    let folder = sandbox.path("book")
    var loader = ContactListLoaderTests.loader([folder], cache: sandbox.cache)
    loader.nameOrder = .familyFirst
    try Self.expectRenderingsMatch(try loader.load(), "cold")
    try Self.expectRenderingsMatch(try loader.load(), "warm")
    try sandbox.write("book/3.vcf", ContactListLoaderTests.card("u3", "Edited", "Person", email: "edited@example.org"))
    let edited = try loader.load()
    try Self.expectRenderingsMatch(edited, "edited")
    #expect(edited.list.displayNames.contains("Edited Person"))
    try sandbox.write("book/new.vcf", ContactListLoaderTests.card("n", "New", "Comer", email: "new@example.org"))
    try FileManager.default.removeItem(atPath: sandbox.path("book/7.vcf"))
    let changed = try loader.load()
    try Self.expectRenderingsMatch(changed, "added and deleted")
    #expect(changed.list.contacts.count == 30)
    // A group card elsewhere adds a group to a contact: its JSON carries it, and
    // loses it again when the group card goes.
    try sandbox.write(
      "book/g.vcf",
      "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Team\r\nUID:g\r\nMEMBER:urn:uuid:u1\r\nEND:VCARD\r\n")
    let grouped = try loader.load()
    try Self.expectRenderingsMatch(grouped, "group card")
    try Self.expectRenderingsMatch(try loader.load(), "group card, warm")
    let renderings = try #require(grouped.renderings)
    let member = try #require(grouped.list.contacts.firstIndex { $0.identifier == "u1" })
    #expect(String(decoding: try #require(renderings.json(at: member)), as: UTF8.self).contains("\"groups\":[\"Team\"]"))
    try FileManager.default.removeItem(atPath: sandbox.path("book/g.vcf"))
    let ungrouped = try loader.load()
    try Self.expectRenderingsMatch(ungrouped, "group card removed")
    let again = try #require(ungrouped.list.contacts.firstIndex { $0.identifier == "u1" })
    #expect(!String(decoding: try #require(ungrouped.renderings?.json(at: again)), as: UTF8.self).contains("groups"))
  }

  @Test("a FIFO where a list file should be is refused at once, not waited on (every command hung)")
  func fifoInTheCache() throws {
    let path = NSTemporaryDirectory() + "cpick-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    #expect(MappedFile(path: path) == nil)
  }

  @Test("without its list file, a list of books already in the index is rendered from their stored cards")
  func newViewFromStoredCards() throws {
    let sandbox = try Sandbox()
    let byFamily = ContactListLoaderTests.loader([ContactListLoaderTests.sampleBook], cache: sandbox.cache)
    try Self.expectRenderingsMatch(try byFamily.load(), "cold")
    // Deleting the first view's list file: the books' cards stay in the index.
    try FileManager.default.removeItem(atPath: ListFile.folder(cachePath: sandbox.cache))
    let book = try byFamily.load()
    ContactListLoaderTests.expectFromIndex(book.list, "the list did not come from the stored cards")
    try Self.expectRenderingsMatch(book, "from the cards")
    try Self.expectRenderingsMatch(try byFamily.load(), "warm again")
  }

  @Test("a list file of another view, cut short or with a changed snapshot byte is not used; a changed rendering is refused alone")
  func damagedFiles() throws {
    let sandbox = try Sandbox()
    let loader = ContactListLoaderTests.loader([ContactListLoaderTests.sampleBook], cache: sandbox.cache)
    _ = try loader.load()
    let path = ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache)
    let good = try Data(contentsOf: URL(fileURLWithPath: path))
    let identity = try #require(try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version).identity())
    #expect(ListFile.read(path: path, view: loader.viewKey, identity: identity &+ 1) == nil)
    #expect(ListFile.read(path: path, view: loader.viewKey, identity: identity) != nil)
    #expect(ListFile.read(path: path, view: loader.viewKey + "x", identity: identity) == nil)
    for length in [0, 7, 63, 64, 200, good.count / 2, good.count - 1] {
      try good.prefix(length).write(to: URL(fileURLWithPath: path), options: .atomic)
      #expect(ListFile.read(path: path, view: loader.viewKey, identity: identity) == nil, "cut to \(length) bytes")
    }
    // The trailer's integers: where the snapshot ends (before its padding) and the JSON.
    let trailer = good.count - ListFile.trailerSize
    func integer(_ index: Int) -> Int {
      Int(good[(trailer + 8 * index)..<(trailer + 8 * index + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) })
    }
    let snapshotEnd = trailer - (8 - integer(4) % 8) % 8
    let jsonLength = integer(7)
    #expect(integer(6) == 67 && jsonLength > 67 * 100, "the trailer's count and JSON length")
    // A byte inside the snapshot (just before the trailer).
    var flipped = good
    flipped[snapshotEnd - 20] ^= 0x10
    try flipped.write(to: URL(fileURLWithPath: path), options: .atomic)
    #expect(ListFile.read(path: path, view: loader.viewKey, identity: identity) == nil)
    // A byte inside the rendering that ends the JSON (rendered in file order as the
    // file was read, from the list file's first byte): only that one is refused.
    try good.write(to: URL(fileURLWithPath: path), options: .atomic)
    let intact = try #require(ListFile.read(path: path, view: loader.viewKey, identity: identity))
    let count = intact.renderings.count
    let ending = try #require((0..<count).first { position in
      guard let json = intact.renderings.json(at: position) else { return false }
      return good[(jsonLength - json.count)..<jsonLength].elementsEqual(json)
    })
    let other = ending == 0 ? 1 : 0
    flipped = good
    flipped[jsonLength - 3] ^= 0x01
    try flipped.write(to: URL(fileURLWithPath: path), options: .atomic)
    let contents = try #require(ListFile.read(path: path, view: loader.viewKey, identity: identity))
    #expect(contents.renderings.json(at: ending) == nil)
    #expect(contents.renderings.json(at: other) != nil)
    #expect(contents.renderings.lines([other, ending], separator: 10) == nil)
    #expect(contents.renderings.json(at: -1) == nil)
    #expect(contents.renderings.json(at: count) == nil)
    // The first contact's span made to end 8 bytes past the JSON (into the table, which
    // follows it): refused, never read; the others still answer.
    flipped = good
    let tableStart = jsonLength + (8 - jsonLength % 8) % 8
    withUnsafeBytes(of: UInt64(jsonLength + 8).littleEndian) { end in
      flipped.replaceSubrange((tableStart + 8)..<(tableStart + 16), with: end)
    }
    try flipped.write(to: URL(fileURLWithPath: path), options: .atomic)
    let stretched = try #require(ListFile.read(path: path, view: loader.viewKey, identity: identity))
    #expect(stretched.renderings.json(at: 0) == nil)
    #expect(stretched.renderings.json(at: 1) != nil)
    // The loader still answers, the same list as before.
    let book = try loader.load()
    #expect(book.list.contacts.count == 67)
  }

  @Test("the lines of a mapped list file, copied from the file rather than read through the mapping, are the contacts' JSON in the order asked, again and again")
  func linesLetPagesGo() throws {
    let sandbox = try Sandbox()
    let (_, book, _, mapped) = try Self.loadedAndMapped(in: sandbox)
    let count = book.list.contacts.count
    // Every contact, scattered.
    let positions = (0..<count).reversed().filter { $0 % 3 != 1 } + (0..<count).filter { $0 % 3 == 1 }
    #expect(positions.count == count)
    var expected: [UInt8] = []
    for position in positions {
      expected += ListFileTests.json(book.list.contacts[position], book.list.nameOrder) + [10]
    }
    #expect(mapped.renderings.lines(positions, separator: 10) == expected)
    #expect(mapped.renderings.lines(positions, separator: 10) == expected)
    // The renderings the cold load wrote and mapped give the same.
    #expect(book.renderings?.lines(positions, separator: 10) == expected)
    #expect(mapped.renderings.json(at: count - 1).map { Array($0) } == ListFileTests.json(book.list.contacts[count - 1], book.list.nameOrder))
  }

  @Test("a mapped list file keeps what it mapped while another process writes the file anew")
  func replacedWhileMapped() throws {
    let sandbox = try Sandbox()
    let (loader, first, path, mapped) = try Self.loadedAndMapped(in: sandbox)
    let before = mapped.renderings.json(at: 5).map { Array($0) }
    // Another process writes the file anew: the mapping keeps the version it mapped.
    try FileManager.default.removeItem(atPath: path)
    _ = try loader.load()
    #expect(mapped.renderings.json(at: 5).map { Array($0) } == before)
    #expect(before == ListFileTests.json(first.list.contacts[5], first.list.nameOrder))
  }

  @Test("the folder keeps the most recently written list files, and removes stale temp files")
  func pruning() throws {
    let sandbox = try Sandbox()
    var paths: [String] = []
    for view in 0..<(ListFile.keptFiles + 3) {
      var loader = ContactListLoaderTests.loader([ContactListLoaderTests.sampleBook], cache: sandbox.cache)
      loader.group = "group \(view)"  // another view each time (and an empty list)
      _ = try loader.load()
      paths.append(ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache))
      // Older files get older times: pruning goes by modification time.
      for (age, path) in paths.reversed().enumerated() {
        var times = [timespec(tv_sec: time(nil) - 100 * age, tv_nsec: 0), timespec(tv_sec: time(nil) - 100 * age, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
      }
    }
    let folder = ListFile.folder(cachePath: sandbox.cache)
    let stale = folder + "/.x.list.tmp-0123456789abcdef"
    #expect(FileManager.default.createFile(atPath: stale, contents: Data([1])))
    var old = [timespec(tv_sec: time(nil) - 7_200, tv_nsec: 0), timespec(tv_sec: time(nil) - 7_200, tv_nsec: 0)]
    utimensat(AT_FDCWD, stale, &old, 0)
    var loader = ContactListLoaderTests.loader([ContactListLoaderTests.sampleBook], cache: sandbox.cache)
    loader.group = "one more"
    _ = try loader.load()
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".list") }
    #expect(left.count == ListFile.keptFiles)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: paths.last!))
    #expect(!FileManager.default.fileExists(atPath: paths.first!))
  }
}

extension ListFileTests {
  final class Payload {
    let memory: UnsafeMutableRawBufferPointer
    init(_ bytes: [UInt8]) {
      memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
      bytes.withUnsafeBytes { memory.copyMemory(from: $0) }
    }
    deinit { memory.deallocate() }
    var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: memory[0..<memory.count]) }
  }

  @Test(
    "a warm start from the list file shows the sections the cold one showed: kana rows and Hangul consonants too",
    arguments: [SectionIndex.kana, .hangul])
  func sectionsOfTheListFile(index: SectionIndex) throws {
    let sandbox = try Sandbox()
    typealias Loading = ContactListLoaderTests
    try sandbox.write(
      "people.vcf",
      Loading.card("1", "太郎", "山田", email: "taro@example.jp", extra: "X-PHONETIC-LAST-NAME:やまだ\r\n")
        + Loading.card("2", "はな", "かとう", email: "hana@example.jp")
        + Loading.card("3", "민준", "김", email: "kim@example.kr") + Loading.card("4", "서연", "이", email: "lee@example.kr")
        + Loading.card("5", "Alice", "Smith", email: "alice@example.com"))
    var loader = Loading.loader([sandbox.path("people.vcf")], cache: sandbox.cache)
    loader.sectionIndex = index
    let cold = try loader.load()
    // 山田 under や by its reading (without one, ICU's pinyin would file it under さ).
    let expected = index == .kana ? ["か", "や", "K", "L", "S"] : ["ㄱ", "ㅇ", "K", "S", "Y"]
    #expect(cold.list.sections == expected)
    let path = ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache)
    #expect(FileManager.default.fileExists(atPath: path), "the list file was written")
    let warm = try loader.load()
    #expect(warm.list.sections == expected)
    #expect(warm.list.displayNames == cold.list.displayNames)
  }

  @Test("a snapshot decodes to the list it was made of; every cut and every changed byte throws or decodes, never crashes")
  func snapshotDecoding() throws {
    let sandbox = try Sandbox()
    let loader = ContactListLoaderTests.loader([ContactListLoaderTests.sampleBook], cache: sandbox.cache)
    let cold = try loader.load()
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    let identity = try #require(cache.identity())
    let file = try #require(
      ListFile.read(path: ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache), view: loader.viewKey, identity: identity))
    let bytes = Array(file.snapshot)
    let whole = Payload(bytes)
    let decoded = try ListSnapshot.decode(whole.raw, owner: whole, cache: cache, sortOrder: .family, nameOrder: .auto)
    #expect(decoded.list.displayNames == cold.list.displayNames)
    #expect(decoded.list.sections == cold.list.sections)
    #expect(decoded.list.groups == cold.list.groups)
    #expect(cold.list.groups.count >= 2, "the sample book's groups are what the snapshot is checked with")
    for group in cold.list.groups { #expect(decoded.list.members(of: group.name) == cold.list.members(of: group.name)) }
    #expect(decoded.list.index.search("lukasz") == cold.list.index.search("lukasz"))
    #expect(Array(decoded.list.contacts) == Array(cold.list.contacts))
    var decodedCuts = 0
    for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
      let cut = Payload(Array(bytes.prefix(length)))
      if (try? ListSnapshot.decode(cut.raw, owner: cut, cache: cache, sortOrder: .family, nameOrder: .auto)) != nil {
        decodedCuts += 1
      }
    }
    #expect(decodedCuts == 0, "a cut snapshot never decodes")
    for offset in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 500)) {
      var changed = bytes
      changed[offset] ^= 0xA5
      let payload = Payload(changed)
      if let list = try? ListSnapshot.decode(payload.raw, owner: payload, cache: cache, sortOrder: .family, nameOrder: .auto).list {
        _ = list.displayNames.map(\.count)
        _ = list.index.search("a")
        _ = list.groups
      }
    }
  }
}
