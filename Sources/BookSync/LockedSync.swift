import CardDAV
import Foundation
import LDAPDirectory
import ServerBooks
import Localization

/// What a CardDAV sync and a directory sync share: the account's lock held throughout,
/// its state read before and written after, the outcome — a success's time, or the
/// failure the picker shows as "offline since …" — recorded in it.
enum LockedSync {
  /// Runs `body` on the account's state under its lock; an error it throws becomes the
  /// outcome's failure.
  static func run(
    _ account: ServerAccount, paths: MirrorPaths,
    _ body: (inout AccountState, inout AccountSync.Outcome) throws -> Void
  ) -> AccountSync.Outcome {
    var outcome = AccountSync.Outcome()
    let lock: AccountLock
    do {
      lock = try AccountLock(paths)
    } catch {
      outcome.failure = SyncFailure(account: account, message: L10n.format("cannot lock %s: %s", paths.lock, "\(error)"))
      return outcome
    }
    defer { withExtendedLifetime(lock) {} }
    var state = AccountState.read(paths.accountState)
    do {
      try body(&state, &outcome)
      state.lastError = nil
      state.lastFailure = nil
    } catch {
      outcome.failure = SyncFailure(error, account: account)
    }
    if let failure = outcome.failure {
      state.lastError = failure.message
      state.lastFailure = Date().timeIntervalSince1970
    }
    try? state.write(paths.accountState)
    return outcome
  }
}

extension SyncFailure {
  /// Any error of a sync as one line: a server's own (`DAVError`, `LDAPError`) with its
  /// URL, else said of the account.
  init(_ error: any Error, account: ServerAccount) {
    switch error {
    case let failure as SyncFailure: self = failure
    case let error as DAVError: self.init(error)
    case let error as LDAPError: self.init(error)
    default: self.init(account: account, message: "\(error)")
    }
  }
}
