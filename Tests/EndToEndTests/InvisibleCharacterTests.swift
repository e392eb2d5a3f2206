import Foundation
import Testing

/// Zero-width and other invisible characters in an address never reach a mail
/// header or a mail client, and say so on stderr (issue 22, item 3).
@Suite("Invisible characters in addresses")
struct InvisibleCharacterTests {
  /// A book whose address holds U+200B and U+FEFF and whose name holds U+2060, with a
  /// second person whose name is an emoji ZWJ sequence (kept) and a clean address.
  func book() throws -> (folder: URL, path: String) {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let text = """
      BEGIN:VCARD\r
      VERSION:3.0\r
      UID:ada\r
      FN:Ada\u{2060} Lovelace\r
      EMAIL:ada@exa\u{200B}mple.\u{FEFF}org\r
      END:VCARD\r
      BEGIN:VCARD\r
      VERSION:3.0\r
      UID:nell\r
      FN:Nell Orr 👩‍💻\r
      EMAIL:nell@example.org\r
      END:VCARD\r

      """
    let path = folder.appendingPathComponent("book.vcf").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  @Test("-f mailbox, value, mutt and aerc write the address without them and warn with the code points")
  func removedWithWarning() throws {
    let (folder, path) = try book()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mailbox = try CommandRunner.cpick(["query", "ada", "-p", "email", "-f", "mailbox", "-s", path])
    #expect(mailbox.stdoutText == "Ada Lovelace <ada@example.org>\n")
    #expect(mailbox.stderrText.contains("U+200B U+FEFF"))
    #expect(mailbox.stderrText.contains("ada@exa⟨U+200B⟩mple.⟨U+FEFF⟩org"))
    #expect(mailbox.stderrText.contains("U+2060"))
    let value = try CommandRunner.cpick(["query", "ada", "-p", "email", "-f", "value", "-s", path])
    #expect(value.stdoutText == "ada@example.org\n")
    #expect(value.stderrText.contains("U+200B U+FEFF"))
    let mutt = try CommandRunner.cpick(["--format", "mutt", "ada", "-s", path])
    #expect(mutt.stdoutLines.dropFirst() == ["ada@example.org\tAda Lovelace\t-"])
    #expect(mutt.stderrText.contains("U+200B"))
    let aerc = try CommandRunner.cpick(["--format", "aerc", "", "-s", path])
    #expect(Set(aerc.stdoutLines) == ["ada@example.org\tAda Lovelace", "nell@example.org\tNell Orr 👩‍💻"])
    #expect(!aerc.stderrText.contains("Nell"))
  }
}
