import Localization

/// What a file that gave no contact is, when it is not one of the formats cpick reads
/// (vCard, jCard, xCard, cpick's JSON lines, and other programs' books: `ReadOnlyFormat`):
/// a CSV file whose header names no contact columns, an image, an archive, JSON or XML
/// of another kind. Its one warning says what
/// the file is and what cpick reads, in place of the reader's line warnings ("text
/// outside BEGIN:VCARD … END:VCARD; ignored"), which would not tell a user why their
/// export gave nothing.
///
/// Recognised by the first bytes (the file signatures of the formats' specifications:
/// PNG's `89 50 4E 47`, JPEG's `FF D8 FF`, ZIP's `PK 03 04`, gzip's `1F 8B`, …) or,
/// for text, by the first lines.
enum ForeignFormat {
  /// What `VCardLoading` reads, as the warning says it.
  static let formatsRead = L10n.deferred(
    "cpick reads vCard (.vcf, 2.1, 3.0 and 4.0), jCard, xCard, abook address books, mutt alias files, LDIF, CSV exports with a header row, and its own JSON lines")

  /// The warning for a file whose bytes are `bytes` and that gave no contact, or nil
  /// when it is none of the formats recognised here (an empty file, a damaged vCard).
  ///
  /// - Complexity: O(1): reads at most the first 4 KiB.
  static func warning(for bytes: [UInt8]) -> String? {
    guard let (what, hint) = identify(bytes) else { return nil }
    guard let hint else { return L10n.deferredFormat("%s, not vCard: %s", what, formatsRead) }
    return L10n.deferredFormat("%s, not vCard: %s; %s", what, formatsRead, hint)
  }

  /// What the bytes are and a hint on how to get a vCard from it.
  static func identify(_ bytes: [UInt8]) -> (what: String, hint: String?)? {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let head = Array(bytes[start..<min(bytes.count, start + 4096)])
    func begins(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count && Array(head[offset..<(offset + signature.count)]) == signature
    }
    let unpack = L10n.deferred("unpack it and give the .vcf inside")
    if begins([0x50, 0x4B, 0x03, 0x04]) { return (L10n.deferred("a ZIP archive"), unpack) }
    if begins([0x1F, 0x8B]) { return (L10n.deferred("a gzip-compressed file"), L10n.deferred("unpack it and give the .vcf inside (gunzip)")) }
    if begins(Array("%PDF".utf8)) { return (L10n.deferred("a PDF document"), nil) }
    if begins([0x89, 0x50, 0x4E, 0x47]) { return (L10n.deferred("a PNG image"), L10n.deferred("a photo goes on a card with cpick new --photo FILE")) }
    if begins([0xFF, 0xD8, 0xFF]) { return (L10n.deferred("a JPEG image"), L10n.deferred("a photo goes on a card with cpick new --photo FILE")) }
    if begins(Array("GIF8".utf8)) { return (L10n.deferred("a GIF image"), L10n.deferred("a photo goes on a card with cpick new --photo FILE")) }
    if begins(Array("ftyp".utf8), at: 4) { return (L10n.deferred("an HEIC or MP4 file"), nil) }
    if begins(Array("SQLite format 3".utf8)) {
      return (L10n.deferred("an SQLite database"), L10n.deferred("Apple Contacts' database is one: export a vCard from Contacts (File › Export)"))
    }
    if head.contains(0) { return (L10n.deferred("a binary file"), nil) }

    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    let text = String(decoding: bytes[start..<min(bytes.count, start + 4096)], as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    let lower = lines.map { $0.lowercased() }
    guard let first = lower.first else { return nil }
    if lower.contains(where: { $0.hasPrefix("begin:vcard") }) { return nil }  // a vCard, damaged: its own warnings
    if first.hasPrefix("{") || first.hasPrefix("[") {
      return (L10n.deferred("JSON that is neither jCard (RFC 7095) nor cpick's JSON lines (one person per line)"), nil)
    }
    if first.hasPrefix("<!doctype html") || first.hasPrefix("<html") { return (L10n.deferred("an HTML page"), nil) }
    if first.hasPrefix("<") { return (L10n.deferred("an XML document that is not xCard (RFC 6351)"), nil) }
    let exportHint = L10n.deferred(
      "its header row names no column cpick knows (Name, First Name, Email, Phone, …); name the file .csv to read it anyway")
    if first.filter({ $0 == "\t" }).count >= 2 { return (L10n.deferred("a tab-separated (TSV) file"), exportHint) }
    if first.filter({ $0 == "," }).count >= 2 || first.filter({ $0 == ";" }).count >= 2 {
      return (L10n.deferred("a CSV file (comma-separated values)"), exportHint)
    }
    return (L10n.deferred("text without a BEGIN:VCARD line"), nil)
  }
}
