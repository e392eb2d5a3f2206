import CardDAV
import Foundation
import ServerBooks
import Localization

/// What one book's sync changed in the copy.
public struct BookReport: Sendable, Equatable {
  /// The book's URL.
  public var url: String
  /// Its name on the server, if any.
  public var name: String?
  /// Cards new to the copy, changed, and removed.
  public var added = 0
  /// See `added`.
  public var changed = 0
  /// See `added`.
  public var removed = 0
}

/// Brings the copy of one address book up to date: what changed since the last sync
/// from a `sync-collection` report with the book's token (RFC 6578) — or, from a
/// server without tokens or when the token is refused, every card's ETag from a
/// `PROPFIND` (RFC 4918) compared with the copy's — then the changed cards in
/// `addressbook-multiget` batches (RFC 6352 §8.7). Cards are written before the
/// state that names them, so a sync stopped half-way is finished by the next one;
/// the state is written along the way too (with the token the sync started from), so
/// that the next one fetches only the cards it has not got: a first sync of a large
/// book cut off by the network does not start again from nothing.
/// A card with an edit queued is left as the copy has it (the edit is sent first).
struct BookPulling {
  /// Cards per `addressbook-multiget`.
  static let batch = 200

  let client: DAVClient
  let paths: MirrorPaths
  let book: AccountState.Book
  let supportsSync: Bool
  let pending: Set<String>
  /// Cards per `addressbook-multiget` (`batch`; fewer in tests).
  var batchSize = Self.batch
  /// Called after each batch is written with the number of batches so far (tests:
  /// a connection lost there).
  var afterBatch: (Int) throws(DAVError) -> Void = { _ throws(DAVError) in }

  /// Syncs the book.
  func pull() throws(DAVError) -> BookReport {
    var state = BookState.read(paths.bookState(book.folder)) ?? BookState(url: book.url)
    var fileOf: [String: String] = [:]
    for (file, item) in state.items { fileOf[item.url] = file }
    var report = BookReport(url: book.url, name: book.name)

    let (changed, removed, token) = try changes(state: state)
    var etags: [String: String] = [:]
    for member in changed { etags[member.url] = member.etag }
    let wanted = changed.filter { member in
      guard let file = fileOf[member.url] else { return true }
      return state.items[file]?.etag != member.etag && !pending.contains(book.folder + "/" + file)
    }.map(\.url)

    let folder = paths.book(book.folder)
    let journal = CopyJournal(root: paths.root)
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var start = 0
    var batches = 0
    // Cards written since the state was last written, and how many it named then:
    // it is written again when the new ones are half as many as those (and at least a
    // batch), so that writing it costs a few times the final state, not a copy per batch.
    var unsaved = 0
    var saved = state.items.count
    while start < wanted.count {
      let urls = Array(wanted[start..<min(start + batchSize, wanted.count)])
      start += urls.count
      let cards = try client.multiget(book.url, urls: urls).filter {
        !pending.contains(book.folder + "/" + (fileOf[$0.url] ?? MirrorFiles.fileName(forCard: $0.url)))
      }
      let names = cards.map { book.folder + "/" + (fileOf[$0.url] ?? MirrorFiles.fileName(forCard: $0.url)) }
      journal.record(names)
      defer { journal.record(names) }
      for card in cards {
        let file = fileOf[card.url] ?? MirrorFiles.fileName(forCard: card.url)
        do {
          try MirrorFiles.writeCard(card.bytes, to: folder + "/" + file)
        } catch {
          throw DAVError(.malformed, url: card.url, message: L10n.format("cannot write the local copy: %s", "\(error)"))
        }
        if state.items[file] == nil { report.added += 1 } else { report.changed += 1 }
        state.items[file] = BookState.Item(url: card.url, etag: card.etag ?? etags[card.url] ?? "")
        fileOf[card.url] = file
        unsaved += 1
      }
      if start < wanted.count, unsaved >= max(batchSize, saved / 2) {
        // The token stays the one the sync started from: the next sync lists the same
        // changes, and skips the cards whose ETag the state already has.
        try? state.write(paths.bookState(book.folder))
        saved = state.items.count
        unsaved = 0
      }
      batches += 1
      try afterBatch(batches)
    }
    let gone = removed.compactMap { url in fileOf[url].map { book.folder + "/" + $0 } }.filter { !pending.contains($0) }
    journal.record(gone)
    defer { journal.record(gone) }
    for url in removed {
      guard let file = fileOf[url], !pending.contains(book.folder + "/" + file) else { continue }
      try? FileManager.default.removeItem(atPath: folder + "/" + file)
      state.items[file] = nil
      fileOf[url] = nil
      report.removed += 1
    }
    state.syncToken = token
    do {
      try state.write(paths.bookState(book.folder))
    } catch {
      throw DAVError(.malformed, url: book.url, message: L10n.format("cannot write the local copy: %s", "\(error)"))
    }
    return report
  }

  /// The members changed and removed since the copy's state, and the token to keep.
  private func changes(state: BookState) throws(DAVError) -> (changed: [DAVMember], removed: [String], token: String?) {
    if supportsSync {
      do {
        var token = state.syncToken
        var changed: [DAVMember] = []
        var removed: [String] = []
        repeat {
          let result = try client.syncCollection(book.url, token: token)
          changed += result.changed
          removed += result.removed
          let more = result.isTruncated && result.token != token
          token = result.token
          if !more { break }
        } while true
        if state.syncToken == nil {
          // The first report lists every member: the copy's others are gone.
          let present = Set(changed.map(\.url))
          removed += state.items.values.map(\.url).filter { !present.contains($0) }
        }
        return (changed, removed, token)
      } catch where error.kind == .invalidSyncToken && state.syncToken != nil {
        var fresh = state
        fresh.syncToken = nil
        return try changes(state: fresh)
      }
    }
    let members = try client.members(of: book.url)
    let present = Set(members.map(\.url))
    return (members, state.items.values.map(\.url).filter { !present.contains($0) }, nil)
  }
}
