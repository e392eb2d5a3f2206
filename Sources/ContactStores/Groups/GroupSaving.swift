import ContactKit
import VCard
import Localization

extension GroupStorage {
  /// How the cards of `parsed` store groups: group cards when one is among them (in
  /// the style of the first), else `CATEGORIES`; `nil` when no group card is there.
  static func cards(in parsed: VCardParseResult) -> GroupStorage? {
    guard let card = parsed.cards.first(where: ContactDecoder.isGroupCard) else { return nil }
    return .groupCards(apple: card.lines.contains { $0.name == "X-ADDRESSBOOKSERVER-KIND" })
  }

  /// How a folder whose group cards are `cards` (`VdirStore.groupCards(folder:)`)
  /// stores groups: in the style of the first, or `CATEGORIES` when there is none.
  package init(cards: [(file: String, name: String, apple: Bool)]) {
    self = cards.first.map { .groupCards(apple: $0.apple) } ?? .categories
  }

  /// The style of a group card to create: `nil` for a `CATEGORIES` book.
  package var appleCards: Bool? {
    if case .groupCards(let apple) = self { return apple }
    return nil
  }
}

/// How a person's changed `groups` are written in a book that stores groups as
/// `storage` says: the groups from group cards (`SourceRecord.outsideGroups`) lose or
/// gain a member line there; the others are the card's `CATEGORIES`. A contact
/// without a `UID` cannot be a `MEMBER`: its new groups go to its `CATEGORIES`.
package struct GroupFiling {
  /// The update of the person's own card (equal contacts when only group cards change:
  /// the card is then not rewritten, not even its `REV`).
  package var contact: Contact
  package var original: Contact
  /// Groups whose group card gains the person; groups whose group card loses it.
  package var joined: [String]
  package var left: [String]
  /// The groups from group cards once saved.
  package var outside: [String]

  /// How `edited` (loaded as `loaded`) is filed in a book storing groups as `storage`.
  /// A card without `UID` filed into a group of a book of group cards is given one
  /// (`ContactIdentifier.makeNew`, written with the edit; case 15), so that the group
  /// card can name it: not a `CATEGORIES` line the book's other readers do not read.
  package init(_ edited: Contact, original loaded: Contact, storage: GroupStorage) {
    var edited = edited
    if case .groupCards = storage, ContactIdentifier.isDerived(edited.identifier),
      edited.groups.contains(where: { !loaded.groups.contains($0) })
    {
      edited.identifier = ContactIdentifier.makeNew()
    }
    let outsideBefore = loaded.sourceRecord?.outsideGroups ?? []
    let left = loaded.groups.filter { !edited.groups.contains($0) && outsideBefore.contains($0) }
    var joined: [String] = []
    if case .groupCards = storage, !ContactIdentifier.isDerived(edited.identifier) {
      joined = edited.groups.filter { !loaded.groups.contains($0) }
    }
    var original = loaded
    var contact = edited
    // Groups kept in group cards are not the card's own: the card editor leaves them.
    original.sourceRecord?.outsideGroups = outsideBefore + joined
    contact.sourceRecord?.outsideGroups = outsideBefore + joined
    var probe = contact
    probe.groups = original.groups
    let ownBefore = original.groups.filter { !outsideBefore.contains($0) }
    let ownAfter = contact.groups.filter { !outsideBefore.contains($0) && !joined.contains($0) }
    if probe == original && ownBefore == ownAfter { contact = original }
    self.contact = contact
    self.original = original
    self.left = left
    self.joined = joined
    outside = outsideBefore.filter { !left.contains($0) } + joined
  }

  /// A new contact added to a book that stores groups as `storage`, into `group` too
  /// (`SaveRequest.add(_:toGroup:)`): with group cards, a contact made in memory (no
  /// `sourceRecord`) with a UID is filed in group cards (`joined`, a new group card for
  /// a group the book has none of), its card without `CATEGORIES`; otherwise its groups
  /// are its `CATEGORIES`. A card copied from another book keeps its bytes.
  package init(adding contact: Contact, group: String?, storage: GroupStorage) {
    var prepared = StorePaths.prepared(contact, group: group)
    var joined: [String] = []
    if case .groupCards = storage, !ContactIdentifier.isDerived(prepared.identifier) {
      // A card brought from elsewhere (`cpick new --vcard`) keeps the groups its own
      // CATEGORIES give; the others go into group cards, as a new card's all do.
      let own = Set(Self.ownGroups(of: prepared))
      joined = prepared.groups.filter { !own.contains($0) }
      prepared.groups = prepared.groups.filter { own.contains($0) }
    }
    self.contact = prepared
    self.original = prepared
    self.joined = joined
    left = []
    outside = joined
  }

  /// The groups `contact`'s own card names (its `CATEGORIES`), read from its source
  /// record; none without one.
  static func ownGroups(of contact: Contact) -> [String] {
    guard let record = contact.sourceRecord, let card = VCardReader.read(record.bytes).cards.first else { return [] }
    return ContactDecoder.contact(from: card, source: contact.source).groups
  }

  /// The edits of the group cards in one file of cards (a `.vcf`): `create` appends
  /// a group card for a group the file has none of.
  func memberEdits(apple: Bool, create: Bool) -> [CardFileEdit] {
    let uid = contact.identifier
    return left.map { CardFileEdit.removeMember(uid: uid, group: $0) }
      + joined.map { .addMember(uid: uid, group: $0, apple: apple, create: create) }
  }

  /// `saved` (the person's card read back alone) with the groups its group cards give.
  package func resolved(_ saved: Contact) -> Contact {
    var saved = saved
    // A group left was outside before; read back with the card, it is no longer one.
    let own = saved.groups.filter { !outside.contains($0) && !left.contains($0) }
    saved.groups = own + outside
    saved.sourceRecord?.outsideGroups = outside
    return saved
  }
}

extension VdirStore {
  /// The group cards of the vdir `folder`: each one's file and name (files without a
  /// `KIND` line are not parsed).
  package func groupCards(folder: String) -> [(file: String, name: String, apple: Bool)] {
    guard let listing = VdirListing(folder: folder, examining: false) else { return [] }
    var found: [(file: String, name: String, apple: Bool)] = []
    for (base, entries) in listing.folders {
      for entry in entries {
        let file = base + entry.name
        guard let bytes = try? FileDescriptor.readFile(file), VCardLoading.mayHoldKindLines(bytes) else { continue }
        let parsed = VCardReader.read(bytes)
        for card in parsed.cards where ContactDecoder.isGroupCard(card) {
          let apple = card.lines.contains { $0.name == "X-ADDRESSBOOKSERVER-KIND" }
          found.append((file, ContactDecoder.group(from: card).name, apple))
        }
      }
    }
    return found
  }

  /// How the folder stores groups (`GroupStorage`): read now.
  public func groupStorage() -> GroupStorage {
    (try? FileSystem.realPath(path)).map { groupStorage(folder: $0) } ?? .categories
  }

  /// How the folder stores groups: group cards when it holds one (`GroupStorage`).
  package func groupStorage(folder: String) -> GroupStorage {
    GroupStorage(cards: groupCards(folder: folder))
  }

  /// Saves a person's new groups (`GroupFiling`): the person's file, then each group
  /// card's file (a new file for a group card not there yet).
  func file(_ contact: Contact, original: Contact, folder: String, target: String, options: VCardWriter.Options)
    throws(ContactStoreError) -> Contact?
  {
    let cards = contact.groups == original.groups ? [] : groupCards(folder: folder)
    let storage = GroupStorage(cards: cards)
    let filing = GroupFiling(contact, original: original, storage: storage)
    let editor = CardFileEditor(source: original.source, isSingleCardFile: true, options: options)
    let saved = try CardFileSaver.save(
      [.update(filing.contact, original: filing.original)], to: target, editor: editor, removeWhenBlank: false)
    try fileInGroupCards(filing, cards: cards, storage: storage, folder: folder, options: options)
    return saved.compactMap { $0 }.first.map(filing.resolved)
  }

  /// The group cards of `filing` in the folder's files: each of `cards` it joins or
  /// leaves gains or loses the member's line, a group it joins that has no card gets a
  /// new group card file in `storage`'s style.
  func fileInGroupCards(
    _ filing: GroupFiling, cards: [(file: String, name: String, apple: Bool)], storage: GroupStorage, folder: String,
    options: VCardWriter.Options
  ) throws(ContactStoreError) {
    let uid = filing.contact.identifier
    for group in filing.left + filing.joined {
      let joins = filing.joined.contains(group)
      guard let card = cards.first(where: { $0.name == group }) else {
        if joins { try createGroupCard(group, apple: storage.appleCards ?? false, members: [uid], folder: folder) }
        continue
      }
      let edit: CardFileEdit =
        joins ? .addMember(uid: uid, group: group, apple: card.apple, create: false) : .removeMember(uid: uid, group: group)
      let groupEditor = CardFileEditor(source: card.file, isSingleCardFile: true, options: options)
      _ = try CardFileSaver.save([edit], to: card.file, editor: groupEditor, removeWhenBlank: false)
    }
  }

  /// Applies `change` to every file of the folder that may name the group (a new
  /// group card is a file of its own).
  func apply(_ change: GroupChange, folder: String, options: VCardWriter.Options) throws(ContactStoreError) {
    let storage = groupStorage(folder: folder)
    if case .create(let name) = change {
      guard let apple = storage.appleCards, !groupCards(folder: folder).contains(where: { $0.name == name }) else { return }
      try createGroupCard(name, apple: apple, members: [], folder: folder)
      return
    }
    let name: String
    switch change {
    case .rename(let old, _): name = old
    case .delete(let old): name = old
    case .create: return
    }
    guard let listing = VdirListing(folder: folder, examining: false) else { return }
    for (base, entries) in listing.folders {
      for entry in entries {
        let file = base + entry.name
        guard let bytes = try? FileDescriptor.readFile(file), CardFileEditor.mayName(name, in: bytes) else { continue }
        let editor = CardFileEditor(source: file, isSingleCardFile: true, options: options)
        _ = try CardFileSaver.save([.group(change, apple: nil)], to: file, editor: editor, removeWhenBlank: true)
      }
    }
  }

  /// Writes a new group card file for `name` listing `members`, named after its UID.
  private func createGroupCard(_ name: String, apple: Bool, members: [String], folder: String) throws(ContactStoreError) {
    let uid = ContactIdentifier.makeNew()
    let bytes = CardFileEditor.groupCard(name, apple: apple, members: members, uid: uid, lineEnd: VCardSerializer.crlf)
    let base = VdirFileName.base(forUID: uid)
    for attempt in 1...1000 {
      let target = folder + "/" + VdirFileName.candidate(base, attempt: attempt)
      do {
        if try FileSystem.status(target) != nil { continue }
        try AtomicFile.create(target, with: bytes)
        return
      } catch let error as AtomicFile.Failure {
        if case .system(let error) = error { throw CardFileSaver.systemError(error, source: path) }
      } catch let error as SystemError {
        throw CardFileSaver.systemError(error, source: path)
      } catch {
        throw ContactStoreError(source: path, reason: L10n.format("cannot save: %s", "\(error)"), kind: .invalidRequest)
      }
    }
  }
}
