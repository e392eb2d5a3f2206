import CardDAV
import ContactStores
import Foundation
import ServerBooks
import Localization

/// What became of one queued edit.
public struct EditReport: Sendable, Equatable {
  /// The edit's id in the queue.
  public var id: String
  /// `sent`, `queued` (kept for the next sync) or `conflict` (not sent; the user's
  /// version kept aside, the copy holding the server's).
  public var result: String
  /// The book folder and file that hold the card now.
  public var folder: String
  /// See `folder`.
  public var file: String
  /// Why, for a user (nil when sent).
  public var message: String?
}

/// Sends an account's queued edits in order (RFC 6352 §6.3.2, RFC 7232): a change
/// with `If-Match`, a new card with `If-None-Match: *`, a removal with `If-Match`; then
/// fetches the card back (a server may rewrite it) into the copy with its new ETag.
///
/// A `412` means the server's card changed since the edit was made: the edit is
/// merged into the server's version (`CardBytesEditing`, the three-way merge of file
/// edits; an edit of group lines only — a group card's members or name, a group
/// renamed in `CATEGORIES` —: those changes made again) and sent
/// again with the new ETag; when the changes conflict, nothing is
/// sent, the user's version is kept in `MirrorPaths.conflicts`, and the copy takes the
/// server's. A network failure stops the sending: this edit and the rest stay queued.
struct EditSending {
  let client: DAVClient
  let paths: MirrorPaths
  let outbox: Outbox
  let journal: CopyJournal

  init(client: DAVClient, paths: MirrorPaths) {
    self.client = client
    self.paths = paths
    self.outbox = Outbox(folder: paths.outbox)
    self.journal = CopyJournal(root: paths.root)
  }

  /// Sends the queue.
  ///
  /// - Returns: a report per edit met, and the error that stopped the sending (the
  ///   server unreachable, the sign-in refused), if one did.
  func sendAll() -> (reports: [EditReport], stoppedBy: DAVError?) {
    var reports: [EditReport] = []
    for edit in outbox.edits() {
      do {
        reports.append(try send(edit))
      } catch {
        switch error.kind {
        case .unreachable, .timeout, .tls, .unauthorized, .http(500...):
          for waiting in outbox.edits() where !reports.contains(where: { $0.id == waiting.id }) {
            reports.append(
              EditReport(id: waiting.id, result: "queued", folder: waiting.folder, file: waiting.fileName,
                message: L10n.format("not sent yet (%s); it is kept and sent on the next sync", error.message)))
          }
          return (reports, error)
        default:
          reports.append(setAside(edit, theirs: try? client.get(edit.url), why: L10n.format("the server refused it (%s)", error.message)))
        }
      }
    }
    return (reports, nil)
  }

  /// Sends one edit, merging it on a `412`.
  ///
  /// A card read without a strong ETag (a weak one, `W/"…"`, which `If-Match` never
  /// matches, RFC 7232 §3.1; or none) is read again first: sent without a condition
  /// when it is still as it was read, else merged as on a `412`. (Between that `GET`
  /// and the write, another client's change could still be overwritten: such a server
  /// gives nothing to prevent it.)
  private func send(_ edit: PendingEdit) throws(DAVError) -> EditReport {
    var edit = edit
    for _ in 0..<5 {
      var condition = edit.ifMatch
      if let etag = edit.ifMatch, !Self.isStrong(etag) {
        switch try unchangedSinceRead(edit) {
        case nil: condition = nil
        case .retry(let merged)?:
          edit = merged
          continue
        case .done(let report)?: return report
        }
      }
      do {
        switch edit.kind {
        case .put:
          let body = edit.body ?? []
          let etag = try client.put(edit.url, body: body, ifMatch: condition, ifNoneMatch: edit.ifMatch == nil)
          refresh(edit, etag: etag, sent: body)
        case .delete:
          do {
            try client.delete(edit.url, ifMatch: condition)
          } catch where error.kind == .notFound {}  // gone already
          forget(edit)
        }
        outbox.remove(edit)
        return EditReport(id: edit.id, result: "sent", folder: edit.folder, file: edit.fileName, message: nil)
      } catch where error.kind == .preconditionFailed {
        switch resolve(edit) {
        case .retry(let merged): edit = merged
        case .done(let report): return report
        }
      } catch where error.kind == .notFound && edit.kind == .put && edit.ifMatch != nil {
        return setAside(edit, theirs: nil, why: L10n.text("it was removed on the server since it was read"))
      }
    }
    return setAside(edit, theirs: try? client.get(edit.url), why: L10n.text("the server's card kept changing while it was saved"))
  }

  private enum Resolution {
    case retry(PendingEdit)
    case done(EditReport)
  }

  /// Whether `etag` can be a condition: strong (not `W/"…"`, RFC 7232 §2.3) and not
  /// empty (a server that sends none).
  static func isStrong(_ etag: String) -> Bool {
    let trimmed = etag.trimmingCharacters(in: .whitespaces)
    return !trimmed.isEmpty && trimmed != "\"\"" && !trimmed.hasPrefix("W/")
  }

  /// For an edit of a card read without a strong ETag: nil when the server's card is
  /// still the one the edit was made on (send it without a condition), else what to do
  /// as after a `412` (merged into the server's card; set aside; gone).
  private func unchangedSinceRead(_ edit: PendingEdit) throws(DAVError) -> Resolution? {
    guard let theirs = try client.get(edit.url) else { return gone(edit) }
    if let base = edit.base, theirs.bytes == base { return nil }
    return resolve(edit, theirs: theirs)
  }

  /// An edit of a card no longer on the server: a removal is done; a change is set
  /// aside (nothing to merge it into).
  private func gone(_ edit: PendingEdit) -> Resolution {
    if edit.kind == .delete {
      forget(edit)
      outbox.remove(edit)
      return .done(EditReport(id: edit.id, result: "sent", folder: edit.folder, file: edit.fileName, message: nil))
    }
    return .done(setAside(edit, theirs: nil, why: L10n.text("it was removed on the server since it was read")))
  }

  /// What to do after a `412`: a new card's URL taken → another URL; a change → the
  /// edit merged into the server's card (`theirs`, read here when not given); a
  /// conflict → set aside.
  private func resolve(_ edit: PendingEdit, theirs known: DAVCard? = nil) -> Resolution {
    var edit = edit
    guard let base = edit.base, edit.ifMatch != nil else {
      // A new card whose URL is taken on the server: the next free name.
      let oldFile = paths.book(edit.folder) + "/" + edit.fileName
      let oldName = edit.folder + "/" + edit.fileName
      let stem = edit.url.hasSuffix(".vcf") ? String(edit.url.dropLast(4)) : edit.url
      edit.url = stem + "-\(Int.random(in: 2...99_999)).vcf"
      edit.fileName = MirrorFiles.fileName(forCard: edit.url)
      let target = paths.book(edit.folder) + "/" + edit.fileName
      journal.recording([oldName, edit.folder + "/" + edit.fileName]) {
        try? FileManager.default.moveItem(atPath: oldFile, toPath: target)
      }
      return .retry(edit)
    }
    var theirs = known
    do {
      if known == nil { theirs = try client.get(edit.url) }
    } catch {
      return .done(setAside(edit, theirs: nil, why: L10n.format("the server's version cannot be read (%s)", error.message)))
    }
    // Without an ETag (a server that sends none) the edit is still one of a card that
    // exists: `ifMatch` empty, not nil (nil is a new card's).
    guard let theirs else { return gone(edit) }
    let source = paths.book(edit.folder) + "/" + edit.fileName
    if let groupEdits = edit.groupEdits {
      // Only group lines changed (a group card's members or name, a CATEGORIES item):
      // the same changes made on the server's version.
      do {
        let replayed = try CardBytesEditing.applying(groupEdits, to: theirs.bytes, source: source)
        if let group = replayed.lost.first {
          let why = L10n.format(
            "the group “%s” was renamed or removed on the server since it was read; nobody was filed under it", group)
          return .done(setAside(edit, theirs: theirs, why: why))
        }
        if replayed.bytes == theirs.bytes {
          // Made there already, or no longer applicable (the group renamed meanwhile).
          adopt(edit, theirs: theirs)
          return .done(EditReport(id: edit.id, result: "sent", folder: edit.folder, file: edit.fileName, message: nil))
        }
        edit.kind = replayed.isBlank ? .delete : .put
        edit.body = replayed.isBlank ? nil : replayed.bytes
      } catch {
        return .done(setAside(edit, theirs: theirs, why: error.reason))
      }
      edit.base = theirs.bytes
      edit.ifMatch = theirs.etag ?? ""
      return .retry(edit)
    }
    guard let original = CardBytesEditing.contacts(in: base, source: source).first else {
      return .done(setAside(edit, theirs: theirs, why: L10n.text("the card it was made from cannot be read")))
    }
    let operation: SaveRequest.Operation
    if edit.kind == .delete {
      operation = .delete(original)
    } else {
      guard let edited = CardBytesEditing.contacts(in: edit.body ?? [], source: source).first else {
        return .done(setAside(edit, theirs: theirs, why: L10n.text("the edited card cannot be read")))
      }
      operation = .update(edited, original: original)
    }
    do {
      let merged = try CardBytesEditing.apply(operation, to: theirs.bytes, source: source, wording: .server)
      edit.base = theirs.bytes
      edit.ifMatch = theirs.etag ?? ""
      edit.body = merged.isBlank ? nil : merged.bytes
      return .retry(edit)
    } catch {
      return .done(setAside(edit, theirs: theirs, why: error.reason))
    }
  }

  /// Takes the edit out of the queue without sending it: the user's version is kept
  /// in `conflicts/`, the copy takes the server's card (`theirs`; none: removed).
  private func setAside(_ edit: PendingEdit, theirs: DAVCard?, why: String) -> EditReport {
    var message = why
    if let body = edit.body {
      let kept = paths.conflicts + "/" + edit.id + "-" + edit.fileName
      if (try? MirrorFiles.write(body, to: kept)) != nil {
        message += L10n.format("; your version is kept in %s", kept)
      }
    } else {
      message += L10n.text("; the contact was not deleted")
    }
    let file = paths.book(edit.folder) + "/" + edit.fileName
    var state = BookState.read(paths.bookState(edit.folder)) ?? BookState(url: edit.bookURL)
    journal.recording([edit.folder + "/" + edit.fileName]) {
      if let theirs {
        try? MirrorFiles.write(theirs.bytes, to: file)
        state.items[edit.fileName] = BookState.Item(url: edit.url, etag: theirs.etag ?? "")
      } else {
        try? FileManager.default.removeItem(atPath: file)
        state.items[edit.fileName] = nil
      }
    }
    try? state.write(paths.bookState(edit.folder))
    outbox.remove(edit)
    return EditReport(id: edit.id, result: "conflict", folder: edit.folder, file: edit.fileName, message: message)
  }

  /// After a `PUT`: the card as the server keeps it, with its ETag, into the copy.
  /// (Not read back — the network gone meanwhile: the card as sent, with the ETag the
  /// `PUT` gave, if any; the next sync corrects it.)
  private func refresh(_ edit: PendingEdit, etag: String?, sent: [UInt8]) {
    let card = try? client.get(edit.url)
    var state = BookState.read(paths.bookState(edit.folder)) ?? BookState(url: edit.bookURL)
    let bytes = card?.bytes ?? sent
    journal.recording([edit.folder + "/" + edit.fileName]) {
      try? MirrorFiles.write(bytes, to: paths.book(edit.folder) + "/" + edit.fileName)
    }
    state.items[edit.fileName] = BookState.Item(url: edit.url, etag: card?.etag ?? etag ?? "")
    try? state.write(paths.bookState(edit.folder))
  }

  /// The edit has nothing left to send: the copy takes the server's card as it is.
  private func adopt(_ edit: PendingEdit, theirs: DAVCard) {
    var state = BookState.read(paths.bookState(edit.folder)) ?? BookState(url: edit.bookURL)
    journal.recording([edit.folder + "/" + edit.fileName]) {
      try? MirrorFiles.write(theirs.bytes, to: paths.book(edit.folder) + "/" + edit.fileName)
    }
    state.items[edit.fileName] = BookState.Item(url: edit.url, etag: theirs.etag ?? "")
    try? state.write(paths.bookState(edit.folder))
    outbox.remove(edit)
  }

  /// After a `DELETE`: the card out of the copy's state (its file is gone already).
  private func forget(_ edit: PendingEdit) {
    guard var state = BookState.read(paths.bookState(edit.folder)) else { return }
    state.items[edit.fileName] = nil
    try? state.write(paths.bookState(edit.folder))
    journal.recording([edit.folder + "/" + edit.fileName]) {
      try? FileManager.default.removeItem(atPath: paths.book(edit.folder) + "/" + edit.fileName)
    }
  }
}
