import Foundation
import Testing

/// Zero-width and other invisible characters in an address never reach a mail
/// header or a mail client, and say so on stderr (issue 22, item 3).
@Suite("Invisible characters in addresses")
struct InvisibleCharacterTests {
  /// A book whose address holds U+200B and U+FEFF and whose name holds U+2060, with a
  /// second person whose name is an emoji ZWJ sequence (kept) and a clean address, and
  /// a third whose address is nothing but invisible characters around an `@`, a
  /// fourth whose first email is such and second a real one, a fifth whose email is `@`.
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
      BEGIN:VCARD\r
      VERSION:3.0\r
      UID:ivy\r
      FN:Ivy Void\r
      EMAIL:\u{200B}@\u{FEFF}\r
      END:VCARD\r
      BEGIN:VCARD\r
      VERSION:3.0\r
      UID:una\r
      FN:Una Second\r
      EMAIL:\u{2060}@\u{2060}\r
      EMAIL:una@example.org\r
      END:VCARD\r
      BEGIN:VCARD\r
      VERSION:3.0\r
      UID:zed\r
      FN:Zed At\r
      EMAIL:@\r
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
    #expect(
      Set(aerc.stdoutLines) == [
        "ada@example.org\tAda Lovelace", "nell@example.org\tNell Orr 👩‍💻", "una@example.org\tUna Second",
      ])
    #expect(!aerc.stderrText.contains("Nell"))
  }

  @Test("an address of nothing but invisible characters around an @ gives no mailbox, mutt or aerc line, and says so")
  func invisibleOnlyLeftOut() throws {
    let (folder, path) = try book()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mailbox = try CommandRunner.cpick(["query", "", "-f", "mailbox", "-s", path])
    #expect(
      Set(mailbox.stdoutLines) == [
        "Ada Lovelace <ada@example.org>", "Nell Orr 👩‍💻 <nell@example.org>", "Una Second <una@example.org>",
      ])
    #expect(mailbox.stderrText.contains("Ivy Void: the address \"⟨U+200B⟩@⟨U+FEFF⟩\" is nothing but invisible characters"))
    #expect(mailbox.stderrText.contains("Una Second: the address \"⟨U+2060⟩@⟨U+2060⟩\" is nothing but invisible characters"))
    #expect(mailbox.stderrText.contains("Zed At: the address \"@\" holds no address; left out"))
    let template = try CommandRunner.cpick(["query", "una", "--template", "{mailbox}", "-s", path])
    #expect(template.stdoutText == "Una Second <una@example.org>\n")
    let property = try CommandRunner.cpick(["query", "ivy", "-p", "email", "-f", "mailbox", "-s", path])
    #expect(property.stdoutText == "")
    #expect(property.stderrText.contains("left out"))
    let mutt = try CommandRunner.cpick(["--format", "mutt", "ivy", "-s", path])
    #expect(mutt.stdoutLines.dropFirst().isEmpty)
    #expect(mutt.stderrText.contains("left out"))
    let aerc = try CommandRunner.cpick(["--format", "aerc", "ivy", "-s", path])
    #expect(aerc.stdoutText == "")
    // An email's value too: a bare `@` is no address to paste.
    let value = try CommandRunner.cpick(["query", "ivy", "-p", "email", "-f", "value", "-s", path])
    #expect(value.stdoutText == "")
    #expect(value.stderrText.contains("Ivy Void: the address \"⟨U+200B⟩@⟨U+FEFF⟩\" is nothing but invisible characters"))
    let second = try CommandRunner.cpick(["query", "una", "-p", "email", "-f", "value", "-s", path])
    #expect(second.stdoutText == "una@example.org\n")
    let bare = try CommandRunner.cpick(["query", "zed", "-p", "email", "-f", "value", "-s", path])
    #expect(bare.stdoutText == "@\n", "no invisible character: the value as written")
    #expect(!bare.stderrText.contains("left out"))
  }

  @Test("a template's {mailbox}, {email}, {value} and {emailAddresses} write the address without them and warn")
  func template() throws {
    let (folder, path) = try book()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mailbox = try CommandRunner.cpick(["query", "ada", "--template", "{mailbox}|{email}", "-s", path])
    #expect(mailbox.stdoutText == "Ada Lovelace <ada@example.org>|ada@example.org\n")
    #expect(mailbox.stderrText.contains("ada@exa⟨U+200B⟩mple.⟨U+FEFF⟩org"))
    #expect(mailbox.stderrText.contains("U+2060"), "the name of the mailbox is warned of too")
    let email = try CommandRunner.cpick(["query", "ada", "--template", "{displayName}: {email}", "-s", path])
    #expect(email.stderrText.contains("U+200B U+FEFF"))
    #expect(!email.stderrText.contains("the name"), "no mailbox: the name is written as -f value writes it")
    let value = try CommandRunner.cpick(["query", "ada", "-p", "email", "--template", "{value}", "-s", path])
    #expect(value.stdoutText == "ada@example.org\n")
    #expect(value.stderrText.contains("U+200B U+FEFF"))
    let list = try CommandRunner.cpick(["query", "ada", "--template", "{emailAddresses}", "-s", path])
    #expect(list.stdoutText == "ada@example.org\n")
    #expect(list.stderrText.components(separatedBy: "U+200B U+FEFF").count == 2, "warned once")
  }
}
