import Testing

@testable import VCard

/// The table `CardAssembler.damagedBase64` looks bytes up in, and what it decides.
@Suite("Base64 byte table")
struct Base64ByteTableTests {
  @Test("the table holds exactly the base64 letters, digits, + / = and ASCII blanks")
  func table() {
    #expect(CardAssembler.base64Bytes.count == 256)
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \t\n\u{0B}\u{0C}\r".utf8)
    for value in 0...255 {
      #expect(CardAssembler.base64Bytes[value] == allowed.contains(UInt8(value)), "\(value)")
    }
  }

  @Test("clean base64 is no damage; a stray character is named")
  func damage() {
    func warnings(_ value: String) -> [String] {
      let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nPHOTO;ENCODING=b;TYPE=JPEG:\(value)\r\nEND:VCARD\r\n"
      return VCardReader.read(Array(text.utf8)).warnings.map(\.message)
    }
    #expect(warnings("/9j/4AAQSkZJRgABAQ==").isEmpty)
    #expect(warnings("/9j/4AAQ SkZJ\tRgABAQ==").isEmpty)
    #expect(warnings("/9j/4A*QSkZJRgABAQ==") == [#"PHOTO: damaged base64 data (unexpected "*"); kept as written"#])
    #expect(warnings("/9j/4AÄQSkZJ") == [#"PHOTO: damaged base64 data (unexpected "Ä"); kept as written"#])
  }
}
