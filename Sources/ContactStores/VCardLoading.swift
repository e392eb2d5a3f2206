import ContactKit
import Foundation
import VCard
import CpickSupport
import ContactFormats

extension ContactStore {
  /// Reads every contact, as `load()` does, telling `progress` how many contacts were
  /// added as the cards are mapped (a chunk of 1,024 cards of a large file, a file of
  /// a vdir), from any thread; the counts add up to the number of contacts read. For
  /// a vCard file and a vdir folder; other stores report once, at the end.
  public func load(progress: @escaping @Sendable (Int) -> Void) throws(ContactStoreError) -> ContactLoad {
    if let folder = self as? VdirStore { return try folder.load(reporting: progress) }
    if let file = self as? VCardFileStore {
      return VCardLoading.contacts(fromBytes: try file.bytes(), source: file.path, progress: progress)
    }
    let load = try load()
    progress(load.contacts.count)
    return load
  }
}

extension VCardFileStore {
  /// Reads the file's cards as `load(progress:)` does, and the signature of the file
  /// they were read from, taken after its last byte was read (`fstat` of the open
  /// file, no second path lookup): equal to the signature the file had before it was
  /// read when it did not change meanwhile.
  ///
  /// - Parameter limit: a regular file of more bytes than this is not read (`load`
  ///   nil): a caller reads it part by part (`loadInParts`) instead of holding all
  ///   its cards at once.
  /// - Returns: the cards (nil for a file over `limit`), and the signature (nil for
  ///   standard input or when the file could not be examined).
  /// - Throws: `ContactStoreError` when the file cannot be read.
  package func loadWithSignature(progress: (@Sendable (Int) -> Void)? = nil, wholeUpTo limit: Int64 = .max)
    throws(ContactStoreError) -> (load: ContactLoad?, signature: FileSignature?)
  {
    let read: (bytes: [UInt8]?, status: FileStatus)?
    do {
      read = path == "-" ? nil : try FileDescriptor.readFileAndStatus(path, wholeUpTo: limit)
    } catch {
      // A stream past its limit is not read again to say so.
      if let tooLong = FileErrors.streamReason(error) { throw ContactStoreError(source: path, reason: tooLong) }
      read = nil
    }
    guard let read else {
      // Standard input, or a file that cannot be read: the store reads it (or says why).
      if let progress { return (try load(progress: progress), nil) }
      return (try self.load(), nil)
    }
    guard let bytes = read.bytes else { return (nil, FileSignature(read.status)) }
    let load = VCardLoading.contacts(fromBytes: bytes, source: path, progress: progress ?? { _ in })
    return (load, FileSignature(read.status))
  }
}

extension VCardFileStore {
  /// Reads the file's cards part by part (`VCardLoading.contacts(fromBlocks:source:inPartsOf:_:)`),
  /// its bytes read a block at a time (never the whole file at once), giving `body` the
  /// contacts of each part as they are mapped, and the signature of the file read, as
  /// `loadWithSignature` does.
  ///
  /// - Parameter twins: the file's twins, as a first reading in parts found them
  ///   (`PartsRead.again`); nil when not known.
  /// - Returns: how the reading ended (`.whole`: the file must be read whole with
  ///   `loadWithSignature`, also for standard input and for a file that cannot be
  ///   read, whose reason that gives; `.again`: read in parts again with the twins
  ///   given; what `body` was given is then to be discarded), and the file's signature.
  package func loadInParts(
    partSize: Int, twins: TwinCounts? = nil, _ body: (ContactLoad) -> Void
  ) -> (read: PartsRead, signature: FileSignature?) {
    guard path != "-", let file = try? FileDescriptor.open(path, O_RDONLY) else { return (.whole, nil) }
    defer { try? file.close() }
    guard let status = try? file.status(), status.isRegularFile else { return (.whole, nil) }
    // What is read is that version or a later one, to the size the status gives (see
    // `FileDescriptor.readFileAndStatus`).
    var left = Int(clamping: max(0, status.size))
    var failed = false
    let partSize = VCardLoading.evenPartSize(of: left, atMost: partSize)
    let read = VCardLoading.contacts(
      fromBlocks: { window, count in
        guard left > 0, !failed else { return false }
        let before = window.count
        guard let grown = try? file.read(min(left, count), after: window), grown.count > before else {
          failed = true
          return false
        }
        left -= grown.count - before
        window = grown
        return true
      }, source: path, inPartsOf: partSize, twins: twins, body)
    return (failed ? .whole : read, FileSignature(status))
  }
}

extension VCardFileStore {
  /// Reads cards already in memory (`bytes`: standard input, read to its end) part by
  /// part, as `loadInParts(partSize:twins:_:)` reads a file: `body` is given each part's
  /// contacts as they are mapped, so that the contacts of the whole input are never
  /// held at once.
  ///
  /// - Returns: how the reading ended, as `loadInParts(partSize:twins:_:)` says (`.whole`:
  ///   read with `VCardLoading.contacts(fromBytes:source:)`).
  package static func loadInParts(
    _ bytes: [UInt8], source: String, partSize: Int, twins: TwinCounts? = nil, _ body: (ContactLoad) -> Void
  ) -> PartsRead {
    var offset = 0
    let partSize = VCardLoading.evenPartSize(of: bytes.count, atMost: partSize)
    return VCardLoading.contacts(
      fromBlocks: { window, count in
        guard offset < bytes.count, count > 0 else { return false }
        let end = offset + min(bytes.count - offset, count)
        defer { offset = end }
        window.append(contentsOf: bytes[offset..<end])
        return true
      }, source: source, inPartsOf: partSize, twins: twins, body)
  }

  /// The contacts of `bytes` read from this store's file or standard input
  /// (`VCardLoading.contacts(fromBytes:source:progress:)`).
  package func load(bytes: [UInt8], progress: (@Sendable (Int) -> Void)?) -> ContactLoad {
    VCardLoading.contacts(fromBytes: bytes, source: path, progress: progress)
  }
}

/// Turns the bytes of one vCard (or several-card) file into contacts — or of a jCard
/// file (`[`, through `VCardReader`), or of PRODUCT.md's JSON lines (`{`), an abook
/// book, a mutt alias file, an LDIF file or a CSV export (`ReadOnlyFormat`): group cards
/// become group memberships, damaged lines and cards become `file:line: what` warnings.
enum VCardLoading {
  /// Cards per chunk when mapping a large file on all cores.
  static let mappingChunk = 1024

  /// The size of the parts of an input of `total` bytes read in parts of at most
  /// `largest`: as few parts as that allows, of about one size (5.5 MB in two of
  /// 2.75 MB, not 4 and 1.5), so that the last part's work — after which the list is
  /// built — is no longer than the others' (10,000 cards cold about 6 % sooner).
  static func evenPartSize(of total: Int, atMost largest: Int) -> Int {
    let largest = max(1, largest)
    let parts = max(1, (total + largest - 1) / largest)
    return max(1, (total + parts - 1) / parts)
  }

  /// The contacts of a file's bytes. `VCardReader` reads the syntax of a large file
  /// on all cores; the cards are then mapped to contacts on all cores too, in chunks,
  /// and put back in file order. `progress` hears how many contacts each chunk gave.
  /// A file that gave no contact and is of a format cpick does not read (CSV without
  /// a header it knows, an image, an archive: `ForeignFormat`) has one warning that says what it is and
  /// what cpick reads, instead of the reader's.
  static func contacts(
    fromBytes bytes: [UInt8], source: String, progress: (@Sendable (Int) -> Void)? = nil
  ) -> ContactLoad {
    if let format = ReadOnlyFormat(bytes, name: source) {
      let read = format.read(bytes, source: source)
      progress?(read.contacts.count)
      return ContactLoad(contacts: read.contacts, warnings: read.warnings)
    }
    var load = contactsOfReadFormat(fromBytes: bytes, source: source, progress: progress)
    // JSON lines each over the line limit are said so, not called another format.
    let limits = ReadingLimits.standard
    let overLimit = [limits.jsonLineProblem(), limits.cardProblem()]
    if load.contacts.isEmpty && load.groupCards.isEmpty && !XCardInput.isXCard(bytes),
      !load.warnings.contains(where: { warning in overLimit.contains { warning.hasSuffix($0) } }),
      let warning = ForeignFormat.warning(for: bytes)
    {
      load.warnings = ["\(source):1: \(warning)"]
    }
    return load
  }

  /// `contacts(fromBytes:source:progress:)` as the JSON-lines, vCard, jCard and xCard readers give it.
  static func contactsOfReadFormat(
    fromBytes bytes: [UInt8], source: String, progress: (@Sendable (Int) -> Void)?
  ) -> ContactLoad {
    // JSON lines saved with a byte-order mark or in UTF-16 (a Windows editor's, case
    // 05's kind) are read as the vCard reader reads such text.
    let text = LineReader.normalizedUTF8(bytes)
    if PersonJSONReader.isJSONLines(text) {
      let read = PersonJSONReader.read(text, source: source)
      progress?(read.contacts.count)
      return ContactLoad(contacts: read.contacts, warnings: read.warnings)
    }
    TransliterationWarmUp.start(scanning: text)
    // Normalized once: the reader takes UTF-8 text as it is, without a copy.
    var parsed = VCardReader.read(text)
    var load = mapped(&parsed, source: source, progress: progress)
    load.resolveGroups()
    // Cards without a UID that are byte for byte the same (their derived identifiers
    // are equal: the hash of source and text) are counted over the whole file.
    TwinCounts(counting: load.contacts).mark(&load.contacts)
    return load
  }

  /// The contacts of a large vCard file, its bytes given block by block by `next`
  /// (nil at the end), as `contacts(fromBytes:source:)` gives them, given to `body`
  /// part by part (`VCardReader.read(blocks:inPartsOf:_:)`) as they are mapped: the
  /// bytes, cards and contacts of the whole file are never held at once.
  ///
  /// Another program's book (`ReadOnlyFormat`) is read in parts of its own
  /// (`ReadOnlyFormat.read(_:source:inPartsOf:_:)`).
  ///
  /// Group cards are given with the contacts of their part, not resolved (their
  /// members may be in any part): the caller gives the contacts their groups.
  ///
  /// Cards without a UID that are byte for byte the same (twins: `SourceRecord.twins`,
  /// counted over the whole file) are counted as the parts are read; `twins` are those
  /// a first reading found (nil: not known). Without them, the first twin ends the
  /// giving of parts, and the rest of the file is only counted: the caller reads it in
  /// parts again with the counts (`PartsRead.again`), rather than the whole file at once.
  ///
  /// - Returns: `.whole` when the file must be read whole (`contacts(fromBytes:source:)`):
  ///   JSON lines, xCard; twins other than `twins` (the file changed since);
  ///   a file that gives no contact; or what `VCardReader` reads whole. `body` may have
  ///   been given some parts by then (also for `.again`): the caller discards them.
  static func contacts(
    fromBlocks next: VCardReader.Blocks, source: String, inPartsOf partSize: Int, twins: TwinCounts? = nil,
    _ body: (ContactLoad) -> Void
  ) -> PartsRead {
    var counter = TwinCounter()
    var refused = false
    var first = true
    var given = 0
    // Another program's book is read in parts of its own (`ReadOnlyFormat.read(_:source:inPartsOf:_:)`),
    // its bytes held whole (they are the file's; handed over, not copied).
    // The first block holds at least what tells another program's book
    // (`ReadOnlyFormat.headBytes`), whatever the part size.
    var head: [UInt8]? = []
    let headEnds = !next(&head!, max(partSize, ReadOnlyFormat.headBytes))
    if let format = ReadOnlyFormat(head!, name: source) {
      var bytes = head.take()!
      while !headEnds && next(&bytes, .max) {}
      format.read(consume bytes, source: source, inPartsOf: partSize) { contacts, warnings in
        body(ContactLoad(contacts: contacts, warnings: warnings))
      }
      return .done
    }
    // The first block, read above, is handed over as the reader's first.
    func blocks(_ window: inout [UInt8], _ count: Int) -> Bool {
      guard let block = head.take() else { return next(&window, count) }
      guard !headEnds || !block.isEmpty else { return false }
      if window.isEmpty { window = block } else { window.append(contentsOf: block) }
      return true
    }
    // Counts a contact's identifier among those seen: false when it is a twin not in
    // `twins` (when they are known).
    func count(_ identifier: String) -> Bool {
      guard counter.isRepeat(identifier), let twins else { return true }
      return twins.counts[identifier] != nil
    }
    // Twins found while they were not known: parts are no longer given.
    var foundUnknown: Bool { twins == nil && !counter.found.isEmpty }
    let read = VCardReader.read(blocks: blocks, inPartsOf: partSize) { part in
      guard !refused else { return }
      if first {
        first = false
        refused = PersonJSONReader.isJSONLines(part.bytes) || ReadOnlyFormat(part.bytes, name: source) != nil
      }
      guard !foundUnknown else {
        // Read again with the twins known: from here on they are only counted, the
        // cards' identifiers taken without mapping them.
        for card in part.cards where !ContactDecoder.isGroupCard(card) {
          _ = count(ContactDecoder.identifier(of: card, source: source))
        }
        return
      }
      TransliterationWarmUp.start(scanning: part.bytes)
      var part = part
      // Group cards are handed on unresolved, with the part's contacts: their members
      // may be in any part, and the book's reader gives each contact its groups
      // (`GroupMembership`) once it has every group card.
      var load = mapped(&part, source: source, progress: nil)
      for contact in load.contacts where !count(contact.identifier) { refused = true }
      twins?.mark(&load.contacts)
      if !refused && !foundUnknown {
        given += load.contacts.count
        body(load)
      }
    }
    guard read && !refused else { return .whole }
    if foundUnknown { return .again(counter.found) }
    // A file of no contact at all is read whole, which says what it is instead when it
    // is no vCard (`ForeignFormat`: a binary file that begins as one).
    return given > 0 ? .done : .whole
  }

  /// The contacts of `parsed`'s cards (left empty), mapped on all cores in chunks and
  /// put back in file order, after its warnings as `file:line: why`; group cards
  /// collected, not yet resolved. `progress` hears how many contacts each chunk gave.
  private static func mapped(
    _ parsed: inout VCardParseResult, source: String, progress: (@Sendable (Int) -> Void)?
  ) -> ContactLoad {
    let mapped: [Mapped]
    if parsed.cards.count <= mappingChunk {
      mapped = [map(parsed.cards[...], of: parsed, source: source)]
      parsed.cards = []
      progress?(mapped[0].contacts.count)
    } else {
      // Each chunk's cards are handed to the thread that maps them, which frees them
      // when done: freeing a large file's cards (a dozen lines each) is work too,
      // done on all cores rather than on the caller's thread at the end.
      let chunks = CardChunks(taking: &parsed.cards, chunk: mappingChunk)
      let shared = parsed
      mapped = Parallel.map(count: chunks.count, chunk: 1) { range in
        let cards = chunks.take(range.lowerBound)
        let part = map(cards[...], of: shared, source: source)
        progress?(part.contacts.count)
        return part
      }
    }
    var load = ContactLoad()
    load.warnings = parsed.warnings.map { "\(source):\($0.line): \($0.message)" }
    for part in mapped {
      load.contacts.append(contentsOf: part.contacts)
      load.warnings.append(contentsOf: part.warnings)
      load.groupCards.append(contentsOf: part.groups)
    }
    return load
  }

  /// The contacts of the cards of `bytes` at `cards` (each card's byte range and its
  /// first line, 1-based as `SourceRecord.firstLine`), with the groups the file's group
  /// cards give them — what `contacts(fromBytes:source:)` gives for those cards,
  /// without mapping the others (a file of 100,000 cards in which one was saved). A
  /// file without `KIND` lines (no group cards) has each card read alone when it is
  /// UTF-8; another has its syntax read whole. Twins (`TwinCounts`) are not counted: a
  /// caller with a contact without UID reads the whole file.
  static func contacts(
    fromBytes bytes: [UInt8], source: String, cards: [(range: Range<Int>, firstLine: Int)]
  ) -> [Contact] {
    if !mayHoldKindLines(bytes) {
      var found: [Contact] = []
      for (range, firstLine) in cards {
        let piece = Array(bytes[range])
        let parsed = VCardReader.read(piece)
        guard String(validating: piece, as: UTF8.self) != nil, parsed.cards.count == 1 else {
          return contacts(fromBytes: bytes, source: source, startingOn: Set(cards.map(\.firstLine)))
        }
        var contact = ContactDecoder.contact(from: parsed.cards[0], source: source)
        contact.sourceRecord = parsed.sourceRecord(of: parsed.cards[0], lineOffset: firstLine - 1)
        found.append(contact)
      }
      return found
    }
    return contacts(fromBytes: bytes, source: source, startingOn: Set(cards.map(\.firstLine)))
  }

  /// Whether a line of `bytes` may be a `KIND` or `X-ADDRESSBOOKSERVER-KIND` line as
  /// the content-line parser reads one (`ContentLineParser`): the name before its first
  /// `:` or `;`, after the last `.` of a group prefix, blanks around it dropped, in any
  /// case — the line's folds joined (also across empty lines), byte-order marks at the
  /// starts of lines left out, and a CR taken for a line's end too. It errs only towards
  /// yes: a file for which it says no has no group card.
  static func mayHoldKindLines(_ bytes: [UInt8]) -> Bool {
    mayHoldKindLines(bytes, in: 0..<bytes.count)
  }

  /// Whether the lines of `bytes` in `range` (which starts a line) may hold a `KIND`
  /// line, as `mayHoldKindLines(_:)` tells it.
  ///
  /// - Complexity: O(n): each line's name is looked at once, and the lines after a line
  ///   without a colon (its folds) once more.
  static func mayHoldKindLines(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
    bytes.withUnsafeBufferPointer { whole -> Bool in
      var scan = KindLineScan(UnsafeBufferPointer(rebasing: whole[range]))
      return scan.mayHoldKindLine()
    }
  }

  /// The contacts of the cards of `bytes` that begin on the lines `firstLines`, read
  /// from the syntax of the whole file (see `contacts(fromBytes:source:cards:)`).
  static func contacts(fromBytes bytes: [UInt8], source: String, startingOn firstLines: Set<Int>) -> [Contact] {
    let parsed = VCardReader.read(bytes)
    var load = ContactLoad()
    for card in parsed.cards {
      if ContactDecoder.isGroupCard(card) {
        let group = ContactDecoder.group(from: card)
        load.groupCards.append(ContactLoad.GroupCard(name: group.name, members: group.memberUIDs))
      } else if firstLines.contains(card.beginLine) {
        var contact = ContactDecoder.contact(from: card, source: source)
        contact.sourceRecord = parsed.sourceRecord(of: card)
        load.contacts.append(contact)
      }
    }
    load.resolveGroups()
    return load.contacts
  }

  /// What mapping some cards gave.
  struct Mapped: Sendable {
    var contacts: [Contact] = []
    var warnings: [String] = []
    var groups: [ContactLoad.GroupCard] = []
  }

  /// The cards of a file cut in chunks, each taken once by the thread that maps it.
  final class CardChunks: Sendable {
    private let chunks: Locked<[[RawCard]]>
    /// The number of chunks.
    let count: Int

    /// Moves `cards` (left empty) into chunks of `chunk` cards.
    init(taking cards: inout [RawCard], chunk: Int) {
      var chunks: [[RawCard]] = []
      chunks.reserveCapacity((cards.count + chunk - 1) / chunk)
      for start in stride(from: 0, to: cards.count, by: chunk) {
        chunks.append(Array(cards[start..<min(cards.count, start + chunk)]))
      }
      cards = []
      count = chunks.count
      self.chunks = Locked(chunks)
    }

    /// Chunk `index`, which is left empty: the caller has the only reference to it.
    func take(_ index: Int) -> [RawCard] {
      chunks.withLock { chunks in
        var taken: [RawCard] = []
        swap(&taken, &chunks[index])
        return taken
      }
    }
  }

  /// Maps `cards` (of `parsed`): group cards to groups, the others to contacts with
  /// their source records. A card with nothing to show (no name, organization, email
  /// or phone: only a photo, a `LABEL`, or nothing) is a contact too, shown as
  /// `ContactFormatter.noName`, so that no card is lost on the way to an export.
  private static func map(_ cards: ArraySlice<RawCard>, of parsed: VCardParseResult, source: String) -> Mapped {
    var out = Mapped()
    for card in cards {
      if ContactDecoder.isGroupCard(card) {
        let group = ContactDecoder.group(from: card)
        out.groups.append(ContactLoad.GroupCard(name: group.name, members: group.memberUIDs))
        continue
      }
      var contact = ContactDecoder.contact(from: card, source: source)
      contact.sourceRecord = parsed.sourceRecord(of: card)
      out.contacts.append(contact)
    }
    return out
  }
}
