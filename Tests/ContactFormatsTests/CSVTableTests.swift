import Testing

@testable import ContactFormats

/// The CSV syntax (RFC 4180) as exports write it.
@Suite("CSV rows")
struct CSVTableTests {
  @Test("quoted cells hold delimiters, doubled quotes and line breaks; rows keep their first line")
  func quoting() {
    let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n\r\nlast,,\n"
    let table = CSVTable.rows(text)
    #expect(table.warnings == [])
    #expect(table.rows == [
      .init(line: 1, cells: ["a", "b", "c"]),
      .init(line: 2, cells: ["x, y", "say \"hi\"", "two\r\nlines"]),
      .init(line: 5, cells: ["last", "", ""]),
    ])
  }

  @Test("an unclosed quote and text after a closing quote are warnings on their lines; the cells are kept")
  func malformed() {
    let table = CSVTable.rows("a,b\n\"x\"y,z\n\"open,\nstill\n")
    #expect(table.rows.map(\.cells) == [["a", "b"], ["xy", "z"], ["open,"], ["still"]])
    #expect(table.rows.map(\.line) == [1, 2, 3, 4])
    #expect(table.warnings.map(\.description) == [
      "2: text after a quoted cell's closing quote; kept in the cell",
      "3: a quoted cell opened here is not closed; it ends with its line, and the lines after it are read as records",
    ])
  }

  @Test("a quoted cell never closed takes its own line, not the records after it (case 09's kind)")
  func unclosedQuoteMidFile() {
    let text = "Name,E-mail Address,Notes\r\nAlder Finch,alder@x.example,ok\r\nBirch Nolan,birch@x.example,\"unterminated \"\"note\"\"\r\n"
      + "Cobb Ruelle,cobb@x.example,say \"\"hi\"\"\r\nDara Quin,dara@x.example,fine\r\n"
    let table = CSVTable.rows(text)
    #expect(table.rows.map(\.cells) == [
      ["Name", "E-mail Address", "Notes"], ["Alder Finch", "alder@x.example", "ok"],
      ["Birch Nolan", "birch@x.example", "unterminated \"note\""], ["Cobb Ruelle", "cobb@x.example", "say \"\"hi\"\""],
      ["Dara Quin", "dara@x.example", "fine"],
    ])
    #expect(table.rows.map(\.line) == [1, 2, 3, 4, 5])
    #expect(table.warnings.map(\.line) == [3])
  }

  @Test("an unclosed quoted cell 'closed' by a later row's opening quote (text after it) is not closed there: the rows come back")
  func unclosedQuoteClosedLater() {
    let text = "First Name,Last Name,E-mail 1 - Value,Notes\nAna,Lima,ana@x.example,\"open\nBeto,Souza,beto@x.example,ok\n"
      + "Caio,Reis,caio@x.example,\"multi\nline\"\n"
    let table = CSVTable.rows(text)
    #expect(table.rows.map(\.cells) == [
      ["First Name", "Last Name", "E-mail 1 - Value", "Notes"], ["Ana", "Lima", "ana@x.example", "open"],
      ["Beto", "Souza", "beto@x.example", "ok"], ["Caio", "Reis", "caio@x.example", "multi\nline"],
    ])
    #expect(table.rows.map(\.line) == [1, 2, 3, 4])
    #expect(table.warnings.map(\.line) == [2])
  }

  @Test("the delimiter is the comma, or the semicolon or tab the header row is split by")
  func delimiters() {
    #expect(CSVTable.delimiter(of: "Name;Email;\"a,b\"\nx") == ";")
    #expect(CSVTable.delimiter(of: "Name\tEmail\tPhone\n") == "\t")
    #expect(CSVTable.delimiter(of: "Name,Email\n") == ",")
    #expect(CSVTable.delimiter(of: "Name\n") == ",")
    #expect(CSVTable.rows("a;\"b;c\"\n", delimiter: ";").rows.first?.cells == ["a", "b;c"])
  }
}
