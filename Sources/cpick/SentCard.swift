import ContactKit
import ContactStores

extension CPick {
  /// The card of `--vcard FILE` (`-`: stdin) for `new` and `unknown`, as a card of
  /// ours to be (no source, no source record). A file of several cards gives its
  /// first, with a warning on stderr naming how many were left out.
  ///
  /// - Throws: `UsageError` when the file cannot be read or holds no card.
  static func sentCard(_ path: String) throws(UsageError) -> Contact {
    let sent: ContactLoad
    do {
      sent = try VCardFileStore(path: path).load()
    } catch {
      throw UsageError(description: "--vcard: cannot read \(error.description)")
    }
    for warning in sent.warnings { printError(warning) }
    guard var first = sent.contacts.first else { throw UsageError(description: "--vcard \(path): no card in it") }
    if sent.contacts.count > 1 {
      printError(
        "cpick: --vcard \(path) holds \(sent.contacts.count) cards; the first (\(first.displayName)) is used, "
          + "the other \(sent.contacts.count - 1) are not")
    }
    first.sourceRecord = nil  // a new card of ours, written from the form
    first.source = ""
    return first
  }
}
