import CpickSupport
import Glibc
import Synchronization

/// The temp files of the writes in progress in this process, so that a process
/// ended by a signal (SIGTERM, SIGHUP, SIGINT) removes them before it exits and never
/// leaves a `.<name>.tmp-<random>` file behind (PRODUCT.md, "Data promises").
///
/// A temp file is created *and* recorded under one lock (`create`), and forgotten once
/// its name is gone (renamed over the target, linked and removed, or removed on a
/// failure). `removeAllAndClose()` takes the same lock, so it sees every temp file
/// that exists: none can be created between its look and its removal. After it, the
/// registry is closed: `create` fails with `ECANCELED`, so a writer still running on
/// another thread while the process ends cannot start a new temp file. A writer whose
/// temp file was removed under it fails at its `rename(2)` or `link(2)` (`ENOENT`): the
/// target keeps its old version.
///
/// This is ordinary code (a `Locked` lock), not a signal handler: the signal handler only
/// wakes a thread (see `SignalExit` in CpickSupport), which calls this.
package final class TempFileRegistry: Sendable {
  /// The registry `AtomicFile` uses.
  package static let shared = TempFileRegistry()

  private struct State {
    var paths: Set<String> = []
    var closed = false
  }

  private let state = Locked(State())

  package init() {}

  /// Creates the temp file `path` (`open(2)` with `flags`, which should include
  /// `O_CREAT | O_EXCL`) and records it, both under the lock.
  ///
  /// - Throws: the `open` failure; `ECANCELED` once the registry is closed.
  package func create(_ path: String, flags: Int32, mode: mode_t) throws(SystemError) -> FileDescriptor {
    let result: Result<FileDescriptor, SystemError> = state.withLock { state in
      guard !state.closed else { return .failure(SystemError(function: "open", path: path, errno: ECANCELED)) }
      do throws(SystemError) {
        let file = try FileDescriptor.open(path, flags, mode: mode)
        state.paths.insert(path)
        return .success(file)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Gives the unnamed temp file `file` (`O_TMPFILE`, opened without `O_EXCL`) the name
  /// `path` and records it, both under the lock. Linked through `/proc/self/fd`
  /// (`linkat(2)` with `AT_SYMLINK_FOLLOW`, as `open(2)` describes for `O_TMPFILE`):
  /// `AT_EMPTY_PATH` needs `CAP_DAC_READ_SEARCH`.
  ///
  /// - Throws: the `linkat` failure; `ECANCELED` once the registry is closed.
  package func link(_ file: FileDescriptor, at path: String) throws(SystemError) {
    let failure: SystemError? = state.withLock { state in
      guard !state.closed else { return SystemError(function: "linkat", path: path, errno: ECANCELED) }
      guard linkat(AT_FDCWD, "/proc/self/fd/\(file.rawValue)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
        return SystemError(function: "linkat", path: path, errno: Glibc.errno)
      }
      state.paths.insert(path)
      return nil
    }
    if let failure { throw failure }
  }

  /// Forgets `path`: it was renamed, linked and removed, or removed.
  package func forget(_ path: String) {
    state.withLock { _ = $0.paths.remove(path) }
  }

  /// The temp files recorded now.
  package var paths: Set<String> { state.withLock { $0.paths } }

  /// Whether `removeAllAndClose()` has run.
  package var isClosed: Bool { state.withLock { $0.closed } }

  /// Removes every recorded temp file (`unlink(2)`; a name already gone is skipped)
  /// and closes the registry, so that no new temp file is created afterwards.
  ///
  /// - Returns: the paths that were removed.
  @discardableResult
  package func removeAllAndClose() -> [String] {
    state.withLock { state in
      state.closed = true
      var removed: [String] = []
      for path in state.paths.sorted() where unlink(path) == 0 { removed.append(path) }
      state.paths = []
      return removed
    }
  }
}
