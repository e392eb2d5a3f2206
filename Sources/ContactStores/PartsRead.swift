import ContactKit

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
    var seen: [String: Int] = [:]
    for contact in contacts where ContactIdentifier.isDerived(contact.identifier) {
      seen[contact.identifier, default: 0] += 1
    }
    counts = seen.filter { $0.value > 1 }
  }

  /// Sets on each contact of `contacts` with a shared identifier its count.
  func mark(_ contacts: inout [Contact]) {
    guard !counts.isEmpty else { return }
    for index in contacts.indices {
      if let count = counts[contacts[index].identifier] { contacts[index].sourceRecord?.twins = count }
    }
  }
}
