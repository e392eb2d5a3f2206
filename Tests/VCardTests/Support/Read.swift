import ContactKit

@testable import VCard

/// Reads vCard text written in a test (`\n` line ends become CRLF unless `crlf` is false).
func readCards(_ text: String, crlf: Bool = true) -> VCardParseResult {
  let normalized = crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
  return VCardReader.read(Array(normalized.utf8))
}

/// The first content line named `name` of the first card of `text`.
func firstLine(_ name: String, in text: String) -> ContentLine? {
  readCards(text).cards.first?.first(name)
}

/// The contacts of `text`.
func decodeContacts(_ text: String, source: String = "test.vcf") -> [Contact] {
  readCards(text).cards.map { ContactDecoder.contact(from: $0, source: source) }
}
