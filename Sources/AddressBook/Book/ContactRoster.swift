import ContactKit
import Matching
import CpickSupport

/// The contacts of a `ContactList` in display order: a random-access collection of
/// `Contact` values gathered from the list's segments.
///
/// Contacts from the on-disk index are kept encoded and decoded on access (about a
/// microsecond each), so a list of a million contacts is shown without decoding them
/// all; contacts read from files are kept as values. Reading every element (`map`,
/// `first(where:)`) therefore costs a decode per element for an indexed book.
public struct ContactRoster: RandomAccessCollection, Sendable {
  /// The segments the contacts come from.
  let segments: [SegmentContacts]
  /// Position `i` is contact `order[i].contact` of segment `order[i].entries`.
  let order: [ContactIndex.EntryReference]
  /// Groups of contacts given by group cards in other files, by position, added to
  /// the stored contacts when they are read (`SourceRecord.outsideGroups`).
  let outsideGroups: [Int: [String]]
  /// Reads the contact at a position from its card file, for a contact the index can
  /// no longer give (a damaged or rebuilt index); nil when there is no other way.
  let recover: (@Sendable (Int) -> Contact?)?

  /// A roster of `order` over `segments`.
  init(
    segments: [SegmentContacts], order: [ContactIndex.EntryReference], outsideGroups: [Int: [String]] = [:],
    recover: (@Sendable (Int) -> Contact?)? = nil
  ) {
    self.segments = segments
    self.order = order
    self.outsideGroups = outsideGroups
    self.recover = recover
  }

  /// The first position (0).
  public var startIndex: Int { 0 }
  /// One past the last position.
  public var endIndex: Int { order.count }

  /// The contact at `position` (0 ≤ position < count).
  public subscript(position: Int) -> Contact {
    let reference = order[position]
    return finished(segments[Int(reference.entries)][Int(reference.contact)], at: position)
  }

  /// `contact`, read for `position`, recovered from its file when the index could not
  /// give it, with the groups that group cards elsewhere give it.
  private func finished(_ contact: Contact, at position: Int) -> Contact {
    var contact = contact
    if contact.isUnreadableFromIndex, let recovered = recover?(position) { contact = recovered }
    if let groups = outsideGroups[position] {
      for group in groups where !contact.groups.contains(group) {
        contact.groups.append(group)
        contact.sourceRecord?.outsideGroups.append(group)
      }
    }
    return contact
  }

  /// The contacts at `positions`, in that order — read on all cores when there are
  /// many (a contact of the on-disk index is read and decoded on access).
  public func contacts(at positions: [Int]) -> [Contact] {
    Parallel.map(count: positions.count, chunk: 1024) { range in contacts(inBatch: positions[range]) }.flatMap { $0 }
  }

  /// The contacts at `positions`, those of the on-disk index read in one batch
  /// (`IndexCache.cards(_:)`: one lock and one read transaction, not one each), then
  /// decoded.
  private func contacts(inBatch positions: ArraySlice<Int>) -> [Contact] {
    var cache: IndexCache?
    var wanted: [(generation: Int64, ordinal: Int)] = []
    var located: [(file: StoredContacts, ordinal: Int, card: Int)?] = []
    located.reserveCapacity(positions.count)
    for position in positions {
      let reference = order[position]
      guard case .stored(let stored) = segments[Int(reference.entries)] else {
        located.append(nil)
        continue
      }
      let (file, ordinal) = stored.location(Int(reference.contact))
      if cache == nil { cache = file.cache }
      guard file.cache === cache else {
        located.append(nil)  // another index: looked up on its own
        continue
      }
      located.append((file, ordinal, wanted.count))
      wanted.append((file.generation, ordinal))
    }
    let cards = cache?.cards(wanted) ?? []
    return zip(positions, located).map { position, location in
      guard let location else { return self[position] }
      return finished(location.file.contact(ordinal: location.ordinal, card: cards[location.card]), at: position)
    }
  }
}
