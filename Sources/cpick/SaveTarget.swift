import ContactKit
import ContactPicker
import ContactStores
import Foundation
import AddressBook
import ServerBooks
import Localization

/// Which address book receives a save: `--save-to`, else the first source that can
/// hold a new card, else the default address book (a vdir, created on first save);
/// an edit goes to the book the contact came from.
enum SaveTarget {
  /// The store new contacts are added to; in a vdir with collections, the one
  /// `chosen` names (the form's choice), else as `store(for:environment:chosen:)` says.
  static func storeForNewContacts(
    _ options: Options, sources: [String], environment: [String: String], chosen: String? = nil
  ) -> any ContactStore {
    if let spec = options.saveTo, let book = serverBook(spec, sources: sources, environment: environment) { return book }
    return store(for: specForNewContacts(options, sources: sources, environment: environment), environment: environment, chosen: chosen)
  }

  /// The collections of the vdir new contacts are added to (`VdirCollections`), which
  /// the form offers; empty when it has none (or the book is a file or a server's).
  static func collectionsForNewContacts(_ options: Options, sources: [String], environment: [String: String]) -> [String] {
    let spec = specForNewContacts(options, sources: sources, environment: environment)
    return ServerAccount.isServerSpec(spec) ? [] : VdirCollections.collections(of: spec)
  }

  /// `--save-to`, else the first source that can hold a new card (a file of a format
  /// that takes none, a CSV or LDIF file, is passed over: `VCardFileStore.isReadOnlyFormat`;
  /// an abook book and a mutt alias file take them), else the default address book.
  private static func specForNewContacts(_ options: Options, sources: [String], environment: [String: String]) -> String {
    if let spec = options.saveTo { return spec }
    let directories = Set(
      ServerAccount.servers(in: sources, environment: environment).filter { $0.account.kind == .directory }.map(\.spec))
    for spec in sources where spec != "-" && !directories.contains(spec) {  // a directory is read-only
      var isDirectory: ObjCBool = false
      if ServerAccount.isServerSpec(spec)
        || (FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory)
          && (isDirectory.boolValue || !VCardFileStore(path: spec).isReadOnlyFormat))
      {
        return spec
      }
    }
    return SourceResolver.defaultAddressBook(environment: environment)
  }

  /// The store whose file or folder holds `contact`, or `nil` (stdin, unknown).
  static func store(holding contact: Contact, sources: [String], environment: [String: String]) -> (any ContactStore)? {
    var candidates = sources
    candidates.append(SourceResolver.defaultAddressBook(environment: environment))
    for spec in candidates where spec != "-" {
      if ServerAccount.isServerSpec(spec) {
        let source = ServerBookSource(account: ServerAccount.forSource(spec, environment: environment), environment: environment)
        if contact.source.hasPrefix(source.paths.root + "/") { return source.store() }
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        let folder = spec.hasSuffix("/") ? spec : spec + "/"
        if contact.source.hasPrefix(folder) { return VdirStore(path: spec) }
      } else if contact.source == spec {
        return VCardFileStore(path: spec)
      }
    }
    return nil
  }

  /// A store for new contacts in `spec`: a server's URL is its account's
  /// (`CardDAVStore`), a folder (existing, or a path not ending in `.vcf`) a vdir — of
  /// a folder with collections (vdirsyncer's `personal/`, `work/`: `VdirCollections`),
  /// the collection `chosen` names, else the config's `save-to`, else the first; never
  /// the top, which vdirsyncer does not sync —, anything else a `.vcf` file.
  static func store(for spec: String, environment: [String: String], chosen: String? = nil) -> any ContactStore {
    if ServerAccount.isServerSpec(spec) {
      return ServerBookSource(account: ServerAccount.forSource(spec, environment: environment), environment: environment)
        .store()
    }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory)
    if (exists && isDirectory.boolValue) || (!exists && !spec.lowercased().hasSuffix(".vcf")) {
      let preferred = chosen ?? ConfigFile.load(environment: environment).saveTo
      return VdirStore(path: VdirCollections.choose(among: VdirCollections.collections(of: spec), preferred: preferred) ?? spec)
    }
    return VCardFileStore(path: spec)
  }

  /// The CardDAV address book `spec` names — its URL, its name on the server or its
  /// folder in the copy (`cpick books` lists them) — in an account of the config or
  /// among `sources`, or nil.
  static func serverBook(_ spec: String, sources: [String], environment: [String: String]) -> CardDAVStore? {
    let config = ConfigFile.load(environment: environment)
    let accounts = ServerAccount.all(in: config)
      + sources.filter(ServerAccount.isServerSpec).map { ServerAccount.forSource($0, config: config) }
    func same(_ a: String, _ b: String) -> Bool {
      (a.hasSuffix("/") ? String(a.dropLast()) : a).lowercased() == (b.hasSuffix("/") ? String(b.dropLast()) : b).lowercased()
    }
    for account in accounts where account.kind == .cardDAV {
      let state = AccountState.read(MirrorPaths(account: account, environment: environment).accountState)
      if let book = state.books.first(where: { same($0.url, spec) || $0.name == spec || $0.folder == spec }) {
        return CardDAVStore(account: account, environment: environment, bookURL: book.url)
      }
    }
    return nil
  }

  /// The store that holds `contact` among `sources` and `--save-to`, for an edit or a
  /// delete.
  ///
  /// - Throws: `ContactStoreError`: `.unreadable` when the contact's file is gone since
  ///   it was read, `.readOnly` when no book holds it (stdin, unknown).
  static func holder(of contact: Contact, _ options: Options, sources: [String], environment: [String: String])
    throws(ContactStoreError) -> any ContactStore
  {
    let books = sources + (options.saveTo.map { [$0] } ?? [])
    guard let holder = store(holding: contact, sources: books, environment: environment) else {
      if books.contains(contact.source), !FileManager.default.fileExists(atPath: contact.source) {
        throw ContactStoreError(
          source: contact.source,
          reason: L10n.text("the file is no longer there (removed or renamed since it was read); nothing was saved"),
          kind: .unreadable)
      }
      throw ContactStoreError(
        source: contact.source, reason: L10n.text("this contact's address book cannot be written (stdin or unknown)"),
        kind: .readOnly)
    }
    return holder
  }

  /// The save seam for forms: adds to `storeForNewContacts`, updates in the book that
  /// holds the original, deletes from it ("Delete Contact").
  @MainActor
  static func editing(
    _ options: Options, sources: [String], environment: [String: String], existing: [Contact]
  ) -> ContactEditing {
    // The collection chosen in the form (Ctrl-T), for a vdir with collections.
    let chosen = ChosenCollection()
    // A new contact goes into `--group`'s group: `cpick new --group`, and Ctrl-N in a
    // picker that lists only that group's members.
    var editing = ContactEditing(existingContacts: existing, parentGroup: options.group) {
      contact, original in
      var request = SaveRequest()
      let store: any ContactStore
      if let original {
        store = try holder(of: original, options, sources: sources, environment: environment)
        request.update(contact, original: original)
      } else {
        store = storeForNewContacts(options, sources: sources, environment: environment, chosen: chosen.path)
        request.add(contact)
      }
      return try UnsentEdits.execute(request, on: store).first ?? contact
    }
    // "Delete Contact" in the edit form: removed from the book that holds it.
    editing.delete = { contact in
      var request = SaveRequest()
      request.delete(contact)
      _ = try UnsentEdits.execute(request, on: holder(of: contact, options, sources: sources, environment: environment))
    }
    // The groups view's Ctrl-N/Ctrl-R/Ctrl-X: a new group in the book new contacts go
    // to; a rename or delete in each book that holds a member (then the members are
    // read again, as they are now).
    editing.changeGroup = { change, members in
      var request = SaveRequest()
      switch change {
      case .create(let name): request.addGroup(named: name)
      case .rename(let name, let new): request.renameGroup(name, to: new)
      case .delete(let name): request.deleteGroup(name)
      }
      var stores: [String: any ContactStore] = [:]
      for member in members {
        let store = try holder(of: member, options, sources: sources, environment: environment)
        stores[store.name] = store
      }
      if stores.isEmpty {
        let store = storeForNewContacts(options, sources: sources, environment: environment)
        stores[store.name] = store
      }
      for name in stores.keys.sorted() {
        if let store = stores[name] { _ = try UnsentEdits.execute(request, on: store) }
      }
      return members.compactMap { try? ContactReload.reload($0) }
    }
    // A server book's edit that could not be sent is said on the card (and on stderr
    // when cpick ends, main.swift).
    editing.saveNotice = { UnsentEdits.takeNotice() }
    // A new group without members is written only where the book keeps group cards.
    editing.groupStorage = { storeForNewContacts(options, sources: sources, environment: environment).groupStorage() }
    // A save refused because the card changed on disk offers to go on from the
    // version on disk (PRODUCT.md: "the user is told, and may reload").
    editing.reload = { contact in try ContactReload.reload(contact) }
    // A directory's entries are read-only, and so are the people of a mutt alias file,
    // a CSV export or an LDIF file (an abook book's are edited in place): their cards offer no edit.
    let readOnly = ServerAccount.servers(in: sources, environment: environment).filter { $0.account.kind == .directory }
      .map { MirrorPaths(account: $0.account, environment: environment).root + "/" }
    let readOnlyFiles = Set(sources.filter { $0 != "-" && VCardFileStore(path: $0).keepsContactsReadOnly })
    // A file no one may write (`chmod a-w`), or on a file system mounted read-only, is
    // not saved into: its cards offer no edit
    // either (looked at as a card is shown: one stat, so a file made writable meanwhile edits).
    // Nor a vdir's card whose file links outside the folder (a save there is refused),
    // nor a card read from standard input (`-`: no file to write back to).
    // `e` on such a card says why.
    let whyNot: @Sendable (Contact) -> String? = { contact in
      if contact.source == "-" {
        return L10n.text("not edited here: a card read from standard input has no file to be saved to")
      }
      if readOnly.contains(where: { contact.source.hasPrefix($0) }) {
        return L10n.text("not edited here: a directory's entries are read-only")
      }
      if readOnlyFiles.contains(contact.source) {
        return L10n.text("not edited here: cpick reads this book's format but does not rewrite its cards")
      }
      if FileSystem.isWriteProtected(contact.source) {
        return L10n.text("not edited here: the file is write-protected")
      }
      if FileSystem.isOnReadOnlyFileSystem(contact.source) {
        return L10n.text("not edited here: the file is on a read-only file system")
      }
      if StorePaths.linksOutside(contact.source, sources: sources) {
        return L10n.text("not edited here: the card's file is a link out of its folder (a save would replace the link); edit the file it links to")
      }
      return nil
    }
    editing.whyNotEditable = whyNot
    editing.isEditable = { whyNot($0) == nil }
    // Where a new contact goes, shown in the form's title (with cards on stdin it is
    // the default address book, not the list shown).
    editing.destination = storeForNewContacts(options, sources: sources, environment: environment).name
    editing.destinations = collectionsForNewContacts(options, sources: sources, environment: environment)
    editing.destinationChosen = { chosen.path = $0 }
    if let region = options.region { editing.region = region }
    editing.nameOrder = options.nameOrder
    return editing
  }
}

/// The collection the user chose in the new-person form (Ctrl-T), read by the save.
@MainActor
private final class ChosenCollection {
  var path: String?
}
