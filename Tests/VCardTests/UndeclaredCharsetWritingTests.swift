import ContactKit
import CpickSupport
import Foundation
import Testing

@testable import VCard

/// A card in a legacy charset that names none, edited: the lines written are in the
/// charset the card was read in, not UTF-8 beside it; a character that charset has
/// no bytes for is written in UTF-8 and declared so.
@Suite("Writing back a card in an undeclared legacy charset")
struct UndeclaredCharsetWritingTests {
  static let options = VCardWriter.Options(revision: Date(timeIntervalSince1970: 0))

  /// A 3.0 card in Latin-1 (Windows-1252): `René Müller`, a note `Café`.
  static let latin1: [UInt8] =
    Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ren\u{E9} M\u{FC}ller\r\nN:M\u{FC}ller;Ren\u{E9};;;\r\nNOTE:Caf\u{E9}\r\nEND:VCARD\r\n".unicodeScalars.map { UInt8($0.value) })

  /// The Latin-1 card with `change` made, as written back, and the contact edited.
  static func writtenLatin1(_ change: (inout Contact) -> Void) throws -> (written: [UInt8], edited: Contact) {
    try written(latin1, change)
  }

  /// The card of `bytes` with `change` made, as written back, and the contact edited.
  static func written(_ bytes: [UInt8], _ change: (inout Contact) -> Void) throws -> (written: [UInt8], edited: Contact) {
    let original = try #require(loadContacts(bytes).first)
    var edited = original
    change(&edited)
    return (VCardWriter.writeBytes(edited, original: original, options: options), edited)
  }

  /// Text with the bytes of each scalar below 256 as one byte (Latin-1), for comparing.
  static func latin1Bytes(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8($0.value) } }

  @Test("edited and new values are written in Latin-1; the lines not edited stay byte for byte")
  func latin1Edits() throws {
    let original = try #require(loadContacts(Self.latin1).first)
    #expect(original.displayName == "René Müller" && original.note == "Café")
    var edited = original
    edited.note = "Crème brûlée"
    edited.jobTitle = "Señor"
    let written = VCardWriter.writeBytes(edited, original: original, options: Self.options)
    #expect(written.containsSequence(Self.latin1Bytes("\r\nNOTE:Cr\u{E8}me br\u{FB}l\u{E9}e\r\n")))
    #expect(written.containsSequence(Self.latin1Bytes("\r\nTITLE:Se\u{F1}or\r\n")))
    #expect(written.containsSequence(Self.latin1Bytes("FN:Ren\u{E9} M\u{FC}ller\r\nN:M\u{FC}ller;Ren\u{E9};;;\r\n")))
    #expect(String(validating: written, as: UTF8.self) == nil, "no UTF-8 line beside the Latin-1 ones")
    let again = try #require(loadContacts(written).first)
    #expect(again.displayName == "René Müller" && again.note == "Crème brûlée" && again.jobTitle == "Señor")
  }

  @Test("a character Latin-1 has no bytes for: its line in UTF-8, declared CHARSET=UTF-8; read back the same")
  func beyondTheCharset() throws {
    let (written, _) = try Self.writtenLatin1 {
      $0.nickname = "小明"
      $0.note = "Café au lait"
    }
    #expect(written.containsSequence(Array("NICKNAME;CHARSET=UTF-8:小明\r\n".utf8)))
    #expect(written.containsSequence(Self.latin1Bytes("\r\nNOTE:Caf\u{E9} au lait\r\n")))
    let again = try #require(loadContacts(written).first)
    #expect(again.nickname == "小明" && again.note == "Café au lait" && again.displayName == "René Müller")
  }

  @Test("Windows-1252 text that would read back as broken UTF-8 (é then ’) is written in UTF-8, declared so")
  func ambiguousBytes() throws {
    let (written, _) = try Self.writtenLatin1 { $0.note = "Caf\u{E9}\u{2019}s 5\u{20AC}" }
    #expect(written.containsSequence(Array("\r\nNOTE;CHARSET=UTF-8:Café’s 5€\r\n".utf8)))
    #expect(try #require(loadContacts(written).first).note == "Café’s 5€")
  }

  @Test("a line given CHARSET=UTF-8 is folded again: no physical line over 75 octets")
  func declaredAndFolded() throws {
    let (written, edited) = try Self.writtenLatin1 {
      $0.note = "Łódź Bäckerei und Konditorei Gesellschaft mit beschränkter Haftung und Co KG"
    }
    let lines = written.split(separator: 0x0A).map { $0.last == 0x0D ? $0.dropLast() : $0 }
    #expect(lines.allSatisfy { $0.count <= 75 }, "\(lines.map(\.count))")
    #expect(written.containsSequence(Array("NOTE;CHARSET=UTF-8:Łódź".utf8)))
    #expect(try #require(loadContacts(written).first).note == edited.note)
  }

  @Test("a Shift_JIS card whose names are kanji alone: read as Shift_JIS, its new kana and kanji written in it")
  func shiftJISWithKanjiOnly() throws {
    // N and FN 山田 太郎 (kanji alone), NOTE メモです (kana), in Shift_JIS.
    let sjis: [String: [UInt8]] = [
      "山田": [0x8E, 0x52, 0x93, 0x63], "太郎": [0x91, 0xBE, 0x98, 0x59], "メモです": [0x83, 0x81, 0x83, 0x82, 0x82, 0xC5, 0x82, 0xB7],
    ]
    let card =
      Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:".utf8) + sjis["山田"]! + [0x3B] + sjis["太郎"]! + Array(";;;\r\nFN:".utf8)
      + sjis["山田"]! + [0x20] + sjis["太郎"]! + Array("\r\nNOTE:".utf8) + sjis["メモです"]! + Array("\r\nEND:VCARD\r\n".utf8)
    let original = try #require(loadContacts(card).first)
    #expect(original.note == "メモです")
    #expect(original.familyName == "山田" && original.givenName == "太郎" && original.formattedName == "山田 太郎")
    var edited = original
    edited.note = "メモです追加"
    edited.jobTitle = "部長"
    let written = VCardWriter.writeBytes(edited, original: original, options: Self.options)
    #expect(written.containsSequence(Array("\r\nNOTE:".utf8) + sjis["メモです"]! + [0x92, 0xC7, 0x89, 0xC1, 0x0D, 0x0A]))
    #expect(written.containsSequence(Array("\r\nTITLE:".utf8) + [0x95, 0x94, 0x92, 0xB7, 0x0D, 0x0A]))
    let again = try #require(loadContacts(written).first)
    #expect(again.note == "メモです追加" && again.jobTitle == "部長" && again.formattedName == "山田 太郎")
  }

  @Test("a card in Shift_JIS gets its new kana in Shift_JIS")
  func shiftJIS() throws {
    // FN 佐藤 さくら in Shift_JIS.
    let card =
      Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:".utf8) + [0x8D, 0xB2, 0x93, 0xA1, 0x20, 0x82, 0xB3, 0x82, 0xAD, 0x82, 0xE7]
      + Array("\r\nEND:VCARD\r\n".utf8)
    #expect(try #require(loadContacts(card).first).displayName == "佐藤 さくら")
    let (written, _) = try Self.written(card) { $0.note = "さくら" }
    #expect(written.containsSequence(Array("\r\nNOTE:".utf8) + [0x82, 0xB3, 0x82, 0xAD, 0x82, 0xE7] + Array("\r\n".utf8)))
    #expect(try #require(loadContacts(written).first).note == "さくら")
  }

  @Test("a card that names a legacy charset on its lines: a new line in UTF-8 names its charset too")
  func namedCharsetCard() throws {
    let card = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN;CHARSET=ISO-8859-2:".utf8) + [0xA3, 0x75, 0x6B, 0x61, 0x73, 0x7A]
      + Array("\r\nEND:VCARD\r\n".utf8)
    #expect(try #require(loadContacts(card).first).displayName == "Łukasz")
    let (written, _) = try Self.written(card) { $0.note = "ń" }
    #expect(written.containsSequence(Array("\r\nNOTE;CHARSET=UTF-8:ń\r\n".utf8)))
    #expect(try #require(loadContacts(written).first).note == "ń")
  }

  @Test("a card in UTF-8 is written in UTF-8, without CHARSET")
  func utf8Stays() throws {
    let original = try #require(loadContacts("BEGIN:VCARD\nVERSION:3.0\nFN:René Müller\nEND:VCARD\n").first)
    var edited = original
    edited.note = "Crème brûlée"
    let written = VCardWriter.writeBytes(edited, original: original, options: Self.options)
    #expect(written.containsSequence(Array("\r\nNOTE:Crème brûlée\r\n".utf8)))
    #expect(String(validating: written, as: UTF8.self) != nil)
  }

  @Test("the charset the reader used is the one told for writing", arguments: [
    ([0x5A, 0x6F, 0xEB], "WINDOWS-1252"), ([0xCD, 0xF5, 0xD0, 0xA1, 0xC3, 0xF7], "GB18030"),
    (Array("Zoë".utf8), nil),
  ] as [([UInt8], String?)])
  func charsetTold(bytes: [UInt8], charset: String?) {
    #expect(CharsetDecoder.undeclaredCharset(bytes) == charset)
  }
}

extension Array where Element == UInt8 {
  /// Whether `sequence` occurs in these bytes.
  fileprivate func containsSequence(_ sequence: [UInt8]) -> Bool {
    guard !sequence.isEmpty, sequence.count <= count else { return false }
    return indices.dropLast(sequence.count - 1).contains { self[$0..<($0 + sequence.count)].elementsEqual(sequence) }
  }
}
