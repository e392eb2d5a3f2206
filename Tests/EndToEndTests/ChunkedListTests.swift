import Foundation
import Testing

/// `cpick list` in any format but the stored JSON prints a chunk of contacts at a time
/// (`Output.emitInChunks`), so a book of a million is never held decoded at once; what
/// it prints is the same as one output: every line once, in order, joined across the
/// chunks' seams.
@Suite("Listing more contacts than one chunk")
struct ChunkedListTests {
  /// 17,000 cards (a chunk is 16,384) in their sorted order; every third without an
  /// email; one in the second chunk with a zero-width space in its address.
  static let count = 17_000
  static let hidden = 16_501

  static func name(_ number: Int) -> String { "Person " + String(format: "%05d", number) }
  static func hasEmail(_ number: Int) -> Bool { number % 3 != 0 }
  static func email(_ number: Int) -> String { "p\(number)\(number == hidden ? "\u{200B}" : "")@example.org" }

  static func book() throws -> (path: String, bytes: Data) {
    var text = ""
    for number in 1...count {
      text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u\(number)\r\nFN:\(name(number))\r\nN:\(String(format: "%05d", number));Person;;;\r\n"
      if hasEmail(number) { text += "EMAIL:\(email(number))\r\n" }
      text += "END:VCARD\r\n"
    }
    let path = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("many.vcf")
    let bytes = Data(text.utf8)
    try bytes.write(to: path)
    return (path.path, bytes)
  }

  @Test("names, mailboxes joined with --join, addresses, whole cards and mail-client lines: each once, in order, across the seam")
  func everyLineOnce() throws {
    let (book, bytes) = try Self.book()
    let numbers = Array(1...Self.count)

    let names = try CommandRunner.cpick(["list", "-s", book, "-f", "value"], timeout: 120)
    #expect(names.status == 0)
    #expect(names.stdoutText == numbers.map(Self.name).joined(separator: "\n") + "\n")

    let mailboxes = try CommandRunner.cpick(["list", "-s", book, "-f", "mailbox", "--join", ", "], timeout: 120)
    let expected = numbers.filter(Self.hasEmail).map { "\(Self.name($0)) <p\($0)@example.org>" }
    #expect(mailboxes.stdoutText == expected.joined(separator: ", ") + "\n")
    // The warning of the one address in the second chunk, once.
    #expect(mailboxes.stderrLines.filter { $0.contains("invisible characters") }.count == 1)
    #expect(mailboxes.stderrText.contains("Person 16501"))

    let addresses = try CommandRunner.cpick(["list", "-s", book, "-p", "email", "-f", "value", "--print0"], timeout: 120)
    #expect(addresses.stdoutText == expected.map { $0.split(separator: "<")[1].dropLast() }.joined(separator: "\0") + "\0")

    let cards = try CommandRunner.cpick(["list", "-s", book, "-f", "vcard"], timeout: 120)
    #expect(cards.stdout == bytes)

    // One jCard array and one xCard document, written a chunk at a time: every card once,
    // in order, one `,` between two cards at the seam.
    let jCard = try CommandRunner.cpick(["list", "-s", book, "-f", "jcard"], timeout: 120)
    #expect(jCard.status == 0)
    #expect(jCard.stdoutText.hasSuffix("]]]]\n"))
    let array = try #require(try JSONSerialization.jsonObject(with: jCard.stdout) as? [[Any]])
    let jCardNames = array.map { card in
      ((card[1] as? [[Any]]) ?? []).first { $0.first as? String == "fn" }.flatMap { $0.last as? String } ?? ""
    }
    #expect(jCardNames == numbers.map(Self.name))
    let xCard = try CommandRunner.cpick(["list", "-s", book, "-f", "xcard"], timeout: 120)
    #expect(xCard.status == 0)
    #expect(xCard.stdoutText.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<vcards xmlns="))
    #expect(xCard.stdoutText.hasSuffix("  </vcard>\n</vcards>\n"))
    let xCardNames = xCard.stdoutText.components(separatedBy: "<fn><text>").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    #expect(xCardNames == numbers.map(Self.name))
    #expect(xCard.stdoutText.components(separatedBy: "<vcards").count == 2)

    // The mail clients' lines, one per address and none for a contact without one;
    // no mutt message line (a list is no query).
    let withEmail = numbers.filter(Self.hasEmail)
    let mutt = try CommandRunner.cpick(["list", "-s", book, "-f", "mutt"], timeout: 120)
    #expect(mutt.stdoutText == withEmail.map { "p\($0)@example.org\t\(Self.name($0))\t-\n" }.joined())
    let aerc = try CommandRunner.cpick(["list", "-s", book, "-f", "aerc"], timeout: 120)
    #expect(aerc.stdoutText == withEmail.map { "p\($0)@example.org\t\(Self.name($0))\n" }.joined())
  }
}
