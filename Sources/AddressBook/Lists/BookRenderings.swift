import ContactFormats
import ContactKit
import CpickSupport

/// The person JSON of the contacts of a book of many files read for its first index
/// (`IndexBookWriter`: a vdir), rendered chunk by chunk from the contacts while they
/// are in memory and kept in an unnamed temp file until the list file is written
/// (`ListFileUpdate`): neither held in memory nor made again from the index's cards.
/// `PartRenderings` is the same for the parts of one large file.
///
/// The temp file is a `RenderingsFile`. Chunks are appended from any thread: each
/// renders on its own thread, takes its place in the file under the lock and writes
/// there.
final class BookRenderings: Sendable {
  /// Where a contact's JSON is in the file, and its checksum (`Checksum.wide`): a list
  /// file takes the JSON where it is, and these with it (`ContactRenderings`).
  private struct Span {
    var start: Int
    var length: Int32
    var checksum: Int64
  }

  private struct State {
    /// The file's length so far.
    var end = 0
    var spans: [ContactOrigin: Span] = [:]
    /// Set once a write failed: the renderings are then not used.
    var failed = false
  }

  /// The temp file: the JSON of every chunk appended, from its first byte.
  let file: RenderingsFile
  private let state = Locked(State())

  /// A temp file in `folder`; nil when it cannot be made (the JSON is then made from
  /// the index).
  init?(folder: String) {
    guard let file = RenderingsFile(folder: folder) else { return nil }
    self.file = file
  }

  /// Renders `contacts` (whose places in the index are `origins`) on this thread and
  /// writes their JSON to the file.
  func append(_ contacts: [Contact], origins: [ContactOrigin], nameOrder: ContactFormatter.NameOrder) {
    let (json, ends, checksums) = ContactRenderings.chunk(contacts) {
      PersonJSON.writePerson($0, nameOrder: nameOrder, to: &$1)
    }
    guard let base = state.withLock({ state -> Int? in
      guard !state.failed else { return nil }
      let base = state.end
      state.end += json.count
      return base
    }) else { return }
    let written = file.write(json, at: base)
    state.withLock { state in
      guard written else {
        state.failed = true
        return
      }
      var start = 0
      for ((origin, end), checksum) in zip(zip(origins, ends), checksums) {
        state.spans[origin] = Span(start: base + start, length: Int32(end - start), checksum: checksum)
        start = end
      }
    }
  }

  /// The bytes of JSON in the file, when every chunk appended was written; nil once a
  /// write failed.
  var length: Int? {
    state.withLock { $0.failed ? nil : $0.end }
  }

  /// `ContactRenderings`' table for the contacts at `origins` (spans from the file's
  /// first byte), when they (distinct) are every contact rendered here; nil when one
  /// of them is not here, others are (a group's view of the book: its list file would
  /// hold the whole book's JSON), or a write failed.
  func table(of origins: [ContactOrigin]) -> [UInt8]? {
    state.withLock { state in
      // As many spans as origins, each origin's found (origins are distinct): all of them.
      guard !state.failed, state.spans.count == origins.count else { return nil }
      return ContactRenderings.table(count: origins.count) { position in
        state.spans[origins[position]].map { ($0.start..<($0.start + Int($0.length)), $0.checksum) }
      }
    }
  }

  /// Whether the JSON of the contact at `origin` is here.
  func holds(_ origin: ContactOrigin) -> Bool {
    state.withLock { !$0.failed && $0.spans[origin] != nil }
  }

  /// Appends the JSON of the contact at `origin` to `out` (read with `pread`); false
  /// when it is not here or cannot be read.
  func appendJSON(_ origin: ContactOrigin, to out: inout [UInt8]) -> Bool {
    guard let span = state.withLock({ $0.failed ? nil : $0.spans[origin] }) else { return false }
    return file.append(length: Int(span.length), at: span.start, to: &out)
  }
}
