import ContactKit
import ContactPicker
import ContactStores
import Foundation
import AddressBook
import ServerBooks
import Localization

extension CPick {
  /// The books a new contact is checked against: `sources`, and the `--save-to` book
  /// when it exists and is not among them.
  static func duplicateCheckSources(_ sources: [String], options: Options) -> [String] {
    guard let target = options.saveTo, !sources.contains(target), FileManager.default.fileExists(atPath: target) else {
      return sources
    }
    return sources + [target]
  }

  /// The list of the commands that show or search the books (`pick`, `query`,
  /// `list`, `groups`, `show`): the books `sources` (the default one skipped while it
  /// does not exist), the members of `--group`, sorted and indexed — through the
  /// on-disk index (`ContactListLoader`; `$XDG_CACHE_HOME/cpick/index.sqlite`, off
  /// with `CPICK_NO_CACHE=1`). `progress` hears the running count of contacts read
  /// (from any thread). The warnings are the books' (`file:line: why`) and the note
  /// of an empty book.
  ///
  /// - Throws: the store's error when a book cannot be read at all.
  nonisolated static func loadBook(
    sources: [String], options: Options, environment: [String: String],
    progress: @escaping @Sendable (Int) -> Void = { _ in }, preview: (@Sendable (ContactList) -> Void)? = nil,
    storesInBackground: Bool = false
  ) throws(ContactStoreError) -> ContactBook {
    var loader = ContactListLoader(
      sources: BookSources.distinct(sources.filter { !isAbsentDefaultBook($0, options: options, environment: environment) }),
      sortOrder: options.sortOrder, nameOrder: options.nameOrder, group: options.group,
      cachePath: ContactListLoader.defaultCachePath(environment: environment))
    loader.storesInBackground = storesInBackground
    var book = try loader.load(progress: progress, preview: preview)
    if book.list.contacts.isEmpty, let reason = emptyBookReason(sources: sources, options: options) {
      book.warnings.append("cpick: " + reason)
    }
    return book
  }

  /// The people picker's list, read while the picker already shows (`cpick`, `cpick
  /// pick`): `loadBook` on a background thread, its count shown as it grows, the list
  /// last stored in the index shown while the files behind it are checked, and what
  /// was read written to the index while the list is shown.
  nonisolated static func loadList(
    sources: [String], options: Options, environment: [String: String], progress: ContactListLoading.Progress
  ) throws(ContactStoreError) -> (list: ContactList, warnings: [String]) {
    let book = try loadBook(
      sources: sources, options: options, environment: environment, progress: { progress.reached($0) },
      preview: { progress.preview($0) }, storesInBackground: true)
    return (book.list, book.warnings)
  }

  /// What to tell a user whose books gave no contact, for the commands that list
  /// contacts (the picker shows it; stderr gets it after `cpick: `); `nil` otherwise.
  nonisolated static func emptyBookReason(sources: [String], options: Options) -> String? {
    guard [.pick, .show, .query, .list].contains(options.command) else { return nil }
    // A directory searched on the server has no list of its own: nothing to say of it.
    let searched = Set(
      ServerAccount.servers(in: sources, environment: ProcessInfo.processInfo.environment)
        .filter { $0.account.isSearchedOnServer }.map(\.spec))
    let listed = sources.filter { !searched.contains($0) }
    guard !listed.isEmpty else { return nil }
    let existing = listed.filter {
      $0 == "-" || ServerAccount.isServerSpec($0) || FileManager.default.fileExists(atPath: $0)
    }
    if let group = options.group, !existing.isEmpty {
      return L10n.format(
        "no contacts in the group '%s' of %s (cpick groups lists the groups)", group, existing.joined(separator: ", "))
    }
    return existing.isEmpty
      ? L10n.text("no address book yet: use --source FILE|DIR, set CPICK_SOURCE, or add a contact with 'cpick new'")
      : L10n.format("no contacts in %s", existing.joined(separator: ", "))
  }

  /// Whether every book can be opened, so that reading them in the background cannot
  /// fail at once: a missing or unreadable one is then reported before any UI shows
  /// (exit 2), as the other commands do.
  static func booksCanBeOpened(_ sources: [String], options: Options, environment: [String: String]) -> Bool {
    sources.allSatisfy { spec in
      spec == "-" || ServerAccount.isServerSpec(spec) || isAbsentDefaultBook(spec, options: options, environment: environment)
        || FileManager.default.isReadableFile(atPath: spec)
    }
  }

  /// The default address book, when no source was named and it does not exist yet.
  private nonisolated static func isAbsentDefaultBook(_ spec: String, options: Options, environment: [String: String]) -> Bool {
    options.sources.isEmpty && spec == SourceResolver.defaultAddressBook(environment: environment)
      && !FileManager.default.fileExists(atPath: spec)
  }
}
