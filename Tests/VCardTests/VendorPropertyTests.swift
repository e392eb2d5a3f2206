import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// Vendor properties that carry model data (`VendorProperties`): read into the
/// model, and an edited value written back into the line it came from, in the same
/// spelling (case 48 and the corpus's exports).
@Suite("vendor properties")
struct VendorPropertyTests {
  static let folder = "48-android-custom-nickname"

  @Test("X-ANDROID-CUSTOM nickname row is the nickname; the standard NICKNAME as control (case 48)")
  func androidNickname() throws {
    let decoded = try DecodedCase(Self.folder, "android-export.vcf")
    #expect(decoded.contacts.map(\.nickname) == ["Tansy", "Tansy-Control"])
  }

  @Test("an unedited card is written back byte for byte; an edited nickname goes back into the Android row (case 48)")
  func androidNicknameWrittenBack() throws {
    let bytes = try SharedFiles.caseBytes(Self.folder, "android-export.vcf")
    let original = try #require(loadContacts(bytes).first)
    let text = String(decoding: bytes, as: UTF8.self)
    let end = try #require(text.range(of: "END:VCARD"))
    let cardText = String(text[..<end.upperBound])
    #expect(VCardWriter.write(original, original: original).hasPrefix(cardText))
    var edited = original
    edited.nickname = "Tansy; Tan"
    let written = VCardWriter.write(edited, original: original)
    let lines = logicalLines(written)
    // Compared decoded: 2.1 writes a line that would pass 75 octets quoted-printable.
    let row = try #require(VCardReader.read(Array(written.utf8)).cards.first?.first("X-ANDROID-CUSTOM"))
    #expect(row.value == #"vnd.android.cursor.item/nickname;Tansy\; Tan;1;;;;;;;;;;;;;"#)
    #expect(!lines.contains { $0.hasPrefix("NICKNAME") })
    #expect(loadContacts(lines.joined(separator: "\r\n") + "\r\n").first?.nickname == "Tansy; Tan")
  }

  @Test("a card with both an Android nickname row and NICKNAME, in either order: NICKNAME is the nickname and edited")
  func androidRowAndStandardNickname() throws {
    let row = "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Ebbi;1;;;;;;;;;;;;;"
    for (first, second) in [(row, "NICKNAME:Ebbs"), ("NICKNAME:Ebbs", row)] {
      let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ebba Lind\r\n\(first)\r\n\(second)\r\nEND:VCARD\r\n"
      let original = try #require(loadContacts(card, crlf: false).first)
      #expect(original.nickname == "Ebbs", "\(first) first")
      var edited = original
      edited.nickname = "Eb"
      let written = VCardWriter.write(edited, original: original)
      let lines = written.components(separatedBy: "\r\n")
      #expect(lines.contains("NICKNAME:Eb") && lines.contains(row), "\(first) first: \(written)")
      // Cleared, both go: the row would otherwise give the nickname back.
      edited.nickname = ""
      let cleared = VCardWriter.write(edited, original: original).components(separatedBy: "\r\n")
      #expect(!cleared.contains { $0.hasPrefix("NICKNAME") || $0.hasPrefix("X-ANDROID-CUSTOM") }, "\(first) first")
    }
  }

  @Test("Android rows: relations and events with their type's label, a custom label, the birthday")
  func androidRows() throws {
    let card = """
      BEGIN:VCARD
      VERSION:2.1
      FN:Roid Ando
      X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Ada Ando;14;;;;;;;;;;;;;
      X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Bo;0;Godfather;;;;;;;;;;;;
      X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;1999-07-10;1;;;;;;;;;;;;;
      X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;1975-08-20;3;;;;;;;;;;;;;
      X-ANDROID-CUSTOM:custom_mime1;1;2;3
      END:VCARD

      """
    let original = try #require(loadContacts(card).first)
    #expect(original.contactRelations.map(\.value) == ["Ada Ando", "Bo"])
    #expect(original.contactRelations.map(\.label) == ["spouse", "Godfather"])
    #expect(original.dates.map(\.value.description) == ["1999-07-10"])
    #expect(original.dates.map(\.label) == ["anniversary"])
    #expect(original.birthday?.description == "1975-08-20")
    var edited = original
    edited.contactRelations[0].value = "Ada B. Ando"
    edited.dates[0].value = ContactDate(year: 1999, month: 7, day: 11)
    edited.birthday = ContactDate(year: 1975, month: 8, day: 21)
    edited.contactRelations[1].label = "friend"
    let written = VCardWriter.write(edited, original: original)
    let lines = logicalLines(written)
    // 2.1 writes a line that would pass 75 octets quoted-printable: compared decoded.
    let rows = try #require(VCardReader.read(Array(written.utf8)).cards.first).all("X-ANDROID-CUSTOM").map(\.value)
    #expect(rows.contains("vnd.android.cursor.item/relation;Ada B. Ando;14;;;;;;;;;;;;;"))
    #expect(rows.contains("vnd.android.cursor.item/contact_event;1999-07-11;1;;;;;;;;;;;;;"))
    #expect(rows.contains("vnd.android.cursor.item/contact_event;1975-08-21;3;;;;;;;;;;;;;"))
    #expect(lines.contains("X-ANDROID-CUSTOM:custom_mime1;1;2;3"))
    // A new label the row cannot say: the value is written anew, the row removed.
    #expect(!lines.contains { $0.contains(";Bo;") })
    let reread = try #require(loadContacts(lines.joined(separator: "\r\n") + "\r\n").first)
    #expect(reread.contactRelations.map(\.value) == ["Ada B. Ando", "Bo"])
    #expect(reread.contactRelations.map(\.label) == ["spouse", "friend"])
  }

  @Test("Android's rows in the corpus: the QP nickname, the event after a photo; other MIME types read as nothing", .sharedCorpus)
  func androidCorpus() throws {
    let calcard = loadContacts(try SharedFiles.corpusBytes("calcard/009.vcf"))
    #expect(calcard.first { $0.displayName == "Mäx Mustermann" }?.nickname == "Mäx")
    #expect(calcard.first { $0.displayName == "Hola Test" }?.nickname == "HÖLA")
    let photo = try #require(loadContacts(try SharedFiles.corpusBytes("aosp-vcard/v21_x_android_custom_after_photo.vcf")).first)
    #expect(photo.dates.map(\.value.description) == ["1999-07-10"])
    #expect(photo.dates.map(\.label) == ["anniversary"])
    #expect(photo.birthday?.description == "1975-08-20")
    let custom = try #require(loadContacts(try SharedFiles.corpusBytes("aosp-vcard/v21_android_custom_prop.vcf")).first)
    #expect(custom.nickname.isEmpty && custom.contactRelations.isEmpty && custom.dates.isEmpty)
  }

  @Test("Outlook 2007: X-MS-MANAGER, -ASSISTANT, -SPOUSE, -ANNIVERSARY, -IMADDRESS", .sharedCorpus)
  func outlook() throws {
    let contact = try #require(loadContacts(try SharedFiles.corpusBytes("ez-vcard/outlook-2007.vcf")).first)
    #expect(contact.contactRelations.map(\.value) == ["TheManagerName", "TheAssistantName", "TheSpouse"])
    #expect(contact.contactRelations.map(\.label) == ["manager", "assistant", "spouse"])
    #expect(contact.dates.map(\.value.description) == ["2012-08-01"])
    #expect(contact.dates.map(\.label) == ["anniversary"])
    #expect(contact.instantMessageAddresses.map(\.value) == [InstantMessageAddress(service: "", username: "im@aim.com")])
  }

  @Test("Windows Address Book: X-WAB-SPOUSE_NAME and X-WAB-WEDDING_ANNIVERSARY", .sharedCorpus)
  func windowsAddressBook() throws {
    let contact = try #require(loadContacts(try SharedFiles.corpusBytes("folkerkinzel-vcards/v2_1.vcf")).first)
    #expect(contact.contactRelations.map { "\($0.label ?? "")=\($0.value)" } == ["spouse=Partner"])
    #expect(contact.dates.map { "\($0.label ?? "")=\($0.value.description)" } == ["anniversary=2000-12-24"])
  }

  @Test("Evolution: spouse, manager, assistant, anniversary, blog and video URLs, IM services", .sharedCorpus)
  func evolution() throws {
    let contacts = loadContacts(try SharedFiles.corpusBytes("syncevolution/eds_contact.vcf"))
    let john = try #require(contacts.first { $0.displayName == "John Doe" })
    #expect(john.contactRelations.map(\.value) == ["John Doe Senior", "John Doe Junior", "Joan Doe"])
    #expect(john.contactRelations.map(\.label) == ["manager", "assistant", "spouse"])
    #expect(john.dates.map(\.value.description) == ["2006-01-09"])
    #expect(john.dates.map(\.label) == ["anniversary"])
    #expect(john.urlAddresses.filter { $0.label == "blog" }.map(\.value) == ["web log"])
    #expect(john.urlAddresses.filter { $0.label == "video" }.map(\.value) == ["chat"])
    let services = john.instantMessageAddresses.map(\.value.service)
    #expect(services.contains("groupwise") && services.contains("sip") && services.contains("AIM"))
    // An empty vendor line gives no value.
    #expect(contacts.filter { $0.displayName == "Umlaut Ä Ö Ü ß" }.allSatisfy { $0.contactRelations.isEmpty })
  }

  @Test("KAddressBook: X-KADDRESSBOOK-X-SpousesName, -ManagersName, -AssistantsName, -Anniversary, -IMAddress", .sharedCorpus)
  func kaddressbook() throws {
    let contact = try #require(loadContacts(try SharedFiles.corpusBytes("kcontacts/vcard5.vcf")).first)
    #expect(Set(contact.contactRelations.map { "\($0.label ?? "")=\($0.value)" }) == [
      "assistant=Mr. Smithers", "manager=Mr. Burnes", "spouse=femal clown",
    ])
    #expect(contact.dates.map(\.value.description) == ["1982-07-07"])
    #expect(contact.instantMessageAddresses.map(\.value.username) == ["122334455"])
  }

  @Test("KAddressBook's X-messaging/<service>-All lines are IM addresses of that service", .sharedCorpus)
  func kdeMessaging() throws {
    let file = "ical4j-vcard/vcard-antoni-kontact.vcf"
    let contact = try #require(loadContacts(try SharedFiles.corpusBytes(file)).first)
    #expect(contact.instantMessageAddresses.map { "\($0.value.service):\($0.value.username)" } == [
      ":antoni@kde-jabber.org", "GaduGadu:452342", "Skype:antoni-kde-skype", "Jabber:antoni-kde@kde-jabber.org",
    ])
    #expect(contact.urlAddresses.filter { $0.label == "blog" }.map(\.value) == ["http://antoni-kde.blog.com"])
    #expect(contact.contactRelations.map(\.label) == ["assistant", "manager"])
  }

  @Test("rcmcarddav: an iOS card's X-AIM/X-ICQ/… give the same services as its IMPP;X-SERVICE-TYPE lines", .sharedCorpus)
  func servicesAsApple() throws {
    for file in ["rcmcarddav/IM-iOS.vcf", "rcmcarddav/IM-GoogleContacts.vcf"] {
      let contact = try #require(loadContacts(try SharedFiles.corpusBytes(file)).first)
      var byService: [String: [String]] = [:]
      for im in contact.instantMessageAddresses { byService[im.value.service, default: []].append(im.value.username) }
      let iOS = file.contains("iOS")
      // iOS writes X-AIM and an IMPP for the same address: one account, listed once
      // (the app-display expectation of expectations.jsonl).
      #expect(byService["AIM"] == ["aim@example.com"], "\(file)")
      #expect(byService["ICQ"] == (iOS ? ["18383828"] : ["12345"]), "\(file)")
      #expect(byService["Jabber"]?.first == "jabber@example.com", "\(file)")
      #expect(byService["GoogleTalk"] == ["gtalk@example.com"], "\(file)")
      #expect(byService.keys.allSatisfy { $0 == $0.trimmingCharacters(in: .whitespaces) && !$0.isEmpty })
    }
  }

  @Test("an account Apple writes twice (IMPP and X-JABBER) is one; edited or removed, both lines change")
  func appleRepeatedAccount() throws {
    let card =
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nN:Lee;Ann;;;\r\nitem1.IMPP;X-SERVICE-TYPE=Jabber;type=pref:xmpp:ann@jabber.example\r\n"
      + "item1.X-ABLabel:_$!<Home>!$_\r\nX-JABBER;type=HOME;type=pref:ann@jabber.example\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    #expect(original.instantMessageAddresses.map(\.value.username) == ["ann@jabber.example"])
    var edited = original
    edited.instantMessageAddresses[0].value.username = "ann@xmpp.example"
    let written = physicalLines(VCardWriter.write(edited, original: original))
    #expect(written.contains("X-JABBER;type=HOME;type=pref:ann@xmpp.example"), "\(written)")
    #expect(written.contains("item1.IMPP;X-SERVICE-TYPE=Jabber;type=pref:xmpp:ann@xmpp.example"), "\(written)")
    #expect(loadContacts(written.joined(separator: "\r\n")).first?.instantMessageAddresses.map(\.value.username) == ["ann@xmpp.example"])
    // Another service: the old spelling would say the old one.
    var moved = original
    moved.instantMessageAddresses[0].value.service = "Skype"
    let movedLines = physicalLines(VCardWriter.write(moved, original: original))
    #expect(!movedLines.contains { $0.hasPrefix("X-JABBER") }, "\(movedLines)")
    #expect(movedLines.contains { $0.hasPrefix("item1.IMPP;X-SERVICE-TYPE=Skype;type=pref:") }, "\(movedLines)")
    #expect(loadContacts(movedLines.joined(separator: "\r\n")).first?.instantMessageAddresses.map(\.value.service) == ["Skype"])
    var removed = original
    removed.instantMessageAddresses.removeAll()
    let gone = physicalLines(VCardWriter.write(removed, original: original))
    #expect(!gone.contains { $0.contains("IMPP") || $0.hasPrefix("X-JABBER") }, "\(gone)")
  }

  @Test("a new service with a ';' or ':' in its name is written in the IMPP line's X-SERVICE-TYPE quoted, and read back whole")
  func serviceTypeQuoted() throws {
    let card =
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nN:Lee;Ann;;;\r\nIMPP;x-service-type=Jabber;type=HOME:xmpp:ann@jabber.example\r\n"
      + "END:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    var moved = original
    moved.instantMessageAddresses[0].value.service = "Team;Chat: Work"
    let lines = physicalLines(VCardWriter.write(moved, original: original))
    #expect(lines.contains { $0.hasPrefix("IMPP;x-service-type=\"Team;Chat: Work\";type=HOME:") }, "\(lines)")
    let read = loadContacts(lines.joined(separator: "\r\n")).first?.instantMessageAddresses.map(\.value.service)
    #expect(read == ["Team;Chat: Work"], "\(lines)")
  }

  @Test("an edited vendor value keeps the line's name and date form; a new label writes it anew")
  func vendorEditsKeepSpelling() throws {
    let card = """
      BEGIN:VCARD
      VERSION:3.0
      FN:Joan Doe
      X-EVOLUTION-SPOUSE:John Doe
      X-MS-ANNIVERSARY:20120801
      X-EVOLUTION-MANAGER:Ann Boss
      END:VCARD

      """
    let original = try #require(loadContacts(card).first)
    var edited = original
    edited.contactRelations[0].value = "Jon Doe"
    edited.dates[0].value = ContactDate(year: 2012, month: 8, day: 2)
    edited.contactRelations[1].label = "friend"
    let lines = logicalLines(VCardWriter.write(edited, original: original))
    #expect(lines.contains("X-EVOLUTION-SPOUSE:Jon Doe"))
    #expect(lines.contains("X-MS-ANNIVERSARY:20120802"))
    #expect(!lines.contains("X-EVOLUTION-MANAGER:Ann Boss"))
    let reread = try #require(loadContacts(lines.joined(separator: "\r\n") + "\r\n").first)
    #expect(reread.contactRelations.map { "\($0.label ?? "")=\($0.value)" } == ["spouse=Jon Doe", "friend=Ann Boss"])
  }

  @Test("every vendor name of the table is a known property name of its kind")
  func tableNames() {
    for entry in VendorProperties.table {
      #expect(PropertyKind(entry.name.description) == entry.kind, "\(entry.name)")
      #expect(PropertyKind.names(of: entry.kind).contains(entry.name.description))
    }
  }
}
