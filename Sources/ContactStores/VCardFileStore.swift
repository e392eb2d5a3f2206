import ContactFormats
import ContactKit
import Foundation
import Localization
import VCard

/// An address book kept in one `.vcf` file holding any number of cards, or read
/// from standard input (`-`).
public struct VCardFileStore: ContactStore {
  /// The file's path, or `-` for standard input.
  public let path: String

  /// A store over the file at `path` (`-` for stdin).
  public init(path: String) {
    self.path = path
  }

  /// The file's path, or `-` for stdin.
  public var name: String { path }

  /// Reads the file's cards. Standard input is read to its end.
  ///
  /// - Throws: `ContactStoreError` when the file cannot be read.
  public func load() throws(ContactStoreError) -> ContactLoad {
    VCardLoading.contacts(fromBytes: try bytes(), source: path)
  }

  /// Whether the file is of a format cpick reads but adds no contact to
  /// (`ReadOnlyFormat.takesNewContacts`), judged by its first 8 KiB: an LDIF file or a CSV export; false for standard
  /// input, a file that cannot be read, an abook book and a mutt alias file (they
  /// take new contacts). New contacts go elsewhere.
  public var isReadOnlyFormat: Bool {
    headFormat.map { !$0.takesNewContacts } ?? false
  }

  /// Why no contact can be saved into the file — it is of a format cpick reads but
  /// adds no contact to (`isReadOnlyFormat`: a CSV export, an LDIF file) — with what
  /// to do instead; nil when contacts can be saved into it.
  public var saveRefusal: String? {
    headFormat.flatMap { $0.takesNewContacts ? nil : $0.refusal(source: path) }
  }

  /// Whether the file's contacts cannot be edited or deleted in place: it is of a
  /// format cpick reads but does not rewrite (`ReadOnlyFormat.editsContacts`: a mutt
  /// alias file, a CSV export, LDIF), or cards a save refuses to rewrite (jCard, xCard,
  /// cpick's JSON lines, UTF-16: `CardFileEditor`), so that no form is opened whose
  /// typing a save could only throw away. An abook book's and a vCard file's contacts
  /// can be.
  public var keepsContactsReadOnly: Bool {
    guard let head else { return false }
    if let format = ReadOnlyFormat(head, name: path) { return !format.editsContacts }
    if LineReader.utf16(head) != nil || XCardInput.isXCard(head) { return true }
    let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
    let first = text.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
    return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
  }

  /// The store that saves into this file when it is another program's book it
  /// writes (an abook book: `AbookStore`; a mutt alias file: `MuttAliasStore`).
  var foreignStore: (any ContactStore)? {
    switch headFormat {
    case .abook: AbookStore(path: path)
    case .muttAliases: MuttAliasStore(path: path)
    case .ldif?, .csv?, nil: nil
    }
  }

  /// The format of the file's first 8 KiB (and its name), when it is one of `ReadOnlyFormat`'s.
  private var headFormat: ReadOnlyFormat? {
    head.flatMap { ReadOnlyFormat($0, name: path) }
  }

  /// The file's first 8 KiB; nil for what is not a regular file (a pipe would be
  /// waited on, or its bytes taken).
  private var head: [UInt8]? {
    guard path != "-", (try? FileSystem.status(path))??.isRegularFile == true,
      let handle = FileHandle(forReadingAtPath: path)
    else { return nil }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: ReadOnlyFormat.headBytes)).map { [UInt8]($0) } ?? []
  }

  /// The file's bytes (standard input's, to its end, for `-`).
  ///
  /// - Throws: `ContactStoreError` saying why they cannot be read.
  package func bytes() throws(ContactStoreError) -> [UInt8] {
    do {
      return path == "-" ? try FileDescriptor.readStandardInput() : try FileDescriptor.readFile(path)
    } catch {
      let reason =
        FileErrors.streamReason(error)
        ?? (path == "-" ? L10n.format("cannot be read: %s", error.message) : FileErrors.reason(error, path: path))
      throw ContactStoreError(source: path, reason: reason)
    }
  }
}

/// Short, human reasons for file errors.
package enum FileErrors {
  static func reason(_ error: Error, path: String) -> String {
    if let tooLong = streamReason(error) { return tooLong }
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      return nameNotUTF8(path) ?? L10n.text("no such file or folder")
    }
    if !FileManager.default.isReadableFile(atPath: path) { return L10n.text("permission denied") }
    if isDirectory.boolValue { return L10n.text("is a folder, not a file") }
    return L10n.text("cannot be read")
  }

  /// Why a file or folder that was named or listed cannot be found, when its name was
  /// not UTF-8 (a Latin-1 `é` from an old system or an archive): a path is text here,
  /// its bytes read as UTF-8 with U+FFFD for what is not, and no file has that name;
  /// nil for any other path.
  package static func nameNotUTF8(_ path: String) -> String? {
    guard isNameNotUTF8(path) else { return nil }
    return L10n.text("its name is not UTF-8, and cpick opens files by UTF-8 names; rename it (convmv -f latin1 -t utf8)")
  }

  /// The warning for a listed file that cannot be read (`path:1: why; skipped`), kept
  /// in English until shown (`L10n.deferred`). The file was listed, so a name holding
  /// U+FFFD is one whose bytes are not UTF-8: its folder is not listed again for each
  /// (a folder of such names, copied from an old system, would be listed once a name).
  package static func unreadableWarning(_ path: String) -> String {
    "\(path):1: "
      + (holdsReplacement(path)
        ? L10n.deferred("its name is not UTF-8, and cpick opens files by UTF-8 names; rename it (convmv -f latin1 -t utf8); skipped")
        : L10n.deferred("cannot be read; skipped"))
  }

  /// Whether `text` holds U+FFFD, what bytes that are not UTF-8 are read as.
  static func holdsReplacement(_ text: String) -> Bool { text.unicodeScalars.contains("\u{FFFD}") }

  /// Whether `path` names, as text, a file whose name is not UTF-8: it holds U+FFFD,
  /// and its folder has an entry of bytes that are not UTF-8 and read so (a Latin-1
  /// `é` read as U+FFFD). A name of U+FFFD itself, or none at all, is not one.
  static func isNameNotUTF8(_ path: String) -> Bool {
    guard holdsReplacement(path),
      let folder = try? FileDescriptor.open(FileSystem.directory(of: path), O_RDONLY | O_DIRECTORY)
    else { return false }
    defer { try? folder.close() }
    let name = FileSystem.lastComponent(of: path)
    var found = false
    _ = try? folder.entryNames { bytes, _ in
      if !found, String(validating: bytes, as: UTF8.self) == nil, String(decoding: bytes, as: UTF8.self) == name {
        found = true
      }
      return false
    }
    return found
  }

  /// The reason for a book read from a stream past `ReadingLimits.streamBytes`
  /// (`EFBIG` from `FileDescriptor.readBookStream`), else nil.
  static func streamReason(_ error: Error) -> String? {
    guard let error = error as? SystemError, error.errno == EFBIG else { return nil }
    return L10n.format(
      "longer than %s, the most cpick reads from standard input, a pipe or a device",
      ReadingLimits.megabytes(ReadingLimits.standard.streamBytes))
  }
}
