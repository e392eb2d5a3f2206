import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores

/// Cards without a UID that another program changes while cpick edits one of them.
@Suite("Saving UID-less cards safely")
struct TwinCardTests {
  let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:John Doe\r\nN:Doe;John;;;\r\nTITLE:Clerk\r\nTEL;TYPE=HOME:905-666-1234\r\nEND:VCARD\r\n"

  @Test("two identical cards: after the first is changed elsewhere, an edit of it is refused, never put in the twin")
  func twinsAreNeverConfused() throws {
    let folder = try TempFolder("twins")
    defer { folder.remove() }
    let path = try folder.write("twice.vcf", Array((card + card).utf8))
    let store = VCardFileStore(path: path)
    let loaded = try store.load().contacts
    #expect(loaded.count == 2)
    #expect(loaded.map { $0.sourceRecord?.twins } == [2, 2])
    var edited = loaded[0]
    edited.jobTitle = "Boss"
    // Another program changes the first card's phone.
    let external = (card.replacingOccurrences(of: "1234", with: "9999") + card)
    try Data(external.utf8).write(to: URL(fileURLWithPath: path))
    var request = SaveRequest()
    request.update(edited, original: loaded[0])
    #expect(throws: ContactStoreError.self) { try store.execute(request) }
    #expect(Bytes.text(path) == external)
    do {
      _ = try store.execute(request)
    } catch {
      #expect(error.kind == .conflict)
      #expect(error.reason.contains("no UID"))
    }
  }

  @Test("read in parts, twins in different parts ask for a second reading, which gives each its count as the whole read does")
  func twinsInParts() {
    let other = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Roe\r\nUID:u1\r\nEND:VCARD\r\n"
    let single = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Only Once\r\nEND:VCARD\r\n"
    let bytes = Array((card + other + single + card + card).utf8)
    let whole = VCardLoading.contacts(fromBytes: bytes, source: "t.vcf").contacts
    #expect(whole.map { $0.sourceRecord?.twins } == [3, 1, 1, 3, 3])
    var given = 0
    let first = VCardFileStore.loadInParts(bytes, source: "t.vcf", partSize: 100) { given += $0.contacts.count }
    guard case .again(let twins) = first else {
      Issue.record("read in parts at once: \(first)")
      return
    }
    #expect(twins.counts == [whole[0].identifier: 3])
    // The parts before the second twin (a card each: the first twin too, uncounted)
    // were given; none after.
    #expect(given == 3)
    var parts: [Contact] = []
    #expect(VCardFileStore.loadInParts(bytes, source: "t.vcf", partSize: 100, twins: twins) { parts += $0.contacts } == .done)
    #expect(parts == whole)
    // Twins not known from the first reading (the file changed since): read whole.
    #expect(VCardFileStore.loadInParts(bytes, source: "t.vcf", partSize: 100, twins: TwinCounts()) { _ in } == .whole)
  }

  @Test("two identical cards, nothing changed elsewhere: the edit goes to the card that was edited")
  func twinsInPlace() throws {
    let folder = try TempFolder("twins-ok")
    defer { folder.remove() }
    let path = try folder.write("twice.vcf", Array((card + card).utf8))
    let store = VCardFileStore(path: path)
    let loaded = try store.load().contacts
    var edited = loaded[1]
    edited.jobTitle = "Boss"
    var request = SaveRequest()
    request.update(edited, original: loaded[1])
    _ = try store.execute(request)
    let cards = Bytes.text(path).components(separatedBy: "END:VCARD\r\n")
    #expect(cards[0].contains("TITLE:Clerk"))
    #expect(cards[1].contains("TITLE:Boss"))
  }

  @Test("a single UID-less card changed elsewhere is refused with a message that says so")
  func changedSingle() throws {
    let folder = try TempFolder("single")
    defer { folder.remove() }
    let path = try folder.write("single.vcf", Array(card.utf8))
    let store = VCardFileStore(path: path)
    let loaded = try store.load().contacts[0]
    var edited = loaded
    edited.jobTitle = "Boss"
    let external = card.replacingOccurrences(of: "1234", with: "9999")
    try Data(external.utf8).write(to: URL(fileURLWithPath: path))
    var request = SaveRequest()
    request.update(edited, original: loaded)
    do {
      _ = try store.execute(request)
      Issue.record("the save should have been refused")
    } catch {
      #expect(error.reason.contains("changed or removed by another program"))
    }
    #expect(Bytes.text(path) == external)
  }
}
