import ContactKit
import Testing

@testable import VCard

/// A single-value field written twice (RFC 6350 lets `TITLE`, `ORG`, `ROLE` repeat):
/// the value shown is the first line's that has one, and an edit rewrites that very
/// line; the other lines stay as written.
@Suite("Repeated single-value fields")
struct RepeatedFieldTests {
  static func card(_ lines: [String]) -> String {
    (["BEGIN:VCARD", "VERSION:3.0", "FN:Two Titles"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
  }

  @Test(
    "the first line with a value is shown, and an edit replaces it and no other",
    arguments: [
      (["TITLE:First Title", "ORG:First Org", "TITLE:Second Title", "ORG:Second Org"], "First Title", "First Org"),
      (["TITLE:", "ORG:;", "TITLE:Boss", "ORG:Acme;Labs"], "Boss", "Acme"),
    ])
  func firstValueShownAndEdited(lines: [String], title: String, organization: String) throws {
    let text = Self.card(lines)
    let original = try #require(loadContacts(text, crlf: false).first)
    #expect(original.jobTitle == title)
    #expect(original.organizationName == organization)
    var edited = original
    edited.jobTitle = "Edited Title"
    edited.organizationName = "Edited Org"
    let written = VCardWriter.write(edited, original: original).components(separatedBy: "\r\n")
    // Each line that did not give the value is kept; the one that did is replaced.
    for line in lines where line != "TITLE:\(title)" && !line.hasPrefix("ORG:\(organization)") {
      #expect(written.contains(line), "\(line) lost: \(written)")
    }
    #expect(!written.contains("TITLE:\(title)"))
    #expect(written.contains("TITLE:Edited Title"))
    #expect(written.contains { $0.hasPrefix("ORG:Edited Org") })
    let reread = try #require(loadContacts(written.joined(separator: "\r\n"), crlf: false).first)
    #expect(reread.jobTitle == "Edited Title")
    #expect(reread.organizationName == "Edited Org")
  }

  @Test("two N, BDAY and ROLE lines: the first is the contact's")
  func otherSingleFields() throws {
    let contact = try #require(
      loadContacts(
        Self.card(["N:Lovelace;Ada;;;", "N:Byron;Augusta;;;", "BDAY:1815-12-10", "BDAY:1900-01-01", "ROLE:Poet", "ROLE:Analyst"]),
        crlf: false
      ).first)
    #expect(contact.familyName == "Lovelace")
    #expect(contact.birthday?.year == 1815)
    #expect(contact.role == "Poet")
  }
}
