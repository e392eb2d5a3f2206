import ContactKit
import VCard

/// A shared case's input read and decoded: the raw cards, the warnings and the contacts.
struct DecodedCase {
  var result: VCardParseResult
  var contacts: [Contact]

  /// Reads `cases/<folder>/<file>`, or `nil` (with a note) when the cases are absent.
  init?(_ folder: String, _ file: String) {
    guard let bytes = SharedFiles.caseBytes(folder, file) else { return nil }
    result = VCardReader.read(bytes)
    let source = SharedFiles.casePath(folder, file)
    contacts = result.cards.map { ContactDecoder.contact(from: $0, source: source) }
  }
}
