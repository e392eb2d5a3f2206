import Foundation
import Testing

@testable import VCard

/// jCard parameters and values exactly as RFC 7095 §3.4–§3.5 write them, and jCard
/// read by `JCardReader` written back the same by `JCardWriter`.
@Suite("jCard parameters (RFC 7095)")
struct JCardParameterTests {
  /// The jCard property of the first line named `name` of a card with `lines`
  /// (`VERSION` first), decoded: `[name, parameters, type, value…]`.
  private func property(_ name: String, version: String = "4.0", _ lines: String...) throws -> [Any] {
    let card = "BEGIN:VCARD\nVERSION:\(version)\n" + lines.joined(separator: "\n") + "\nEND:VCARD\n"
    let json = JCardWriter.write(try #require(readCards(card).cards.first))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
    let properties = try #require(object[1] as? [[Any]])
    return try #require(properties.first { $0[0] as? String == name.lowercased() })
  }

  private func parameters(_ property: [Any]) -> [String: Any] {
    property[1] as? [String: Any] ?? [:]
  }

  @Test("a multi-valued TYPE is an array, whether its commas are quoted or not (RFC 6350's own examples quote them)")
  func multiValuedType() throws {
    for written in ["TEL;TYPE=work,voice:+1", "TEL;TYPE=\"work,voice\":+1", "TEL;TYPE=work;TYPE=voice:+1"] {
      let tel = try property("TEL", written)
      #expect(parameters(tel)["type"] as? [String] == ["work", "voice"], "\(written)")
    }
    #expect(parameters(try property("TEL", "TEL;TYPE=cell:+1"))["type"] as? String == "cell")
  }

  @Test("a quoted value is unquoted and unescaped: RFC 6868 carets, and the \\\" of Apple's exports")
  func quotedValues() throws {
    let caret = try property("ADR", "ADR;LABEL=\"12 Main St^nSpringfield ^'Home^' ^^\":;;12 Main St;Springfield;;;")
    #expect(parameters(caret)["label"] as? String == "12 Main St\nSpringfield \"Home\" ^")
    let apple = try property("ADR", "ADR;LABEL=\"Apt \\\"B\\\" 2nd floor, 3rd door\";TYPE=home:;;Apt B;Springfield;;;")
    #expect(parameters(apple)["label"] as? String == "Apt \"B\" 2nd floor, 3rd door")
    #expect(parameters(apple)["type"] as? String == "home")
    #expect((apple[3] as? [String])?[3] == "Springfield")
  }

  @Test("VALUE is the type element, not a parameter; parameter names are lower-case")
  func valueIsTheType() throws {
    let bday = try property("BDAY", "BDAY;VALUE=text;LANGUAGE=en:circa 1800")
    #expect(bday[2] as? String == "text")
    #expect(parameters(bday)["value"] == nil)
    #expect(parameters(bday)["language"] as? String == "en")
    #expect(bday[3] as? String == "circa 1800")
  }

  @Test("vCard 2.1 bare parameters become type values; a bare encoding becomes the encoding")
  func bareParameters() throws {
    let email = try property("EMAIL", version: "2.1", "EMAIL;PREF;INTERNET:ada@example.org")
    #expect(parameters(email)["type"] as? [String] == ["PREF", "INTERNET"])
    let tel = try property("TEL", version: "2.1", "TEL;CELL;HOME:+1")
    #expect(parameters(tel)["type"] as? [String] == ["CELL", "HOME"])
    let photo = try property("PHOTO", version: "2.1", "PHOTO;JPEG;BASE64:/9j/4AAQ")
    #expect(parameters(photo)["type"] as? String == "JPEG")
    #expect(parameters(photo)["encoding"] as? String == "BASE64")
    let note = try property("NOTE", version: "2.1", "NOTE;QUOTED-PRINTABLE;CHARSET=UTF-8:caf=C3=A9")
    #expect(parameters(note).isEmpty, "the value is decoded: no transfer encoding or charset is left")
    #expect(note[3] as? String == "café")
  }

  @Test("only N and ADR components are lists: a comma in ORG is text")
  func organizationComma() throws {
    let org = try property("ORG", "ORG:Ximian, Inc.;Sales")
    #expect(org[3] as? [String] == ["Ximian, Inc.", "Sales"])
    let n = try property("N", "N:Doe;John;Q.,R.;;")
    #expect((n[3] as? [Any])?[2] as? [String] == ["Q.", "R."])
  }

  @Test("integer and float values are JSON numbers, booleans JSON booleans (RFC 7095 §3.5.8–§3.5.10)")
  func numbers() throws {
    let integer = try property("X-COUNT", "X-COUNT;VALUE=integer:-42")
    #expect((integer[3] as? NSNumber)?.intValue == -42 && !(integer[3] is String))
    let float = try property("X-RATIO", "X-RATIO;VALUE=float:0.5")
    #expect((float[3] as? NSNumber)?.doubleValue == 0.5)
    let notANumber = try property("X-RATIO", "X-RATIO;VALUE=float:.5")
    #expect(notANumber[3] as? String == ".5", "not a JSON number: kept as a string")
    #expect(JCardWriter.isJSONNumber("1e5") && !JCardWriter.isJSONNumber("01") && !JCardWriter.isJSONNumber("+1"))
  }

  @Test("jCard read by JCardReader is written back the same by JCardWriter")
  func roundTrip() throws {
    let document = """
      ["vcard",[["version",{},"text","4.0"],["fn",{},"text","Ada Lovelace"],\
      ["n",{},"text",["Lovelace","Ada",["Augusta","Byron"],"",""]],\
      ["email",{"group":"item1","type":["work","internet"],"pref":"1"},"text","ada@example.org"],\
      ["x-ablabel",{"group":"item1"},"unknown","Analytical"],\
      ["tel",{"type":["voice","cell"]},"uri","tel:+44-20-7946-0000"],\
      ["adr",{"type":"home","label":"12 St James, Square\\nLondon \\"UK\\""},"text",\
      ["","","12 St James, Square","London","","SW1Y","UK"]],\
      ["org",{},"text",["Ximian, Inc.","Sales"]],\
      ["categories",{},"text","Math","Poetry"],\
      ["bday",{},"date-and-or-time","1815-12-10"],\
      ["anniversary",{},"text","circa 1835"],\
      ["x-count",{},"integer",42],\
      ["x-custom",{"x-p":"a:b"},"text","plain text"],\
      ["note",{"language":"en"},"text","Line one\\nLine two; with, marks"]]]
      """
    let read = JCardReader.read(Array(document.utf8))
    #expect(read.warnings.isEmpty)
    let card = try #require(read.cards.first)
    let written = JCardWriter.write(card)
    let expected = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? NSArray
    let got = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSArray
    #expect(got == expected, "\(written)")
  }
}
