import ContactStores
import CpickSupport

/// The files whose cards the index keeps by reference
/// (`ContactArchive.RecordBytes.byReference`: a large `.vcf` read part by part), for
/// reading a card's bytes again when its contact is decoded.
///
/// A file is opened when a card of a version is first read again and kept open while
/// it is one of the `kept` versions last used, so that its cards stay readable as they
/// were when another program replaces the file by a rename, as cpick, vdirsyncer and
/// khard save. It is used only while the version it holds is the rows'
/// (`IndexCache.generation(path:signature:)` of its path and `fstat` signature is
/// theirs), and a card only when its bytes still have their checksum; otherwise the
/// card cannot be read again, and its contact is one that changed in the index
/// meanwhile (`StoredContacts.contact(ordinal:card:)`).
package final class CardSourceFiles: Sendable {
  /// The files of this process.
  package static let shared = CardSourceFiles()

  /// Versions whose files are kept open at most, the least recently used let go first.
  static let kept = 16

  /// A file version: a path and the generation of its rows.
  private struct Version: Equatable {
    var path: String
    var generation: Int64
  }

  /// A file opened for a version, closed when no one holds it any more (the list let
  /// it go while another thread still reads from it).
  private final class Opened: Sendable {
    /// The file, or nil when it holds another version or cannot be opened.
    let descriptor: FileDescriptor?

    init(_ descriptor: FileDescriptor?) { self.descriptor = descriptor }

    deinit { try? descriptor?.close() }
  }

  /// The versions looked at, the most recently used last.
  private let opened = Locked<[(version: Version, file: Opened)]>([])

  /// An empty set of files.
  init() {}

  /// Reads the bytes of records kept by reference in the rows of `generation`.
  package func resolver(generation: Int64) -> ContactArchive.RecordResolver {
    { path, span in self.bytes(of: span, in: path, generation: generation) }
  }

  /// The `span.count` bytes at `span.offset` of the file at `path` as it was at
  /// `generation`, or nil when the file holds another version, cannot be read, or the
  /// bytes do not have `span.checksum`.
  func bytes(of span: ContactArchive.RecordSpan, in path: String, generation: Int64) -> [UInt8]? {
    guard span.offset >= 0, span.count >= 0 else { return nil }
    let version = Version(path: path, generation: generation)
    let file = opened.withLock { opened -> Opened in
      if let index = opened.firstIndex(where: { $0.version == version }) {
        let entry = opened.remove(at: index)
        opened.append(entry)
        return entry.file
      }
      var descriptor: FileDescriptor?
      if let found = FileSignature.opened(path) {
        if IndexCache.generation(path: path, signature: found.signature) == generation {
          descriptor = found.descriptor
        } else {
          try? found.descriptor.close()
        }
      }
      let file = Opened(descriptor)
      if opened.count >= Self.kept { opened.removeFirst() }
      opened.append((version, file))
      return file
    }
    // Held while read: the descriptor is not closed under the read.
    return withExtendedLifetime(file) { () -> [UInt8]? in
      guard let descriptor = file.descriptor else { return nil }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(span.count)
      guard (try? descriptor.read(span.count, at: span.offset, appendingTo: &bytes)) != nil,
        bytes.withUnsafeBytes({ Checksum.of($0) }) == span.checksum
      else { return nil }
      return bytes
    }
  }
}
