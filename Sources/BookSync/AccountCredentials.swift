import CardDAV
import LDAPDirectory
import Foundation
import ServerBooks
import CpickSupport
import Localization

/// The secret of an account, found when the helper signs in and kept in its memory
/// only: the first line a `password-command` or `token-command` prints (run by
/// `/bin/sh -c`, so `pass show dav/me` works as typed in the config), or curl's
/// reading of `~/.netrc`. Never passed in arguments, written, or shown in a message.
enum AccountCredentials {
  /// How long a command may take (a `gpg` asking for its passphrase takes a while).
  static let commandTimeout = 120.0

  /// The client options of `account`.
  ///
  /// - Throws: `SyncFailure` when a command fails or prints nothing, or a password is
  ///   given without a user name.
  static func options(for account: ServerAccount, environment: [String: String]) throws(SyncFailure) -> DAVOptions {
    var options = DAVOptions()
    options.caFile = account.caFile
    switch account.credentials {
    case .netrc:
      options.credentials = .netrc
    case .passwordCommand(let command):
      guard let user = account.username else {
        throw SyncFailure(account: account, message: L10n.text("password-command needs a username in the account's section"))
      }
      options.credentials = .basic(user: user, password: try firstLine(of: command, kind: "password-command", account, environment))
    case .tokenCommand(let command):
      options.credentials = .bearer(try firstLine(of: command, kind: "token-command", account, environment))
    }
    return options
  }

  /// The password of a directory's bind (`password-command`), or nil for an anonymous
  /// bind (no `bind-dn`).
  ///
  /// - Throws: `SyncFailure` when the command fails or prints nothing, or a `bind-dn`
  ///   is given without a `password-command`.
  static func directoryPassword(for account: ServerAccount, environment: [String: String]) throws(SyncFailure) -> String? {
    guard account.bindDN != nil else { return nil }
    guard case .passwordCommand(let command) = account.credentials else {
      throw SyncFailure(account: account, message: L10n.text("bind-dn needs a password-command in the account's section"))
    }
    return try firstLine(of: command, kind: "password-command", account, environment)
  }

  private static func firstLine(
    of command: String, kind: String, _ account: ServerAccount, _ environment: [String: String]
  ) throws(SyncFailure) -> String {
    guard let run = ChildProcess.run("/bin/sh", ["-c", command], environment: environment, timeout: commandTimeout)
    else { throw SyncFailure(account: account, message: L10n.format("%s cannot be run", kind)) }
    guard run.inTime else {
      throw SyncFailure(account: account, message: L10n.format("%s did not finish within %d s", kind, Int(commandTimeout)))
    }
    guard run.exitCode == 0 else {
      throw SyncFailure(account: account, message: L10n.format("%s failed (exit status %s)", kind, run.exitCode.map(String.init) ?? "signal"))
    }
    let line = run.output.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
    var secret = String(decoding: line, as: UTF8.self)
    if secret.hasSuffix("\r") { secret.removeLast() }
    guard !secret.isEmpty else { throw SyncFailure(account: account, message: L10n.format("%s printed nothing", kind)) }
    return secret
  }
}

/// Why an account could not be synced: one line for a user, naming the account.
public struct SyncFailure: Error, Sendable, CustomStringConvertible {
  /// The account's URL.
  public var url: String
  /// Why.
  public var message: String

  init(account: ServerAccount, message: String) {
    url = account.url
    self.message = message
  }

  init(_ error: DAVError) {
    url = error.url
    message = error.message
  }

  init(_ error: LDAPError) {
    url = error.url
    message = error.message
  }

  /// `url: message`.
  public var description: String { "\(url): \(message)" }
}
