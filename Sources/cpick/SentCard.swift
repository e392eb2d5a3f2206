import ContactKit
import ContactStores
import Localization
import VCard

extension CPick {
  /// The card of `--vcard FILE` (`-`: stdin) for `new` and `unknown`, as a card of
  /// ours to be: no source, but its source record kept, so that what the form does
  /// not show (`TZ`, `GEO`, `KEY`, `X-` properties, parameters, groups) is saved as it
  /// was sent, with only the lines the form changed rewritten (`VCardWriter`). A card
  /// without `UID` gets a new one. A file of several cards gives its first, with a
  /// warning on stderr naming how many were left out.
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
    // Read again as a card of no source, as `VCardWriter` reads its record when it is
    // saved: a card without `UID` has an identifier derived from its source, and its
    // values identifiers derived from that — read from the file's path, every value
    // would look changed and be written anew.
    // The groups its file's group cards gave it are kept, as groups to add (where the
    // card goes, group cards or CATEGORIES); a record that is no vCard (an abook
    // section) is not kept: the card is written anew.
    let groups = first.groups
    if var record = first.sourceRecord, let card = VCardReader.read(record.bytes).cards.first {
      first = ContactDecoder.contact(from: card, source: "")
      first.groups = groups
      record.outsideGroups = []
      first.sourceRecord = record
    } else {
      first.sourceRecord = nil
    }
    first.source = ""
    // Without a UID of its own, the card gets the new identifier a card of ours has
    // (written as its UID); its record stays, so nothing else of it is dropped.
    if ContactIdentifier.isDerived(first.identifier) { first.identifier = ContactIdentifier.makeNew() }
    return first
  }
}
