import ContactKit
import Dispatch
import Synchronization
import VCard

/// Turns the bytes of one vCard (or several-card) file into contacts — or of a jCard
/// file (`[`, through `VCardReader`), or of PRODUCT.md's JSON lines (`{`): group cards
/// become group memberships, damaged lines and cards become `file:line: what` warnings.
enum VCardLoading {
  /// Files larger than this are read in pieces, one per core.
  static let parallelThreshold = 1 << 21

  /// The contacts of a file's bytes. A large file is cut between cards (after an
  /// `END:VCARD` line that a `BEGIN:VCARD` line follows) and the pieces are read on
  /// all cores; line numbers in warnings are those of the whole file.
  static func contacts(fromBytes bytes: [UInt8], source: String) -> ContactLoad {
    if PersonJSONReader.isJSONLines(bytes) { return PersonJSONReader.read(bytes, source: source) }
    let pieces = bytes.count > parallelThreshold ? CardBoundaries.pieces(of: bytes, count: 8) : [0..<bytes.count]
    guard pieces.count > 1 else {
      let piece = read(bytes, source: source, firstLine: 1)
      var load = piece.load
      load.groupCards = piece.groups.map { ContactLoad.GroupCard(name: $0.name, members: $0.memberUIDs) }
      load.resolveGroups()
      markTwins(&load.contacts)
      return load
    }
    // Each piece's first line number, from one pass over the file.
    var firstLines: [Int] = []
    var counted = 0
    var lines = 1
    for range in pieces {
      lines += CardBoundaries.lineCount(bytes, from: counted, upTo: range.lowerBound)
      counted = range.lowerBound
      firstLines.append(lines)
    }
    let starts = firstLines
    let results = Mutex<[Int: Piece]>([:])
    DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
      let range = pieces[index]
      let firstLine = starts[index]
      let piece = read(Array(bytes[range]), source: source, firstLine: firstLine)
      results.withLock { $0[index] = piece }
    }
    var load = ContactLoad()
    var groups: [(name: String, memberUIDs: [String])] = []
    results.withLock { results in
      for index in pieces.indices {
        guard let piece = results[index] else { continue }
        load.append(piece.load)
        groups.append(contentsOf: piece.groups)
      }
    }
    load.groupCards = groups.map { ContactLoad.GroupCard(name: $0.name, members: $0.memberUIDs) }
    load.resolveGroups()
    markTwins(&load.contacts)
    return load
  }

  /// Counts, for cards without a UID, how many cards of the file are byte for byte
  /// the same (their derived identifiers are equal: the hash of source and text).
  static func markTwins(_ contacts: inout [Contact]) {
    var counts: [String: Int] = [:]
    for contact in contacts where contact.identifier.hasPrefix("cpick-") { counts[contact.identifier, default: 0] += 1 }
    guard counts.values.contains(where: { $0 > 1 }) else { return }
    for index in contacts.indices {
      if let count = counts[contacts[index].identifier], count > 1 { contacts[index].sourceRecord?.twins = count }
    }
  }

  /// What one piece of a file gave.
  struct Piece: Sendable {
    var load: ContactLoad
    var groups: [(name: String, memberUIDs: [String])]
  }

  /// Reads one piece whose first line is line `firstLine` of the file.
  private static func read(_ bytes: [UInt8], source: String, firstLine: Int) -> Piece {
    let parsed = VCardReader.read(bytes)
    let offset = firstLine - 1
    var load = ContactLoad()
    load.warnings = parsed.warnings.map { "\(source):\($0.line + offset): \($0.message)" }
    var groupCards: [(name: String, memberUIDs: [String])] = []
    for card in parsed.cards {
      if ContactDecoder.isGroupCard(card) {
        groupCards.append(ContactDecoder.group(from: card))
        continue
      }
      var contact = ContactDecoder.contact(from: card, source: source)
      contact.sourceRecord = parsed.sourceRecord(of: card, lineOffset: offset)
      if isEmpty(contact) {
        load.warnings.append(
          "\(source):\(card.beginLine + offset): card has no name, organization, email or phone; skipped")
        continue
      }
      load.contacts.append(contact)
    }
    return Piece(load: load, groups: groupCards)
  }

  private static func isEmpty(_ contact: Contact) -> Bool {
    contact.displayName.isEmpty && contact.postalAddresses.isEmpty && contact.urlAddresses.isEmpty
      && contact.note.isEmpty
  }
}
