import ContactKit
import ContactStores
import Foundation
import VCard

/// The store of a CardDAV account's address books (RFC 6352), saving without losing
/// an update: each edit is made on the local copy of the card exactly as a file edit
/// is (only the changed lines rewritten), queued (`Outbox`, outside the cache), and
/// sent by the sync helper (`SyncHelper`): a change with `If-Match:` the ETag the card
/// was read with, a new card with `If-None-Match: *`, a removal with `If-Match` (and the
/// group cards that list the removed person, each without that `MEMBER` line). When
/// the server's card changed meanwhile (`412`), the helper merges the edit into the
/// server's version as for a file, or, when the changes conflict, keeps the user's
/// version aside and writes nothing; this store then throws `.conflict`.
///
/// Offline, the edit stays queued and the copy shows it; the next sync sends it.
public struct CardDAVStore: ContactStore {
  /// The account.
  public let account: ServerAccount
  /// Its copy and queue.
  public let paths: MirrorPaths
  /// The environment the sync helper runs with.
  let environment: [String: String]
  /// The address book new contacts go to (its URL); nil: the account's first.
  public let bookURL: String?

  /// The store of `account`; new contacts go to the book at `bookURL` (nil: the first).
  public init(account: ServerAccount, environment: [String: String], bookURL: String? = nil) {
    self.account = account
    self.paths = MirrorPaths(account: account, environment: environment)
    self.environment = environment
    self.bookURL = bookURL
  }

  /// The book new contacts go to, as its name and URL when the copy knows it, else the
  /// account's URL.
  public var name: String {
    guard let book = targetBook(AccountState.read(paths.accountState)) else { return bookURL ?? account.url }
    return (book.name.map { $0 + " " } ?? "") + book.url
  }

  /// The book of `state` that new contacts go to.
  func targetBook(_ state: AccountState) -> AccountState.Book? {
    guard let bookURL else { return state.books.first }
    return state.books.first { $0.url == bookURL }
  }

  /// The cards of the local copy (no network: `cpick sync` or the picker bring it up
  /// to date).
  public func load() throws(ContactStoreError) -> ContactLoad {
    guard FileManager.default.fileExists(atPath: paths.root) else { return ContactLoad() }
    return try VdirStore(path: paths.root).load()
  }

  /// Saves `request` to the server (see the type's description).
  ///
  /// - Returns: the added and updated contacts as the copy now holds them (the
  ///   server's version once sent: a server may rewrite a card).
  /// - Throws: `ContactStoreError`: `.conflict` when the server's card changed in a
  ///   way that conflicts with the edit (the edit is kept; the message says where);
  ///   `.notInAddressBook` for a contact of another book; `.unreadable` when the
  ///   account has never been synced (no book to add to yet).
  public func execute(_ request: SaveRequest) throws(ContactStoreError) -> [Contact] {
    guard !request.isEmpty else { return [] }
    let adds = request.operations.contains { if case .add = $0 { true } else { false } }
    if adds && targetBook(AccountState.read(paths.accountState)) == nil {
      // Never synced: find the books first (within the account's time bound).
      _ = SyncHelper(environment: environment).sync([account.url], timeout: account.timeout)
    }
    var queued: [(edit: PendingEdit, isResult: Bool)] = []
    do {
      let lock = try AccountLock(paths)
      defer { withExtendedLifetime(lock) {} }
      for operation in request.operations {
        queued.append(contentsOf: try queue(operation))
      }
    } catch let error as ContactStoreError {
      throw error
    } catch {
      throw ContactStoreError(source: account.url, reason: "cannot save: \(error)", kind: .system(errno: EIO))
    }
    let outcomes = SyncHelper(environment: environment).push(account, timeout: max(account.timeout, 30))
    var saved: [Contact] = []
    for (edit, isResult) in queued {
      let outcome = outcomes[edit.id]
      if let outcome, outcome.result == "conflict" {
        throw ContactStoreError(source: edit.url, reason: outcome.message ?? "the server's card changed", kind: .conflict)
      }
      guard isResult else { continue }
      let file = paths.book(outcome?.folder ?? edit.folder) + "/" + (outcome?.file ?? edit.fileName)
      if let contact = try? VCardFileStore(path: file).load().contacts.first { saved.append(contact) }
    }
    return saved
  }

  /// Makes `operation` on the copy and queues it; returns the edits queued (an edit
  /// whose contact is returned marked).
  private func queue(_ operation: SaveRequest.Operation) throws -> [(edit: PendingEdit, isResult: Bool)] {
    switch operation {
    case .add(let contact, let group):
      let state = AccountState.read(paths.accountState)
      guard let book = targetBook(state) else {
        throw ContactStoreError(
          source: bookURL ?? account.url,
          reason: state.books.isEmpty
            ? "no address book of this account is known: the server could not be asked (cpick sync says why)"
            : "the account has no such address book (cpick books lists them)",
          kind: .unreadable)
      }
      let prepared = CardBytesEditing.prepared(contact, group: group)
      let bytes = VCardWriter.writeBytes(prepared, options: VCardWriter.Options())
      let known = BookState.read(paths.bookState(book.folder))
      let (url, fileName) = freeCardURL(book: book, uid: prepared.identifier, known: known)
      try CopyJournal(root: paths.root).recording([book.folder + "/" + fileName]) {
        try MirrorFiles.write(bytes, to: paths.book(book.folder) + "/" + fileName)
      }
      let edit = PendingEdit(
        kind: .put, bookURL: book.url, folder: book.folder, url: url, fileName: fileName, ifMatch: nil, base: nil,
        body: bytes)
      try Outbox(folder: paths.outbox).add(edit)
      return [(edit, true)]
    case .group:
      throw ContactStoreError(
        source: account.url,
        reason: "groups of a server book are created, renamed and deleted with the server's own client for now",
        kind: .invalidRequest)
    case .update(let contact, let original)
    where original.sourceRecord?.outsideGroups.contains(where: { !contact.groups.contains($0) }) == true:
      throw ContactStoreError(
        source: original.source,
        reason: "taking a person out of a group card of a server book is not done yet; nothing was written",
        kind: .invalidRequest)
    case .update(_, let original), .delete(let original):
      let (folder, fileName) = try place(of: original)
      let file = paths.book(folder) + "/" + fileName
      let current = FileManager.default.contents(atPath: file).map(Array.init) ?? []
      let outcome = try CardBytesEditing.apply(operation, to: current, source: original.source, wording: .server)
      var queued = try queueChange(
        folder: folder, fileName: fileName, current: current, bytes: outcome.bytes, isDelete: outcome.isBlank,
        source: original.source)
      if case .delete = operation, !ContactIdentifier.isDerived(original.identifier) {
        queued += removeMember(original.identifier, folder: folder)
      }
      return queued
    }
  }

  /// Puts `bytes` (a card's new version; removed when `isDelete`) in the copy in place
  /// of `current` and queues sending it; returns the edits queued (an update's marked).
  private func queueChange(
    folder: String, fileName: String, current: [UInt8], bytes: [UInt8], isDelete: Bool, source: String,
    removesMember: String? = nil
  ) throws -> [(edit: PendingEdit, isResult: Bool)] {
    if bytes == current { return [] }
    let outbox = Outbox(folder: paths.outbox)
    let file = paths.book(folder) + "/" + fileName
    try CopyJournal(root: paths.root).recording([folder + "/" + fileName]) {
      if isDelete {
        try? FileManager.default.removeItem(atPath: file)
      } else {
        try MirrorFiles.write(bytes, to: file)
      }
    }
    // An edit already waiting for this card: it keeps what it was made from, and
    // sends this version instead.
    if let waiting = outbox.edits().last(where: { $0.folder == folder && $0.fileName == fileName }) {
      outbox.remove(waiting)
      if isDelete && waiting.ifMatch == nil { return [] }  // a new card never sent: nothing to send
      var edit = waiting
      edit.kind = isDelete ? .delete : .put
      edit.body = isDelete ? nil : bytes
      try outbox.add(edit)
      return [(edit, !isDelete && removesMember == nil)]
    }
    let book = BookState.read(paths.bookState(folder))
    guard let item = book?.items[fileName] else {
      throw ContactStoreError(
        source: source, reason: "the card is not known to be on the server; run 'cpick sync' and try again",
        kind: .invalidRequest)
    }
    var edit = PendingEdit(
      kind: isDelete ? .delete : .put, bookURL: book?.url ?? "", folder: folder, url: item.url, fileName: fileName,
      ifMatch: item.etag, base: current, body: isDelete ? nil : bytes)
    edit.removesMember = removesMember
    try outbox.add(edit)
    return [(edit, !isDelete && removesMember == nil)]
  }

  /// Takes the deleted contact `uid` out of the group cards of the book in `folder`
  /// (`MEMBER`, `X-ADDRESSBOOKSERVER-MEMBER`: only that line), each change queued as
  /// an edit of that card. The contact's removal is queued already, so a group card
  /// that cannot be rewritten (damaged, not known to be on the server) is left as it is.
  private func removeMember(_ uid: String, folder: String) -> [(edit: PendingEdit, isResult: Bool)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: paths.book(folder))) ?? []
    var queued: [(edit: PendingEdit, isResult: Bool)] = []
    for name in names.sorted() where !name.hasPrefix(".") {
      let file = paths.book(folder) + "/" + name
      let lower = name.lowercased()
      guard lower.hasSuffix(".vcf") || lower.hasSuffix(".vcard"),
        let current = FileManager.default.contents(atPath: file).map(Array.init),
        let bytes = try? CardBytesEditing.removingMember(uid, from: current, source: file),
        let edits = try? queueChange(
          folder: folder, fileName: name, current: current, bytes: bytes, isDelete: false, source: file,
          removesMember: uid)
      else { continue }
      queued += edits
    }
    return queued
  }

  /// The book folder and file name of a contact read from the copy.
  private func place(of contact: Contact) throws(ContactStoreError) -> (folder: String, fileName: String) {
    let prefix = paths.root + "/"
    let parts = contact.source.hasPrefix(prefix) ? contact.source.dropFirst(prefix.count).split(separator: "/") : []
    guard parts.count == 2 else {
      throw ContactStoreError(
        source: account.url, reason: "the contact belongs to \(contact.source), not to this account; save it there",
        kind: .notInAddressBook)
    }
    return (String(parts[0]), String(parts[1]))
  }

  /// A URL for a new card in `book` made from its UID (percent-encoded, RFC 3986),
  /// and its file name, neither taken: `-2`, `-3`… when they are.
  private func freeCardURL(book: AccountState.Book, uid: String, known: BookState?) -> (url: String, fileName: String) {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    let base = String(ContactIdentifier.removingURNPrefix(uid.trimmingCharacters(in: .whitespaces)))
    var encoded = base.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "contact"
    if encoded.isEmpty || encoded.hasPrefix(".") { encoded = "contact" + encoded }
    if encoded.utf8.count > 150 { encoded = String(encoded.prefix(150)) }
    let folder = paths.book(book.folder)
    for attempt in 1...1000 {
      let url = book.url + encoded + (attempt == 1 ? "" : "-\(attempt)") + ".vcf"
      let fileName = MirrorFiles.fileName(forCard: url)
      if known?.items[fileName] == nil, !FileManager.default.fileExists(atPath: folder + "/" + fileName) {
        return (url, fileName)
      }
    }
    let random = UUID().uuidString.lowercased()
    return (book.url + random + ".vcf", random + ".vcf")
  }
}
