import ContactKit
import VCard

/// How reading a file part by part ended (`VCardFileStore.loadInParts`).
public enum PartsRead: Sendable, Equatable {
  /// Every part was given: together they are what reading the file whole gives.
  case done
  /// The file must be read whole; what the parts gave is discarded.
  case whole
  /// The file has cards without a UID that are byte for byte the same in different
  /// parts (twins): a part already given said of such a card that it had none. What
  /// the parts gave is discarded, and the file is read in parts again with the twins
  /// known from the start, so that every card is given with its count
  /// (`SourceRecord.twins`) as the whole read gives it.
  case again(TwinCounts)
}

/// How many cards of one file have each derived identifier shared by more than one
/// (cards without a `UID` that are byte for byte the same: `SourceRecord.twins`), as
/// counted over the whole file.
public struct TwinCounts: Sendable, Equatable {
  /// Each shared derived identifier and how many cards have it (2 or more).
  public private(set) var counts: [String: Int] = [:]

  /// No twins.
  public init() {}

  /// Whether no identifier is shared.
  public var isEmpty: Bool { counts.isEmpty }

  /// Counts one more card with `identifier`, which an earlier card had too.
  mutating func addRepeat(of identifier: String) {
    counts[identifier, default: 1] += 1
  }

  /// The twins of every contact of the whole file `contacts`, counted among them.
  init(counting contacts: [Contact]) {
    var counter = TwinCounter()
    for contact in contacts { _ = counter.isRepeat(contact.identifier) }
    self = counter.found
  }

  /// Sets on each contact of `contacts` with a shared identifier its count.
  func mark(_ contacts: inout [Contact]) {
    guard !counts.isEmpty else { return }
    for index in contacts.indices {
      if let count = counts[contacts[index].identifier] { contacts[index].sourceRecord?.twins = count }
    }
  }
}

/// Counts the twins of a file's contacts as they come, in file order (the whole file at
/// once, or part by part).
struct TwinCounter {
  // Derived identifiers seen, as the hashes they spell (others as themselves): a set
  // of strings cost 8 % of reading a book of small cards without UID, on the thread
  // that reads the parts.
  private var derived = Set<UInt64>()
  private var derivedOther = Set<String>()
  /// The twins counted so far.
  private(set) var found = TwinCounts()

  /// Counts a contact's `identifier`: whether an earlier contact had it (a twin; only
  /// derived identifiers are counted).
  mutating func isRepeat(_ identifier: String) -> Bool {
    guard ContactIdentifier.isDerived(identifier) else { return false }
    let new =
      if let hash = ContactDecoder.derivedHash(identifier) {
        derived.insert(hash).inserted
      } else {
        derivedOther.insert(identifier).inserted
      }
    if !new { found.addRepeat(of: identifier) }
    return !new
  }
}
