import ContactFormats
import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// A custom label written as a `TYPE` value keeps its case, as an `X-ABLabel` does
/// (case 44), and is written back as it came.
@Suite("custom labels as written")
struct CustomLabelCaseTests {
  static let folder = "44-custom-type-label-case"

  static func contacts() throws -> [String: Contact] {
    try DecodedCase(folder, "custom-types.vcf").byName
  }

  @Test("TYPE=Jonas mobil, TYPE=Skole and Android's X-Jacky keep their case; WORK maps to work (case 44)")
  func labelsKeepTheirCase() throws {
    let contacts = try Self.contacts()
    let marit = try #require(contacts["Marit Solberg"])
    #expect(marit.phoneNumbers.map(\.label) == ["Jonas mobil"])
    #expect(marit.emailAddresses.map(\.label) == ["Skole"])
    let jacky = try #require(contacts["Jacky Lund"])
    #expect(jacky.phoneNumbers.map(\.label) == ["work", "Jacky"])
    let delphine = try #require(contacts["Delphine Okafor"])
    #expect(delphine.phoneNumbers.map(\.label) == ["Night line"])
  }

  @Test("a custom TYPE word beside a standard one is the label (TYPE=WORK;TYPE=Vakttelefon); kinds of line are not")
  func customBesideStandard() throws {
    let text = """
      BEGIN:VCARD\r
      VERSION:3.0\r
      FN:Ola Nordmann\r
      TEL;TYPE=WORK;TYPE=Vakttelefon:+47 22 00 00 01\r
      TEL;TYPE=CELL,VOICE;TYPE=Jonas mobil:+47 900 00 002\r
      TEL;TYPE=CELL;TYPE=VOICE;TYPE=pref:+47 900 00 003\r
      TEL;TYPE=X-EVOLUTION-CALLBACK;TYPE=WORK:+47 22 00 00 04\r
      EMAIL;TYPE=INTERNET;TYPE=HOME;TYPE=X-Hytta:ola@hytta.example\r
      EMAIL;TYPE=INTERNET,WORK:ola@work.example\r
      END:VCARD\r

      """
    let ola = try #require(decodeContacts(text).first)
    #expect(ola.phoneNumbers.map(\.label) == ["Vakttelefon", "Jonas mobil", "mobile", "callback"])
    #expect(ola.emailAddresses.map(\.label) == ["Hytta", "work"])
  }

  @Test("Android's X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,label): the label, decoded; the value as written")
  func androidCustomParameter() throws {
    let text = """
      BEGIN:VCARD\r
      VERSION:2.1\r
      N:Lund;Jacky;;;\r
      FN:Jacky Lund\r
      TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=85=AC=E5=8F=B8):+46 70 555 0103\r
      TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Boat):+46 70 555 0104\r
      EMAIL;X-CUSTOM(Club):jacky@club.example\r
      EMAIL;HOME:jacky@home.example\r
      END:VCARD\r

      """
    let jacky = try #require(loadContacts(Array(text.utf8)).first)
    #expect(jacky.phoneNumbers.map(\.label) == ["公司", "Boat"])
    #expect(jacky.phoneNumbers.map(\.value) == ["+46 70 555 0103", "+46 70 555 0104"])
    #expect(jacky.emailAddresses.map(\.label) == ["Club", "home"])
    #expect(MailClientFormat.mutt([jacky], query: "jacky").dropFirst().first == "jacky@club.example\tJacky Lund\tClub")
  }

  @Test("the same text in the JSON label and mutt's third column (case 44)")
  func labelInOutputs() throws {
    let marit = try #require(try Self.contacts()["Marit Solberg"])
    #expect(MailClientFormat.mutt([marit], query: "marit").last == "marit@skolen.example\tMarit Solberg\tSkole")
    let json = PersonJSON.person(marit).serialized
    #expect(json.contains(#""label":"Jonas mobil""#))
    #expect(json.contains(#""label":"Skole""#))
  }

  @Test("Android's EMAIL;X-INTERNET is no label")
  func androidInternetType() {
    let contact = loadContacts("BEGIN:VCARD\nVERSION:2.1\nFN:A\nEMAIL;X-INTERNET:a@example.org\nEND:VCARD\n").first
    #expect(contact?.emailAddresses.map(\.label) == [nil])
  }

  @Test("an edited value keeps its custom TYPE as written; a new one with that label reads back the same")
  func writtenBack() throws {
    let bytes = try SharedFiles.caseBytes(Self.folder, "custom-types.vcf")
    let contacts = loadContacts(bytes)
    let marit = try #require(contacts.first { $0.displayName == "Marit Solberg" })
    var edited = marit
    edited.phoneNumbers[0].value = "+47 900 55 012"
    edited.emailAddresses.append(LabeledValue(identifier: "new", label: "Skole", value: "marit@ny-skole.example"))
    let written = VCardWriter.write(edited, original: marit)
    let lines = physicalLines(written)
    #expect(lines.contains("TEL;TYPE=Jonas mobil:+47 900 55 012"))
    #expect(lines.contains("EMAIL;TYPE=Skole:marit@skolen.example"))
    let reread = try #require(loadContacts(written).first)
    #expect(reread.emailAddresses.map(\.label) == ["Skole", "Skole"])
    #expect(reread.phoneNumbers.map(\.label) == ["Jonas mobil"])
    let jacky = try #require(contacts.first { $0.displayName == "Jacky Lund" })
    var jackyEdited = jacky
    jackyEdited.phoneNumbers[1].value = "+46 70 555 0103"
    #expect(physicalLines(VCardWriter.write(jackyEdited, original: jacky)).contains("TEL;X-Jacky:+46 70 555 0103"))
  }
}
