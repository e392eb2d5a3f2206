import ContactKit
import Testing
import VCard

/// `ROLE` (RFC 6350 §6.6.2), which Outlook writes beside `TITLE` (ez-vcard's
/// John_Doe_MS_OUTLOOK.vcf: `TITLE:Money Counter`, `ROLE:Counting Money`), is read,
/// written, and edited in place like `TITLE`.
@Suite("ROLE")
struct RoleTests {
  let card = "BEGIN:VCARD\nVERSION:2.1\nN:Doe;John\nTITLE:Money Counter\nROLE:Counting Money\nNOTE:x\nEND:VCARD\n"

  @Test("read into role, apart from the job title")
  func read() throws {
    let contact = try #require(decodeContacts(card).first)
    #expect(contact.jobTitle == "Money Counter")
    #expect(contact.role == "Counting Money")
  }

  @Test("written after TITLE, and read back")
  func written() throws {
    var contact = Contact(identifier: "urn:uuid:1", source: "")
    contact.givenName = "Ada"
    contact.role = "Analyst, first"
    let text = VCardWriter.write(contact, options: VCardWriter.Options(version: .v40, revision: nil))
    #expect(text.contains("ROLE:Analyst\\, first\r\n"), "\(text)")
    #expect(decodeContacts(text).first?.role == "Analyst, first")
  }

  @Test("an edited role rewrites its line only")
  func edited() throws {
    let original = try #require(decodeContacts(card).first)
    var edited = original
    edited.role = "Counting More"
    let written = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: nil))
    #expect(written.contains("ROLE:Counting More"))
    #expect(written.contains("TITLE:Money Counter"))
    #expect(!written.contains("Counting Money"))
  }
}
