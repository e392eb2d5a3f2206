import CpickSupport
import Foundation
import Testing

@testable import VCard

@Suite("A file in a legacy charset that names none")
struct UndeclaredCharsetTests {
  /// The FN of a 2.1 card whose name is written in `bytes`, no CHARSET anywhere.
  func name(_ bytes: [UInt8]) -> String? {
    let card = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:".utf8) + bytes + Array("\r\nEND:VCARD\r\n".utf8)
    return VCardReader.read(card).cards.first?.first("FN").map { ValueDecoder.unescape($0.value) }
  }

  @Test(
    "old phones' charsets are recognised by what they decode to, Latin text is not mistaken for them",
    arguments: [
      ([0x8D, 0xB2, 0x93, 0xA1, 0x20, 0x82, 0xB3, 0x82, 0xAD, 0x82, 0xE7], "佐藤 さくら"),  // Shift_JIS
      ([0xCD, 0xF5, 0xD0, 0xA1, 0xC3, 0xF7], "王小明"),  // GB18030 / GBK
      ([0x8E, 0x52, 0x93, 0x63, 0x20, 0x91, 0xBE, 0x98, 0x59], "山田 太郎"),  // Shift_JIS, kanji alone
      ([0xE0, 0x5F, 0xE7, 0xB2], "濱邊"),  // Shift_JIS, JIS level 2 (a trail byte below 0x80)
      ([0xD5, 0xC5, 0x88, 0xD2], "张堃"),  // GBK: GB2312 and an extension character
      ([0xB1, 0x69, 0xA4, 0x70, 0xA9, 0xFA], "張小明"),  // Big5
      ([0xB1, 0xE8, 0xB9, 0xCE, 0xC1, 0xD8], "김민준"),  // EUC-KR
      ([0x47, 0x72, 0xFC, 0x6E, 0x77, 0x61, 0x6C, 0x64], "Grünwald"),  // Windows-1252
      ([0x5A, 0x6F, 0xEB], "Zoë"),  // Latin-1
    ] as [([UInt8], String)])
  func guesses(bytes: [UInt8], expected: String) {
    #expect(name(bytes) == expected)
  }

  /// GB2312's first 25 rows of Han are EUC-KR's Hangul: a fifth of Chinese names read
  /// as nonsense Korean (`李娜` as `쟀컹`) unless told by what each reading looks like.
  @Test("Chinese names in GB2312 that EUC-KR reads as Hangul are Chinese; Korean names stay Korean")
  func chineseOrKorean() throws {
    let chinese = [
      "李娜", "刘强", "陈静", "黄丽", "李明", "高超", "韩梅", "邓超", "刘德华", "李冰冰", "范冰冰", "胡歌", "爸爸", "妈妈", "小李",
    ]
    for name in chinese {
      let bytes = try #require(CharsetConverter.bytes(Array(name.utf8), in: "GB18030"))
      #expect(CharsetConverter.utf8(bytes, charset: "EUC-KR").map { String(decoding: $0, as: UTF8.self) } != nil)
      #expect(self.name(bytes) == name)
    }
    let korean = [
      "김민준", "이서연", "박지훈", "최수빈", "이순신", "김연아", "손흥민", "류현진", "송혜교", "전지현", "유재석",
      "황희찬", "한다솜", "정봄", "엄마", "아빠", "할머니", "삼성전자", "카카오", "서울특별시 강남구", "테헤란로",
    ]
    for name in korean {
      let bytes = try #require(CharsetConverter.bytes(Array(name.utf8), in: "EUC-KR"))
      #expect(self.name(bytes) == name)
    }
    // A structured name: the family name is its first letter.
    let card = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:".utf8) + (CharsetConverter.bytes(Array("李;娜;;;".utf8), in: "GB18030") ?? [])
      + Array("\r\nEND:VCARD\r\n".utf8)
    #expect(VCardReader.read(card).cards.first?.first("N")?.value == "李;娜;;;")
  }

  /// The FN of each card of a 2.1 file of `names` in `charset`, no CHARSET anywhere;
  /// quoted-printable when `quoted`.
  func names(_ names: [String], in charset: String, quoted: Bool = false) throws -> [String] {
    var file: [UInt8] = []
    for name in names {
      let bytes = try #require(CharsetConverter.bytes(Array(name.utf8), in: charset))
      let value = quoted ? Array(bytes.map { String(format: "=%02X", $0) }.joined().utf8) : bytes
      file += Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN\(quoted ? ";ENCODING=QUOTED-PRINTABLE" : ""):".utf8) + value
      file += Array("\r\nEND:VCARD\r\n".utf8)
    }
    return VCardReader.read(file).cards.compactMap { $0.first("FN").map { ValueDecoder.unescape($0.value) } }
  }

  /// A value alone may read as either (`영수` is `康荐` in GB2312, `林静` is `주쓰` in
  /// EUC-KR); a phone book's values together tell which its file is.
  @Test("a Korean phone book stays Korean and a Chinese one Chinese, whatever each name alone suggests")
  func wholeBooks() throws {
    // 첫째 and 탑 are valid UTF-8 too (`ù°`, `ž`), as are 郑伟 and 爷爷 (`֣ΰ`, `үү`).
    let korean = [
      "김민수", "영수", "말순", "해솔", "울엄마", "피자", "이지은", "영진 엄마", "서울특별시 강남구", "첫째", "탑", "엄마♥",
      "김민수 ㅋㅋ", "㈜삼성전자",
    ]
    #expect(try names(korean, in: "EUC-KR") == korean)
    #expect(try names(korean, in: "EUC-KR", quoted: true) == korean)
    let chinese = ["李娜", "林静", "何静", "傅芳", "大哥", "北京", "百度", "王芳", "张伟", "郑伟", "爷爷", "李娜★", "※王总"]
    #expect(try names(chinese, in: "GB18030") == chinese)
    #expect(try names(chinese, in: "GB18030", quoted: true) == chinese)
    // A UTF-8 book whose letters are such pairs of bytes stays UTF-8.
    let utf8 = ["вода", "Élodie", "é", "ΑΒΓ", "Ñandú"]
    let file = utf8.map { "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:\($0)\r\nEND:VCARD\r\n" }.joined()
    #expect(VCardReader.read(Array(file.utf8)).cards.compactMap { $0.first("FN")?.value } == utf8)
    // A file of one name: the name alone decides (see chineseOrKorean).
    #expect(try names(["李娜"], in: "GB18030") == ["李娜"])
    #expect(try names(["김민준"], in: "EUC-KR") == ["김민준"])
  }

  /// Found by the `vcard` fuzz target: a file with a legacy byte and a damaged base64
  /// value, whose check reads the value while the cards are put together — in the
  /// reading that tallies the file's values too, which then read the file again, and so
  /// on until the stack ran out.
  @Test("a legacy byte beside a damaged base64 value is read once, not again and again")
  func tallyReadsOnce() throws {
    let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fuzz/Seeds/vcard/legacy-byte-and-damaged-base64.vcf")
    let bytes = Array(try Data(contentsOf: seed))
    #expect(bytes.count == 52_796)
    let cards = VCardReader.read(bytes).cards
    // Every value read (the legacy one asks how the file's values read).
    let values = cards.flatMap(\.lines).map(\.value)
    #expect(cards.count == 1)
    #expect(values.count == cards.first?.lines.count)
    #expect(cards.first?.first("FN")?.value == "xxx")
    #expect(cards.first?.first("REV")?.value == "20240911T065241Z")
  }

  @Test("UTF-8 cut short at the end keeps the text and marks only the cut character")
  func cutShort() {
    #expect(name(Array("Ñandú".utf8).dropLast()) == "Ñand\u{FFFD}")
  }
}

@Suite("Quoted-printable writing")
struct QuotedPrintableWritingTests {
  @Test("a soft line break never splits the bytes of one UTF-8 character")
  func softBreaks() {
    var out: [UInt8] = []
    let value = Array(String(repeating: "Hénri Ñandú ", count: 12).utf8)
    VCardSerializer.appendQuotedPrintable(head: Array("NOTE;ENCODING=QUOTED-PRINTABLE:".utf8), value: value, to: &out, lineEnd: [13, 10])
    let lines = String(decoding: out, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.count > 2)
    for line in lines.dropLast() {
      // A line ending in "=C3=" (a lead byte, then the soft break) would split é.
      let body = line.hasSuffix("=") ? String(line.dropLast()) : line
      #expect(!body.hasSuffix("=C3"), "split character in \(line)")
      #expect(line.utf8.count <= 76)
    }
  }
}

@Suite("Windows-1252 and ISO-8859-1 without iconv")
struct SingleByteCharsetTests {
  @Test("every byte converts as glibc's iconv converts it", arguments: ["WINDOWS-1252", "ISO-8859-1"])
  func sameAsIconv(charset: String) {
    for byte in UInt8.min...UInt8.max {
      #expect(CharsetConverter.utf8([byte], charset: charset) == CharsetConverter.iconvUTF8([byte], name: charset), "\(byte)")
    }
    let text = Array("Gr".utf8) + [0xFC, 0x6E, 0x20, 0x80, 0x96, 0xE9]
    #expect(CharsetConverter.utf8(text, charset: charset) == CharsetConverter.iconvUTF8(text, name: charset))
  }

  @Test("Latin text that starts with an accented letter is still not taken for an East Asian charset")
  func leadingAccent() {
    // "Émile Ørsted" in Windows-1252: the first non-ASCII byte follows no letter.
    let bytes: [UInt8] = [0xC9, 0x6D, 0x69, 0x6C, 0x65, 0x20, 0xD8, 0x72, 0x73, 0x74, 0x65, 0x64]
    let card = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:".utf8) + bytes + Array("\r\nEND:VCARD\r\n".utf8)
    #expect(VCardReader.read(card).cards.first?.first("FN")?.value == "Émile Ørsted")
  }
}
