import CpickTestSupport
import Foundation
import Testing

/// cpick on an LDAP directory (slapd on 127.0.0.1) as a user runs it: a mirrored
/// directory copied past the server's size limit and refreshed, a directory searched
/// on the server per query beside a personal book, and the failures.
@Suite("LDAP directories from the command line", .serialized)
struct DirectoryEndToEndTests {
  /// An inetOrgPerson under `ou=people`.
  static func person(_ uid: String, given: String, family: String, mail: String) -> String {
    """
    dn: uid=\(uid),\(LDAPServer.people)
    objectClass: inetOrgPerson
    uid: \(uid)
    cn: \(given) \(family)
    sn: \(family)
    givenName: \(given)
    mail: \(mail)
    telephoneNumber: +44 20 7946 0\(uid.count)00


    """
  }

  /// 1,200 generated people (past slapd's size limit of 500) and two known colleagues.
  static func directory(syncProvider: Bool = false, sizeLimit: Int = 500) throws -> LDAPServer {
    let seed = try LDAPServer.generatedPeople(1200, seed: 7) + "\n\n"
      + person("ada", given: "Ada", family: "Lovelace", mail: "ada@corp.example")
      + person("grace", given: "Grace", family: "Hopper", mail: "grace@corp.example")
    return try LDAPServer.slapd(seed: seed, sizeLimit: sizeLimit, syncProvider: syncProvider)
  }

  /// `cpick` with its own config, cache and state in `folder`.
  static func run(_ folder: URL, _ arguments: String) throws -> CommandResult {
    let home = "export XDG_CONFIG_HOME=\(folder.path)/config XDG_CACHE_HOME=\(folder.path)/cache XDG_STATE_HOME=\(folder.path)/state; "
    return try CommandRunner.shell(home + "\"$0\" " + arguments, timeout: 120)
  }

  static func config(_ folder: URL, _ text: String) throws {
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("config/cpick"), withIntermediateDirectories: true)
    try text.write(to: folder.appendingPathComponent("config/cpick/config"), atomically: true, encoding: .utf8)
  }

  @Test(
    "a mirrored directory: every entry copied (paged past the size limit, or by RFC 4533 with a cookie), searched locally, refreshed with exactly the changes",
    arguments: [false, true])
  func mirror(syncProvider: Bool) throws {
    let server = try Self.directory(syncProvider: syncProvider, sizeLimit: syncProvider ? 5000 : 500)
    defer { server.stop() }
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.config(folder, "[account corp]\nurl = \(server.url)\n")
    let first = try Self.run(folder, "sync")
    #expect(first.status == 0)
    #expect(first.stdoutLines == ["corp \(server.url): 1202 added, 0 changed, 0 removed"])
    let found = try Self.run(folder, "query -f mutt lovel")
    #expect(found.stdoutLines.dropFirst().first == "ada@corp.example\tAda Lovelace\t-")
    #expect(try Self.run(folder, "list -f value -p email").stdoutLines.count >= 1202)

    try server.add(ldif: Self.person("alan", given: "Alan", family: "Turing", mail: "alan@corp.example"))
    try server.modify(ldif: "dn: uid=grace,\(LDAPServer.people)\nchangetype: modify\nreplace: mail\nmail: hopper@corp.example\n")
    try server.delete(dn: "uid=ada,\(LDAPServer.people)")
    // With syncprov the copy keeps a cookie and the refresh asks only for the changes.
    let states = FileManager.default.enumerator(atPath: folder.path + "/cache")?.compactMap { $0 as? String }
      .filter { $0.hasSuffix("directory/.cpick-book.json") } ?? []
    let state = try String(contentsOfFile: folder.path + "/cache/" + (states.first ?? "none"), encoding: .utf8)
    #expect(state.contains("syncToken") == syncProvider)
    let second = try Self.run(folder, "sync")
    #expect(second.stdoutLines == ["corp \(server.url): 1 added, 1 changed, 1 removed"])
    let hopper = try Self.run(folder, "query -p email -f value hopper")
    #expect(hopper.stdoutLines.first == "hopper@corp.example", "\(hopper.stdoutText) \(hopper.stderrText)")
    #expect(!hopper.stdoutLines.contains("grace@corp.example"))
    #expect(try Self.run(folder, "query -f value lovelace").stdoutLines.isEmpty)
    // A directory is read-only: a new contact goes elsewhere, and `cpick books` names it.
    #expect(try Self.run(folder, "books").stdoutLines == ["corp\tdirectory\t\(server.url)"])
  }

  @Test("a directory whose size limit also ends paged searches (slapd's default): what came is kept, the sync says why, exit 2")
  func sizeLimitedPaging() throws {
    let server = try LDAPServer.slapd(seed: try LDAPServer.generatedPeople(30, seed: 3), sizeLimit: 10, unlimitedPaging: false)
    defer { server.stop() }
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.config(folder, "[account corp]\nurl = \(server.url)\n")
    let first = try Self.run(folder, "sync")
    #expect(first.status == 2)
    #expect(first.stderrLines.count == 1)
    #expect(first.stderrLines.first?.contains("size limit ended the copy after 10 entries") == true, "\(first.stderrText)")
    // The URL once.
    #expect(first.stderrText.components(separatedBy: server.url).count == 2, "\(first.stderrText)")
    // The ten that came are the copy, searched locally (the copy is fresh: no sync).
    let listed = try Self.run(folder, "list -f tsv")
    #expect(listed.stdoutLines.count == 10, "\(listed.stdoutText) \(listed.stderrText)")
  }

  @Test("a directory searched per query: its matches after the personal book's, in mutt's format; a filter can't be injected")
  func queryMode() throws {
    let server = try Self.directory()
    defer { server.stop() }
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let vdir = try EndToEnd.vdir(
      "personal", in: folder,
      card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:me-ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEMAIL:ada@home.example\r\nEND:VCARD\r\n",
      named: "ada.vcf")
    try Self.config(folder, "source = \(vdir.path)\n\n[account corp]\nurl = \(server.url)\nmode = query\nlimit = 5\n")
    let both = try Self.run(folder, "query -f mutt lovelace")
    #expect(both.status == 0)
    #expect(Array(both.stdoutLines.dropFirst()) == ["ada@home.example\tAda Lovelace\t-", "ada@corp.example\tAda Lovelace\t-"])
    // Substrings, as the server matches them (`*ada*`), at most `limit`.
    #expect(try Self.run(folder, "query -f mutt ada").stdoutLines.count == 1 + 1 + 5)
    // Filter syntax in a query is matched literally: nothing has `*)(uid=*` in it.
    let injected = try Self.run(folder, "query -f mutt '*)(uid=*'")
    #expect(injected.stdoutLines.dropFirst().isEmpty)
    #expect(injected.stderrText.isEmpty)
    // A sender in the directory is known: unknown --skip-known prints them, no card.
    let sender = try Self.run(folder, "unknown --skip-known --email grace@corp.example")
    #expect(sender.status == 0)
    #expect(sender.stdoutText.contains("\"didResolveToPerson\""))
    #expect(sender.stdoutText.contains("Grace Hopper"))
    // Nothing is copied in query mode.
    #expect(try Self.run(folder, "sync").stdoutLines.isEmpty)
  }

  @Test("a wrong bind password and a directory gone are one line each; the personal book still answers")
  func failures() throws {
    let server = try Self.directory()
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.config(
      folder,
      "[account corp]\nurl = \(server.url)\nbind-dn = \(LDAPServer.adminDN)\npassword-command = printf 'not-it-x7'\n")
    let denied = try Self.run(folder, "sync")
    #expect(denied.status == 2)
    #expect(denied.stderrLines.count == 1)
    #expect(!denied.stderrText.contains("not-it-x7"))
    server.stop()
    try Self.config(folder, "[account corp]\nurl = \(server.url)\nmode = query\n")
    let gone = try Self.run(folder, "query -f mutt ada")
    #expect(gone.stderrLines.filter { $0.contains("127.0.0.1") }.count == 1, "\(gone.stderrText)")
  }

  @Test(
    "the picker over a query-mode directory: Ctrl-D asks the server for the query, Enter chooses the colleague",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
  func pickerAsksDirectory() throws {
    let server = try Self.directory()
    defer { server.stop() }
    let pane = try TmuxPane(
      ["-s", server.url, "-p", "email"], config: "[account corp]\nurl = \(server.url)\nmode = query\n")
    defer { pane.close() }
    _ = try pane.waitForScreen(containing: "^D directory", timeout: 60)
    try pane.type("lovelace")
    _ = try pane.waitForScreen(containing: "> lovelace")
    try pane.press("C-d")
    _ = try pane.waitForScreen(containing: "Ada Lovelace", "directory", timeout: 60)
    try pane.press("Enter")
    #expect(try pane.waitForExit(timeout: 30) == 0)
    #expect(pane.stdoutText().contains("ada@corp.example"))
  }
}
