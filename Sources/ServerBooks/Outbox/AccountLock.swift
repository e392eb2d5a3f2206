import Foundation
import Glibc

/// The lock that one process at a time holds while it changes an account's copy or
/// queue (`flock(2)` on `MirrorPaths.lock`): a sync and a save, or two saves, never
/// interleave their writes. Released when the value is released or the process ends.
public final class AccountLock: Sendable {
  private let descriptor: Int32

  /// Waits for the lock of `paths`' account.
  ///
  /// - Throws: `POSIXError` when the lock file cannot be made.
  public init(_ paths: MirrorPaths) throws {
    try FileManager.default.createDirectory(
      atPath: paths.stateRoot, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let descriptor = open(paths.lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        close(descriptor)
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }
}
