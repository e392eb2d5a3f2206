// libFuzzer target: a vCard file as the loader reads it — the syntax layer
// (`VCardReader`: unfolding, escapes, quoted-printable, charsets), the mapping to
// contacts and the group cards (any bytes) — and, when it can be read part by part
// (`VCardFileStore.loadInParts`: parts of 1 byte and of 97, the cut after each part's
// last whole card, or at a card begun inside another when END:VCARD lines are missing; read again with its twins known when it has some in different
// parts), the same contacts, warnings and group cards as read whole once its group
// cards are resolved (as the book does), or a trap.
@testable import ContactStores

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let whole = VCardLoading.contacts(fromBytes: bytes, source: "fuzz.vcf")
  for partSize in [1, 97] {
    var parts = ContactLoad()
    var read = VCardFileStore.loadInParts(bytes, source: "fuzz.vcf", partSize: partSize) { parts.append($0) }
    if case .again(let twins) = read {
      // Twins in different parts: read again with them known, as the book does.
      parts = ContactLoad()
      read = VCardFileStore.loadInParts(bytes, source: "fuzz.vcf", partSize: partSize, twins: twins) { parts.append($0) }
      precondition(read != .again(twins), "parts of \(partSize) bytes ask for a third reading")
    }
    guard read == .done else { continue }
    parts.resolveGroups()
    precondition(parts.contacts == whole.contacts, "parts of \(partSize) bytes give other contacts")
    precondition(parts.warnings == whole.warnings, "parts of \(partSize) bytes give other warnings")
    precondition(parts.groupCards == whole.groupCards, "parts of \(partSize) bytes give other group cards")
  }
  return 0
}
