import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores

/// Deleting a contact (`SaveRequest.delete`, issue 21 item 1): the card's bytes cut
/// out and every other byte kept, a file changed since it was read refused, and the
/// group cards that list the person losing that one `MEMBER` line.
@Suite("saving: delete a contact")
struct DeleteContactTests {
  static let ada = "BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\nFN:Ada Lovelace\n"
    + "N:Lovelace;Ada;;;\nEMAIL:ada@example.org\nEND:VCARD\n"
  static let grace = "BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:0a1b2c3d-0000-4000-8000-0000000grace\nFN:Grace Hopper\n"
    + "X-ODD;x-kept=yes:  spaces kept  \nEND:VCARD\n"
  /// A vCard 4.0 group listing Ada (by her whole URN, folded) and Grace.
  static let team = "BEGIN:VCARD\nVERSION:4.0\nKIND:group\nFN:Team\nUID:team-1\n"
    + "MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-0000000\n grace\nMEMBER:urn:uuid:0A1B2C3D-0000-4000-8000-00000000\n ADA0\n"
    + "REV:20240101T000000Z\nEND:VCARD\n"
  /// Apple's group card (vCard 3.0) listing Ada.
  static let appleGroup = "BEGIN:VCARD\r\nVERSION:3.0\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nFN:Choir\r\nUID:choir-1\r\n"
    + "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\nEND:VCARD\r\n"

  @Test("deleting a card in the middle of a .vcf cuts out its lines and its group MEMBER line; every other byte stays")
  func middleOfFile() throws {
    let folder = try TempFolder("delete-vcf")
    defer { folder.remove() }
    let before = "junk before the cards\n" + Self.grace + Self.ada + Self.team + "trailing comment\n"
    let file = try folder.write("all.vcf", Array(before.utf8))
    let store = VCardFileStore(path: file)
    let load = try store.load()
    #expect(load.contacts.first { $0.displayName == "Ada Lovelace" }?.groups == ["Team"])
    let ada = try #require(load.contacts.first { $0.displayName == "Ada Lovelace" })
    var request = SaveRequest()
    request.delete(ada)
    #expect(try store.execute(request).isEmpty)
    let memberLine = "MEMBER:urn:uuid:0A1B2C3D-0000-4000-8000-00000000\n ADA0\n"
    let expected = before.replacingOccurrences(of: Self.ada, with: "").replacingOccurrences(of: memberLine, with: "")
    #expect(Bytes.text(file) == expected)
    let after = try store.load()
    #expect(after.contacts.map(\.displayName) == ["Grace Hopper"])
    #expect(after.groupCards.map(\.members) == [["0a1b2c3d-0000-4000-8000-0000000grace"]])
  }

  @Test("a card changed on disk since it was read is not deleted; the message says to reload")
  func staleCopyRefused() throws {
    let folder = try TempFolder("delete-stale")
    defer { folder.remove() }
    let file = try folder.write("all.vcf", Array((Self.grace + Self.ada).utf8))
    let store = VCardFileStore(path: file)
    let ada = try #require(try store.load().contacts.first { $0.displayName == "Ada Lovelace" })
    let changed = Self.grace + Self.ada.replacingOccurrences(of: "EMAIL:ada@example.org", with: "EMAIL:ada@new.example")
    try folder.write("all.vcf", Array(changed.utf8))
    var request = SaveRequest()
    request.delete(ada)
    let error = #expect(throws: ContactStoreError.self) { try store.execute(request) }
    #expect(error?.kind == .conflict)
    #expect(error?.reason.contains("Ada Lovelace was changed by another program since it was loaded; it was not deleted") == true)
    #expect(Bytes.text(file) == changed)
  }

  @Test("deleting from a vdir removes the file and the MEMBER lines of group files (vCard 4.0 and Apple's)")
  func vdirWithGroupFiles() throws {
    let folder = try TempFolder("delete-vdir")
    defer { folder.remove() }
    try folder.write("book/ada.vcf", Array(Self.ada.utf8))
    try folder.write("book/grace.vcf", Array(Self.grace.utf8))
    let teamFile = try folder.write("book/team.vcf", Array(Self.team.utf8))
    let choirFile = try folder.write("book/sub/choir.vcf", Array(Self.appleGroup.utf8))
    let store = VdirStore(path: folder.file("book"))
    let ada = try #require(try store.load().contacts.first { $0.displayName == "Ada Lovelace" })
    #expect(Set(ada.groups) == ["Team", "Choir"])
    var request = SaveRequest()
    request.delete(ada)
    _ = try store.execute(request)
    #expect(folder.names("book").sorted() == ["grace.vcf", "sub", "team.vcf"])
    #expect(Bytes.text(teamFile) == Self.team.replacingOccurrences(of: "MEMBER:urn:uuid:0A1B2C3D-0000-4000-8000-00000000\n ADA0\n", with: ""))
    #expect(
      Bytes.text(choirFile)
        == Self.appleGroup.replacingOccurrences(
          of: "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\n", with: ""))
    #expect(try store.load().contacts.map(\.groups) == [["Team"]])  // Grace stays in the team
  }

  @Test("deleting one of two copies of a contact (one UID, case 10) leaves the group cards as they were: the copy stays a member")
  func copyKeepsGroups() throws {
    let folder = try TempFolder("delete-copy")
    defer { folder.remove() }
    let copy = Self.ada.replacingOccurrences(of: "EMAIL:ada@example.org\n", with: "EMAIL:ada@example.org\nTEL:+1 555 0139\n")
    // A vdir: the copy in a file of its own.
    try folder.write("book/ada.vcf", Array(Self.ada.utf8))
    try folder.write("book/ada-copy.vcf", Array(copy.utf8))
    let teamFile = try folder.write("book/team.vcf", Array(Self.team.utf8))
    let store = VdirStore(path: folder.file("book"))
    let first = try #require(try store.load().contacts.first { $0.source.hasSuffix("/ada.vcf") })
    var request = SaveRequest()
    request.delete(first)
    _ = try store.execute(request)
    #expect(folder.names("book").sorted() == ["ada-copy.vcf", "team.vcf"])
    #expect(Bytes.text(teamFile) == Self.team)
    #expect(try store.load().contacts.filter { $0.displayName == "Ada Lovelace" }.map(\.groups) == [["Team"]])
    // A .vcf: both copies in the file with the group card.
    let before = Self.ada + copy + Self.team
    let file = try folder.write("all.vcf", Array(before.utf8))
    let fileStore = VCardFileStore(path: file)
    let second = try #require(try fileStore.load().contacts.last { $0.displayName == "Ada Lovelace" })
    var again = SaveRequest()
    again.delete(second)
    _ = try fileStore.execute(again)
    #expect(Bytes.text(file) == Self.ada + Self.team)
    #expect(try fileStore.load().contacts.map(\.groups) == [["Team"]])
  }

  @Test("a damaged group file is left byte for byte; the contact is deleted all the same")
  func damagedGroupFileKept() throws {
    let folder = try TempFolder("delete-damaged-group")
    defer { folder.remove() }
    try folder.write("book/ada.vcf", Array(Self.ada.utf8))
    let damaged = Self.team.replacingOccurrences(of: "END:VCARD\n", with: "")
    let teamFile = try folder.write("book/team.vcf", Array(damaged.utf8))
    let store = VdirStore(path: folder.file("book"))
    let ada = try #require(try store.load().contacts.first { $0.displayName == "Ada Lovelace" })
    var request = SaveRequest()
    request.delete(ada)
    _ = try store.execute(request)
    #expect(folder.names("book") == ["team.vcf"])
    #expect(Bytes.text(teamFile) == damaged)
  }

  @Test("a file that only mentions the UID elsewhere (a RELATED line) is left byte for byte")
  func relationKept() throws {
    let folder = try TempFolder("delete-related")
    defer { folder.remove() }
    try folder.write("book/ada.vcf", Array(Self.ada.utf8))
    let friend = "BEGIN:VCARD\nVERSION:4.0\nUID:friend\nFN:Friend\n"
      + "RELATED;TYPE=friend:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\nEND:VCARD\n"
    let friendFile = try folder.write("book/friend.vcf", Array(friend.utf8))
    let status = try #require(try FileSystem.status(friendFile))
    let store = VdirStore(path: folder.file("book"))
    let ada = try #require(try store.load().contacts.first { $0.displayName == "Ada Lovelace" })
    var request = SaveRequest()
    request.delete(ada)
    _ = try store.execute(request)
    #expect(Bytes.text(friendFile) == friend)
    #expect(try FileSystem.status(friendFile)?.inode == status.inode)  // not rewritten
  }
}
