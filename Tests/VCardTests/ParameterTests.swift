import Testing

@testable import VCard

@Suite("content-line parameters")
struct ParameterTests {
  @Test("RFC 6868 caret escapes in parameter values: ^n newline, ^' quote, ^^ caret")
  func caretEscapes() throws {
    let line = try #require(
      firstLine("ADR", in: "BEGIN:VCARD\nADR;LABEL=\"1 Main St^nSpringfield ^'North^' ^^5\":;;1 Main St\nEND:VCARD\n"))
    #expect(line.parameterValues("LABEL") == ["1 Main St\nSpringfield \"North\" ^5"])
    #expect(line.value == ";;1 Main St")
  }

  @Test("an unknown caret sequence is kept as written")
  func unknownCaret() throws {
    let line = try #require(firstLine("NOTE", in: "BEGIN:VCARD\nNOTE;X-A=a^b:x\nEND:VCARD\n"))
    #expect(line.parameterValues("X-A") == ["a^b"])
  }

  @Test("TYPE=a,b and repeated TYPE= give the same types")
  func typeListsAndRepeats() throws {
    let list = try #require(firstLine("TEL", in: "BEGIN:VCARD\nTEL;TYPE=work,voice:1\nEND:VCARD\n"))
    let repeated = try #require(firstLine("TEL", in: "BEGIN:VCARD\nTEL;type=WORK;type=VOICE:1\nEND:VCARD\n"))
    let quoted = try #require(firstLine("TEL", in: "BEGIN:VCARD\nTEL;TYPE=\"work,voice\":1\nEND:VCARD\n"))
    #expect(list.types == ["work", "voice"])
    #expect(repeated.types == ["work", "voice"])
    #expect(quoted.types == ["work", "voice"])
    #expect(list.parameters.count == 1 && repeated.parameters.count == 2)
  }

  @Test("vCard 2.1 bare parameters are types with no name; encodings are not types")
  func bareParameters() throws {
    let line = try #require(
      firstLine("TEL", in: "BEGIN:VCARD\nVERSION:2.1\nTEL;CELL;HOME;PREF;QUOTED-PRINTABLE:555=2D1\nEND:VCARD\n"))
    #expect(line.parameters.allSatisfy { $0.name == nil })
    #expect(line.types == ["cell", "home", "pref"])
    #expect(line.isPreferred)
    #expect(line.transferEncoding == "QUOTED-PRINTABLE")
    #expect(line.value == "555-1")
  }

  @Test("group, name case and a colon inside a quoted parameter")
  func groupAndQuotedColon() throws {
    let line = try #require(
      firstLine("EMAIL", in: "BEGIN:VCARD\nitem1.email;X-NOTE=\"a:b;c\";type=pref:me@example.com\nEND:VCARD\n"))
    #expect(line.group == "item1")
    #expect(line.name == "EMAIL")
    #expect(line.parameterValues("X-NOTE") == ["a:b;c"])
    #expect(line.value == "me@example.com")
    #expect(line.isPreferred)
  }

  @Test("empty parameters are ignored")
  func emptyParameters() throws {
    let line = try #require(firstLine("TAIL", in: "BEGIN:VCARD\nTAIL;PARAM=value;;:x\nEND:VCARD\n"))
    #expect(line.parameters.map(\.name) == ["PARAM"])
    #expect(line.value == "x")
  }
}
