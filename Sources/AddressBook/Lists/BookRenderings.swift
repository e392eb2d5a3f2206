import ContactFormats
import ContactKit
import CpickSupport
import Glibc

/// The person JSON of the contacts of a book of many files read for its first index
/// (`IndexBookWriter`: a vdir), rendered chunk by chunk from the contacts while they
/// are in memory and kept in an unnamed temp file until the list file is written
/// (`ListFileUpdate`): neither held in memory nor made again from the index's cards.
/// `PartRenderings` is the same for the parts of one large file.
///
/// The temp file (`O_TMPFILE` in the index's folder) has no name: it goes with its
/// descriptor, when this object does. Chunks are appended from any thread: each
/// renders on its own thread, takes its place in the file under the lock and writes
/// there.
final class BookRenderings: Sendable {
  /// Where a contact's JSON is in the file.
  private struct Span {
    var start: Int
    var length: Int32
  }

  private struct State {
    /// The file's length so far.
    var end = 0
    var spans: [ContactOrigin: Span] = [:]
    /// Set once a write failed: the renderings are then not used.
    var failed = false
  }

  private let descriptor: Int32
  private let state = Locked(State())

  /// A temp file in `folder`; nil when it cannot be made (the JSON is then made from
  /// the index).
  init?(folder: String) {
    let descriptor = open(folder, PartRenderings.temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Renders `contacts` (whose places in the index are `origins`) on this thread and
  /// writes their JSON to the file.
  func append(_ contacts: [Contact], origins: [ContactOrigin], nameOrder: ContactFormatter.NameOrder) {
    var json: [UInt8] = []
    json.reserveCapacity(contacts.count * 640)
    var ends: [Int] = []
    ends.reserveCapacity(contacts.count)
    for contact in contacts {
      PersonJSON.writePerson(contact, nameOrder: nameOrder, to: &json)
      ends.append(json.count)
    }
    guard let base = state.withLock({ state -> Int? in
      guard !state.failed else { return nil }
      let base = state.end
      state.end += json.count
      return base
    }) else { return }
    let written = json.withUnsafeBytes { bytes -> Bool in
      var done = 0
      while done < bytes.count {
        let result = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(base + done))
        if result < 0, errno == EINTR { continue }
        guard result > 0 else { return false }
        done += result
      }
      return true
    }
    state.withLock { state in
      guard written else {
        state.failed = true
        return
      }
      var start = 0
      for (origin, end) in zip(origins, ends) {
        state.spans[origin] = Span(start: base + start, length: Int32(end - start))
        start = end
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
    let length = Int(span.length)
    let old = out.count
    out.append(contentsOf: repeatElement(0, count: length))
    let read = out.withUnsafeMutableBytes { bytes -> Bool in
      var done = 0
      while done < length {
        let result = pread(descriptor, bytes.baseAddress! + old + done, length - done, off_t(span.start + done))
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
