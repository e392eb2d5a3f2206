import Foundation

/// Where an account's local copy, its queue of unsent edits and its lock are.
///
/// - The copy (`root`): `$XDG_CACHE_HOME/cpick/dav/<account key>/`, one folder per
///   address book holding its cards as the server sent them, one `.vcf` file each (a
///   vdir, read like any other), and the state of the copy in `.cpick-*.json` files.
///   It is a cache: deleting it loses nothing but time, the next sync fetches it again.
/// - The queue (`outbox`): `$XDG_STATE_HOME/cpick/dav/<account key>/outbox/`, one file
///   per edit not yet accepted by the server — outside the cache, so that deleting the
///   cache never loses an edit. `conflicts/` keeps the user's version of an edit the
///   server's changes conflicted with.
public struct MirrorPaths: Sendable, Hashable {
  /// The copy's folder (no trailing `/`).
  public var root: String
  /// The account's state folder (the queue, the conflicts, the lock).
  public var stateRoot: String

  /// The paths of `account` for `environment` (`XDG_CACHE_HOME`, `XDG_STATE_HOME`,
  /// `HOME`; an empty or relative XDG variable counts as unset).
  public init(account: ServerAccount, environment: [String: String]) {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    func xdg(_ name: String, _ fallback: String) -> String {
      environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/" + fallback
    }
    root = xdg("XDG_CACHE_HOME", ".cache") + "/cpick/dav/" + account.key
    stateRoot = xdg("XDG_STATE_HOME", ".local/state") + "/cpick/dav/" + account.key
  }

  /// The account's state: the books found and the last sync.
  public var accountState: String { root + "/.cpick-account.json" }
  /// The folder of the book kept in `folder`.
  public func book(_ folder: String) -> String { root + "/" + folder }
  /// The state of the book kept in `folder`: its sync token, its cards' URLs and ETags.
  public func bookState(_ folder: String) -> String { root + "/" + folder + "/.cpick-book.json" }
  /// The queue of edits not yet sent.
  public var outbox: String { stateRoot + "/outbox" }
  /// Where the user's side of a conflicting edit is kept.
  public var conflicts: String { stateRoot + "/conflicts" }
  /// The lock one process at a time holds while it changes the copy or the queue.
  public var lock: String { stateRoot + "/lock" }
}
