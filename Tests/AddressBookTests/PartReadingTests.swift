import ContactFormats
import ContactKit
import ContactStores
import CpickSupport
import CpickTestSupport
import Foundation
import Testing

@testable import AddressBook

/// A large `.vcf` file is read, mapped, indexed and encoded for the index part by part
/// (`ContactListLoader.partSize`): the list, its warnings, its JSON and the row stored in
/// the index must be what reading the file whole gives, wherever the parts are cut.
@Suite("A large file read in parts")
struct PartReadingTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  /// `count` cards, some with a Han or accented name, a folded note, a photo, and
  /// damage: a line without a colon (card 37), damaged base64 (card 81).
  static func book(count: Int) -> String {
    var text = ""
    for index in 0..<count {
      let given = ["Ada", "Zoë", "小明", "José", "Grace"][index % 5]
      var card = ContactListLoaderTests.card(
        "u\(index)", "\(given)\(index)", "Family\(index % 17)", email: "p\(index)@example.org",
        extra: "TEL;TYPE=cell:+49 170 555 \(1000 + index)\r\nNOTE:a note that is folded\r\n  here\\, \(index)\r\n")
      if index == 37 { card = card.replacingOccurrences(of: "NOTE:", with: "NOTE") }
      if index == 81 { card = card.replacingOccurrences(of: "END:VCARD", with: "PHOTO;ENCODING=b:ab!cd\r\nEND:VCARD") }
      text += card
    }
    return text
  }

  /// What a load gave and what it stored, to compare.
  struct Loaded {
    var book: ContactBook
    var rows: [CachedFile]
    var cards: [[UInt8]]
  }

  static func load(_ path: String, cache: String, partSize: Int?) throws -> Loaded {
    var loader = ContactListLoaderTests.loader([path], cache: cache)
    loader.partSize = partSize
    let book = try loader.load()
    let index = try IndexCache(path: cache, payloadVersion: IndexFormat.version)
    let rows = index.files(inBook: loader.bookKey(path))
    var cards: [[UInt8]] = []
    if let row = rows.first {
      let generation = IndexCache.generation(path: row.path, signature: row.signature)
      cards = index.cards(generation: generation, from: 0, limit: 1_000_000).map(\.data)
    }
    return Loaded(book: book, rows: rows, cards: cards)
  }

  /// `path` loaded whole and in parts of `partSize`, each into an index of its own in
  /// `sandbox`, after checking that the parts give what the whole gives: one segment
  /// against several, `count` contacts, the same list, names, search results for
  /// `queries` and warnings.
  static func partsAndWhole(
    _ path: String, in sandbox: Sandbox, partSize: Int, count: Int, queries: [String]
  ) throws -> (whole: Loaded, parts: Loaded) {
    let whole = try Self.load(path, cache: sandbox.path("whole/index.sqlite"), partSize: nil)
    let parts = try Self.load(path, cache: sandbox.path("parts/index.sqlite"), partSize: partSize)
    #expect(whole.book.list.contacts.segments.count == 1)
    #expect(parts.book.list.contacts.segments.count > 1, "not read in parts")
    #expect(parts.book.list.contacts.count == count)
    #expect(Array(parts.book.list.contacts) == Array(whole.book.list.contacts))
    #expect(Array(parts.book.list.displayNames) == Array(whole.book.list.displayNames))
    for query in queries {
      #expect(parts.book.list.index.search(query) == whole.book.list.index.search(query), "query \(query)")
    }
    #expect(parts.book.warnings == whole.book.warnings)
    return (whole, parts)
  }

  /// A sandbox holding `people.vcf` of `book(count:)`, its path, and that file read
  /// whole into an index of its own (what a reading in parts must give).
  static func bookReadWhole(count: Int) throws -> (sandbox: Sandbox, path: String, whole: Loaded) {
    let sandbox = try Sandbox()
    try sandbox.write("people.vcf", Self.book(count: count))
    let path = sandbox.path("people.vcf")
    return (sandbox, path, try Self.load(path, cache: sandbox.path("whole/index.sqlite"), partSize: nil))
  }

  @Test(
    "read in parts of a few cards, or of part of one, the list, warnings, JSON and index row are those of the whole read",
    arguments: [1, 700, 5_000])
  func partsGiveTheWhole(partSize: Int) throws {
    let (sandbox, path, whole) = try Self.bookReadWhole(count: 240)
    let parts = try Self.load(path, cache: sandbox.path("parts/index.sqlite"), partSize: partSize)
    // Read whole, 240 contacts are one segment; read in parts, one or more per part.
    #expect(whole.book.list.contacts.segments.count == 1)
    #expect(parts.book.list.contacts.segments.count > 1, "not read in parts")
    // Its cards went to the index as the parts were read: the list reads them there.
    if case .stored = parts.book.list.contacts.segments.first {} else { Issue.record("contacts not read from the index") }
    #expect(parts.book.list.contacts.count == 240)
    #expect(Array(parts.book.list.contacts) == Array(whole.book.list.contacts))
    #expect(Array(parts.book.list.displayNames) == Array(whole.book.list.displayNames))
    #expect(parts.book.list.sections == whole.book.list.sections)
    for query in ["ada", "zoe", "xiao", "0170 555 1", "email:p1", "family3 !jose"] {
      #expect(parts.book.list.index.search(query) == whole.book.list.index.search(query), "query \(query)")
    }
    #expect(parts.book.warnings == whole.book.warnings)
    #expect(parts.book.warnings.count == 2)
    let renderedParts = try #require(parts.book.renderings)
    let renderedWhole = try #require(whole.book.renderings)
    for position in 0..<240 {
      #expect(renderedParts.json(at: position).map(Array.init) == renderedWhole.json(at: position).map(Array.init))
      // Rendered straight into the list file: each position's JSON is its contact's.
      var json: [UInt8] = []
      PersonJSON.writePerson(parts.book.list.contacts[position], nameOrder: parts.book.list.nameOrder, to: &json)
      #expect(renderedParts.json(at: position).map(Array.init) == json, "position \(position)")
    }
    #expect(parts.rows.count == 1)
    #expect(parts.rows.map(\.payload) == whole.rows.map(\.payload), "the stored row differs")
    #expect(parts.cards.count == 240)
    #expect(parts.cards == whole.cards, "the stored cards differ")
  }

  @Test("a jCard document is read in parts as a .vcf file is: the list, warnings, JSON and index row of the whole read")
  func jCardInParts() throws {
    let sandbox = try Sandbox()
    var items: [String] = []
    for index in 0..<240 {
      let given = ["Ada", "Zoë", "小明", "José", "Grace"][index % 5]
      // Card 37 has a property that is no jCard property (a warning at its line).
      let broken = index == 37 ? #", ["note", {}]"# : ""
      items.append(
        #"["vcard", [["version", {}, "text", "4.0"], ["uid", {}, "text", "u\#(index)"], "#
          + #"["fn", {}, "text", "\#(given)\#(index) Family\#(index % 17)"], "#
          + #"["n", {}, "text", ["Family\#(index % 17)", "\#(given)\#(index)", "", "", ""]], "#
          + #"["email", {"type": "work"}, "text", "p\#(index)@example.org"]\#(broken)]]"#)
    }
    try sandbox.write("people.json", "[\n" + items.joined(separator: ",\n") + "\n]\n")
    let path = sandbox.path("people.json")
    let (whole, parts) = try Self.partsAndWhole(
      path, in: sandbox, partSize: 2_000, count: 240, queries: ["ada", "zoe", "xiao", "email:p1", "family3 !jose"])
    #expect(parts.book.warnings.count == 1 && parts.book.warnings[0].hasPrefix("\(path):39: "), "\(parts.book.warnings)")
    let renderedParts = try #require(parts.book.renderings)
    let renderedWhole = try #require(whole.book.renderings)
    for position in 0..<240 {
      #expect(renderedParts.json(at: position).map(Array.init) == renderedWhole.json(at: position).map(Array.init))
    }
    #expect(parts.rows.count == 1 && parts.rows.map(\.payload) == whole.rows.map(\.payload), "the stored row differs")
    #expect(parts.cards.count == 240 && parts.cards == whole.cards, "the stored cards differ")
  }

  @Test("a cold file's JSON, rendered in file order as its parts were read, is the list file's first bytes, found by position")
  func renderingsCopiedInFileOrder() throws {
    let sandbox = try Sandbox()
    try sandbox.write("people.vcf", Self.book(count: 240))
    let path = sandbox.path("people.vcf")
    let cache = sandbox.path("parts/index.sqlite")
    var loader = ContactListLoaderTests.loader([path], cache: cache)
    loader.partSize = 700
    let book = try loader.load()
    let list = book.list
    // The list's order is not the file's: the copy is what points each position home.
    let inFileOrder = try VCardFileStore(path: path).load().contacts
    #expect(inFileOrder.count == 240)
    #expect(Array(list.contacts) != inFileOrder, "the book is in name order already")
    var fileJSON: [UInt8] = []
    for contact in inFileOrder { PersonJSON.writePerson(contact, nameOrder: list.nameOrder, to: &fileJSON) }
    let identity = try #require(try IndexCache(path: cache, payloadVersion: IndexFormat.version).identity())
    let mapped = try #require(
      ListFile.read(path: ListFile.path(forView: loader.viewKey, cachePath: cache), view: loader.viewKey, identity: identity))
    // The temp file the JSON was rendered into became the list file: the JSON first, in
    // the book's order; the file private; no temp file left beside it.
    let listPath = ListFile.path(forView: loader.viewKey, cachePath: cache)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: listPath)).prefix(fileJSON.count)) == fileJSON)
    #expect((try FileManager.default.attributesOfItem(atPath: listPath)[.posixPermissions] as? Int) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: ListFile.folder(cachePath: cache)) == [
      (listPath as NSString).lastPathComponent
    ])
    for renderings in [try #require(book.renderings), mapped.renderings] {
      #expect(renderings.count == 240)
      #expect(Array(renderings.json) == fileJSON)
      for (position, contact) in list.contacts.enumerated() {
        #expect(renderings.json(at: position).map(Array.init) == ListFileTests.json(contact, list.nameOrder), "position \(position)")
      }
      #expect(renderings.lines([239, 0, 17], separator: 10).map { $0.filter { $0 == 10 }.count } == 3)
    }
  }

  /// Every segment of `list` keeps its contacts encoded (`SegmentContacts.archived`).
  static func expectEncoded(_ list: ContactList) {
    for segment in list.contacts.segments {
      if case .archived = segment {} else { Issue.record("a segment keeps its contacts otherwise than encoded") }
    }
  }

  @Test("without an index (CPICK_NO_CACHE), a large file is read in parts all the same, its contacts kept encoded")
  func withoutIndexKeepsEncodings() throws {
    let (sandbox, path, whole) = try Self.bookReadWhole(count: 240)
    // Kept until the end: its folder (the book) goes with it.
    defer { withExtendedLifetime(sandbox) {} }
    var loader = ContactListLoaderTests.loader([path], cache: nil)
    loader.partSize = 700
    let parts = try loader.load()
    #expect(parts.list.contacts.segments.count > 1, "not read in parts")
    Self.expectEncoded(parts.list)
    #expect(Array(parts.list.contacts) == Array(whole.book.list.contacts))
    #expect(Array(parts.list.displayNames) == Array(whole.book.list.displayNames))
    for query in ["ada", "xiao", "0170 555 1", "family3 !jose"] {
      #expect(parts.list.index.search(query) == whole.book.list.index.search(query), "query \(query)")
    }
    #expect(parts.warnings == whole.book.warnings)
    #expect(parts.renderings == nil)
  }

  @Test("a group card whose KIND line is folded inside its name gives its members their group, with the index or without")
  func foldedKindLine() throws {
    let sandbox = try Sandbox()
    let group = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:team\r\nKI\r\n ND:group\r\nFN:Team\r\nMEMBER:urn:uuid:u3\r\nEND:VCARD\r\n"
    try sandbox.write("people.vcf", Self.book(count: 40) + group)
    let path = sandbox.path("people.vcf")
    for cache in [sandbox.path("index/index.sqlite"), nil] {
      var loader = ContactListLoaderTests.loader([path], cache: cache)
      loader.partSize = 700
      let book = try loader.load()
      #expect(book.list.contacts.count == 40, "the group card is no person")
      let member = try #require(book.list.contacts.first { $0.identifier == "u3" })
      #expect(member.groups == ["Team"], "with cache \(cache ?? "none")")
    }
  }

  @Test("a file with blank lines between its cards is read in parts, as it is read whole")
  func blankLinesBetweenCards() throws {
    let sandbox = try Sandbox()
    try sandbox.write("people.vcf", Self.book(count: 120).replacingOccurrences(of: "END:VCARD\r\n", with: "END:VCARD\r\n\r\n"))
    let path = sandbox.path("people.vcf")
    let whole = try Self.load(path, cache: sandbox.path("whole/index.sqlite"), partSize: nil)
    let parts = try Self.load(path, cache: sandbox.path("parts/index.sqlite"), partSize: 700)
    #expect(parts.book.list.contacts.segments.count > 1, "not read in parts")
    #expect(parts.book.list.contacts.count == 120)
    #expect(Array(parts.book.list.contacts) == Array(whole.book.list.contacts))
    #expect(parts.book.warnings == whole.book.warnings)
    #expect(parts.rows.map(\.payload) == whole.rows.map(\.payload))
  }

  /// A book kept out of the index whose one item is bytes in memory, read as
  /// standard input is (`StandardInputSource`).
  struct PipedSource: BookSource {
    let bytes: [UInt8]
    var name: String { "-" }
    var key: String { "-" }
    var isIndexed: Bool { false }
    func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing {
      var listing = ItemListing()
      listing.collections = [(base: "", items: [(name: "-", version: .unknown)])]
      return listing
    }
    func read(_ item: String, progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ItemRead {
      ItemRead(load: VCardFileStore(path: "-").load(bytes: bytes, progress: progress), version: nil)
    }
    func readInParts(
      _ item: String, partSize: Int, twins: TwinCounts?, _ body: (ContactLoad) -> Void
    ) -> (read: PartsRead, version: ItemVersion?) {
      (VCardFileStore.loadInParts(bytes, source: "-", partSize: partSize, twins: twins, body), nil)
    }
    func isSettled(_ version: ItemVersion) -> Bool { false }
    func store() -> any ContactStore { VCardFileStore(path: "-") }
  }

  @Test("a book kept out of the index (standard input) is read in parts, its contacts kept encoded, as read whole")
  func pipedInParts() throws {
    let bytes = Array(Self.book(count: 240).utf8)
    var whole = ContactListLoader(books: [PipedSource(bytes: bytes)])
    whole.partSize = nil
    let read = try whole.load()
    #expect(read.list.contacts.segments.count == 1)
    var loader = ContactListLoader(books: [PipedSource(bytes: bytes)])
    loader.partSize = 700
    let parts = try loader.load()
    #expect(parts.list.contacts.segments.count > 1, "not read in parts")
    Self.expectEncoded(parts.list)
    #expect(parts.list.contacts.count == 240)
    #expect(Array(parts.list.contacts) == Array(read.list.contacts))
    #expect(Array(parts.list.displayNames) == Array(read.list.displayNames))
    #expect(parts.list.index.search("xiao") == read.list.index.search("xiao"))
    #expect(parts.warnings == read.warnings)
    #expect(parts.warnings.count == 2)
  }

  @Test("a file changed too recently to be stored is read in parts all the same, its contacts kept encoded")
  func unsettledFileKeepsEncodings() throws {
    let (sandbox, path, whole) = try Self.bookReadWhole(count: 120)
    var loader = ContactListLoaderTests.loader([path], cache: sandbox.cache)
    loader.partSize = 700
    loader.racyInterval = 3_600
    let book = try loader.load()
    #expect(book.list.contacts.segments.count > 1, "not read in parts")
    if case .archived = book.list.contacts.segments.first {} else { Issue.record("contacts not kept encoded") }
    #expect(Array(book.list.contacts) == Array(whole.book.list.contacts))
    #expect(book.renderings == nil, "a list file of contacts the index does not hold")
    let index = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    #expect(index.files(inBook: loader.bookKey(path)).isEmpty, "stored though changed too recently")
  }

  @Test("a picker's cold file (its list stored in the background) has its row committed before the list is given")
  func rowCommittedBeforeBackgroundStore() throws {
    let (sandbox, path, whole) = try Self.bookReadWhole(count: 240)
    var loader = ContactListLoaderTests.loader([path], cache: sandbox.cache)
    loader.partSize = 700
    loader.storesInBackground = true
    let book = try loader.load()
    #expect(book.list.contacts.segments.count > 1, "not read in parts")
    // A picker that ends at once (its background store rolled back) leaves the file
    // indexed all the same: no wait here.
    let index = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    #expect(index.files(inBook: loader.bookKey(path)).map(\.payload) == whole.rows.map(\.payload))
    #expect(Array(book.list.contacts) == Array(whole.book.list.contacts))
  }

  /// A `.vcf` file whose version is not settled (changed within the racy interval)
  /// until `settlingPart` of its parts have been read.
  struct SettlingSource: BookSource {
    let file: VCardFileSource
    let settlingPart: Int
    /// The parts read so far.
    let partsRead = Locked(0)
    var name: String { file.name }
    var key: String { file.key }
    var isIndexed: Bool { file.isIndexed }
    func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing { try file.listItems(known: known) }
    func read(_ item: String, progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ItemRead {
      try file.read(item, progress: progress)
    }
    func readInParts(
      _ item: String, partSize: Int, twins: TwinCounts?, _ body: (ContactLoad) -> Void
    ) -> (read: PartsRead, version: ItemVersion?) {
      file.readInParts(item, partSize: partSize, twins: twins) { part in
        body(part)
        partsRead.withLock { $0 += 1 }
      }
    }
    func isSettled(_ version: ItemVersion) -> Bool {
      partsRead.withLock { $0 } >= settlingPart && file.isSettled(version)
    }
    func store() -> any ContactStore { file.store() }
  }

  @Test("a file whose version settles while it is read is indexed from then on, the parts before written first")
  func fileSettlingWhileRead() throws {
    let (sandbox, path, whole) = try Self.bookReadWhole(count: 240)
    let source = SettlingSource(file: VCardFileSource(path: path, racyInterval: 0), settlingPart: 3)
    var loader = ContactListLoader(books: [source], cachePath: sandbox.cache)
    loader.partSize = 700
    let book = try loader.load()
    #expect(source.partsRead.withLock { $0 } > 6, "not read in parts")
    #expect(Array(book.list.contacts) == Array(whole.book.list.contacts))
    #expect(book.warnings == whole.book.warnings)
    // Every contact, those read before the version settled too, is read from the index
    // (none held encoded), whose row and cards are those of the whole read.
    for segment in book.list.contacts.segments {
      if case .stored = segment {} else { Issue.record("a segment holds its contacts rather than reading the index") }
    }
    let index = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    let rows = index.files(inBook: loader.bookKey(source))
    #expect(rows.map(\.payload) == whole.rows.map(\.payload))
    let row = try #require(rows.first)
    let generation = IndexCache.generation(path: row.path, signature: row.signature)
    #expect(index.cards(generation: generation, from: 0, limit: 1_000).map(\.data) == whole.cards)
    #expect(whole.cards.count == 240)
    // The list file's JSON was rendered as the parts were read, the first ones too.
    let renderings = try #require(book.renderings)
    for (position, contact) in book.list.contacts.enumerated() {
      #expect(renderings.json(at: position).map(Array.init) == ListFileTests.json(contact, book.list.nameOrder))
    }
  }

  @Test("a warning in a late part names its line in the file")
  func warningLinesAcrossParts() throws {
    let sandbox = try Sandbox()
    let text = Self.book(count: 100)
    try sandbox.write("people.vcf", text)
    let path = sandbox.path("people.vcf")
    let lines = text.components(separatedBy: "\r\n")
    let missingColon = try #require(lines.firstIndex { $0.hasPrefix("NOTEa note") }) + 1
    let damaged = try #require(lines.firstIndex { $0.hasPrefix("PHOTO;ENCODING=b:ab!cd") }) + 1
    let parts = try Self.load(path, cache: sandbox.cache, partSize: 300)
    #expect(parts.book.warnings.count == 2)
    #expect(parts.book.warnings[0].hasPrefix("\(path):\(missingColon): "))
    #expect(parts.book.warnings[1].hasPrefix("\(path):\(damaged): "))
    // The stored row gives the same warnings at the next start.
    var warm = ContactListLoaderTests.loader([path], cache: sandbox.cache)
    warm.partSize = 300
    #expect(try warm.load().warnings == parts.book.warnings)
  }

  @Test("a byte-order mark, an exporter's note before the cards, lower-case begin:vcard: read in parts as read whole")
  func exportersTextInParts() throws {
    let book = Self.book(count: 60)
    let lower = book.replacingOccurrences(of: "BEGIN:VCARD", with: "begin:vcard").replacingOccurrences(of: "END:VCARD", with: "end:vcard")
    for (name, text) in [("bom.vcf", "\u{feff}" + book), ("noted.vcf", "Exported by Example 1.0\r\n\r\n" + book), ("lower.vcf", lower)] {
      let sandbox = try Sandbox()
      try sandbox.write(name, text)
      let (whole, parts) = try Self.partsAndWhole(sandbox.path(name), in: sandbox, partSize: 300, count: 60, queries: ["ada", "p3"])
      #expect(parts.rows.map(\.payload) == whole.rows.map(\.payload), "\(name)")
    }
  }

  @Test("a file damaged between parts (a card without END) reads in parts as it reads whole")
  func wholeFileCases() throws {
    let sandbox = try Sandbox()
    let unclosed = Self.book(count: 60).replacingOccurrences(of: "p30@example.org\r\nTEL", with: "p30@example.org\r\nBEGIN:VCARD\r\nTEL")
    try sandbox.write("unclosed.vcf", unclosed)
    let path = sandbox.path("unclosed.vcf")
    let whole = try Self.load(path, cache: sandbox.path("whole-unclosed/index.sqlite"), partSize: nil)
    let parts = try Self.load(path, cache: sandbox.path("parts-unclosed/index.sqlite"), partSize: 300)
    #expect(parts.book.list.contacts.segments.count > 1, "read in parts")
    #expect(Array(parts.book.list.contacts) == Array(whole.book.list.contacts))
    #expect(parts.book.warnings == whole.book.warnings)
    #expect(parts.rows.map(\.payload) == whole.rows.map(\.payload))
    // The open card's lines going on after the cards inside it (vCard 2.1 nesting) in
    // a later part: read whole, the line in it.
    try sandbox.write("nested.vcf", unclosed + "NOTE:last\r\nEND:VCARD\r\n")
    let nestedPath = sandbox.path("nested.vcf")
    let nestedWhole = try Self.load(nestedPath, cache: sandbox.path("whole-nested/index.sqlite"), partSize: nil)
    let nestedParts = try Self.load(nestedPath, cache: sandbox.path("parts-nested/index.sqlite"), partSize: 300)
    #expect(nestedParts.book.list.contacts.segments.count == 1, "read whole")
    #expect(Array(nestedParts.book.list.contacts) == Array(nestedWhole.book.list.contacts))
    #expect(Array(nestedParts.book.list.contacts).filter { $0.note == "last" }.count == 1)
  }

  @Test(
    "twins (cards without UID, byte for byte the same) in different parts: read in parts twice, the second time each with its count; the list, row and cards of the whole read"
  )
  func twinsInParts() throws {
    let sandbox = try Sandbox()
    let twin = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:No Uid\r\nEND:VCARD\r\n"
    let text = twin + Self.book(count: 60) + twin + twin
    try sandbox.write("twins.vcf", text)
    let path = sandbox.path("twins.vcf")
    let (whole, parts) = try Self.partsAndWhole(path, in: sandbox, partSize: 300, count: 63, queries: ["no uid", "p3"])
    #expect(Array(parts.book.list.contacts).filter { $0.sourceRecord?.twins == 3 }.count == 3)
    // The first reading gave the first part with its twin not yet counted, and wrote
    // its cards: the second one's replaced them.
    #expect(parts.rows.map(\.payload) == whole.rows.map(\.payload))
    #expect(parts.cards == whole.cards)
    #expect(whole.cards.count == 63)
    // Standard input, kept out of the index, likewise.
    var piped = ContactListLoader(books: [PipedSource(bytes: Array(text.utf8))])
    piped.partSize = 300
    let book = try piped.load()
    #expect(book.list.contacts.segments.count > 1, "not read in parts")
    #expect(Array(book.list.contacts).map(\.sourceRecord?.twins) == Array(whole.book.list.contacts).map(\.sourceRecord?.twins))
  }

  @Test("a file with group cards (a member before, one after, one by email) reads in parts; its members have their groups cold, from the index and from the list file")
  func groupCardsInParts() throws {
    let sandbox = try Sandbox()
    let friends = "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Friends\r\nMEMBER:urn:uuid:u3\r\n"
      + "MEMBER:urn:uuid:u55\r\nMEMBER:mailto:P40@example.org\r\nEND:VCARD\r\n"
    let team = "BEGIN:VCARD\r\nVERSION:3.0\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nFN:Team\r\n"
      + "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:u3\r\nEND:VCARD\r\n"
    let text = Self.book(count: 30) + friends + Self.book(count: 60).components(separatedBy: "BEGIN:VCARD").dropFirst(31)
      .map { "BEGIN:VCARD" + $0 }.joined() + team
    try sandbox.write("group.vcf", text)
    let path = sandbox.path("group.vcf")
    let (whole, parts) = try Self.partsAndWhole(path, in: sandbox, partSize: 300, count: 60, queries: ["friends", "team"])
    #expect(Set(parts.book.groupCards.map(\.name)) == ["Friends", "Team"])
    let members = parts.book.list.members(of: "Friends").map { parts.book.list.contacts[$0].identifier }
    #expect(Set(members) == ["u3", "u40", "u55"])
    #expect(parts.book.list.contacts.first { $0.identifier == "u3" }?.groups == ["Friends", "Team"])
    // Warm: from the list file, then from the index alone (no list file).
    var warm = ContactListLoaderTests.loader([path], cache: sandbox.path("parts/index.sqlite"))
    warm.partSize = 300
    for listFile in [true, false] {
      if !listFile { try FileManager.default.removeItem(atPath: sandbox.path("parts/lists")) }
      let again = try warm.load()
      #expect(Array(again.list.contacts) == Array(whole.book.list.contacts), "list file: \(listFile)")
      #expect(again.list.members(of: "Friends").count == 3, "list file: \(listFile)")
    }
  }
}
