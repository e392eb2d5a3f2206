import ContactKit
import ContactStores
import Foundation
import VCard
import Localization

/// The store of a CardDAV account's address books (RFC 6352), saving without losing
/// an update: each edit is made on the local copy of the card exactly as a file edit
/// is (only the changed lines rewritten), queued (`Outbox`, outside the cache), and
/// sent by the sync helper (`SyncHelper`): a change with `If-Match:` the ETag the card
/// was read with, a new card with `If-None-Match: *`, a removal with `If-Match` (and the
/// group cards that list the removed person, each without that `MEMBER` line). Groups
/// are kept as the book keeps them (`GroupStorage`): a person filed under a group of a
/// book with group cards gains a `MEMBER` line in that card (Apple's
/// `X-ADDRESSBOOKSERVER-MEMBER` in an Apple-style one), a new group is a new group
/// card, a rename rewrites its `FN`/`N`, a delete removes it; in any other book the
/// person's `CATEGORIES` change. When the server's card changed meanwhile (`412`), the
/// helper merges the edit into the server's version as for a file (a group card's
/// edit is made again on it), or, when the changes conflict, keeps the user's version
/// aside and writes nothing; this store then throws `.conflict`.
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
    var unsent: [String] = []
    return try execute(request, unsent: &unsent)
  }

  /// Saves `request` as `execute(_:)` does, and says which of its edits are not on the
  /// server yet (the server not reached, the sign-in refused, …: queued for the next
  /// sync, the copy showing them): one line for each, why (the sync helper's
  /// `queued` message), appended to `unsent`.
  public func execute(_ request: SaveRequest, unsent: inout [String]) throws(ContactStoreError) -> [Contact] {
    guard !request.isEmpty else { return [] }
    let adds = request.operations.contains { if case .add = $0 { true } else { false } }
    if adds && targetBook(AccountState.read(paths.accountState)) == nil {
      // Never synced: find the books first (within the account's time bound).
      _ = SyncHelper(environment: environment).sync([account.url], timeout: account.timeout)
    }
    var queued: [Queued] = []
    do {
      let lock = try AccountLock(paths)
      defer { withExtendedLifetime(lock) {} }
      for operation in request.operations {
        queued.append(try queue(operation))
      }
    } catch let error as ContactStoreError {
      throw error
    } catch {
      throw ContactStoreError(source: account.url, reason: L10n.format("cannot save: %s", "\(error)"), kind: .system(errno: EIO))
    }
    let outcomes = SyncHelper(environment: environment).push(account, timeout: max(account.timeout, 30))
    for edit in queued.flatMap(\.edits) {
      if let outcome = outcomes[edit.id], outcome.result == "conflict" {
        throw ContactStoreError(source: edit.url, reason: outcome.message ?? L10n.text("the server's card changed"), kind: .conflict)
      }
    }
    for edit in queued.flatMap(\.edits) where outcomes[edit.id]?.result != "sent" {
      // No outcome: the helper did not run or did not finish in time.
      unsent.append(
        outcomes[edit.id]?.message
          ?? L10n.format("not sent yet (%s); it is kept and sent on the next sync", L10n.text("no answer from cpick-sync")))
    }
    var saved: [Contact] = []
    for case let (edits, result?) in queued.map({ ($0.edits, $0.result) }) {
      let outcome = edits.first { $0.folder == result.folder && $0.fileName == result.fileName }.flatMap { outcomes[$0.id] }
      let file = paths.book(outcome?.folder ?? result.folder) + "/" + (outcome?.file ?? result.fileName)
      if let contact = try? VCardFileStore(path: file).load().contacts.first {
        saved.append(result.filing?.resolved(contact) ?? contact)
      }
    }
    return saved
  }

  /// How the book new contacts go to stores groups (`GroupStorage`), as its copy holds
  /// it now: group cards when it has one.
  public func groupStorage() -> GroupStorage {
    guard let book = targetBook(AccountState.read(paths.accountState)) else { return .categories }
    return VdirStore(path: paths.book(book.folder)).groupStorage(folder: paths.book(book.folder))
  }

  /// What queuing one operation gave: the edits queued, and the card of the contact it
  /// leaves (an add's, an update's) with the filing that gives its groups.
  private struct Queued {
    var edits: [PendingEdit] = []
    var result: (folder: String, fileName: String, filing: GroupFiling?)?
  }

  /// Makes `operation` on the copy and queues it.
  private func queue(_ operation: SaveRequest.Operation) throws -> Queued {
    switch operation {
    case .add(let contact, let group):
      let state = AccountState.read(paths.accountState)
      guard let book = targetBook(state) else { throw noBook(state) }
      // Into group cards when the book keeps groups so (looked for only when needed).
      let bookFolder = paths.book(book.folder)
      let groups = CardBytesEditing.prepared(contact, group: group).groups
      let cards = groups.isEmpty ? [] : VdirStore(path: bookFolder).groupCards(folder: bookFolder)
      let storage = GroupStorage(cards: cards)
      let filing = GroupFiling(adding: contact, group: group, storage: storage)
      // A vCard 2.1 card brought whole (`new --vcard`) goes up as a new 4.0 card: a
      // CardDAV server need take only 3.0 and 4.0 (RFC 6352 §5.1).
      var card = filing.contact
      if card.sourceRecord?.version == "2.1" { card.sourceRecord = nil }
      let bytes = VCardWriter.writeBytes(card, options: VCardWriter.Options())
      let edit = try queueNew(bytes, uid: filing.contact.identifier, book: book)
      let members = try fileInGroupCards(filing, cards: cards, storage: storage, folder: book.folder)
      return Queued(edits: [edit] + members, result: (book.folder, edit.fileName, filing))
    case .group(let change):
      return Queued(edits: try queue(change))
    case .update(let contact, let original) where contact.groups != original.groups:
      return try file(contact, original: original)
    case .update(_, let original), .delete(let original):
      let (folder, fileName) = try place(of: original)
      let file = paths.book(folder) + "/" + fileName
      let current = FileManager.default.contents(atPath: file).map(Array.init) ?? []
      let outcome = try CardBytesEditing.apply(operation, to: current, source: original.source, wording: .server)
      var edits = try queueChange(
        folder: folder, fileName: fileName, current: current, bytes: outcome.bytes, isDelete: outcome.isBlank,
        source: original.source
      ).map { [$0] } ?? []
      guard case .delete = operation else { return Queued(edits: edits, result: (folder, fileName, nil)) }
      if !ContactIdentifier.isDerived(original.identifier) {
        edits += try editGroupLines([.removeMember(uid: original.identifier, group: nil)], folders: [folder], tolerant: true)
      }
      return Queued(edits: edits)
    }
  }

  /// A person's changed groups filed as the person's book stores them (`GroupFiling`):
  /// the person's `CATEGORIES`, and each group card of the book that gains or loses the
  /// person (one `MEMBER` line), or a new group card for a group the book has none of.
  private func file(_ contact: Contact, original: Contact) throws -> Queued {
    let (folder, fileName) = try place(of: original)
    let bookFolder = paths.book(folder)
    let cards = VdirStore(path: bookFolder).groupCards(folder: bookFolder)
    let storage = GroupStorage(cards: cards)
    let filing = GroupFiling(contact, original: original, storage: storage)
    let file = bookFolder + "/" + fileName
    let current = FileManager.default.contents(atPath: file).map(Array.init) ?? []
    let outcome = try CardBytesEditing.apply(
      .update(filing.contact, original: filing.original), to: current, source: original.source, wording: .server)
    var edits = try queueChange(
      folder: folder, fileName: fileName, current: current, bytes: outcome.bytes, isDelete: false,
      source: original.source
    ).map { [$0] } ?? []
    edits += try fileInGroupCards(filing, cards: cards, storage: storage, folder: folder)
    return Queued(edits: edits, result: (folder, fileName, filing))
  }

  /// The group cards of `filing` in the book in `folder`: each of `cards` it joins or
  /// leaves gains or loses the member's line (`PUT` with `If-Match`), a group it joins
  /// that has no card gets a new group card in `storage`'s style (`If-None-Match: *`).
  private func fileInGroupCards(
    _ filing: GroupFiling, cards: [(file: String, name: String, apple: Bool)], storage: GroupStorage, folder: String
  ) throws -> [PendingEdit] {
    let uid = filing.contact.identifier
    var edits: [PendingEdit] = []
    for group in filing.left + filing.joined {
      let joins = filing.joined.contains(group)
      guard let card = cards.first(where: { $0.name == group }) else {
        guard joins, let book = AccountState.read(paths.accountState).books.first(where: { $0.folder == folder }) else {
          continue
        }
        let cardUID = ContactIdentifier.makeNew()
        let bytes = CardBytesEditing.newGroupCard(group, apple: storage.appleCards ?? false, members: [uid], uid: cardUID)
        edits.append(try queueNew(bytes, uid: cardUID, book: book))
        continue
      }
      let edit: GroupCardEdit = joins ? .addMember(uid: uid, group: group) : .removeMember(uid: uid, group: group)
      edits += try editGroupLines([edit], folders: [folder], only: String(card.file.split(separator: "/").last ?? ""))
    }
    return edits
  }

  /// A group of the account created, renamed or deleted: a new group card (`PUT` with
  /// `If-None-Match: *`) in the book new contacts go to, when that book keeps group
  /// cards (a `CATEGORIES` book has nowhere to keep an empty group); a rename rewrites
  /// the group card's `FN`/`N` and the item of every `CATEGORIES` line naming it, in
  /// every book of the account; a delete removes the group card (`DELETE` with
  /// `If-Match`) and those items. Members stay.
  private func queue(_ change: GroupChange) throws -> [PendingEdit] {
    let state = AccountState.read(paths.accountState)
    guard case .create(let name) = change else {
      return try editGroupLines([.change(change)], folders: state.books.map(\.folder))
    }
    guard let book = targetBook(state) else { throw noBook(state) }
    let bookFolder = paths.book(book.folder)
    let cards = VdirStore(path: bookFolder).groupCards(folder: bookFolder)
    guard let apple = cards.first?.apple, !cards.contains(where: { $0.name == name }) else { return [] }
    let uid = ContactIdentifier.makeNew()
    return [try queueNew(CardBytesEditing.newGroupCard(name, apple: apple, members: [], uid: uid), uid: uid, book: book)]
  }

  /// Makes `edits` on each card of the books in `folders` they apply to (the file
  /// `only` when given), each change queued as an edit of that card that is made again
  /// on the server's version after a `412`. When `tolerant`, a card that cannot be
  /// rewritten (damaged, not known to be on the server) is left as it is.
  private func editGroupLines(_ edits: [GroupCardEdit], folders: [String], only: String? = nil, tolerant: Bool = false)
    throws -> [PendingEdit]
  {
    var queued: [PendingEdit] = []
    for folder in folders {
      for name in only.map({ [$0] }) ?? cardFiles(in: folder) {
        let file = paths.book(folder) + "/" + name
        guard let current = FileManager.default.contents(atPath: file).map(Array.init) else { continue }
        do {
          let outcome = try CardBytesEditing.applying(edits, to: current, source: file)
          if let edit = try queueChange(
            folder: folder, fileName: name, current: current, bytes: outcome.bytes, isDelete: outcome.isBlank,
            source: file, groupEdits: edits)
          {
            queued.append(edit)
          }
        } catch where tolerant {
          continue
        }
      }
    }
    return queued
  }

  /// The card files of the book in `folder` of the copy, by name.
  private func cardFiles(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: paths.book(folder))) ?? []
    return names.sorted().filter { name in
      let lower = name.lowercased()
      return !name.hasPrefix(".") && (lower.hasSuffix(".vcf") || lower.hasSuffix(".vcard"))
    }
  }

  /// Puts the new card `bytes` (whose UID is `uid`) into `book` in the copy and queues
  /// sending it (`PUT` with `If-None-Match: *`).
  private func queueNew(_ bytes: [UInt8], uid: String, book: AccountState.Book) throws -> PendingEdit {
    let known = BookState.read(paths.bookState(book.folder))
    let (url, fileName) = freeCardURL(book: book, uid: uid, known: known)
    try CopyJournal(root: paths.root).recording([book.folder + "/" + fileName]) {
      try MirrorFiles.write(bytes, to: paths.book(book.folder) + "/" + fileName)
    }
    let edit = PendingEdit(
      kind: .put, bookURL: book.url, folder: book.folder, url: url, fileName: fileName, ifMatch: nil, base: nil,
      body: bytes)
    try Outbox(folder: paths.outbox).add(edit)
    return edit
  }

  /// Why nothing can be added: no book of the account is known, or not the one asked for.
  private func noBook(_ state: AccountState) -> ContactStoreError {
    ContactStoreError(
      source: bookURL ?? account.url,
      reason: state.books.isEmpty
        ? L10n.text("no address book of this account is known: the server could not be asked (cpick sync says why)")
        : L10n.text("the account has no such address book (cpick books lists them)"),
      kind: .unreadable)
  }

  /// Puts `bytes` (a card's new version; removed when `isDelete`) in the copy in place
  /// of `current` and queues sending it; returns the edit queued (nil: nothing to send).
  /// `groupEdits`: the edit only changes these group lines (`PendingEdit.groupEdits`).
  private func queueChange(
    folder: String, fileName: String, current: [UInt8], bytes: [UInt8], isDelete: Bool, source: String,
    groupEdits: [GroupCardEdit]? = nil
  ) throws -> PendingEdit? {
    if bytes == current { return nil }
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
    // sends this version instead (made again after a 412 from the group edits of both,
    // or, when either changed more, by the three-way merge).
    if let waiting = outbox.edits().last(where: { $0.folder == folder && $0.fileName == fileName }) {
      outbox.remove(waiting)
      if isDelete && waiting.ifMatch == nil { return nil }  // a new card never sent: nothing to send
      var edit = waiting
      edit.kind = isDelete ? .delete : .put
      edit.body = isDelete ? nil : bytes
      edit.groupEdits = waiting.groupEdits.flatMap { before in groupEdits.map { before + $0 } }
      try outbox.add(edit)
      return edit
    }
    let book = BookState.read(paths.bookState(folder))
    guard let item = book?.items[fileName] else {
      throw ContactStoreError(
        source: source, reason: L10n.text("the card is not known to be on the server; run 'cpick sync' and try again"),
        kind: .invalidRequest)
    }
    var edit = PendingEdit(
      kind: isDelete ? .delete : .put, bookURL: book?.url ?? "", folder: folder, url: item.url, fileName: fileName,
      ifMatch: item.etag, base: current, body: isDelete ? nil : bytes)
    edit.groupEdits = groupEdits
    try outbox.add(edit)
    return edit
  }

  /// The book folder and file name of a contact read from the copy.
  private func place(of contact: Contact) throws(ContactStoreError) -> (folder: String, fileName: String) {
    let prefix = paths.root + "/"
    let parts = contact.source.hasPrefix(prefix) ? contact.source.dropFirst(prefix.count).split(separator: "/") : []
    guard parts.count == 2 else {
      throw ContactStoreError(
        source: account.url, reason: L10n.format("the contact belongs to %s, not to this account; save it there", contact.source),
        kind: .notInAddressBook)
    }
    return (String(parts[0]), String(parts[1]))
  }

  /// A URL for a new card in `book` made from its UID (percent-encoded, RFC 3986; a
  /// slash or backslash as `-`), and its file name, neither taken: `-2`, `-3`… when
  /// they are.
  private func freeCardURL(book: AccountState.Book, uid: String, known: BookState?) -> (url: String, fileName: String) {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    // A slash is a path separator to servers even encoded: Radicale refuses `%2F` in a
    // card's name (403).
    let base = String(
      ContactIdentifier.removingURNPrefix(uid.trimmingCharacters(in: .whitespaces)).map { $0 == "/" || $0 == "\\" ? "-" : $0 })
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
