import Testing
import Foundation

@testable import VCard

@Suite("unfolding, line ends and quoted-printable soft breaks")
struct LineReaderTests {
  @Test("a fold that splits a UTF-8 character is joined before decoding")
  func foldInsideCharacter() throws {
    var bytes = Array("BEGIN:VCARD\r\nFN:Gr".utf8) + [0xC3]
    bytes += Array("\r\n ".utf8) + [0xBC] + Array("n\r\nEND:VCARD\r\n".utf8)
    #expect(VCardReader.read(bytes).cards.first?.first("FN")?.value == "Grün")
  }

  @Test("a TAB continues a folded line like a space; only one blank is removed")
  func tabAndDoubleSpaceFolds() throws {
    let line = try #require(firstLine("NOTE", in: "BEGIN:VCARD\nNOTE:a\n\tb\n  c\nEND:VCARD\n"))
    #expect(line.value == "ab c")
  }

  @Test("a 2.1 fold at a blank between words keeps the blank (RFC 822, roundcubemail#9647); 3.0's, a 75-octet cut, two blanks, an empty value do not (case 01's kind)")
  func version21FoldsKeepTheirBlank() throws {
    let card21 = [
      "BEGIN:VCARD", "VERSION:2.1", "N:Doe;Jane;;;", "NOTE:an", " example", "TITLE:Senior", " Accountant",
      "ADR;WORK:;;ul. Marszalkowska", " 12;Warszawa;;00-001;Poland", "EMAIL;INTERNET:\"Omega\"", "  <omega@example.com>",
      "URL:", " http://x.example/", "X-LONG:" + String(repeating: "1234567890", count: 7) + "12", " 345", "END:VCARD", "",
    ].joined(separator: "\r\n")
    let card = try #require(VCardReader.read(Array(card21.utf8)).cards.first)
    #expect(card.first("NOTE")?.value == "an example")
    #expect(card.first("TITLE")?.value == "Senior Accountant")
    #expect(card.first("ADR")?.value == ";;ul. Marszalkowska 12;Warszawa;;00-001;Poland")
    #expect(card.first("EMAIL")?.value == "\"Omega\" <omega@example.com>")
    #expect(card.first("URL")?.value == "http://x.example/")
    #expect(card.first("X-LONG")?.value == String(repeating: "1234567890", count: 7) + "12345")
    // The same lines in a 3.0 card, and in a card after the 2.1 one: the blank goes.
    let card30 = card21.replacingOccurrences(of: "VERSION:2.1", with: "VERSION:3.0")
    #expect(VCardReader.read(Array(card30.utf8)).cards.first?.first("NOTE")?.value == "anexample")
    let after = card21 + "BEGIN:VCARD\r\nNOTE:an\r\n example\r\nEND:VCARD\r\n"
    #expect(VCardReader.read(Array(after.utf8)).cards.last?.first("NOTE")?.value == "anexample")
  }

  @Test("CR-only, LF-only and CR CR LF line ends")
  func lineEnds() {
    for separator in ["\r", "\n", "\r\r\n", "\r\n"] {
      let text = ["BEGIN:VCARD", "FN:A", "NOTE:x", " y", "END:VCARD", ""].joined(separator: separator)
      let card = VCardReader.read(Array(text.utf8)).cards.first
      #expect(card?.first("FN")?.value == "A", "separator \(Array(separator.utf8))")
      #expect(card?.first("NOTE")?.value == "xy", "separator \(Array(separator.utf8))")
    }
  }

  @Test("CR-only cards among LF or CRLF ones (files joined) are read as cards, numbered by the LF lines")
  func crOnlyInsideLFFile() {
    let mac = "BEGIN:VCARD\rVERSION:3.0\rFN:Bob\rNOTE:x\r y\rEND:VCARD\r"
    for lf in ["\n", "\r\n"] {
      let unix = ["BEGIN:VCARD", "VERSION:3.0", "FN:Ann", "END:VCARD", ""].joined(separator: lf)
      // (the file, its cards' names, the line Bob's card begins on: one LF line)
      for (text, names, bobLine) in [(unix + mac + unix, ["Ann", "Bob", "Ann"], 5), (mac + unix, ["Bob", "Ann"], 1)] {
        let read = VCardReader.read(Array(text.utf8))
        #expect(read.warnings.isEmpty, "\(read.warnings)")
        #expect(read.cards.map { $0.first("FN")?.value } == names)
        let bob = read.cards.first { $0.first("FN")?.value == "Bob" }
        #expect(bob?.first("NOTE")?.value == "xy")
        #expect(bob?.beginLine == bobLine)
      }
    }
    // A CR inside a line of an LF file ends it; CR CR is a blank line between two.
    let read = VCardReader.read(Array("BEGIN:VCARD\nFN:A\r\rNOTE:n\nEND:VCARD\n".utf8))
    #expect(read.cards.first?.first("FN")?.value == "A")
    #expect(read.cards.first?.first("NOTE")?.value == "n")
    #expect(read.cards.first?.endLine == 3)
  }

  @Test("a soft break continues with the next line whatever it starts with")
  func unindentedSoftBreak() throws {
    let line = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;ENCODING=QUOTED-PRINTABLE:a=0D=\n=0Ab: c=\nd\nEND:VCARD\n"))
    #expect(line.value == "a\r\nb: cd")
  }

  @Test("after unindented soft breaks a leading space is text; after indented ones it is folding")
  func softBreakIndentation() throws {
    let android = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE:come=\nnow=\n to\nEND:VCARD\n"))
    #expect(android.value == "comenow to")
    let outlook = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE:Aa=\n ch=\n en\nEND:VCARD\n"))
    #expect(outlook.value == "Aachen")
  }

  @Test("a fold inside an escape of a UTF-8 sequence keeps the escape; elsewhere an indented line after = is a soft break")
  func foldInsideEscape() throws {
    let cut = try #require(
      firstLine(
        "NOTE", in: "BEGIN:VCARD\nNOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Gesch=C3=A4ftsf=C3=\n BChrer\nEND:VCARD\n"))
    #expect(cut.value == "Geschäftsführer")
    let lower = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE;CHARSET=UTF-8:f=c3=\n\tbchrer\nEND:VCARD\n"))
    #expect(lower.value == "führer")
    // After an ASCII character, or before what is no continuation byte: a soft break.
    let number = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE;CHARSET=UTF-8:Hill=\n 20 Main\nEND:VCARD\n"))
    #expect(number.value == "Hill20 Main")
    // After a whole character, a soft break: `=A9` ended `é`, `=AC` ended `€`.
    let cafe = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE;CHARSET=UTF-8:Caf=C3=A9=\n Bad Homburg\nEND:VCARD\n"))
    #expect(cafe.value == "CaféBad Homburg")
    let euro = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE;CHARSET=UTF-8:=E2=82=AC=\n 90 Euro\nEND:VCARD\n"))
    #expect(euro.value == "€90 Euro")
    // A three-byte sequence cut after its second byte.
    let threeBytes = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE;CHARSET=UTF-8:=E2=82=\n AC 90\nEND:VCARD\n"))
    #expect(threeBytes.value == "€ 90")
    // Latin-1: `é` (0xE9) is a UTF-8 lead, but ` bec` does not finish it; a declared
    // legacy charset is never UTF-8.
    let quebec = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE:R=E9sident de Qu=E9=\n bec depuis 1980\nEND:VCARD\n"))
    #expect(quebec.value == "Résident de Québec depuis 1980")
    let latin1 = try #require(
      firstLine("FN", in: "BEGIN:VCARD\nFN;CHARSET=ISO-8859-1;QUOTED-PRINTABLE:Hans H=C3=\n A9rle\nEND:VCARD\n"))
    #expect(latin1.value == "Hans HÃA9rle")
  }

  @Test("a fold between an escape's = and its digits (a 75-octet folder's cut) keeps the escape: before a UTF-8 lead and its continuations, a line feed after =0D")
  func foldBeforeEscapeDigits() throws {
    let german = try #require(
      firstLine("FN", in: "BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=B6rg M=\r\n C3=BCller\nEND:VCARD\n"))
    #expect(german.value == "Jörg Müller")
    let russian = try #require(
      firstLine("FN", in: "BEGIN:VCARD\nFN;CHARSET=UTF-8;QUOTED-PRINTABLE:=D0=98=D0=B2=D0=B0=D0=BD=\n D0=B2\nEND:VCARD\n"))
    #expect(russian.value == "Иванв")
    let lines = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE:line one=0D=\n 0Aline two\nEND:VCARD\n"))
    #expect(lines.value == "line one\r\nline two")
    // A lead byte without its continuations after it, or in Latin-1: a soft break.
    let alone = try #require(
      firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE;CHARSET=UTF-8:Ab=\n C3 plus\nEND:VCARD\n"))
    #expect(alone.value == "AbC3 plus")
    let latin1 = try #require(
      firstLine("FN", in: "BEGIN:VCARD\nFN;CHARSET=ISO-8859-1;QUOTED-PRINTABLE:Hans H=\n C3=A9rle\nEND:VCARD\n"))
    #expect(latin1.value == "Hans HC3©rle")
  }

  @Test("a value ending in a literal = (sabre/vobject's 2.1, a phone's FN) does not take the next property in; continuation text is still joined")
  func literalEqualsBeforeProperty() throws {
    let card = try #require(
      readCards(
        "BEGIN:VCARD\nVERSION:2.1\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D0=98=D0=B2=D0=B0=D0=BD=D0=BE=D0=B2;=D0=98=D0=B2=D0=B0=D0=BD;;;=\n"
          + "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D0=98=D0=B2=D0=B0=D0=BD =D0=98=D0=B2=D0=B0=D0=BD=D0=BE=D0=B2=\n"
          + "TEL;CELL:+7 900 000-00-01\nNOTE;ENCODING=QUOTED-PRINTABLE:key:=0D=0AbXlz=\nitem1.X-ABLabel:Home\n"
          + "EMAIL;QUOTED-PRINTABLE:a=\nb@example.com\nNOTE;QUOTED-PRINTABLE:Meeting=0D=0A=\nNote: bring keys=\nTEL: 5=\n"
          + "x-mas:gifts=\nURL: www.example.com=\nTEL:5\nEND:VCARD\n"
      ).cards.first)
    #expect(card.first("FN")?.value == "Иван Иванов")
    #expect(card.first("TEL")?.value == "+7 900 000-00-01")
    // `Note:` in mixed case, `TEL: 5` with a blank after the colon, `x-mas:` in lower
    // case continue the note; `TEL:5` is a property.
    #expect(
      card.lines.filter { $0.name == "NOTE" }.map(\.value)
        == ["key:\r\nbXlz", "Meeting\r\nNote: bring keysTEL: 5x-mas:giftsURL: www.example.com"])
    #expect(card.lines.filter { $0.name == "TEL" }.map(\.value) == ["+7 900 000-00-01", "5"])
    #expect(card.first("X-ABLABEL")?.value == "Home")
    #expect(card.first("EMAIL")?.value == "ab@example.com")
  }

  @Test("a blank line after a soft break ends the value; the next property stays separate")
  func blankLineEndsSoftBreak() throws {
    let card = try #require(
      readCards("BEGIN:VCARD\nORG;QUOTED-PRINTABLE:=C3=91=\n\nCATEGORIES:Friends\nEND:VCARD\n").cards.first)
    #expect(card.first("ORG")?.value == "Ñ")
    #expect(card.first("CATEGORIES")?.value == "Friends")
  }

  @Test("blanks after a soft-break = are dropped")
  func softBreakTrailingBlanks() throws {
    let line = try #require(firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;QUOTED-PRINTABLE:ab= \ncd\nEND:VCARD\n"))
    #expect(line.value == "abcd")
  }

  @Test("an unindented 2.1 base64 block ends at the next property")
  func base64Block() throws {
    let card = try #require(
      readCards("BEGIN:VCARD\nVERSION:2.1\nPHOTO;ENCODING=BASE64;JPEG:/9j/\nAAAA\nX-CUSTOM:after\nEND:VCARD\n")
        .cards.first)
    #expect(card.first("PHOTO")?.value == "/9j/AAAA")
    #expect(card.first("X-CUSTOM")?.value == "after")
  }

  @Test("UTF-16 files, with a BOM in either byte order or without one, read like UTF-8")
  func utf16() {
    let text = "BEGIN:VCARD\r\nFN:Grüße 王\r\nEND:VCARD\r\n"
    let little = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    for bytes in [[0xFF, 0xFE] + little, [0xFE, 0xFF] + big, little, big] {
      #expect(VCardReader.read(bytes).cards.first?.first("FN")?.value == "Grüße 王")
    }
  }

  @Test("a byte-order mark before a later BEGIN (files concatenated) is skipped")
  func byteOrderMarkMidFile() {
    let bytes = [0xEF, 0xBB, 0xBF] + Array("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8) + [0xEF, 0xBB, 0xBF]
      + Array("BEGIN:VCARD\r\nFN:B\r\nEND:VCARD\r\n".utf8)
    let result = VCardReader.read(bytes)
    #expect(result.cards.compactMap { $0.first("FN")?.value } == ["A", "B"])
    #expect(result.warnings.isEmpty)
    // Two marks (a file saved again with one more): skipped too (case 05's kind).
    let twice = Array("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8) + [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]
      + Array("BEGIN:VCARD\r\nFN:B\r\nEND:VCARD\r\n".utf8)
    let again = VCardReader.read(twice)
    #expect(again.cards.compactMap { $0.first("FN")?.value } == ["A", "B"])
    #expect(again.warnings.isEmpty)
  }

  @Test("a line without a colon is skipped with a warning naming its line")
  func lineWithoutColon() {
    let result = readCards("BEGIN:VCARD\nFN:A\n# comment\nEMAIL:a@example.com\nEND:VCARD\n")
    #expect(result.cards.first?.lines.map(\.name) == ["FN", "EMAIL"])
    #expect(result.warnings.map(\.line) == [3])
  }

  @Test("line numbers are physical lines where each content line starts")
  func lineNumbers() {
    let card = readCards("BEGIN:VCARD\nNOTE:a\n b\n c\nFN:A\nEND:VCARD\n").cards.first
    #expect(card?.lines.map(\.lineNumber) == [2, 5])
    #expect(card?.beginLine == 1 && card?.endLine == 6)
  }
}

@Suite("card boundaries")
struct CardBoundaryTests {
  @Test("lines closed by END:VCARD without BEGIN:VCARD are read as a card, with a warning")
  func missingBegin() {
    let result = readCards("VERSION:3.0\nFN:Frank Dawson\nEND:vCard\nBEGIN:VCARD\nFN:B\nEND:VCARD\n")
    #expect(result.cards.map { $0.first("FN")?.value } == ["Frank Dawson", "B"])
    #expect(result.warnings.map(\.line) == [1])
  }

  @Test("junk text outside cards is ignored with one warning")
  func junkOutside() {
    let result = readCards("hello there\nnot: a card\nBEGIN:VCARD\nFN:A\nEND:VCARD\nmore junk\n")
    #expect(result.cards.count == 1)
    #expect(result.warnings.map(\.line) == [1])
  }

  @Test("a card without END:VCARD mid-file becomes its own card; nothing leaks")
  func unterminatedMidFile() {
    let result = readCards(
      "BEGIN:VCARD\nFN:A\nEND:VCARD\nBEGIN:VCARD\nFN:B\nTEL:1\nBEGIN:VCARD\nFN:C\nEMAIL:c@x\nEND:VCARD\n")
    #expect(result.cards.map { $0.first("FN")?.value } == ["A", "B", "C"])
    #expect(result.cards.map { $0.lines.count } == [1, 2, 2])
    // One warning, at the BEGIN:VCARD that shows the END:VCARD missing (not also one
    // saying the file ends inside the card of line 4: it does not).
    #expect(result.warnings.map(\.line) == [7])
    #expect(result.warnings.first?.message.contains("began on line 4") == true)
  }

  @Test("a card left open at the end of the file, after a complete one inside it, is reported once each")
  func unterminatedTwice() {
    let result = readCards("BEGIN:VCARD\nFN:A\nBEGIN:VCARD\nFN:B\nEND:VCARD\nBEGIN:VCARD\nFN:C\n")
    #expect(Set(result.cards.map { $0.first("FN")?.value }) == ["A", "B", "C"])
    // Line 3 shows A's missing END:VCARD; C (line 6) is open when the file ends.
    #expect(result.warnings.map(\.line).sorted() == [3, 6])
  }

  @Test("a file cut off right after BEGIN:VCARD (and VERSION) says so, and lists no empty card")
  func cutAfterBegin() {
    for tail in ["BEGIN:VCARD\n", "BEGIN:VCARD\nVERSION:3.0\n"] {
      let result = readCards("BEGIN:VCARD\nFN:A\nEND:VCARD\n" + tail)
      #expect(result.cards.map { $0.first("FN")?.value } == ["A"], "\(tail)")
      #expect(result.warnings.map(\.line) == [4], "\(tail)")
    }
  }
}
