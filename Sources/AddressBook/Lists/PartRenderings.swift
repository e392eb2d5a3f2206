import ContactFormats
import ContactStores
import ContactKit
import CpickSupport

/// The person JSON of a large file's contacts, rendered from each part's contacts
/// while they are in memory (`ContactListLoader`'s reading in parts) and kept, in
/// file order, in an unnamed temp file until the list file is written
/// (`ListFileUpdate`): the JSON of a cold book is neither held in memory nor made
/// again from the index's cards (a decoding of each, and a read of the index).
///
/// Unchecked `Sendable`: its file and table are written by the one thread that reads
/// the file, and only read, from any thread, once that reading is done.
final class PartRenderings: @unchecked Sendable {
  /// The file version the contacts belong to (`IndexCache.generation`).
  let generation: Int64
  /// The temp file: the JSON from its first byte, in file order.
  let file: RenderingsFile
  /// Where each contact's JSON ends in the file, by ordinal (the first starts at 0).
  private var ends: [Int] = []
  /// The checksum of each contact's JSON (`Checksum.wide`), by ordinal: a list file
  /// takes the JSON where it is, and these with it (`ContactRenderings`).
  private var checksums: [Int64] = []
  /// Set once a write failed: the renderings are then not used.
  private var failed = false

  /// A temp file in `folder` for the contacts of file version `generation`; nil when
  /// it cannot be made (the JSON is then made from the index).
  init?(folder: String, generation: Int64) {
    guard let file = RenderingsFile(folder: folder) else { return nil }
    self.file = file
    self.generation = generation
  }

  /// The number of contacts rendered.
  var count: Int { ends.count }

  /// Renders `contacts` (the next ones of the file, in order) on all cores, and
  /// appends their JSON to the file.
  func append(_ contacts: [Contact], nameOrder: ContactFormatter.NameOrder) {
    guard !failed else { return }
    let chunks = Parallel.map(count: contacts.count, chunk: 1_024) { range in
      ContactRenderings.chunk(contacts[range]) { PersonJSON.writePerson($0, nameOrder: nameOrder, to: &$1) }
    }
    for chunk in chunks {
      let base = ends.last ?? 0
      let written = file.write(chunk.json, at: base)
      guard written else {
        failed = true
        return
      }
      ends.append(contentsOf: chunk.ends.lazy.map { base + $0 })
      checksums.append(contentsOf: chunk.checksums)
    }
  }

  /// The bytes of JSON in the file.
  var length: Int { ends.last ?? 0 }

  /// Where the JSON of contact `ordinal` (0 ≤ ordinal < count) is in the file, and its
  /// checksum.
  func entry(ordinal: Int) -> (span: Range<Int>, checksum: Int64) {
    ((ordinal == 0 ? 0 : ends[ordinal - 1])..<ends[ordinal], checksums[ordinal])
  }

  /// Whether every contact appended was written.
  var isComplete: Bool { !failed }

  /// Appends the JSON of contact `ordinal` to `out` (read with `pread`: nothing of the
  /// file is mapped or held); false when it cannot be read.
  func appendJSON(ordinal: Int, to out: inout [UInt8]) -> Bool {
    guard !failed, ordinal >= 0, ordinal < ends.count else { return false }
    let start = ordinal == 0 ? 0 : ends[ordinal - 1]
    return file.append(length: ends[ordinal] - start, at: start, to: &out)
  }
}
