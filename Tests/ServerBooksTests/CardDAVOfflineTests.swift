import AddressBook
import BookSync
import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

/// Edits made while the server cannot be reached are kept in the queue (outside the
/// cache) and sent by the next sync.
@Suite(.serialized) struct CardDAVOfflineTests {
  @Test("an edit made while the server refuses the sign-in is queued, survives deleting the cache, and is sent later")
  func queuedEditIsSentLater() throws {
    let fixture = try CardDAVBookFixture(.radicale)
    fixture.sync()
    let config = fixture.home.path + "/config/cpick/config"
    let good = try String(contentsOfFile: config, encoding: .utf8)
    try good.replacingOccurrences(of: "'secret'", with: "'wrong'").write(toFile: config, atomically: true, encoding: .utf8)

    let original = try fixture.contact("c1")
    var edited = original
    edited.note = "written offline"
    var request = SaveRequest()
    request.update(edited, original: original)
    var unsent: [String] = []
    let saved = try fixture.store.execute(request, unsent: &unsent)
    #expect(saved.map(\.note) == ["written offline"])
    #expect(Outbox(folder: fixture.paths.outbox).edits().count == 1)
    // Said, for the card and stderr: the sign-in refused, kept for the next sync.
    #expect(unsent.count == 1)
    #expect(unsent.first?.hasPrefix("not sent yet (") == true, "\(unsent)")
    #expect(unsent.first?.contains("401") == true, "\(unsent)")
    #expect(unsent.first?.hasSuffix("); it is kept and sent on the next sync") == true, "\(unsent)")
    #expect(try fixture.contact("c1").note == "written offline")  // the copy shows it
    #expect(try fixture.serverCard("c1.vcf")?.contains("written offline") == false)

    try FileManager.default.removeItem(atPath: fixture.paths.root)  // the cache is only a cache
    try good.write(toFile: config, atomically: true, encoding: .utf8)
    let outcome = fixture.sync()
    #expect(outcome.failure == nil)
    #expect(outcome.edits.map(\.result) == ["sent"])
    // Online, a save says nothing.
    var online = try fixture.contact("c2")
    let before = online
    online.note = "written online"
    var sent = SaveRequest()
    sent.update(online, original: before)
    unsent = []
    _ = try fixture.store.execute(sent, unsent: &unsent)
    #expect(unsent.isEmpty)
    #expect(try fixture.serverCard("c1.vcf")?.contains("NOTE:written offline") == true)
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
    #expect(try fixture.contacts().count == 3)
    #expect(try fixture.serverCard("c2.vcf")?.contains("NOTE:written online") == true)
  }

  @Test(
    "cpick sync: a queued edit that conflicts with the server's change is one line on stderr, exit 2, the edit kept aside",
    arguments: ["note", "email"])
  func queuedEditConflicts(field: String) throws {
    let fixture = try CardDAVBookFixture(.radicale)
    fixture.sync()
    let config = fixture.home.path + "/config/cpick/config"
    let good = try String(contentsOfFile: config, encoding: .utf8)
    try good.replacingOccurrences(of: "'secret'", with: "'wrong'").write(toFile: config, atomically: true, encoding: .utf8)
    let original = try fixture.contact("c1")
    var edited = original
    // Meanwhile another client changes the same field on the server: another note, or
    // the same email line changed otherwise (not two emails merged).
    var theirs = CardDAVBookFixture.card(1, note: "from the phone")
    if field == "note" {
      edited.note = "written offline"
    } else {
      edited.emailAddresses[0].value = "mine@example.org"
      theirs = Array(String(decoding: CardDAVBookFixture.card(1), as: UTF8.self)
        .replacingOccurrences(of: "p1@example.org", with: "theirs@example.org").utf8)
    }
    var request = SaveRequest()
    request.update(edited, original: original)
    _ = try fixture.store.execute(request)
    #expect(Outbox(folder: fixture.paths.outbox).edits().count == 1)
    try fixture.server.putRaw(path: fixture.bookPath + "c1.vcf", bytes: theirs)
    try good.write(toFile: config, atomically: true, encoding: .utf8)

    let helper = Process()
    helper.executableURL = URL(fileURLWithPath: TestPaths.syncHelper)
    helper.arguments = ["sync"]
    helper.environment = fixture.environment
    let out = Pipe()
    let err = Pipe()
    helper.standardOutput = out
    helper.standardError = err
    try helper.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    helper.waitUntilExit()
    #expect(helper.terminationStatus == 2)
    let problems = stderr.split(separator: "\n")
    #expect(problems.count == 1, "\(stderr)")
    #expect(problems.first?.hasPrefix("test: conflict c1.vcf: ") == true, "\(stderr)")
    #expect(stdout.split(separator: "\n").count == 1, "\(stdout)")
    // The server keeps the other client's version.
    let onServer = try fixture.serverCard("c1.vcf") ?? ""
    #expect(onServer.contains(field == "note" ? "NOTE:from the phone" : "EMAIL;TYPE=work:theirs@example.org"), "\(onServer)")
    #expect(!onServer.contains("mine@example.org") && !onServer.contains("written offline"), "\(onServer)")
    let kept = try FileManager.default.contentsOfDirectory(atPath: fixture.paths.conflicts)
    #expect(kept.count == 1)
  }

  @Test("a save to a server that takes the connection but never answers gives up after the account's timeout")
  func serverHangs() throws {
    let fixture = try CardDAVBookFixture(.radicale)
    fixture.sync()
    // The account waits at most 1 s; the helper reads the config itself.
    let config = fixture.home.path + "/config/cpick/config"
    let text = try String(contentsOfFile: config, encoding: .utf8)
    try (text + "timeout = 1\n").write(toFile: config, atomically: true, encoding: .utf8)
    let account = ServerAccount.forSource(fixture.server.url, config: ConfigFile.load(environment: fixture.environment))
    #expect(account.timeout == 1)
    // A stopped server: the kernel still takes connections, nothing answers.
    kill(fixture.server.pid, SIGSTOP)
    defer { kill(fixture.server.pid, SIGCONT) }
    let original = try fixture.contact("c1")
    var edited = original
    edited.note = "sent later"
    var request = SaveRequest()
    request.update(edited, original: original)
    var unsent: [String] = []
    let saved = try CardDAVStore(account: account, environment: fixture.environment).execute(request, unsent: &unsent)
    #expect(saved.map(\.note) == ["sent later"])
    // The request's own time-out, not the save's backstop (30 s: "no answer from cpick-sync").
    #expect(unsent == ["not sent yet (not done within 1 s); it is kept and sent on the next sync"])
    #expect(Outbox(folder: fixture.paths.outbox).edits().count == 1)
    kill(fixture.server.pid, SIGCONT)
    #expect(fixture.sync().edits.map(\.result) == ["sent"])
    #expect(try fixture.serverCard("c1.vcf")?.contains("NOTE:sent later") == true)
  }

  @Test("with the server gone, a save succeeds on the copy and stays queued; nothing is lost")
  func serverGone() throws {
    let fixture = try CardDAVBookFixture(.xandikos)
    fixture.sync()
    fixture.server.stop()
    let original = try fixture.contact("c2")
    var edited = original
    edited.note = "no network"
    var request = SaveRequest()
    request.update(edited, original: original)
    #expect(try fixture.store.execute(request).map(\.note) == ["no network"])
    let queued = Outbox(folder: fixture.paths.outbox).edits()
    #expect(queued.count == 1)
    #expect(queued.first.map { String(decoding: $0.body ?? [], as: UTF8.self).contains("NOTE:no network") } == true)
    // A second edit of the same card while still offline joins the first.
    let again = try fixture.contact("c2")
    var more = again
    more.organizationName = "Offline Ltd"
    var second = SaveRequest()
    second.update(more, original: again)
    _ = try fixture.store.execute(second)
    let merged = Outbox(folder: fixture.paths.outbox).edits()
    #expect(merged.count == 1)
    #expect(merged.first?.base == queued.first?.base)
    #expect(fixture.sync().failure != nil)
  }
}
