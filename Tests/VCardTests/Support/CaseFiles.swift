import ContactKit
import CpickTestSupport
import VCard

/// A shared case's input read and decoded: the raw cards, the warnings and the contacts.
struct DecodedCase {
  var result: VCardParseResult
  var contacts: [Contact]

  /// Reads `cases/<folder>/<file>` (`Tests/Fixtures/cases`); throws when it is missing.
  init(_ folder: String, _ file: String) throws {
    let bytes = try SharedFiles.caseBytes(folder, file)
    result = VCardReader.read(bytes)
    let source = SharedFiles.casePath(folder, file)
    contacts = result.cards.map { ContactDecoder.contact(from: $0, source: source) }
  }

  /// The contacts by display name (each case names its people differently).
  var byName: [String: Contact] {
    Dictionary(contacts.map { ($0.displayName, $0) }, uniquingKeysWith: { first, _ in first })
  }
}
