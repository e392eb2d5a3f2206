import CpickTestSupport
import Foundation
import Testing

/// `cpick list -s FILE --format vcard` turns another program's book into vCard (issue
/// 25, item 3): an abook book, a mutt alias file, CSV exports of Google Contacts and
/// Outlook, a generic CSV and an LDIF dump, run as a user migrating runs it.
@Suite("Converting other programs' books to vCard")
struct ForeignBookConversionTests {
  /// The values of the `name` lines of vCard `text`, in order.
  func values(_ name: String, in text: String) -> [String] {
    text.components(separatedBy: "\r\n").compactMap { line in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let head = line[..<colon].uppercased()
      return head == name || head.hasPrefix(name + ";") ? String(line[line.index(after: colon)...]) : nil
    }
  }

  @Test(
    "each person of the book becomes a card with its names and addresses, the same UIDs every run",
    arguments: [
      (
        "books/abook-0.6.1-from-vcard.abook", ["Ada Lovelace", "José Müller-Ñúñez"],
        ["ada@analytical-engines.example", "countess@lovelace.example", "jose@example.org"], 0
      ),
      (
        "books/mutt-aliases",
        ["Ada Lovelace", "Babbage\\, Charles", "Grace Hopper", "José Müller", "Alan Turing", "Pat O'Brien"],
        [
          "ada@analytical-engines.example", "charles@difference.example", "grace@navy.example",
          "hopper@cobol.example", "jose@example.org", "alan@turing.example", "pat@obrien.example",
        ], 4
      ),
      (
        // The third person has only an email: no FN of it (it would stay the name once
        // the address changed), an empty one as 3.0 and 4.0 need.
        "books/google-contacts-2022.csv", ["Ada Lovelace", "José Müller-Ñúñez", ""],
        [
          "ada@analytical-engines.example", "countess@lovelace.example", "ada@babbage.example", "jose@example.org",
          "grace@navy.example",
        ], 0
      ),
      (
        "books/google-contacts-2024.csv", ["Rear Admiral Grace Brewster Hopper", "Alan Mathison Turing", "NASA Langley"],
        ["grace@navy.example", "hopper@cobol.example", "alan@turing.example"], 0
      ),
      (
        "books/outlook-2016-utf8.csv", ["Dr. Ada Lovelace", "José Müller-Ñúñez", "Zoë Çelik"],
        ["ada@analytical-engines.example", "countess@lovelace.example", "jose@example.org", "zoe@example.org"], 0
      ),
      (
        "books/outlook-2010-windows1252.csv", ["Dr. Ada Lovelace", "José Müller-Ñúñez", "Zoë Çelik"],
        ["ada@analytical-engines.example", "countess@lovelace.example", "jose@example.org", "zoe@example.org"], 0
      ),
      (
        "books/people-generic.csv", ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Pat Extra"],
        ["ada@analytical-engines.example", "countess@lovelace.example", "grace@navy.example", "alan@turing.example",
          "pat@example.org"], 2
      ),
      (
        "books/slapcat-people.ldif", ["Ada Lovelace", "José Müller-Ñúñez", "Grace Hopper"],
        ["ada@analytical-engines.example", "countess@lovelace.example", "jose@example.org", "grace@navy.example"], 3
      ),
    ])
  func converts(fixture: String, names: [String], emails: [String], warnings: Int) throws {
    let path = TestPaths.fixture(fixture).path
    let result = try CommandRunner.cpick(["list", "-s", path, "--format", "vcard", "--sort-by", "none"])
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stderrLines.count == warnings, "\(result.stderrText)")
    #expect(result.stderrLines.allSatisfy { $0.contains("\(path):") }, "\(result.stderrText)")
    #expect(values("FN", in: result.stdoutText) == names)
    #expect(values("EMAIL", in: result.stdoutText) == emails)
    let uids = values("UID", in: result.stdoutText)
    #expect(uids.count == names.count && Set(uids).count == names.count)
    let again = try CommandRunner.cpick(["list", "-s", path, "--format", "vcard", "--sort-by", "none"])
    #expect(values("UID", in: again.stdoutText) == uids)
  }

  @Test(
    "cpick query finds a person of each book, and every output format is made from it",
    arguments: [
      ("books/google-contacts-2022.csv", "müller", "jose@example.org"),
      ("books/google-contacts-2024.csv", "hopper navy", "grace@navy.example"),
      ("books/outlook-2010-windows1252.csv", "zoe", "zoe@example.org"),
      ("books/people-generic.csv", "turing", "alan@turing.example"),
      ("books/slapcat-people.ldif", "lovelace", "ada@analytical-engines.example"),
    ])
  func queries(fixture: String, query: String, email: String) throws {
    let path = TestPaths.fixture(fixture).path
    let result = try CommandRunner.cpick(["query", "-s", path, query, "-p", "email", "-f", "value"])
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stdoutText.split(separator: "\n").first.map(String.init) == email, "\(result.stdoutText)")
    for format in ["json", "jsonl", "mailbox", "tsv", "jcard", "xcard"] {
      let list = try CommandRunner.cpick(["list", "-s", path, "--format", format])
      #expect(list.status == 0, "\(format): \(list.stderrText)")
      #expect(list.stdoutText.contains(email), "\(format): \(list.stdoutText)")
    }
  }

  @Test("cpick new --save-to a CSV export or an LDIF file is refused before the form opens, with what to do")
  func newIntoReadOnlyBook() throws {
    for fixture in ["books/google-contacts-2024.csv", "books/slapcat-people.ldif"] {
      let path = TestPaths.fixture(fixture).path
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      // No terminal is needed: the refusal comes before the form would open on /dev/tty.
      let result = try CommandRunner.cpick(["new", "--given-name", "Ada", "--save-to", path])
      #expect(result.status == 2, "\(result.stderrText)")
      #expect(result.stderrText.contains("\(path): "), "\(result.stderrText)")
      #expect(result.stderrText.contains("are read, not written; make a vCard book of it (cpick list -s \(path) --format vcard > book.vcf)"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  @Test("the LDIF that slapcat and ldapsearch -LLL write of a real directory gives the people slapadd was given")
  func ldifFromSlapd() throws {
    let fixture = try String(contentsOf: TestPaths.fixture("books/slapcat-people.ldif"), encoding: .utf8)
    // The entries slapadd takes: up to the fixture's broken ones.
    let seed = String(fixture[..<(try #require(fixture.range(of: "dn: uid=grace"))).lowerBound])
    let server = try LDAPServer.slapd(seed: seed)
    defer { server.stop() }
    let directory = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let host = String(server.url[..<(try #require(server.url.range(of: "/" + LDAPServer.suffix))).lowerBound])
    let exports = [
      ("ldapsearch", EndToEnd.which("ldapsearch") ?? "/usr/bin/ldapsearch", ["-LLL", "-x", "-H", host, "-b", LDAPServer.suffix, "*", "+"]),
      ("slapcat", EndToEnd.which("slapcat") ?? "/usr/sbin/slapcat", ["-f", server.dataFolder + "/slapd.conf"]),
    ]
    for (name, program, arguments) in exports {
      let export = try CommandRunner.run(program, arguments, timeout: 60)
      #expect(export.status == 0, "\(name): \(export.stderrText)")
      let file = directory.appendingPathComponent("\(name).ldif")
      try export.stdout.write(to: file)
      #expect(export.stdoutText.contains("cn:: "), "\(name) writes José's name in base64")
      let result = try CommandRunner.cpick(["list", "-s", file.path, "--format", "vcard", "--sort-by", "none"])
      #expect(result.status == 0, "\(result.stderrText)")
      #expect(result.stderrText == "", "\(name)")
      #expect(values("FN", in: result.stdoutText) == ["Ada Lovelace", "José Müller-Ñúñez"], "\(name)")
      #expect(
        values("EMAIL", in: result.stdoutText)
          == ["ada@analytical-engines.example", "countess@lovelace.example", "jose@example.org"], "\(name)")
      #expect(
        values("UID", in: result.stdoutText)
          == ["urn:uuid:5f0c6e1e-8d2b-4c1a-9e2f-0a1b2c3d4e5f", "urn:uuid:6a1d7f2f-9e3c-4d2b-8f30-1b2c3d4e5f60"],
        "\(name)")
      #expect(values("PHOTO", in: result.stdoutText).count == 1, "\(name)")
    }
  }

  @Test(
    "abook reads back the vCard cpick made of its book as the book it was",
    .enabled(if: EndToEnd.which("abook") != nil, "abook is not installed (apt-get install abook)"))
  func abookRoundTrip() throws {
    let directory = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let book = TestPaths.fixture("books/abook-0.6.1-from-vcard.abook").path
    let vcard = directory.appendingPathComponent("out.vcf").path
    let back = directory.appendingPathComponent("back.abook").path
    let result = try CommandRunner.cpick(["list", "-s", book, "--format", "vcard", "--sort-by", "none"])
    try result.stdout.write(to: URL(fileURLWithPath: vcard))
    let abook = try CommandRunner.run(
      try #require(EndToEnd.which("abook")),
      ["--convert", "--informat", "vcard", "--infile", vcard, "--outformat", "abook", "--outfile", back])
    #expect(abook.status == 0, "\(abook.stderrText)")
    #expect(Bytes.text(back) == Bytes.text(book))
  }
}
