import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing

/// The address-book cases of `../shared/cases`, copied into `Tests/Fixtures/cases`.
@Suite("shared cases: address books")
struct SharedCaseTests {
  @Test("a card without END:VCARD mid-file loses nobody and mixes nothing, with a warning (case 09)")
  func unterminatedCardMidFile() throws {
    let url = SharedFiles.cases.appendingPathComponent(
      "09-unterminated-card-mid-file/three-cards-middle-unterminated.vcf")
    let load = try VCardFileStore(path: url.path).load()
    #expect(load.contacts.map(\.displayName) == ["Alder Finch", "Birch Nolan", "Cobb Ruelle"])
    guard load.contacts.count == 3 else { return }
    let birch = load.contacts[1]
    let cobb = load.contacts[2]
    #expect(birch.emailAddresses.map(\.value) == ["birch.nolan@copperfield.example"])
    #expect(birch.phoneNumbers.map(\.value) == ["+1 555 0122"])
    #expect(cobb.emailAddresses.map(\.value) == ["cobb.ruelle@copperfield.example"])
    #expect(cobb.phoneNumbers.isEmpty)
    // One warning, where the missing END:VCARD shows: not a second one claiming the
    // file ends inside the card that began on line 7.
    #expect(load.warnings.count == 1)
    #expect(load.warnings.allSatisfy { $0.hasPrefix(url.path + ":13: ") && $0.contains("missing END:VCARD") })
  }

  @Test("a file that ends inside a card keeps the card, with a warning (case 09, EOF)")
  func unterminatedCardAtEnd() throws {
    let url = SharedFiles.cases.appendingPathComponent(
      "09-unterminated-card-mid-file/three-cards-middle-unterminated.vcf")
    let text = try String(contentsOf: url, encoding: .utf8)
    let truncated = text.replacingOccurrences(of: "EMAIL:cobb.ruelle@copperfield.example\r\nEND:VCARD\r\n", with: "EMAIL:cobb.ruelle@copperfield.example\r\n")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-case09-\(UUID()).vcf")
    try Data(truncated.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let load = try VCardFileStore(path: file.path).load()
    #expect(load.contacts.map(\.displayName) == ["Alder Finch", "Birch Nolan", "Cobb Ruelle"])
    #expect(load.warnings.contains { $0.contains("ends inside the card") })
  }

  @Test("the same UID in two vdir books lists both cards, each with its own data and source (case 10)")
  func duplicateUIDAcrossBooks() throws {
    let root = SharedFiles.cases.appendingPathComponent("10-duplicate-uid-across-books")
    let personal = root.appendingPathComponent("book-personal").path
    let phone = root.appendingPathComponent("book-phone").path
    var load = try VdirStore(path: personal).load()
    load.append(try VdirStore(path: phone).load())
    #expect(load.contacts.map(\.displayName) == ["Marisol Quint", "Marisol Quint", "Tomos Abara"])
    guard load.contacts.count == 3 else { return }
    let (fromPersonal, fromPhone) = (load.contacts[0], load.contacts[1])
    #expect(fromPersonal.source == personal + "/3f9d6a2e-8c41-4b7f-a2d5-61e0c9b4f7aa.vcf")
    #expect(fromPhone.source == phone + "/3f9d6a2e-8c41-4b7f-a2d5-61e0c9b4f7aa.vcf")
    #expect(fromPersonal.identifier == fromPhone.identifier)
    #expect(!fromPersonal.emailAddresses.map(\.value).contains("m.quint@orchardlabs.example"))
    #expect(!fromPersonal.phoneNumbers.map(\.value).contains("+1 555 0139"))
    #expect(fromPhone.emailAddresses.map(\.value).contains("m.quint@orchardlabs.example"))
    #expect(fromPhone.phoneNumbers.map(\.value).contains("+1 555 0139"))
    #expect(load.warnings.isEmpty)
  }

  @Test("the same UID twice in one book lists both files (case 10, one book)")
  func duplicateUIDInOneBook() throws {
    let root = SharedFiles.cases.appendingPathComponent("10-duplicate-uid-across-books")
    let book = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-case10-\(UUID())")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: book) }
    let name = "3f9d6a2e-8c41-4b7f-a2d5-61e0c9b4f7aa.vcf"
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("book-personal/" + name), to: book.appendingPathComponent("a.vcf"))
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("book-phone/" + name), to: book.appendingPathComponent("b.vcf"))
    let load = try VdirStore(path: book.path).load()
    #expect(load.contacts.map(\.source) == [book.path + "/a.vcf", book.path + "/b.vcf"])
  }
}

extension SharedCaseTests {
  @Test("a folder of vdir books reads every book, the same UID in each (case 10, parent folder)")
  func folderOfBooks() throws {
    let root = SharedFiles.cases.appendingPathComponent("10-duplicate-uid-across-books")
    let load = try VdirStore(path: root.path).load()
    #expect(load.contacts.map(\.displayName) == ["Marisol Quint", "Marisol Quint", "Tomos Abara"])
    #expect(Set(load.contacts.map(\.source)).count == 3)
  }
}
