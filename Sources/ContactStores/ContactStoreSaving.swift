import ContactKit
import Glibc
import VCard
import Localization

/// Applies a file's edits to its bytes in memory, for `CardFileSaver`: a file of
/// vCards (`CardFileEditor`), an abook book (`AbookFileEditor`), a mutt alias file
/// (`MuttAliasFileEditor`).
protocol FileBytesEditor {
  /// The path in messages and the `source` of contacts read back.
  var source: String { get }
  /// `edits` applied in order to `file`: the new bytes and the contacts they leave.
  ///
  /// - Throws: `ContactStoreError` when an edit cannot be made (nothing is written).
  func apply(_ edits: [CardFileEdit], to file: [UInt8]) throws(ContactStoreError) -> CardFileEditor.Outcome
}

extension CardFileEditor: FileBytesEditor {}

/// Saves edits to one file: read it (with the status of the version read), apply
/// the edits in memory (a `FileBytesEditor`), write it atomically (`AtomicFile`) if
/// that version is still the one on disk — else read it again and start over, so
/// a change another program made meanwhile is kept or, if it conflicts, reported.
enum CardFileSaver {
  /// How often a file that keeps changing under the save is read again.
  static let attempts = 6

  /// Applies `edits` to the file `target` and writes it atomically, reading it again
  /// and starting over when it changed meanwhile (at most `attempts` times). A
  /// `target` that is not a regular file (a device, a pipe, a socket) is refused
  /// (`.readOnly`).
  ///
  /// - Parameters:
  ///   - target: the file to write (symbolic links resolved).
  ///   - editor: applies the edits (knows the `source` to report).
  ///   - removeWhenBlank: remove the file when no card is left (a vdir file).
  /// - Returns: for each edit, the contact it leaves (`nil` for a delete).
  static func save(_ edits: [CardFileEdit], to target: String, editor: some FileBytesEditor, removeWhenBlank: Bool)
    throws(ContactStoreError) -> [Contact?]
  {
    // A device, a pipe or a socket is never replaced by a file (`--save-to /dev/null`,
    // or a book linked to it to switch it off, would replace the device for everyone);
    // a pipe is not even read, which would wait for a writer.
    if let status = try? FileSystem.status(target), !status.isRegularFile {
      throw ContactStoreError(
        source: editor.source,
        reason: L10n.text("not a regular file (a device, a pipe or a socket); not written: save to a .vcf file or a vdir folder"),
        kind: .readOnly)
    }
    for _ in 0..<attempts {
      let read: AtomicFile.Snapshot?
      do {
        read = try AtomicFile.read(target, lock: true)
      } catch {
        throw systemError(error, source: editor.source)
      }
      defer { read?.close() }
      if let read, read.status.isWriteProtected {
        throw ContactStoreError(
          source: editor.source, reason: L10n.text("the file is read-only (no write permission bits); not written"),
          kind: .readOnly)
      }
      let outcome = try editor.apply(edits, to: read?.bytes ?? [])
      if let read, outcome.bytes == read.bytes { return outcome.contacts }  // nothing changed: nothing written
      do {
        if let read {
          if removeWhenBlank && outcome.isBlank {
            try AtomicFile.remove(target, expected: read.status)
          } else {
            try AtomicFile.replace(target, with: outcome.bytes, expected: read.status)
          }
        } else {
          if outcome.isBlank { return outcome.contacts }
          try AtomicFile.create(target, with: outcome.bytes)
        }
        return outcome.contacts
      } catch {
        switch error {
        case .changed: continue
        case .system(let error): throw systemError(error, source: editor.source)
        }
      }
    }
    throw ContactStoreError(
      source: editor.source,
      reason: L10n.text(
        "the file kept changing on disk while it was being saved (another program writes it); nothing "
          + "was written. Try again when the other program is done"),
      kind: .conflict)
  }

  static func systemError(_ error: SystemError, source: String) -> ContactStoreError {
    ContactStoreError(
      source: source, reason: L10n.format("cannot save: %s %s: %s", error.function, error.path, error.message),
      kind: .system(errno: error.errno))
  }
}

extension VCardFileStore {
  /// Saves `request` into this file (CNContactStore `execute(_:)`): the file is
  /// rewritten once, atomically, with the new cards appended (in the file's line
  /// ends) and the updated or deleted cards' bytes replaced or removed — every other
  /// byte of the file is kept; a deleted contact's `MEMBER` lines in the file's group
  /// cards go with it (`GroupMemberRemoval`). A file that does not exist yet is created.
  ///
  /// - Returns: the added and updated contacts as they are now (see
  ///   `ContactStore.execute(_:)`).
  /// An abook book or a mutt alias file (told by its content) is saved by its own
  /// store (`AbookStore`, `MuttAliasStore`).
  ///
  /// - Throws: `ContactStoreError`: `.readOnly` for stdin (`-`) and formats cpick
  ///   does not write, `.damaged` for a file with broken card structure (left
  ///   byte-identical), `.notInAddressBook` for a contact from another file,
  ///   `.conflict`, `.invalidRequest`, `.system`.
  public func execute(_ request: SaveRequest) throws(ContactStoreError) -> [Contact] {
    guard path != "-" else {
      throw ContactStoreError(
        source: "-", reason: L10n.text("standard input is read-only; save to a .vcf file or a vdir folder"),
        kind: .readOnly)
    }
    guard !request.isEmpty else { return [] }
    if let store = foreignStore { return try store.execute(request) }
    let target = try StorePaths.resolveFile(path)
    var edits: [CardFileEdit] = []
    var additions: [Int: GroupFiling] = [:]  // by edit: a new contact's groups from group cards
    for operation in request.operations {
      switch operation {
      case .add(let contact, let group):
        let groups = StorePaths.prepared(contact, group: group).groups
        let storage = groups.isEmpty ? .categories : groupStorage(target)
        let filing = GroupFiling(adding: contact, group: group, storage: storage)
        additions[edits.count] = filing
        edits.append(.add(filing.contact))
        edits += filing.memberEdits(apple: storage.appleCards ?? false, create: true)
      case .update(let contact, let original):
        try StorePaths.requireSameFile(original.source, target, store: path)
        guard contact.groups != original.groups else {
          edits.append(.update(contact, original: original))
          continue
        }
        // Its groups as the file stores them: its CATEGORIES, or the file's group cards.
        let storage = groupStorage(target)
        let filing = GroupFiling(contact, original: original, storage: storage)
        edits.append(.update(filing.contact, original: filing.original))
        edits += filing.memberEdits(apple: storage.appleCards ?? false, create: true)
      case .group(let change):
        edits.append(.group(change, apple: groupStorage(target).appleCards))
      case .delete(let contact):
        try StorePaths.requireSameFile(contact.source, target, store: path)
        edits.append(.delete(contact))
        // Its group cards in the file lose it too, in the same write.
        if !ContactIdentifier.isDerived(contact.identifier) { edits.append(.removeMember(uid: contact.identifier)) }
      }
    }
    let editor = CardFileEditor(source: path, isSingleCardFile: false, options: VCardWriter.Options())
    let saved = try CardFileSaver.save(edits, to: target, editor: editor, removeWhenBlank: false)
    return saved.enumerated().compactMap { index, contact in contact.map { additions[index]?.resolved($0) ?? $0 } }
  }

  /// How the file stores groups (`GroupStorage`): read now.
  public func groupStorage() -> GroupStorage {
    (try? StorePaths.resolveFile(path)).map(groupStorage) ?? .categories
  }

  /// How the file `target` stores groups: read now, as the save reads it again.
  private func groupStorage(_ target: String) -> GroupStorage {
    guard let bytes = try? FileDescriptor.readFile(target) else { return .categories }
    return GroupStorage.cards(in: VCardReader.read(bytes)) ?? .categories
  }
}

extension VdirStore {
  /// Saves `request` into this vdir folder (CNContactStore `execute(_:)`).
  ///
  /// - add: a new file `<name>.vcf` in the folder, the name made from the `UID`
  ///   (`VdirFileName`: it never leaves the folder or starts with `.`; `-2`, `-3`, …
  ///   when taken). The folder is created when it does not exist (the default
  ///   address book is created on first save).
  /// - update: the contact's `source` file, which must be inside the folder (after
  ///   resolving symbolic links); only the card's bytes in it are replaced.
  /// - delete: the card removed from its file; a file left without cards is removed;
  ///   then the group cards of the folder that list it lose that `MEMBER` line.
  /// - groups: a folder with a group card keeps groups in group cards (a new one is a
  ///   new file), any other in `CATEGORIES` (`GroupStorage`).
  ///
  /// Each file is written atomically; the files of one request one after another.
  ///
  /// - Returns: the added and updated contacts as they are now.
  /// - Throws: `ContactStoreError` (see `VCardFileStore.execute(_:)`).
  public func execute(_ request: SaveRequest) throws(ContactStoreError) -> [Contact] {
    guard !request.isEmpty else { return [] }
    let needsFolder = request.operations.contains { if case .add = $0 { true } else { false } }
    let folder: String
    do {
      if needsFolder {
        let created = try FileSystem.makeFolders(path)
        for made in created { try FileSystem.syncFolder(FileSystem.directory(of: made)) }
      }
      folder = try FileSystem.realPath(path)
    } catch {
      throw CardFileSaver.systemError(error, source: path)
    }
    let options = VCardWriter.Options()
    var saved: [Contact] = []
    for operation in request.operations {
      switch operation {
      case .add(let contact, let group):
        // Into group cards when the folder keeps groups so (looked for only when needed).
        let groups = StorePaths.prepared(contact, group: group).groups
        let cards = groups.isEmpty ? [] : groupCards(folder: folder)
        let storage = GroupStorage(cards: cards)
        let filing = GroupFiling(adding: contact, group: group, storage: storage)
        let added = try add(filing.contact, folder: folder, options: options)
        try fileInGroupCards(filing, cards: cards, storage: storage, folder: folder, options: options)
        saved.append(filing.resolved(added))
      case .update(let contact, let original):
        let target = try StorePaths.resolveInside(folder, original.source, store: path)
        if let result = try file(contact, original: original, folder: folder, target: target, options: options) {
          saved.append(result)
        }
      case .group(let change):
        try apply(change, folder: folder, options: options)
      case .delete(let contact):
        let target = try StorePaths.resolveInside(folder, contact.source, store: path)
        let editor = CardFileEditor(source: contact.source, isSingleCardFile: true, options: options)
        _ = try CardFileSaver.save([.delete(contact)], to: target, editor: editor, removeWhenBlank: true)
        removeMember(contact.identifier, folder: folder)
      }
    }
    return saved
  }

  /// Writes a new card file for `contact` in `folder`.
  private func add(_ contact: Contact, folder: String, options: VCardWriter.Options) throws(ContactStoreError)
    -> Contact
  {
    var bytes = VCardWriter.writeBytes(contact, options: options)
    // A card brought in a legacy charset is a new file in UTF-8 (RFC 6350 §3.1; what
    // vdirsyncer and CardDAV servers read).
    if String(validating: bytes, as: UTF8.self) == nil { bytes = CardFileEditor.inUTF8(bytes) }
    let base = VdirFileName.base(forUID: contact.identifier)
    let shown = path.hasSuffix("/") ? path : path + "/"
    for attempt in 1...1000 {
      let name = VdirFileName.candidate(base, attempt: attempt)
      let target = folder + "/" + name
      do {
        if try FileSystem.status(target) != nil { continue }
        try AtomicFile.create(target, with: bytes)
      } catch let error as AtomicFile.Failure {
        switch error {
        case .changed: continue
        case .system(let error): throw CardFileSaver.systemError(error, source: path)
        }
      } catch let error as SystemError {
        throw CardFileSaver.systemError(error, source: path)
      } catch {
        throw ContactStoreError(source: path, reason: L10n.format("cannot save: %s", "\(error)"), kind: .system(errno: EIO))
      }
      let source = shown + name
      let parsed = VCardReader.read(bytes)
      guard let card = parsed.cards.first else { return contact }
      var saved = ContactDecoder.contact(from: card, source: source)
      saved.sourceRecord = parsed.sourceRecord(of: card)
      return saved
    }
    throw ContactStoreError(
      source: path, reason: L10n.format("no free file name for %s", base + ".vcf"), kind: .system(errno: EEXIST))
  }
}

/// Paths of stores: which file a save may write.
package enum StorePaths {
  /// `contact` ready to be added: an identifier when it has none (or only one
  /// derived from a card without `UID`) — `urn:uuid:` and a random UUID — and the
  /// group in its groups.
  static func prepared(_ contact: Contact, group: String?) -> Contact {
    var contact = contact
    if contact.identifier.isEmpty || (ContactIdentifier.isDerived(contact.identifier) && contact.sourceRecord == nil) {
      contact.identifier = ContactIdentifier.makeNew()
    }
    if let group, !group.isEmpty, !contact.groups.contains(group) { contact.groups.append(group) }
    return contact
  }

  /// The file a `.vcf` store writes: `path` with symbolic links resolved (a file
  /// not yet there: its folder resolved).
  static func resolveFile(_ path: String) throws(ContactStoreError) -> String {
    do {
      if try FileSystem.status(path) != nil { return try FileSystem.realPath(path) }
      return try FileSystem.realPath(FileSystem.directory(of: path)) + "/" + FileSystem.lastComponent(of: path)
    } catch {
      throw CardFileSaver.systemError(error, source: path)
    }
  }

  /// Refuses a contact whose `source` is not the store's file.
  static func requireSameFile(_ source: String, _ target: String, store: String) throws(ContactStoreError) {
    let resolved = try? resolveFile(source)
    guard resolved == target else {
      throw ContactStoreError(
        source: store, reason: L10n.format("the contact belongs to %s, not to this address book; save it there", source),
        kind: .notInAddressBook)
    }
  }

  /// Whether `source`, a file of one of the vdir folders among `sources` (as listed),
  /// is a symbolic link to a file outside it: a save would be refused
  /// (`resolveInside`), so its card offers no edit.
  package static func linksOutside(_ source: String, sources: [String]) -> Bool {
    for folder in sources {
      let prefix = folder.hasSuffix("/") ? folder : folder + "/"
      guard source.hasPrefix(prefix), (try? FileSystem.status(folder))??.isDirectory == true,
        let resolved = try? FileSystem.realPath(folder)
      else { continue }
      return (try? resolveInside(resolved, source, store: folder)) == nil
    }
    return false
  }

  /// The file `source` names, symbolic links resolved, provided it is inside
  /// `folder` (itself resolved).
  static func resolveInside(_ folder: String, _ source: String, store: String) throws(ContactStoreError) -> String {
    let resolved: String
    do {
      resolved = try resolveFile(source)
    } catch {
      throw ContactStoreError(
        source: store, reason: L10n.format("the contact's file %s cannot be found: %s", source, error.reason),
        kind: .notInAddressBook)
    }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    guard resolved.hasPrefix(prefix), resolved.count > prefix.count else {
      throw ContactStoreError(
        source: store,
        reason: L10n.format("the contact's file %s is outside this address book's folder; it was not written", source),
        kind: .notInAddressBook)
    }
    return resolved
  }
}
