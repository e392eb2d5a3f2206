import ContactKit
import Localization

/// The way forward after a save was refused because the card changed on disk
/// (`ContactStoreError.Kind.conflict`; PRODUCT.md: "a file changed on disk since it
/// was read is not overwritten (the user is told, and may reload)"): read the card
/// again as it is now, and re-apply the user's unsaved edit to that version.
///
/// ```swift
/// do {
///   _ = try store.execute(request)
/// } catch let error where error.kind == .conflict {
///   let current = try ContactReload.reload(loaded)
///   let again = ContactReload.reapply(edited, madeTo: loaded, onto: current)
///   // show again.contact and again.conflicts; a later save updates `current`
/// }
/// ```
public enum ContactReload {
  /// An edit re-applied to the card as it is on disk now.
  public struct Reapplied: Sendable, Equatable {
    /// The current card with the edit's changes (its identifier, source and record
    /// are the current card's): what a save with `original:` the current card writes.
    public var contact: Contact
    /// The fields and values changed both by the edit and on disk, one line each
    /// (`job title: changed here to “…”, elsewhere to “…”`); the edit's version is
    /// the one in `contact`. Empty when the two changes touch different fields.
    public var conflicts: [String]
  }

  /// Reads `contact` again from its file (`contact.source`), as it is on disk now.
  ///
  /// The card is found again (`find(_:in:)`) by its `UID`; a card without one by its
  /// name (the one at its former line when several have it), or as the file's only
  /// card. Groups it had through group cards in other files (a vdir) are kept.
  ///
  /// - Throws: `ContactStoreError`: `.unreadable` when the file cannot be read,
  ///   `.conflict` when the card is not in it any more (removed, or renamed on a
  ///   card without `UID`).
  public static func reload(_ contact: Contact) throws(ContactStoreError) -> Contact {
    let bytes: [UInt8]
    do {
      bytes = try FileDescriptor.readFile(contact.source)
    } catch {
      throw ContactStoreError(
        source: contact.source, reason: L10n.format("cannot be read again: %s: %s", error.function, error.message),
        kind: .unreadable)
    }
    let load = VCardLoading.contacts(fromBytes: bytes, source: contact.source)
    guard var current = find(contact, in: load.contacts) else {
      throw ContactStoreError(
        source: contact.source,
        reason: L10n.format(
          "%s is not in the file any more (removed, or renamed on a card without UID)", contact.displayName),
        kind: .conflict)
    }
    if load.groupCards.isEmpty, let outside = contact.sourceRecord?.outsideGroups {
      // A vdir's group cards are files of their own: the membership they gave stays.
      for group in outside where !current.groups.contains(group) {
        current.groups.append(group)
        current.sourceRecord?.outsideGroups.append(group)
      }
    }
    return current
  }

  /// The contact among `contacts` (read from `stale.source` again) that is `stale`
  /// now: the card with the same bytes on the same line; else the one with its
  /// `UID` (of several, the one on its former line), or the record with its content's
  /// identifier; for a card without `UID` (identifier `cpick-…`) or a record changed
  /// since (an abook section), the only card with its
  /// name, or among several with it the one on its former line, or the file's only
  /// card when it may be the same person. `nil` when none (or no single one) is found.
  public static func find(_ stale: Contact, in contacts: [Contact]) -> Contact? {
    let file = contacts.filter { $0.source == stale.source }
    if let record = stale.sourceRecord,
      let same = file.first(where: { $0.sourceRecord?.bytes == record.bytes && $0.sourceRecord?.firstLine == record.firstLine })
    {
      return same
    }
    // An identifier made from a record's content (an abook section's, which abook
    // numbers again when it saves: `ForeignRecordIdentifier`) finds the record as it
    // was, wherever it moved; changed, it is found by its name, as a card without UID.
    let fromContent = { (identifier: String) in
      ContactIdentifier.isDerived(identifier) || ContactIdentifier.isCustomUUID(identifier)
    }
    if !ContactIdentifier.isDerived(stale.identifier) {
      let found = file.filter { $0.identifier == stale.identifier }
      if found.count > 1 {
        // Copies with one UID (case 10): the one on the card's former line, if any.
        let here = found.filter { $0.sourceRecord?.firstLine == stale.sourceRecord?.firstLine }
        return here.count == 1 ? here[0] : nil
      }
      if found.count == 1 || !ContactIdentifier.isCustomUUID(stale.identifier) { return found.first }
    }
    let named = file.filter { $0.displayName == stale.displayName && fromContent($0.identifier) }
    if named.count == 1 { return named[0] }
    if named.count > 1 {
      return named.first { $0.sourceRecord?.firstLine == stale.sourceRecord?.firstLine }
    }
    // The file's only card: taken for the same person when it has the name, or a value
    // of it (a card renamed since); another person put at the file's place is not
    // (an edit reloaded onto them would change that person).
    guard file.count == 1, let only = file.first else { return nil }
    return CardFileEditor.maybeSamePerson(stale, only) || sharesAValue(stale, only) ? only : nil
  }

  /// Whether `a` and `b` have an email address (ignoring case) or a phone number
  /// (`PhoneNumberKey`, in no region: its digits) in common.
  static func sharesAValue(_ a: Contact, _ b: Contact) -> Bool {
    let emails = Set(a.emailAddresses.map { $0.value.lowercased() })
    if b.emailAddresses.contains(where: { emails.contains($0.value.lowercased()) }) { return true }
    let phones = Set(a.phoneNumbers.compactMap { PhoneNumberKey.key(for: $0.value, region: "") })
    return b.phoneNumbers.contains { PhoneNumberKey.key(for: $0.value, region: "").map(phones.contains) ?? false }
  }

  /// Re-applies the edit from `original` to `edited` onto `current` (the card as
  /// `reload(_:)` read it): a three-way merge, as a save does for a card that changed
  /// on disk (`ContactStore.execute(_:)`). A field or value changed both ways takes
  /// the edit's version and is listed in `conflicts`, so nothing the user typed is
  /// lost; the user sees the result before saving it.
  public static func reapply(_ edited: Contact, madeTo original: Contact, onto current: Contact) -> Reapplied {
    let (merged, conflicts) = ContactMerge.merge(original: original, edited: edited, current: current, keepingEdits: true)
    return Reapplied(contact: merged, conflicts: conflicts)
  }
}
