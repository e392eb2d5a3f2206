import ContactKit
import ContactStores
import CpickSupport
import ContactFormats

/// What a load writes to the list file of its view (`ListFile`): the snapshot of the
/// list it built and the person JSON of its contacts — copied from the previous file
/// for contacts whose stored card did not change (same file version and position,
/// no groups from group cards), rendered for the others.
struct ListFileUpdate: Sendable {
  /// The loader's view key, the file's path and the index's `identity()`.
  var view: String
  var path: String
  var identity: Int64
  /// The list built, and where each of its contacts is stored.
  var list: ContactList
  var origins: [ContactOrigin]
  /// Groups given by group cards in other files, by position.
  var outsideGroups: [Int: [String]]
  /// The files the list was built from.
  var digest: FilesDigest
  var warnings: [String]
  var groupCards: [ContactLoad.GroupCard]
  /// The file read at the start of the load, when there was one.
  var previous: (contents: ListSnapshot.Contents, renderings: ContactRenderings)?
  /// The JSON of the contacts of file versions rendered as they were read, by version.
  var partRenderings: [Int64: PartRenderings] = [:]
  /// The JSON of the contacts of books rendered as they were read for their first index.
  var bookRenderings: [BookRenderings] = []

  /// The person JSON of every contact of `list`, in the list's name order.
  ///
  /// - Complexity: O(n) copies; a rendering (about a µs) for each contact not in the
  ///   previous file, plus its decoding when it comes from the index — those read in
  ///   file order, a batch of cards at a time (`prerendered`).
  func renderings() -> ContactRenderings {
    ContactRenderings.render(count: list.contacts.count, renderer())
  }

  /// Writes the list file, put in place once `ready` says the cards it refers to are
  /// stored. The JSON of a cold book's contacts, rendered as the book was read into
  /// one temp file holding every contact of the list (`wholeJSON()`), stays where it
  /// is: that file becomes the list file (or, where it cannot, is copied whole) and
  /// the table points into it; otherwise every contact's JSON is rendered straight
  /// into the file (`ContactRenderings.write(count:_:to:)`: a wave of JSON in memory
  /// at a time, not all of it).
  ///
  /// - Returns: the renderings, in the file written (mapped); nil when it was not
  ///   written.
  func writeRendering(ready: () -> Bool) -> ContactRenderings? {
    let count = list.contacts.count
    if let whole = wholeJSON() {
      return ListFile.write(
        view: view, identity: identity, snapshot: snapshot, count: count, to: path, ready: ready,
        adopting: (whole.file, whole.length)
      ) { file, adopted throws(SystemError) in
        if !adopted { try whole.file.copy(length: whole.length, to: file) }
        return (whole.length, whole.table)
      }
    }
    let render = renderer()
    return ListFile.write(view: view, identity: identity, snapshot: snapshot, count: count, to: path, ready: ready) {
      file, _ throws(SystemError) in
      try ContactRenderings.write(count: count, render, to: file)
    }
  }

  /// JSON rendered as the books were read, all in one temp file.
  private struct WholeJSON {
    let file: RenderingsFile
    /// The bytes of JSON in the file.
    let length: Int
    /// `ContactRenderings`' table: where each contact of the list, by position, has its
    /// JSON in the file, and its checksum.
    let table: [UInt8]
  }

  /// The JSON of every contact of the list, when one temp file holds it and nothing
  /// else: the one file version of a cold `.vcf` read in parts (`PartRenderings`), or
  /// the files of a book read for its first index (`BookRenderings`: a vdir; not a
  /// group's view of it), without groups from group cards elsewhere. Nil otherwise.
  private func wholeJSON() -> WholeJSON? {
    guard outsideGroups.isEmpty else { return nil }
    if bookRenderings.isEmpty, partRenderings.count == 1, let part = partRenderings.values.first, part.isComplete,
      part.count == list.contacts.count,
      origins.allSatisfy({ $0.generation == part.generation && $0.ordinal >= 0 && Int($0.ordinal) < part.count }),
      let table = ContactRenderings.table(count: origins.count, entry: { part.entry(ordinal: Int(origins[$0].ordinal)) })
    {
      return WholeJSON(file: part.file, length: part.length, table: table)
    }
    if partRenderings.isEmpty, bookRenderings.count == 1, let book = bookRenderings.first, let length = book.length,
      let table = book.table(of: origins)
    {
      return WholeJSON(file: book.file, length: length, table: table)
    }
    return nil
  }

  /// What renders the JSON of the contact at a position of `list` (see `renderings()`).
  private func renderer() -> @Sendable (Int, inout [UInt8]) -> Void {
    var reusable: [ContactOrigin: Int] = [:]
    if let previous {
      let outside = previous.contents.list.contacts.outsideGroups
      let origins = previous.contents.origins
      reusable.reserveCapacity(origins.count)
      for (position, origin) in origins.enumerated() where outside[position] == nil {
        reusable[origin] = position
      }
    }
    let previousRenderings = previous?.renderings
    let prerendered = prerendered(skipping: reusable)
    return { [list, origins, outsideGroups, reusable, partRenderings, bookRenderings] position, out in
      if outsideGroups[position] == nil, let old = reusable[origins[position]],
        let json = previousRenderings?.json(at: old)
      {
        out.append(contentsOf: json)
      } else if outsideGroups[position] == nil, let rendered = partRenderings[origins[position].generation],
        rendered.appendJSON(ordinal: Int(origins[position].ordinal), to: &out)
      {
        return
      } else if outsideGroups[position] == nil,
        bookRenderings.contains(where: { $0.appendJSON(origins[position], to: &out) })
      {
        return
      } else if let json = prerendered.json(at: position) {
        out.append(contentsOf: json)
      } else {
        PersonJSON.writePerson(list.contacts[position], nameOrder: list.nameOrder, to: &out)
      }
    }
  }

  /// The JSON of the contacts that must be read from the index (stored, not in the
  /// previous file, without groups from group cards), rendered from their cards read
  /// file by file in batches — one lookup per card, each decoded where the list
  /// needs it, would cost several times more.
  private func prerendered(skipping reusable: [ContactOrigin: Int]) -> Prerendered {
    // Per file version, the ordinals wanted and their positions.
    var wanted: [Int64: [Int32: Int]] = [:]
    var cache: IndexCache?
    for position in 0..<list.contacts.count where outsideGroups[position] == nil {
      let origin = origins[position]
      guard reusable[origin] == nil, partRenderings[origin.generation] == nil,
        !bookRenderings.contains(where: { $0.holds(origin) })
      else { continue }
      let reference = list.contacts.order[position]
      guard case .stored(let stored) = list.contacts.segments[Int(reference.entries)] else { continue }
      cache = stored.files.first?.cache
      wanted[origin.generation, default: [:]][origin.ordinal] = position
    }
    var found: [(position: Int, json: [UInt8])] = []
    let nameOrder = list.nameOrder
    /// Renders, on all cores, the cards of a batch that `wanted` maps to a position.
    func render(_ count: Int, _ card: @Sendable (Int) -> (position: Int, data: [UInt8])?) {
      let rendered = Parallel.map(count: count, chunk: 512) { range -> [(position: Int, json: [UInt8])] in
        range.compactMap { index in
          guard let (position, data) = card(index), let contact = ContactArchive.contact(from: data) else { return nil }
          var json: [UInt8] = []
          PersonJSON.writePerson(contact, nameOrder: nameOrder, to: &json)
          return (position, json)
        }
      }
      found.append(contentsOf: rendered.joined())
    }
    if let cache, wanted.count >= Self.versionsScanned {
      // Many versions (a vdir's files): every card read in one pass, those wanted kept.
      let wanted = wanted
      var after: Int64 = 0
      while true {
        let batch = cache.cards(after: after, limit: 4_096)
        guard let last = batch.last else { break }
        after = last.id
        render(batch.count) { index in
          wanted[batch[index].generation]?[Int32(batch[index].ordinal)].map { ($0, batch[index].data) }
        }
      }
    } else if let cache {
      for (generation, ordinals) in wanted {
        var next = 0
        while true {
          let batch = cache.cards(generation: generation, from: next, limit: 4_096)
          guard let last = batch.last else { break }
          next = last.ordinal + 1
          render(batch.count) { index in ordinals[Int32(batch[index].ordinal)].map { ($0, batch[index].data) } }
        }
      }
    }
    // As renderings of their own: the positions in order, looked up by position.
    var slot = [Int32](repeating: -1, count: list.contacts.count)
    for (number, entry) in found.enumerated() { slot[entry.position] = Int32(number) }
    let block = ContactRenderings.render(count: found.count) { [found] number, out in out.append(contentsOf: found[number].json) }
    return Prerendered(slot: slot, block: block)
  }

  /// File versions from which the cards wanted are found by reading every card once
  /// rather than each version's (a vdir's first index: a lookup per file cost 5 s for
  /// 100,000).
  static let versionsScanned = 1_000

  /// JSON rendered ahead for some positions of the list.
  private struct Prerendered: Sendable {
    /// Per position, its number in `block`, or -1.
    let slot: [Int32]
    let block: ContactRenderings

    /// The JSON rendered for `position`, if any.
    func json(at position: Int) -> UnsafeRawBufferPointer? {
      slot[position] < 0 ? nil : block.json(at: Int(slot[position]))
    }
  }

  /// The encoded snapshot of the list (`ListSnapshot.encode`): independent of the
  /// renderings (the list file makes it once they are written).
  func snapshot() -> [UInt8] {
    ListSnapshot.encode(
      list: list, origins: origins, outsideGroups: outsideGroups, digest: digest, warnings: warnings,
      groupCards: groupCards)
  }

  /// Writes the list file with `renderings` and `snapshot` (by default encoded now;
  /// best effort), put in place once `ready` says the cards it refers to are stored.
  func write(_ renderings: ContactRenderings, snapshot: [UInt8]? = nil, ready: () -> Bool = { true }) {
    ListFile.write(
      view: view, identity: identity, snapshot: snapshot ?? self.snapshot(), renderings: renderings, to: path,
      ready: ready)
  }
}
