import CardDAV
import Foundation
import ServerBooks

/// One sync of a CardDAV account: sign in, send the queued edits, find the address
/// books (RFC 6764 / RFC 6352 §7; those the account's `books` names), bring each
/// one's copy up to date, and record the outcome in the account's state (the last
/// sync, or the last failure, which the picker shows as "offline since …").
/// Holds the account's lock throughout, so a save or another sync waits.
public struct AccountSync {
  /// The account.
  public let account: ServerAccount
  /// Its copy and queue.
  public let paths: MirrorPaths
  private let environment: [String: String]

  /// A sync of `account`, for `environment`.
  public init(account: ServerAccount, environment: [String: String]) {
    self.account = account
    self.paths = MirrorPaths(account: account, environment: environment)
    self.environment = environment
  }

  /// What a sync did.
  public struct Outcome: Sendable {
    /// The queued edits met.
    public var edits: [EditReport] = []
    /// The books brought up to date.
    public var books: [BookReport] = []
    /// Why the sync stopped, if it did.
    public var failure: SyncFailure?
  }

  /// Sends the queue and, unless `pushOnly`, brings every book up to date.
  ///
  /// `pushOnly` is a save waited for in a form: each request is given the account's
  /// `timeout` (a server that does not answer is given up on then, the edits staying
  /// queued), not the 30 s without an answer that a sync allows.
  public func run(pushOnly: Bool = false) -> Outcome {
    LockedSync.run(account, paths: paths) { state, outcome in
      var options = try AccountCredentials.options(for: account, environment: environment)
      if pushOnly {
        options.connectTimeout = min(options.connectTimeout, account.timeout)
        options.requestTimeout = account.timeout
      }
      let client = try DAVClient(options: options)
      let sent = EditSending(client: client, paths: paths).sendAll()
      outcome.edits = sent.reports
      if let error = sent.stoppedBy { throw SyncFailure(error) }
      guard !pushOnly else { return }
      let found = try books(client, known: state.books)
      state.books = found.books
      try? state.write(paths.accountState)
      let pending = Outbox(folder: paths.outbox).pendingFiles()
      for book in state.books {
        let pulling = BookPulling(
          client: client, paths: paths, book: book, supportsSync: found.supportsSync.contains(book.url), pending: pending)
        outcome.books.append(try pulling.pull())
      }
      state.lastSync = Date().timeIntervalSince1970
      CopyJournal(root: paths.root).start()
    }
  }

  /// The address books found from the account's URL (RFC 6764, RFC 6352 §7), without
  /// touching the copy: for `cpick books`.
  public func discover() throws(SyncFailure) -> [DAVAddressBook] {
    do {
      let client = try DAVClient(options: try AccountCredentials.options(for: account, environment: environment))
      return try client.addressBooks(at: account.url)
    } catch {
      throw SyncFailure(error, account: account)
    }
  }

  /// The books to keep: those discovered that the account names (all when it names
  /// none), each in the folder it had, a new one in a new folder, and those that
  /// support `sync-collection`. The folder of a book no longer there is removed.
  private func books(_ client: DAVClient, known: [AccountState.Book]) throws(DAVError)
    -> (books: [AccountState.Book], supportsSync: Set<String>)
  {
    func names(_ wanted: String, _ book: DAVAddressBook) -> Bool {
      wanted == book.displayName || wanted == book.url.split(separator: "/").last.map(String.init) || wanted == book.url
    }
    let discovered = try client.addressBooks(at: account.url)
    // A name that is no book's (a typo) fails the sync, as a wrong URL does: it would
    // sync nothing, silently, and drop the copy of a book it used to name.
    let unknown = account.books.filter { wanted in !discovered.contains { names(wanted, $0) } }
    guard unknown.isEmpty else {
      throw DAVError(
        .notFound, url: account.url,
        message: "books = names no address book here: \(unknown.joined(separator: ", ")) (found: "
          + discovered.map { $0.displayName ?? $0.url }.joined(separator: ", ") + ")")
    }
    let found = discovered.filter { book in account.books.isEmpty || account.books.contains { names($0, book) } }
    var taken = Set(known.map(\.folder))
    var books: [AccountState.Book] = []
    var supportsSync = Set<String>()
    for book in found where book.supportsSyncCollection { supportsSync.insert(book.url) }
    for book in found {
      if let old = known.first(where: { $0.url == book.url }) {
        books.append(AccountState.Book(url: book.url, name: book.displayName, folder: old.folder))
      } else {
        let folder = MirrorFiles.folderName(forBook: book.url, taken: taken)
        taken.insert(folder)
        books.append(AccountState.Book(url: book.url, name: book.displayName, folder: folder))
      }
    }
    for old in known where !books.contains(where: { $0.url == old.url }) {
      CopyJournal(root: paths.root).recording([old.folder + "/"]) {  // a whole folder: readers list in full
        try? FileManager.default.removeItem(atPath: paths.book(old.folder))
      }
    }
    return (books, supportsSync)
  }
}
