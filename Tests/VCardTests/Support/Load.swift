import ContactKit

@testable import VCard

/// Contacts of `bytes` as the loader makes them: decoded, with their source records.
func loadContacts(_ bytes: [UInt8], source: String = "test.vcf") -> [Contact] {
  let result = VCardReader.read(bytes)
  return result.cards.map { card in
    var contact = ContactDecoder.contact(from: card, source: source)
    contact.sourceRecord = result.sourceRecord(of: card)
    return contact
  }
}

/// Contacts of vCard text (`\n` becomes CRLF unless `crlf` is false).
func loadContacts(_ text: String, crlf: Bool = true, source: String = "test.vcf") -> [Contact] {
  loadContacts(Array((crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text).utf8), source: source)
}

/// Physical lines of written vCard text.
func physicalLines(_ text: String) -> [String] {
  text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
    .map(String.init).filter { !$0.isEmpty }
}

/// Logical lines of written vCard text: folded lines joined (RFC 6350 §3.2).
func logicalLines(_ text: String) -> [String] {
  text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
    .split(separator: "\n").map(String.init)
}
