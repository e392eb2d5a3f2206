import ContactKit
import ContactStores
import Localization

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
      throw UsageError(description: L10n.format("--vcard: cannot read %s", error.description))
    }
    for warning in sent.warnings { printError(L10n.translating(warning)) }
    guard var first = sent.contacts.first else { throw UsageError(description: L10n.format("--vcard %s: no card in it", path)) }
    if sent.contacts.count > 1 {
      printError(
        "cpick: "
          + L10n.format(
            "--vcard %s holds %d cards; the first (%s) is used, the other %d are not", path, sent.contacts.count,
            first.displayName, sent.contacts.count - 1))
    }
    first.sourceRecord = nil  // a new card of ours, written from the form
    first.source = ""
    return first
  }
}
