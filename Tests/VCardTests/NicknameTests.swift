import ContactKit
import Testing

@testable import VCard

/// `NICKNAME` is a list (RFC 6350 §6.2.3) and may be repeated: the first item is the
/// nickname (CNContact keeps one), the others are kept, searched and written back.
@Suite("Nicknames")
struct NicknameTests {
  static let card = """
    BEGIN:VCARD
    VERSION:3.0
    FN:Wilhelmina Prax
    N:Prax;Wilhelmina;;;
    NICKNAME:Willa,Mina,Willa
    NICKNAME;TYPE=work:Boss\\, the
    NICKNAME:
    END:VCARD

    """

  @Test("the first item is the nickname; the other items and lines, once each and in order, are the other nicknames")
  func listAndLines() throws {
    let contact = try #require(loadContacts(Self.card).first)
    #expect(contact.nickname == "Willa")
    #expect(contact.otherNicknames == ["Mina", "Boss, the"])
  }

  @Test("an edit of the nickname keeps the other items and lines; a new card writes them all in one list")
  func writtenBack() throws {
    let original = try #require(loadContacts(Self.card).first)
    var edited = original
    edited.nickname = "Wil"
    let lines = VCardWriter.write(edited, original: original).components(separatedBy: "\r\n")
    #expect(lines.contains("NICKNAME:Wil,Mina,Willa"))
    #expect(lines.contains("NICKNAME;TYPE=work:Boss\\, the"))
    let reread = try #require(loadContacts(lines.joined(separator: "\r\n"), crlf: false).first)
    #expect(reread.nickname == "Wil")
    #expect(reread.otherNicknames == ["Mina", "Willa", "Boss, the"])
    var fresh = original
    fresh.sourceRecord = nil
    let new = VCardWriter.write(fresh, options: VCardWriter.Options(version: .v40, revision: nil))
    #expect(new.contains("NICKNAME:Willa,Mina,Boss\\, the\r\n"))
    #expect(loadContacts(new, crlf: false).first?.otherNicknames == ["Mina", "Boss, the"])
  }
}
