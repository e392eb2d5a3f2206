import ContactKit

/// An abook address book (`~/.abook/addressbook`) as a store: read as
/// `VCardFileStore` reads it (`AbookReader`), written in place by `AbookFileEditor` —
/// a new contact a new `[N]` section, an edit only its section's changed lines, a
/// delete its section — atomically, under the same lock and with the same refusal of a
/// version changed since it was read as a `.vcf` (`CardFileSaver`).
public struct AbookStore: ContactStore {
  /// The book's path.
  public let path: String

  /// A store over the abook book at `path`.
  public init(path: String) {
    self.path = path
  }

  /// The book's path.
  public var name: String { path }

  /// Reads the book's people (`VCardFileStore.load()`).
  ///
  /// - Throws: `ContactStoreError` when the file cannot be read.
  public func load() throws(ContactStoreError) -> ContactLoad {
    try VCardFileStore(path: path).load()
  }

  /// Saves `request` into the book (see the type's summary).
  ///
  /// - Returns: the added and updated contacts as they are now.
  /// - Throws: `ContactStoreError`: `.invalidRequest` for a contact holding what abook
  ///   has no field for (`AbookFields.Unfit`, named in the message), `.conflict`,
  ///   `.notInAddressBook`, `.system`.
  public func execute(_ request: SaveRequest) throws(ContactStoreError) -> [Contact] {
    try ForeignBookSaving.execute(request, path: path, editor: AbookFileEditor(source: path))
  }
}

/// A mutt or NeoMutt alias file as a store: read as `VCardFileStore` reads it
/// (`MuttAliasReader`); a new contact is one alias line appended
/// (`MuttAliasFileEditor`), atomically and under the same lock as a `.vcf`; an edit
/// or a delete is refused (`.readOnly`) with what to do.
public struct MuttAliasStore: ContactStore {
  /// The file's path.
  public let path: String

  /// A store over the alias file at `path`.
  public init(path: String) {
    self.path = path
  }

  /// The file's path.
  public var name: String { path }

  /// Reads the file's aliases (`VCardFileStore.load()`).
  ///
  /// - Throws: `ContactStoreError` when the file cannot be read.
  public func load() throws(ContactStoreError) -> ContactLoad {
    try VCardFileStore(path: path).load()
  }

  /// Appends the new contacts of `request` as alias lines.
  ///
  /// - Returns: the added contacts as read back.
  /// - Throws: `ContactStoreError`: `.readOnly` for an update, delete or group change;
  ///   `.invalidRequest` for a contact an alias cannot hold (`MuttAliasLine.Unfit`).
  public func execute(_ request: SaveRequest) throws(ContactStoreError) -> [Contact] {
    try ForeignBookSaving.execute(request, path: path, editor: MuttAliasFileEditor(source: path))
  }
}

/// A request turned into file edits for another program's book, saved by `CardFileSaver`.
enum ForeignBookSaving {
  static func execute(_ request: SaveRequest, path: String, editor: some FileBytesEditor) throws(ContactStoreError)
    -> [Contact]
  {
    guard !request.isEmpty else { return [] }
    let target = try StorePaths.resolveFile(path)
    var edits: [CardFileEdit] = []
    for operation in request.operations {
      switch operation {
      case .add(let contact, let group):
        var prepared = contact
        if let group, !group.isEmpty, !prepared.groups.contains(group) { prepared.groups.append(group) }
        edits.append(.add(prepared))
      case .update(let contact, let original):
        try StorePaths.requireSameFile(original.source, target, store: path)
        edits.append(.update(contact, original: original))
      case .delete(let contact):
        try StorePaths.requireSameFile(contact.source, target, store: path)
        edits.append(.delete(contact))
      case .group(let change):
        edits.append(.group(change, apple: nil))
      }
    }
    return try CardFileSaver.save(edits, to: target, editor: editor, removeWhenBlank: false).compactMap { $0 }
  }
}
