import ContactKit
import CpickSupport
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// Case 04's kind (values of no declared charset): a file's values in a legacy charset
/// of a script — Cyrillic, Greek, Hebrew, Arabic, Thai, Central European, Turkish, or
/// Japanese in EUC-JP — read in that charset, told by the values together
/// (`LegacyCharsetVerdict`), not as Chinese or as Windows-1252.
@Suite("values of no declared charset in a script's legacy charset")
struct ScriptCharsetTests {
  /// One card of `family`, `given` (N and FN), and an ORG, in `charset`.
  static func card(
    _ family: String, _ given: String, organization: String, in charset: String, version: String = "2.1"
  ) throws -> [UInt8] {
    let text = "BEGIN:VCARD\r\nVERSION:\(version)\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\nORG:\(organization)\r\n"
      + "TEL;CELL:+1 555 0100\r\nEND:VCARD\r\n"
    return try #require(CharsetConverter.bytes(Array(text.utf8), in: charset), "\(charset) writes \(text)")
  }

  @Test(
    "one card's name and company read in their charset",
    arguments: [
      ("Петров", "Иван", "ООО Ромашка", "WINDOWS-1251"),
      ("Смирнова", "Ольга", "Газпром", "KOI8-R"),
      ("Παπαδόπουλος", "Γιώργος", "Εταιρεία", "WINDOWS-1253"),
      ("Νικολάου", "Ελένη", "Λογιστής", "ISO-8859-7"),
      ("כהן", "דוד", "לוי ובניו", "WINDOWS-1255"),
      ("علي", "أحمد", "شركة النور", "WINDOWS-1256"),
      ("ใจดี", "สมชาย", "บริษัท", "TIS-620"),
      ("Dvořák", "Jiří", "Škoda", "WINDOWS-1250"),
      ("Nováková", "Šárka", "Účetní", "ISO-8859-2"),
      ("Wąsik", "Łukasz", "Żabka", "WINDOWS-1250"),
      ("Yılmaz", "Ayşe", "Doğan Holding", "WINDOWS-1254"),
    ])
  func scripts(family: String, given: String, organization: String, charset: String) throws {
    let contact = try #require(loadContacts(try Self.card(family, given, organization: organization, in: charset)).first)
    #expect(contact.familyName == family)
    #expect(contact.givenName == given)
    #expect(contact.formattedName == "\(given) \(family)")
    #expect(contact.organizationName == organization)
  }

  @Test(
    "a short name alone in its file (a vdir's card): Hebrew is not read as Greek, Cyrillic not as Chinese; Greek and Chinese stay so",
    arguments: [
      ("כהן", "דוד", "WINDOWS-1255"), ("לוי", "שרה", "WINDOWS-1255"), ("Ли", "Ян", "WINDOWS-1251"),
      ("Ким", "Ольга", "WINDOWS-1251"), ("Ким", "Олег", "WINDOWS-1251"), ("Ли", "Ия", "KOI8-R"), ("כהן", "ז׳אק", "WINDOWS-1255"),
      ("Νίκος", "Γιώργος", "WINDOWS-1253"), ("ΤΖΕΛΑΤΗ", "ΤΑΤΙΑΝΑ", "WINDOWS-1253"), ("Κωνσταντίνου", "Άννα", "WINDOWS-1253"),
      ("Κωνσταντίνου", "Άννα", "ISO-8859-7"),
      ("ΦΩΤΙΟΥ", "ΑΝΝΑ", "ISO-8859-7"), ("王", "小明", "GB18030"), ("Ким", "Ольга", "IBM866"), ("Ли", "Ян", "IBM866"),
      ("김", "민수", "EUC-KR"),
    ])
  func shortNames(family: String, given: String, charset: String) throws {
    let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:\(family);\(given)\r\nFN:\(given) \(family)\r\nTEL;CELL:+972 50 000 0001\r\nEND:VCARD\r\n"
    let bytes = try #require(CharsetConverter.bytes(Array(text.utf8), in: charset))
    let contact = try #require(loadContacts(bytes).first)
    #expect(contact.formattedName == "\(given) \(family)")
    #expect(contact.familyName == family)
  }

  @Test("a few short Cyrillic names in one file, one a letter long (Бо Ю), are read in Windows-1251 or KOI8-R")
  func fewShortNames() throws {
    let names = [("Ли", "Ия"), ("Ю", "Бо"), ("Цой", "Ян"), ("Ким", "Олег")]
    for charset in ["WINDOWS-1251", "KOI8-R"] {
      let text = names.map { "BEGIN:VCARD\r\nVERSION:2.1\r\nN:\($0.0);\($0.1)\r\nFN:\($0.1) \($0.0)\r\nEND:VCARD\r\n" }.joined()
      let bytes = try #require(CharsetConverter.bytes(Array(text.utf8), in: charset))
      #expect(loadContacts(bytes).map(\.formattedName) == names.map { "\($0.1) \($0.0)" }, "\(charset)")
    }
  }

  @Test("Greek abbreviations without a vowel (Χρ., Στ., Δρ) are Greek; a lone Latin-1 letter beside Latin words is no Cyrillic name")
  func abbreviationsAndLoneLetters() throws {
    let greek = [("Παπαδόπουλος", "Χρ."), ("Νικολάου", "Στ."), ("Γεωργίου", "Δρ"), ("Ιωάννου", "Ελένη")]
    let text = greek.map { "BEGIN:VCARD\r\nVERSION:2.1\r\nN:\($0.0);\($0.1)\r\nFN:\($0.1) \($0.0)\r\nEND:VCARD\r\n" }.joined()
    let bytes = try #require(CharsetConverter.bytes(Array(text.utf8), in: "WINDOWS-1253"))
    #expect(loadContacts(bytes).map(\.formattedName) == greek.map { "\($0.1) \($0.0)" })
    for name in ["Conor Ó Briain", "Bo Ø", "à"] {
      let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:\(name)\r\nEND:VCARD\r\n"
      let latin1 = try #require(CharsetConverter.bytes(Array(card.utf8), in: "WINDOWS-1252"))
      #expect(loadContacts(latin1).first?.formattedName == name)
    }
  }

  @Test(
    "Western names stay Windows-1252, whatever uchardet guesses of a few bytes",
    arguments: [("Müller", "Jürgen"), ("Kjær", "Søren"), ("Lefèvre", "François"), ("Þórsson", "Ævar"), ("Peña", "Raúl")])
  func western(family: String, given: String) throws {
    let contact = try #require(loadContacts(try Self.card(family, given, organization: "Ångström AB", in: "WINDOWS-1252")).first)
    #expect(contact.formattedName == "\(given) \(family)")
    #expect(contact.organizationName == "Ångström AB")
  }

  @Test("an Outlook export in Windows-1251 reads whole: name, company, title, address")
  func outlook() throws {
    let bytes = Array(try Data(contentsOf: TestPaths.fixture("charsets/outlook-ru-cp1251.vcf")))
    let contact = try #require(loadContacts(bytes).first)
    #expect(contact.formattedName == "Иван Петров")
    #expect(contact.organizationName == "ООО Ромашка")
    #expect(contact.jobTitle == "Главный бухгалтер")
    #expect(contact.postalAddresses.first?.value.city == "Москва")
  }

  @Test("EUC-JP names told by the kana of some: the kanji-only ones too")
  func eucJP() throws {
    let bytes = Array(try Data(contentsOf: TestPaths.fixture("charsets/euc-jp-undeclared.vcf")))
    let names = loadContacts(bytes).map(\.formattedName)
    #expect(names.count == 22)
    #expect(names.prefix(6) == ["田中太郎", "山田花子", "鈴木一郎", "佐藤健", "高橋", "渡辺直美"])
    #expect(names.contains("やまだ はなこ") || names.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
  }

  @Test("Japanese names of kanji alone in EUC-JP, no kana in the file, are read so: a book of them, and one alone in its file; Chinese and Korean names stay so")
  func eucJPKanjiAlone() throws {
    let names = [("田中", "花子"), ("鈴木", "一郎"), ("佐藤", "健"), ("渡辺", "直美"), ("山本", "恵"), ("伊藤", "誠"), ("小林", "翔")]
    var book: [UInt8] = []
    for (family, given) in names {
      let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:\(family);\(given)\r\nFN:\(family)\(given)\r\nEND:VCARD\r\n"
      book += try #require(CharsetConverter.bytes(Array(text.utf8), in: "EUC-JP"))
    }
    #expect(loadContacts(book).map(\.formattedName) == names.map { $0.0 + $0.1 })
    for (family, given) in names {
      let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:\(family);\(given)\r\nFN:\(family)\(given)\r\nEND:VCARD\r\n"
      let one = try #require(CharsetConverter.bytes(Array(text.utf8), in: "EUC-JP"))
      #expect(loadContacts(one).first?.formattedName == family + given)
    }
    for (family, given, charset) in [("王", "小明", "GB18030"), ("李", "娜", "GB18030"), ("张", "伟", "GB18030"), ("김", "민수", "EUC-KR"), ("이", "영희", "EUC-KR")] {
      let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:\(family);\(given)\r\nFN:\(family)\(given)\r\nEND:VCARD\r\n"
      let one = try #require(CharsetConverter.bytes(Array(text.utf8), in: charset))
      #expect(loadContacts(one).first?.formattedName == family + given, "\(family)\(given)")
    }
  }

  @Test("half-width katakana of a feature phone in Shift_JIS, no charset named, are read so: names and a reading beside full-width ones")
  func halfWidthKatakana() throws {
    let names = [("ﾔﾏﾀﾞ", "ﾀﾛｳ"), ("ｽｽﾞｷ", "ﾊﾅｺ"), ("ﾜﾀﾅﾍﾞ", "ﾕｷ"), ("ﾀﾅｶ", "ｲﾁﾛｳ"), ("ｷﾞｮｳﾀﾞ", "ｼｮｳﾍｲ")]
    var book: [UInt8] = []
    for (family, given) in names {
      let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:\(family);\(given)\r\nTEL;CELL:090-0000-0000\r\nEND:VCARD\r\n"
      let one = try #require(CharsetConverter.bytes(Array(text.utf8), in: "SHIFT_JIS"))
      #expect(loadContacts(one).first?.familyName == family)
      book += one
    }
    #expect(loadContacts(book).map(\.givenName) == names.map(\.1))
    let readings = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:山田;花子\r\nSOUND;X-IRMC-N:ﾔﾏﾀﾞ;ﾊﾅｺ\r\nEND:VCARD\r\n"
      + "BEGIN:VCARD\r\nVERSION:2.1\r\nN:東海林;健\r\nSOUND;X-IRMC-N:ショウジ;ケン\r\nEND:VCARD\r\n"
    let read = loadContacts(try #require(CharsetConverter.bytes(Array(readings.utf8), in: "SHIFT_JIS")))
    #expect(read.map(\.phoneticFamilyName) == ["ﾔﾏﾀﾞ", "ショウジ"])
    // GB2312's Chinese names, whose bytes pair as half-width katakana too, stay Chinese.
    for name in ["王小明", "李娜", "张伟"] {
      let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:\(name)\r\nEND:VCARD\r\n"
      let one = try #require(CharsetConverter.bytes(Array(text.utf8), in: "GB18030"))
      #expect(loadContacts(one).first?.formattedName == name)
    }
  }

  @Test("alone in their files, Korean nicknames of rare syllables and two-character Chinese names are not taken for kana or kanji; a Latin-1 file with a byte Windows-1252 lacks stays Latin-1")
  func notTakenForJapanese() throws {
    for (name, charset) in [("짱구", "EUC-KR"), ("뽀미", "EUC-KR"), ("똘이", "EUC-KR"), ("샛별", "EUC-KR"), ("李蔚", "GB18030")] {
      let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:\(name)\r\nEND:VCARD\r\n"
      let one = try #require(CharsetConverter.bytes(Array(text.utf8), in: charset))
      #expect(loadContacts(one).first?.formattedName == name)
    }
    var latin = try #require(CharsetConverter.bytes(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Françoise Lefèvre\r\nEND:VCARD\r\n".utf8), in: "ISO-8859-1"))
    latin += try #require(CharsetConverter.bytes(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Hélène Dubois\r\n".utf8), in: "ISO-8859-1"))
    latin += [0x4E, 0x4F, 0x54, 0x45, 0x3A, 0x61, 0x81, 0x62, 0x0D, 0x0A] + Array("END:VCARD\r\n".utf8)  // NOTE:a\x81b
    #expect(loadContacts(latin).map(\.formattedName) == ["Françoise Lefèvre", "Hélène Dubois"])
  }

  @Test("ISO-2022-JP of a card saved from a Japanese mail, no charset named, is read so, its N split after it is")
  func iso2022JP() throws {
    let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:山田;太郎\r\nFN:山田太郎\r\nNOTE:Tokyo \\; 東京\r\nEND:VCARD\r\n"
    let bytes = try #require(CharsetConverter.bytes(Array(text.utf8), in: "ISO-2022-JP"))
    #expect(bytes.allSatisfy { $0 < 0x80 })
    let contact = try #require(loadContacts(bytes).first)
    #expect((contact.familyName, contact.givenName, contact.formattedName) == ("山田", "太郎", "山田太郎"))
    #expect(contact.note == "Tokyo ; 東京")
    // An escape that shifts into nothing Japanese is text as written.
    let plain = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Esc \u{1B}[1m\r\nEND:VCARD\r\n"
    #expect(loadContacts(Array(plain.utf8)).first?.formattedName.hasPrefix("Esc") == true)
  }

  @Test("Vietnamese in Windows-1258 (tones as combining marks) and French or Swedish in Mac Roman, no charset named, read so")
  func vietnameseAndMacRoman() throws {
    func book(_ names: [String], in charset: String) throws -> [String] {
      var bytes: [UInt8] = []
      for name in names {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nEND:VCARD\r\n"
        // iconv writes a Vietnamese tone in Windows-1258 as a combining mark after its letter.
        bytes += try #require(CharsetConverter.bytes(Array(text.utf8), in: charset), "\(name)")
      }
      return loadContacts(bytes).map(\.formattedName)
    }
    let vietnamese = ["Nguyễn Văn Minh", "Trần Thị Hương", "Phạm Quốc Bảo"]
    #expect(try book(vietnamese, in: "WINDOWS-1258") == vietnamese)
    let mac = ["François Lefèvre", "Zoë Ångström", "Chloé Müller"]
    #expect(try book(mac, in: "MACINTOSH") == mac)
    // Windows-1252 stays so.
    let western = ["Søren Kierkegaard", "Chloé Dupont", "Jürgen Groß"]
    #expect(try book(western, in: "WINDOWS-1252") == western)
  }

  @Test("a 3.0 card edited in a Windows-1251 file is written in Windows-1251 (2.1 declares UTF-8 on the line)")
  func writtenBack() throws {
    let bytes = try Self.card("Петров", "Иван", organization: "ООО Ромашка", in: "WINDOWS-1251", version: "3.0")
    let parsed = VCardReader.read(bytes)
    #expect(parsed.undeclaredCharset == "WINDOWS-1251")
    let original = try #require(loadContacts(bytes).first)
    var edited = original
    edited.jobTitle = "Главный бухгалтер"
    var options = VCardWriter.Options(revision: nil)
    options.fileCharset = parsed.undeclaredCharset
    let written = VCardWriter.writeBytes(edited, original: original, options: options)
    let title = try #require(CharsetConverter.bytes(Array("TITLE:Главный бухгалтер".utf8), in: "WINDOWS-1251"))
    #expect(written.indices.contains { written[$0...].starts(with: title) }, "\(String(decoding: written, as: UTF8.self))")
    #expect(loadContacts(written).first?.jobTitle == "Главный бухгалтер")
  }

  @Test("a 2.1 card in a legacy charset edited gets its lines in that charset too, quoted-printable only for a line break (case 13's kind)",
    arguments: [("Петров", "Иван", "Главный бухгалтер", "WINDOWS-1251"), ("Müller", "Jürgen", "Geschäftsführer", "WINDOWS-1252"),
      ("山田", "太郎", "営業部長", "SHIFT_JIS")])
  func writtenBack21(family: String, given: String, title: String, charset: String) throws {
    let bytes = try Self.card(family, given, organization: "X", in: charset, version: "2.1")
    let parsed = VCardReader.read(bytes)
    let original = try #require(loadContacts(bytes).first)
    var edited = original
    edited.jobTitle = title
    edited.note = "\(given)\nzwei"
    var options = VCardWriter.Options(revision: nil)
    options.fileCharset = parsed.undeclaredCharset
    let written = VCardWriter.writeBytes(edited, original: original, options: options)
    let text = String(decoding: written, as: UTF8.self)
    let titleLine = try #require(CharsetConverter.bytes(Array("TITLE:\(title)\r\n".utf8), in: charset))
    #expect(written.indices.contains { written[$0...].starts(with: titleLine) }, "\(text)")
    #expect(!text.contains("CHARSET=UTF-8"), "\(text)")
    #expect(text.contains("NOTE;ENCODING=QUOTED-PRINTABLE:"), "\(text)")
    let back = try #require(loadContacts(written).first)
    #expect((back.jobTitle, back.note, back.givenName, back.familyName) == (title, "\(given)\nzwei", given, family))
  }

  @Test(
    "a helper's files: Latin-1 symbols and names stay Latin-1; escapes, brands, Ukrainian, Arabic commas, Baltic, ISO-8859-15 read right",
    arguments: [
      ("01-ch-hotel-guillemets.vcf", "Hans Meier/Hotel «Bellevue»/"),
      ("04-sv-sigrun-agren.vcf", "Sigrún Ågren//"),
      ("05-fr-rene-copyright.vcf", "René Dupont//© 2019"),
      ("12-es-begona-ordinal.vcf", "Begoña Núñez//"),
      ("13-is-thordur-copyright.vcf", "Þórður Guðmundsdóttir/Acme © 2019/"),
      ("01-ru-note-newline.vcf", "Иван Петров//Звонить после 18:00."),
      ("02-ru-camelcase-org.vcf", "Иван Петров/МегаФон/"),
      ("04-uk-koi8u.vcf", "Ірина Ткаченко//"),
      ("05-ar-arabic-comma.vcf", "محمد حداد//"),
      ("07-lv-dash.vcf", "Jānis Bērziņš//Rīga — Jūrmala"),
      ("09-utf8-label-over-cp1251.vcf", "Иван Петров//"),
      ("18-fr-iso8859-15-oe.vcf", "François Lefèvre//Œuvre du Cœur"),
      ("ko-euc-kr-with-jamo.vcf", "x0/영수 생일/"),
    ])
  func helperFiles(name: String, expected: String) throws {
    let bytes = Array(try Data(contentsOf: TestPaths.fixture("charsets/helper/" + name)))
    let contact = try #require(loadContacts(bytes).first)
    let firstLine = contact.note.split(separator: "\n").first.map(String.init) ?? ""
    #expect("\(contact.displayName)/\(contact.organizationName)/\(firstLine)" == expected)
  }
}
