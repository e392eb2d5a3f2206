import ContactFormats
import ContactKit
import CpickSupport
import Glibc

/// The person JSON of a large file's contacts, rendered from each part's contacts
/// while they are in memory (`ContactListLoader`'s reading in parts) and kept, in
/// file order, in an unnamed temp file until the list file is written
/// (`ListFileUpdate`): the JSON of a cold book is neither held in memory nor made
/// again from the index's cards (a decoding of each, and a read of the index).
///
/// The temp file (`O_TMPFILE` in the index's folder) has no name: it goes with its
/// descriptor, when this object does, however the process ends.
///
/// Unchecked `Sendable`: its file and table are written by the one thread that reads
/// the file, and only read, from any thread, once that reading is done.
final class PartRenderings: @unchecked Sendable {
  /// The file version the contacts belong to (`IndexCache.generation`).
  let generation: Int64
  /// The open temp file.
  private let descriptor: Int32
  /// Where each contact's JSON ends in the file, by ordinal (the first starts at 0).
  private var ends: [Int] = []
  /// Set once a write failed: the renderings are then not used.
  private var failed = false

  /// A temp file in `folder` for the contacts of file version `generation`; nil when
  /// it cannot be made (the JSON is then made from the index).
  init?(folder: String, generation: Int64) {
    let descriptor = open(folder, Self.temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
    self.generation = generation
  }

  deinit { close(descriptor) }

  /// `O_TMPFILE` (Linux's `__O_TMPFILE | O_DIRECTORY`; a macro Swift does not import):
  /// an unnamed file in the folder opened.
  static let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

  /// The number of contacts rendered.
  var count: Int { ends.count }

  /// Renders `contacts` (the next ones of the file, in order) on all cores, and
  /// appends their JSON to the file.
  func append(_ contacts: [Contact], nameOrder: ContactFormatter.NameOrder) {
    guard !failed else { return }
    let chunks = Parallel.map(count: contacts.count, chunk: 1_024) { range -> (json: [UInt8], ends: [Int]) in
      var json: [UInt8] = []
      json.reserveCapacity(range.count * 640)
      var ends: [Int] = []
      ends.reserveCapacity(range.count)
      for index in range {
        PersonJSON.writePerson(contacts[index], nameOrder: nameOrder, to: &json)
        ends.append(json.count)
      }
      return (json, ends)
    }
    for chunk in chunks {
      let base = ends.last ?? 0
      let written = chunk.json.withUnsafeBytes { bytes -> Bool in
        var done = 0
        while done < bytes.count {
          let result = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(base + done))
          if result < 0, errno == EINTR { continue }
          guard result > 0 else { return false }
          done += result
        }
        return true
      }
      guard written else {
        failed = true
        return
      }
      ends.append(contentsOf: chunk.ends.lazy.map { base + $0 })
    }
  }

  /// Whether every contact appended was written.
  var isComplete: Bool { !failed }

  /// Appends the JSON of contact `ordinal` to `out` (read with `pread`: nothing of the
  /// file is mapped or held); false when it cannot be read.
  func appendJSON(ordinal: Int, to out: inout [UInt8]) -> Bool {
    guard !failed, ordinal >= 0, ordinal < ends.count else { return false }
    let start = ordinal == 0 ? 0 : ends[ordinal - 1]
    let length = ends[ordinal] - start
    let old = out.count
    out.append(contentsOf: repeatElement(0, count: length))
    let read = out.withUnsafeMutableBytes { bytes -> Bool in
      var done = 0
      while done < length {
        let result = pread(descriptor, bytes.baseAddress! + old + done, length - done, off_t(start + done))
        if result < 0, errno == EINTR { continue }
        guard result > 0 else { return false }
        done += result
      }
      return true
    }
    if !read { out.removeLast(length) }
    return read
  }
}
