import ContactFormats
import Testing

/// A header field over `MessageHeaders.fieldBytes` and a header over `headerBytes` are
/// left out with a `line: why` warning, the other fields still read (issue 22: a 15 MB
/// folded `From:` took 327 MB).
@Suite("Message headers: size limits")
struct MessageHeaderLimitTests {
  @Test("a folded From: of 2 MiB is left out at its line; To: and Subject: are read")
  func longFoldedField() {
    let folded = (0..<40_000).map { _ in " =?UTF-8?Q?Ada_Lovelace?= <ada@example.org>," }.joined(separator: "\r\n")
    let message = "Subject: hi\r\nFrom:\(folded)\r\nTo: Grace <grace@navy.example>\r\n\r\nbody\r\n"
    let headers = MessageHeaders(message: message)
    #expect(headers.fields.map(\.name) == ["Subject", "To"])
    #expect(
      headers.warnings == [
        MessageHeaders.Warning(line: 2, message: "the field From is longer than 1 MiB; left out")
      ])
    #expect(headers.warnings.first?.description == "2: the field From is longer than 1 MiB; left out")
    let addresses = MessageAddressParser(fieldNames: ["From", "To"]).addresses(in: headers)
    #expect(addresses.map(\.address) == ["grace@navy.example"])
  }

  @Test("a header with no end within 8 MiB: the fields before the limit are read, then one warning")
  func headerWithoutEnd() {
    let line = "X-Filler: " + String(repeating: "x", count: 1_000) + "\r\n"
    let message = "From: Ada <ada@example.org>\r\n" + String(repeating: line, count: 9_000)
    let headers = MessageHeaders(message: message)
    #expect(headers.fields.first?.value == "Ada <ada@example.org>")
    #expect(headers.fields.count > 8_000 && headers.fields.count < 9_000)
    #expect(headers.warnings.count == 1)
    #expect(headers.warnings.first?.message == "the header is longer than 8 MiB; the fields from here on are not read")
    #expect(headers.warnings.first?.line == headers.fields.count + 1)
  }

  @Test("a large body after the header costs nothing and gives no warning")
  func largeBody() {
    let message = "From: Ada <ada@example.org>\r\n\r\n" + String(repeating: "body\r\n", count: 2_000_000)
    let headers = MessageHeaders(message: message)
    #expect(headers.fields.count == 1)
    #expect(headers.warnings.isEmpty)
  }
}
