import ContactKit
import ContactPicker
import ContactStores
import Foundation

extension CPick {
  /// Reads the address books `sources` in order — the default one is skipped while it
  /// does not exist (it is created on first save) — and, for `new` and `unknown`, the
  /// `--save-to` book too (a new contact is checked for duplicates there); resolves
  /// group cards across books. `progress`, when given, hears how many contacts each
  /// file or chunk of cards added (from any thread).
  ///
  /// - Throws: the store's error when a book cannot be read at all.
  nonisolated static func loadBooks(
    sources: [String], options: Options, environment: [String: String],
    progress: (@Sendable (Int) -> Void)? = nil
  ) throws(ContactStoreError) -> ContactLoad {
    var load = ContactLoad()
    for spec in sources where !isAbsentDefaultBook(spec, options: options, environment: environment) {
      let store = SourceResolver.store(for: spec)
      if let progress {
        load.append(try store.load(progress: progress))
      } else {
        load.append(try store.load())
      }
    }
    if options.command == .new || options.command == .unknown, let target = options.saveTo, !sources.contains(target),
      FileManager.default.fileExists(atPath: target), let book = try? SaveTarget.store(for: target).load()
    {
      load.append(book)
    }
    load.resolveGroups()  // group cards may name members in other books
    return load
  }

  /// The people picker's list, read while the picker already shows (`cpick`, `cpick
  /// pick`): the books (`loadBooks`), the members of `--group`, sorted and indexed.
  /// Runs on a background thread; `progress` counts the contacts read, then says the
  /// list is being indexed. The warnings are the load's (`file:line: why`) and the
  /// note of an empty book, printed once the screen is given back.
  ///
  /// The one place the picker's list comes from: a faster way to get it (the on-disk
  /// index) goes here.
  nonisolated static func loadList(
    sources: [String], options: Options, environment: [String: String], progress: ContactListLoading.Progress
  ) throws(ContactStoreError) -> (list: ContactList, warnings: [String]) {
    let load = try loadBooks(sources: sources, options: options, environment: environment) { progress($0) }
    progress.indexing()
    let list = ContactList(
      members(of: options.group, in: load.contacts), sortOrder: options.sortOrder, nameOrder: options.nameOrder)
    return (list, load.warnings + [emptyBookNote(load, sources: sources, options: options)].compactMap { $0 })
  }

  /// The contacts of `group` (compared without regard to case); all when `nil`.
  nonisolated static func members(of group: String?, in contacts: [Contact]) -> [Contact] {
    guard let group else { return contacts }
    return contacts.filter { $0.groups.contains(where: { $0.caseInsensitiveCompare(group) == .orderedSame }) }
  }

  /// What to tell a user whose books gave no contact, for the commands that list
  /// contacts; `nil` otherwise.
  nonisolated static func emptyBookNote(_ load: ContactLoad, sources: [String], options: Options) -> String? {
    guard load.contacts.isEmpty && [.pick, .show, .query, .list].contains(options.command) else { return nil }
    let existing = sources.filter { $0 == "-" || FileManager.default.fileExists(atPath: $0) }
    return existing.isEmpty
      ? "cpick: no address book yet: use --source FILE|DIR, set CPICK_SOURCE, or add a contact with 'cpick new'"
      : "cpick: no contacts in \(existing.joined(separator: ", "))"
  }

  /// Whether every book can be opened, so that reading them in the background cannot
  /// fail at once: a missing or unreadable one is then reported before any UI shows
  /// (exit 2), as the other commands do.
  static func booksCanBeOpened(_ sources: [String], options: Options, environment: [String: String]) -> Bool {
    sources.allSatisfy { spec in
      spec == "-" || isAbsentDefaultBook(spec, options: options, environment: environment)
        || FileManager.default.isReadableFile(atPath: spec)
    }
  }

  /// The default address book, when no source was named and it does not exist yet.
  private nonisolated static func isAbsentDefaultBook(_ spec: String, options: Options, environment: [String: String]) -> Bool {
    options.sources.isEmpty && spec == SourceResolver.defaultAddressBook(environment: environment)
      && !FileManager.default.fileExists(atPath: spec)
  }
}
