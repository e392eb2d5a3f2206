import ContactFormats
import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// vCard 4.0 `PREF=1..100` (lower wins; RFC 6350 §5.3) and 3.0 `TYPE=pref` order the
/// values wherever one is "the first": `{email}`/`{phone}`, the mail-client lines,
/// the card's rows (`properties(for:)`) and the person JSON (case 45).
@Suite("preference order")
struct PreferenceOrderTests {
  static let folder = "45-vcard4-pref-order"

  static func contacts() throws -> [String: Contact] {
    try DecodedCase(folder, "pref-order.vcf").byName
  }

  @Test("PREF is read as a rank, the values kept in card order (case 45)")
  func ranksInCardOrder() throws {
    let wren = try #require(try Self.contacts()["Wren Talbot"])
    #expect(
      wren.emailAddresses.map(\.value) == [
        "w.talbot@oldisp.example", "wren@talbot-design.example", "wren.talbot@fastmail.example", "wt@archive.example",
      ])
    #expect(wren.emailAddresses.map(\.preference) == [20, 10, 1, 15])
    #expect(wren.phoneNumbers.map(\.preference) == [2, 1])
    let ysolde = try #require(try Self.contacts()["Ysolde Merrow"])
    #expect(ysolde.emailAddresses.map(\.preference) == [nil, 1])
  }

  @Test("a PREF that is not a rank (0, -1, abc, empty) is no preference; above 100 is 100; the real PREF=1 comes first")
  func invalidRanks() throws {
    let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Dana Eder\r\nEMAIL;PREF=0:dana@p0.example\r\nEMAIL;PREF=abc:dana@pabc.example\r\n"
      + "EMAIL;PREF=-1:dana@pm1.example\r\nEMAIL;PREF=:dana@pempty.example\r\nEMAIL;PREF=250:dana@p250.example\r\n"
      + "EMAIL;PREF=2:dana@p2.example\r\nEMAIL;PREF=1:dana@p1.example\r\nEND:VCARD\r\n"
    let dana = try #require(loadContacts(Array(text.utf8)).first)
    #expect(dana.emailAddresses.map(\.preference) == [nil, nil, nil, nil, 100, 2, 1])
    #expect(
      MailClientFormat.aerc([dana]).map { $0.split(separator: "\t").first.map(String.init) ?? "" } == [
        "dana@p1.example", "dana@p2.example", "dana@p250.example", "dana@p0.example", "dana@pabc.example",
        "dana@pm1.example", "dana@pempty.example",
      ])
  }

  @Test("{email} and {phone} are the PREF=1 values; 3.0 TYPE=pref and card order as controls (case 45)")
  func templateFields() throws {
    let contacts = try Self.contacts()
    let template = OutputTemplate("{email} {phone}")
    #expect(template.render(try #require(contacts["Wren Talbot"])) == "wren.talbot@fastmail.example +44-7700-900311")
    #expect(template.render(try #require(contacts["Ysolde Merrow"])) == "ysolde@merrow.example ")
    #expect(template.render(try #require(contacts["Corwin Ashdown"])) == "ccc.ashdown@gmail.example ")
  }

  @Test("mutt and aerc lines list the addresses by PREF, then in card order, never alphabetically (case 45)")
  func mailClientLines() throws {
    let contacts = try Self.contacts()
    let wren = try #require(contacts["Wren Talbot"])
    #expect(
      MailClientFormat.aerc([wren]).map { $0.split(separator: "\t").first.map(String.init) ?? "" } == [
        "wren.talbot@fastmail.example", "wren@talbot-design.example", "wt@archive.example", "w.talbot@oldisp.example",
      ])
    #expect(
      MailClientFormat.mutt([wren], query: "wren").dropFirst().first == "wren.talbot@fastmail.example\tWren Talbot\thome")
    let corwin = try #require(contacts["Corwin Ashdown"])
    #expect(
      MailClientFormat.aerc([corwin]).map { $0.split(separator: "\t").first.map(String.init) ?? "" } == [
        "ccc.ashdown@gmail.example", "aaa.ashdown@yahoo.example", "bbb.ashdown@mac.example",
      ])
    let ysolde = try #require(contacts["Ysolde Merrow"])
    #expect(MailClientFormat.aerc([ysolde]).first == "ysolde@merrow.example\tYsolde Merrow")
  }

  @Test("the card's rows (-p email) put the PREF=1 value first (case 45)")
  func cardRows() throws {
    let wren = try #require(try Self.contacts()["Wren Talbot"])
    let emails = wren.properties(for: .emailAddresses)
    #expect(emails.first?.value == .text("wren.talbot@fastmail.example"))
    #expect(emails.map(\.value.singleLine).last == "w.talbot@oldisp.example")
    #expect(wren.properties(for: .phoneNumbers).first?.value == .text("+44-7700-900311"))
  }

  @Test("the person JSON lists the most preferred first, with its rank, and reads it back (case 45)")
  func personJSON() throws {
    let wren = try #require(try Self.contacts()["Wren Talbot"])
    var bytes: [UInt8] = []
    PersonJSON.writePerson(wren, to: &bytes)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let emails = try #require(object["emailAddresses"] as? [[String: Any]])
    #expect(emails.map { $0["value"] as? String } == [
      "wren.talbot@fastmail.example", "wren@talbot-design.example", "wt@archive.example", "w.talbot@oldisp.example",
    ])
    #expect(emails.map { $0["preference"] as? Int } == [1, 10, 15, 20])
    #expect(PersonJSON.person(wren).serialized == String(decoding: bytes, as: UTF8.self))
    let read = try #require(PersonJSONReader.read(bytes + [0x0A], source: "-").contacts.first)
    #expect(read.emailAddresses.mostPreferred()?.value == "wren.talbot@fastmail.example")
    #expect(read.emailAddresses.map(\.preference) == [1, 10, 15, 20])
  }

  @Test("sabre-vobject: preferred(EMAIL) is 3@example.org with 4.0 PREF, 2@example.org with 3.0 TYPE=PREF", .sharedCorpus)
  func sabreExpectations() throws {
    for (file, expected) in [
      ("sabre-vobject/VCardTest-testPreferredWith40Pref.vcf", "3@example.org"),
      ("sabre-vobject/VCardTest-testPreferredWithPref.vcf", "2@example.org"),
    ] {
      let contact = try #require(loadContacts(try SharedFiles.corpusBytes(file)).first)
      #expect(contact.emailAddresses.mostPreferred()?.value == expected, "\(file)")
      #expect(contact.properties(for: .emailAddresses).first?.value == .text(expected), "\(file)")
    }
  }

  @Test("an edit keeps the PREF the line had; a new rank is written as PREF=n in 4.0, TYPE=pref in 3.0")
  func editsKeepPreference() throws {
    let bytes = try SharedFiles.caseBytes(Self.folder, "pref-order.vcf")
    let all = loadContacts(bytes)
    let wren = try #require(all.first { $0.displayName == "Wren Talbot" })
    var edited = wren
    edited.emailAddresses[0].label = "work"  // PREF=20, relabeled
    edited.emailAddresses[1].value = "wren@talbot-design.example.org"  // PREF=10, new value
    edited.emailAddresses[3].preference = 5  // PREF=15 → 5
    edited.emailAddresses.append(LabeledValue(identifier: "new", label: "home", value: "w@new.example", preference: 30))
    let written = physicalLines(VCardWriter.write(edited, original: wren))
    #expect(written.contains("EMAIL;PREF=20;TYPE=work:w.talbot@oldisp.example"), "the label changed where it stood")
    #expect(written.contains("EMAIL;PREF=10;TYPE=other:wren@talbot-design.example.org"))
    #expect(written.contains("EMAIL;PREF=5;TYPE=other:wt@archive.example"), "the rank changed where it stood")
    #expect(written.contains("EMAIL;PREF=1;TYPE=home:wren.talbot@fastmail.example"))
    #expect(written.contains("EMAIL;TYPE=home;PREF=30:w@new.example"))
    #expect(written.contains("TEL;VALUE=uri;PREF=2;TYPE=work:tel:+44-20-7946-0311"))
    let reread = try #require(loadContacts(Array(written.joined(separator: "\r\n").utf8)).first)
    #expect(reread.emailAddresses.map(\.preference) == [20, 10, 1, 5, 30])

    let ysolde = try #require(all.first { $0.displayName == "Ysolde Merrow" })
    var moved = ysolde
    moved.emailAddresses[0].isPreferred = true
    moved.emailAddresses[1].isPreferred = false
    let lines = physicalLines(VCardWriter.write(moved, original: ysolde))
    #expect(lines.contains("EMAIL;TYPE=INTERNET;TYPE=PREF:ysolde@merrow-old.example"))
    #expect(lines.contains("EMAIL;TYPE=INTERNET:ysolde@merrow.example"))
  }
}
