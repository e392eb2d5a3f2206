import Foundation
import Testing

/// The mail-client protocols, run as the clients run them: `cpick --format mutt %s`
/// and `cpick --format aerc "%s"` with stdin on /dev/null (cases 32 and 33).
@Suite(
  "Mail-client query formats",
  .enabled(if: EndToEnd.sharedIsAvailable, "../shared is absent; the case inputs live there"))
struct MailClientTests {
  let muttBook = EndToEnd.sharedFile("cases/32-mutt-query-header-line/contacts.vcf")
  let aercBook = EndToEnd.sharedFile("cases/33-aerc-no-header-line/contacts.vcf")

  @Test("mutt: a header line without TAB, then one address<TAB>name<TAB>comment line per email")
  func muttMatches() throws {
    let result = try CommandRunner.cpick(["--format", "mutt", "vale", "-s", muttBook])
    #expect(result.status == 0)
    let lines = result.stdoutLines
    #expect(lines.count == 4)
    #expect(!lines[0].contains("\t") && lines[0].contains("3"))
    let fields = lines.dropFirst().map { $0.components(separatedBy: "\t") }
    #expect(fields.allSatisfy { $0.count == 3 && $0.allSatisfy { !$0.isEmpty } })
    #expect(Set(fields.map { $0[0] }) == ["vale@harrowgate.example", "v.orsk@ironleaf.example", "valentina@orsk.example"])
    #expect(fields.first { $0[0] == "v.orsk@ironleaf.example" }?[1] == "Valentina Orsk")
    #expect(result.stdoutText.hasSuffix("\n") && !result.stdoutText.contains("\u{1B}"))
  }

  @Test("mutt: one match is the header and exactly one address line; no match is the header alone and exit 1")
  func muttOneAndNone() throws {
    let one = try CommandRunner.cpick(["--format", "mutt", "mungo", "-s", muttBook])
    #expect(one.status == 0)
    #expect(one.stdoutLines.count == 2)
    #expect(one.stdoutLines[1].hasPrefix("mungo@pryor.example\tMungo Pryor\t"))
    let none = try CommandRunner.cpick(["--format", "mutt", "zzzz", "-s", muttBook])
    #expect(none.status == 1)
    #expect(none.stdoutLines.count == 1 && !none.stdoutLines[0].contains("\t"))
  }

  @Test("list -f mutt/aerc with -p email prints the same lines as without; with -p phone it is refused (exit 2)")
  func listWithProperty() throws {
    for format in ["mutt", "aerc"] {
      let plain = try CommandRunner.cpick(["list", "-s", muttBook, "-f", format])
      #expect(plain.status == 0 && plain.stdoutLines.count == 4)
      #expect(plain.stdoutLines.allSatisfy { $0.contains("\t") })
      for key in ["email", "emailAddresses"] {
        let email = try CommandRunner.cpick(["list", "-s", muttBook, "-p", key, "-f", format])
        #expect(email.status == 0)
        #expect(email.stdoutText == plain.stdoutText, "\(format) -p \(key)")
      }
      let phone = try CommandRunner.cpick(["list", "-s", muttBook, "-p", "phone", "-f", format])
      #expect(phone.status == 2 && phone.stdout.isEmpty)
      #expect(phone.stderrText.contains("-p phone does not go with it"))
      // A -p from CPICK_DEFAULT_OPTS (phones picked by default) is not list's business.
      let defaults = try CommandRunner.shell(
        "CPICK_DEFAULT_OPTS='-p phone' \"$0\" list -f \(format) -s \"$1\"", [muttBook])
      #expect(defaults.status == 0 && defaults.stdoutText == plain.stdoutText)
    }
    for key in ["email", "phone"] {
      let query = try CommandRunner.cpick(["--format", "mutt", "-p", key, "vale", "-s", muttBook])
      #expect(query.status == 0 && query.stdoutLines.count == 4, "-p \(key)")
    }
  }

  @Test("aerc: no header, address<TAB>name per email, an empty name rather than a placeholder, no match is empty and 0")
  func aerc() throws {
    let vale = try CommandRunner.cpick(["--format", "aerc", "vale", "-s", aercBook])
    #expect(vale.status == 0)
    #expect(vale.stdoutLines.count == 3)
    #expect(vale.stdoutLines.allSatisfy { $0.components(separatedBy: "\t").count == 2 })
    let digest = try CommandRunner.cpick(["--format", "aerc", "digest", "-s", aercBook])
    #expect(digest.stdoutText == "noreply-digest@harrowgate.example\t\n")
    let none = try CommandRunner.cpick(["--format", "aerc", "zzzz", "-s", aercBook])
    #expect(none.status == 0)
    #expect(none.stdout.isEmpty)
  }

  @Test("mutt and aerc complete from the matches that are not scattered; only scattered ones are given when nothing else matches")
  func completionLeavesOutScatteredMatches() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let book = folder.appendingPathComponent("book.vcf").path
    let card = { (name: String, email: String) in
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nEMAIL:\(email)\r\nEND:VCARD\r\n"
    }
    try (card("Herminio Dock Barton", "hdb@barton.example") + card("Heiko Mustermann", "heiko@muster.example"))
      .write(toFile: book, atomically: true, encoding: .utf8)
    // `heiko` is in Herminio Dock Barton only letter by letter, across three words.
    let mutt = try CommandRunner.cpick(["--format", "mutt", "heiko", "-s", book])
    #expect(mutt.status == 0)
    #expect(mutt.stdoutLines.count == 2)
    #expect(mutt.stdoutLines.last?.hasPrefix("heiko@muster.example\tHeiko Mustermann\t") == true)
    let aerc = try CommandRunner.cpick(["--format", "aerc", "heiko", "-s", book])
    #expect(aerc.stdoutText == "heiko@muster.example\tHeiko Mustermann\n")
    // Every match, scattered last, for the other formats.
    let all = try CommandRunner.cpick(["query", "heiko", "-f", "tsv", "-s", book])
    #expect(all.stdoutLines.map { $0.components(separatedBy: "\t")[0] } == ["Heiko Mustermann", "Herminio Dock Barton"])
    // Heiko filtered out (--enable-if): the scattered match is what may be printed.
    let filtered = try CommandRunner.cpick(
      ["--format", "aerc", "heiko", "--enable-if", #"NOT displayName BEGINSWITH "Heiko""#, "-s", book])
    #expect(filtered.stdoutText == "hdb@barton.example\tHerminio Dock Barton\n", "\(filtered.stderrText)")
    // Without Heiko, the scattered match is what there is.
    try card("Herminio Dock Barton", "hdb@barton.example").write(toFile: book, atomically: true, encoding: .utf8)
    let alone = try CommandRunner.cpick(["--format", "aerc", "heiko", "-s", book])
    #expect(alone.stdoutText == "hdb@barton.example\tHerminio Dock Barton\n")
  }

  @Test("with standard input closed (aerc's address-book-cmd run as cmd <&-), the default book is read, not a pipe of cpick's own")
  func closedStandardInput() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try EndToEnd.vdir(
      "data/cpick/contacts", in: folder,
      card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:v1\r\nFN:Valeria Duarte\r\nEMAIL:valeria@duarte.example\r\nEND:VCARD\r\n",
      named: "v1.vcf")
    // Before the fix the signal pipe took descriptor 0 and was read as the book: no end.
    for command in ["\"$0\" --format aerc vale <&-", "\"$0\" list -f mailbox <&-"] {
      let run = try CommandRunner.shell("export XDG_DATA_HOME=\(folder.path)/data; " + command, timeout: 30)
      #expect(run.status == 0, "\(command)")
      #expect(run.stdoutLines.last?.contains("valeria@duarte.example") == true, "\(command): \(run.stdoutText)")
    }
  }

  @Test("hostile names never put control bytes into mutt or aerc lines")
  func hygiene() throws {
    let hostile = EndToEnd.sharedFile("cases/28-control-chars-in-name/hostile.vcf")
    for format in ["mutt", "aerc"] {
      let result = try CommandRunner.cpick(["--format", format, "", "-s", hostile])
      for byte in result.stdout where byte != 0x09 && byte != 0x0A {
        #expect(byte >= 0x20 && byte != 0x7F, "\(format) wrote byte \(byte)")
      }
      let text = result.stdoutText
      #expect(!text.contains("\u{85}") && !text.contains("\u{9B}") && !text.contains("\u{202E}"))
    }
  }
}
