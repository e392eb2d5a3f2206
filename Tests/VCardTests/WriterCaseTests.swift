import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// The writing cases of `../shared/cases`: an edit through the model touches only
/// the lines it changes.
@Suite("shared cases: writing")
struct WriterCaseTests {
  static let revision = Date(timeIntervalSince1970: 1_700_000_000)
  static var options: VCardWriter.Options { VCardWriter.Options(revision: revision) }

  static func newEmail(_ address: String, label: String = "work") -> LabeledValue<String> {
    LabeledValue(identifier: "new-email", label: label, value: address)
  }

  @Test("adding an email keeps repeated TEL and ADR lines, N parts and unknown properties (case 12)")
  func editKeepsRepeatedAndUnknownLines() throws {
    let folder = "12-edit-drops-repeated-and-unknown-fields"
    let bytes = try SharedFiles.caseBytes(folder, "original.vcf")
    let survive = try SharedFiles.caseBytes(folder, "must-survive.txt")
    let original = try #require(loadContacts(bytes).first)
    var edited = original
    edited.emailAddresses.append(Self.newEmail("isolde@marchetti-lab.example"))
    let written = VCardWriter.write(edited, original: original, options: Self.options)
    let lines = physicalLines(written)
    let mustSurvive = physicalLines(String(decoding: survive, as: UTF8.self))
    var position = -1
    for line in mustSurvive {
      let found = try #require(lines.firstIndex(of: line), "missing: \(line)")
      #expect(found > position, "out of order: \(line)")
      position = found
    }
    let before = physicalLines(String(decoding: bytes, as: UTF8.self))
    let added = lines.filter { !before.contains($0) }
    #expect(added == ["EMAIL;TYPE=work:isolde@marchetti-lab.example"])
    #expect(before.filter { !lines.contains($0) }.isEmpty)
    #expect(!written.contains("item") && !written.uppercased().contains("X-ABLABEL"))
    let reread = try #require(loadContacts(Array(written.utf8)).first)
    #expect(reread.phoneNumbers.count == 5)
    #expect(reread.postalAddresses.count == 2)
    #expect(reread.emailAddresses.map(\.value) == ["isolde@marchetti-lab.example"])
    #expect(reread.emailAddresses.first?.label == "work")
  }

  @Test(
    "an edit of the street's lines goes back into the components they came from: post-office box and extended kept (case 12)",
    arguments: [
      // The street's last line changed: the other components byte for byte.
      (";Door 3;14 Gull Street;Saltmere;;SM1 4AA;Far Meridian", "Door 3\n14 Gull Streets", ";Door 3;14 Gull Streets;"),
      ("PO Box 12;Suite 5;1 Main St;Springfield;IL;62701;USA", "PO Box 12\nSuite 5\n1 Main StX", "PO Box 12;Suite 5;1 Main StX;"),
      // The first line changed: only its component.
      ("PO Box 12;Suite 5;1 Main St;Springfield;IL;62701;USA", "PO Box 99\nSuite 5\n1 Main St", "PO Box 99;Suite 5;1 Main St;"),
      // A line added: the leading components kept, the rest the street.
      ("PO Box 12;;1 Main St;Springfield;IL;62701;USA", "PO Box 12\n1 Main St\nBack door", "PO Box 12;;1 Main St\\nBack door;"),
      // A line removed: what no longer matches goes to the street.
      (";Door 3;14 Gull Street;Saltmere;;SM1 4AA;Far Meridian", "14 Gull Street", ";;14 Gull Street;"),
      // A street of two lines in one component (Apple), one changed: still one component.
      (";;1 Main St\\nFloor 2;Springfield;IL;62701;USA", "1 Main St\nFloor 3", ";;1 Main St\\nFloor 3;"),
      // Escapes in an unchanged component kept as written.
      ("PO Box 12\\, Central;;1 Main St;Springfield;;;", "PO Box 12, Central\n1 Main Street", "PO Box 12\\, Central;;1 Main Street;"),
    ])
  func streetLinesKeepTheirComponents(value: String, street: String, written prefix: String) throws {
    let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Addr Test\r\nN:Test;Addr;;;\r\nADR;TYPE=home:\(value)\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(text, crlf: false).first)
    var edited = original
    edited.postalAddresses[0].value.street = street
    let written = VCardWriter.write(edited, original: original, options: Self.options)
    let line = try #require(physicalLines(written).first { $0.hasPrefix("ADR") })
    #expect(line.hasPrefix("ADR;TYPE=home:" + prefix), "\(line)")
    let reread = try #require(loadContacts(written, crlf: false).first)
    #expect(reread.postalAddresses.first?.value.street == street)
    #expect(reread.postalAddresses.first?.value.city == original.postalAddresses[0].value.city)
  }

  @Test("adding an email leaves TEL lines without VALUE= and keeps an empty unknown property (case 13)")
  func editAddsNoValueParameter() throws {
    let bytes = try SharedFiles.caseBytes("13-edit-adds-value-unknown", "busycontacts.vcf")
    let original = try #require(loadContacts(bytes).first)
    var edited = original
    edited.emailAddresses.append(Self.newEmail("ludo@vantongeren-studio.example"))
    let written = VCardWriter.write(edited, original: original, options: Self.options)
    let lines = physicalLines(written)
    for kept in [
      "TEL;TYPE=CELL;TYPE=pref:+1 555 0157", "TEL;TYPE=HOME:+1 555 0158", "X-BUSYMAC-MODIFIED-BY:",
      "PRODID:-//BusyApps//BusyContacts 2023.2.1//EN", "UID:A41C7E90-3B2D-4F6A-8E15-9C0D2B7F6E34",
    ] {
      #expect(lines.contains(kept), "missing: \(kept)")
    }
    #expect(!written.contains("VALUE="))
    let before = physicalLines(String(decoding: bytes, as: UTF8.self))
    let added = lines.filter { !before.contains($0) }
    #expect(added == ["EMAIL;TYPE=WORK:ludo@vantongeren-studio.example", "REV:2023-11-14T22:13:20Z"])
    #expect(before.filter { !lines.contains($0) } == ["REV:2024-03-02T09:12:05Z"])
    #expect(written.hasSuffix("END:VCARD\r\n") && !written.contains("\n\n"))
  }

  @Test("changing a phone keeps the UID exactly as written (case 15)")
  func editKeepsUID() throws {
    let folder = "15-uid-rewritten-on-edit"
    let bytes = try SharedFiles.caseBytes(folder, "7f3c2a10-5b8e-4d61-9a7e-c2f04b19d3e5.vcf")
    let original = try #require(loadContacts(bytes).first)
    var edited = original
    edited.phoneNumbers[0].value = "+1 555 0171"
    let written = VCardWriter.write(edited, original: original, options: Self.options)
    let lines = physicalLines(written)
    #expect(lines.contains("UID:7f3c2a10-5b8e-4d61-9a7e-c2f04b19d3e5"))
    #expect(lines.contains("TEL;TYPE=cell:+1 555 0171"))
    let before = physicalLines(String(decoding: bytes, as: UTF8.self))
    #expect(lines.count == before.count)
    #expect(zip(before, lines).filter { $0 != $1 }.map(\.1) == ["TEL;TYPE=cell:+1 555 0171"])
    let reread = try #require(loadContacts(Array(written.utf8)).first)
    #expect(reread.identifier == original.identifier)
  }

  @Test("a card with urn:uuid: keeps that form on an edit (case 15)")
  func editKeepsURNForm() throws {
    let original = try #require(
      loadContacts("BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:0a1b\nFN:Ann\nEND:VCARD\n").first)
    var edited = original
    edited.jobTitle = "Pilot"
    let written = VCardWriter.write(edited, original: original, options: Self.options)
    #expect(written == "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:0a1b\r\nFN:Ann\r\nTITLE:Pilot\r\nEND:VCARD\r\n")
  }

  @Test("an instant-message address read from any of its vCard names (X-QQ) is edited in its own line, not added again")
  func editsEveryInstantMessageName() throws {
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:qq-1\r\nFN:Li Wei\r\nN:Li;Wei;;;\r\nX-QQ:12345\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    try #require(original.instantMessageAddresses.map(\.value.username) == ["12345"])
    var edited = original
    edited.instantMessageAddresses[0].value.username = "67890"
    let lines = physicalLines(VCardWriter.write(edited, original: original, options: Self.options))
    #expect(lines.filter { $0.contains("12345") }.isEmpty)
    #expect(lines.filter { $0.contains("67890") }.count == 1)
  }
}

