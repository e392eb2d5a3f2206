import CpickTestSupport
import Foundation
import Glibc
import Testing

/// cpick on a CardDAV server (Xandikos on 127.0.0.1, no sign-in), as a user runs it:
/// `query` syncs a copy it has not got, the picker shows the server's people after its
/// background sync, and an unreachable server is one line on stderr / "offline" on the
/// query line.
@Suite("CardDAV books from the command line", .serialized)
struct CardDAVEndToEndTests {
  static let book = "/user/contacts/addressbook/"

  static func server(cards: Int = 3) throws -> DAVServer {
    let server = try DAVServer.xandikos()
    for number in 1...cards {
      let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:c\(number)\r\nFN:Person \(number)\r\nN:P\(number);Person;;;\r\n"
        + "EMAIL:p\(number)@example.org\r\nEND:VCARD\r\n"
      try server.putRaw(path: book + "c\(number).vcf", bytes: Array(card.utf8))
    }
    return server
  }

  @Test("query syncs the account's copy first, then answers from it even with the server gone")
  func queryFromServer() throws {
    let server = try Self.server()
    defer { server.stop() }
    let first = try CommandRunner.cpick(["-s", server.url, "query", "-f", "mailbox", "person"], timeout: 60)
    #expect(first.status == 0)
    #expect(first.stdoutLines.sorted() == ["Person 1 <p1@example.org>", "Person 2 <p2@example.org>", "Person 3 <p3@example.org>"])
    #expect(first.stderrText.isEmpty)
  }

  @Test("cpick sync prints what changed; with the server gone it says why in one line and exits 2")
  func syncCommand() throws {
    let server = try Self.server()
    let directory = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let home = "export XDG_CACHE_HOME=\(directory.path)/cache XDG_STATE_HOME=\(directory.path)/state; "
    let synced = try CommandRunner.shell(home + "\"$0\" sync -s \(server.url)", timeout: 60)
    #expect(synced.status == 0)
    #expect(synced.stdoutLines.count == 1)
    #expect(synced.stdoutLines.first?.hasSuffix(": 3 added, 0 changed, 0 removed") == true)
    server.stop()
    let offline = try CommandRunner.shell(home + "\"$0\" sync -s \(server.url)", timeout: 60)
    #expect(offline.status == 2)
    #expect(offline.stderrLines.count == 1)
    #expect(offline.stderrLines.first?.contains(server.url) == true)
    // The copy still answers.
    let listed = try CommandRunner.shell(home + "\"$0\" list -f mailbox -s \(server.url)", timeout: 60)
    #expect(listed.stdoutLines.sorted() == ["Person 1 <p1@example.org>", "Person 2 <p2@example.org>", "Person 3 <p3@example.org>"])
  }

  @Test(
    "the picker shows the server's people after its background sync, and Enter prints one",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
  func pickerSyncsInBackground() throws {
    let server = try Self.server()
    defer { server.stop() }
    let pane = try TmuxPane(["-s", server.url])
    defer { pane.close() }
    _ = try pane.waitForScreen(containing: "Person 1", "Person 3", timeout: 60)
    try pane.type("person 2")
    _ = try pane.waitForScreen(containing: "1/3")
    try pane.press("Enter")
    #expect(try pane.waitForExit(timeout: 20) == 0)
    #expect(pane.stdoutText().contains("\"didSelectPerson\""))
    #expect(pane.stdoutText().contains("p2@example.org"))
  }

  @Test(
    "with the server unreachable the picker opens and says it is offline and why; the reason in full on stderr after",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
  func pickerOffline() throws {
    let server = try Self.server()
    let url = server.url
    server.stop()
    let pane = try TmuxPane(["-s", url], width: 160)
    defer { pane.close() }
    _ = try pane.waitForScreen(containing: "offline: never synced · \(url)", timeout: 60)
    try pane.press("Escape")
    #expect(try pane.waitForExit(timeout: 20) == 130)
    // Why, then that the (never synced) book has no one.
    let stderr = pane.stderrText().split(separator: "\n")
    #expect(stderr.first?.hasPrefix("cpick: \(url): cannot connect") == true, "\(stderr)")
    #expect(stderr.dropFirst() == ["cpick: no contacts in \(url)"], "\(stderr)")
  }

  @Test(
    "an edit saved with the server gone is kept for the next sync, and says so: on the card, then on stderr",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"), arguments: ["show", "picker"])
  func editSavedOffline(from: String) throws {
    let server = try Self.server()
    let url = server.url
    defer { server.stop() }
    let arguments = from == "show" ? ["show", "person 2", "--edit", "-s", url] : ["-s", url]
    let pane = try TmuxPane(arguments, width: 160)
    defer { pane.close() }
    if from == "show" {
      try pane.waitForScreen(containing: "Person 2", "e edit", timeout: 60)
      server.stop()
      try pane.press("e")
      try pane.waitForScreen(containing: "Edit Contact")
    } else {
      try pane.waitForScreen(containing: "Person 1", "Person 3", timeout: 60)
      server.stop()
      try SavingTests().editFromPicker(pane, query: "person 2", count: "1/3", value: "p2@example.org")
    }
    try SavingTests().focus(pane, on: "job title")
    try pane.type("Offline Officer")
    try pane.press("C-s")
    try pane.waitForScreen(containing: "Offline Officer", "not sent yet (", timeout: 60)
    try pane.press(from == "show" ? "Escape" : "Enter")
    #expect(try pane.waitForExit(timeout: 20) == 0)
    let event = try JSONDocument.object(pane.stdout)["event"] as? String
    #expect(event == (from == "show" ? "didCompleteWithPerson" : "didSelectProperty"))
    let stderr = pane.stderrText().split(separator: "\n")
    #expect(stderr.count == 1, "\(stderr)")
    #expect(stderr.first?.hasPrefix("cpick: \(url): not sent yet (") == true, "\(stderr)")
    #expect(stderr.first?.hasSuffix("); it is kept and sent on the next sync") == true, "\(stderr)")
  }

  @Test("a URL with no config section signs in with ~/.netrc (Radicale with a password), found through /.well-known/carddav")
  func netrcAndWellKnown() throws {
    let server = try DAVServer.radicale()
    defer { server.stop() }
    try server.makeAddressBook(path: "/alice/contacts/")
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:n1\r\nFN:Netrc Person\r\nEMAIL:netrc@example.org\r\nEND:VCARD\r\n"
    try server.putRaw(path: "/alice/contacts/n1.vcf", bytes: Array(card.utf8))
    let home = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let netrc = home.appendingPathComponent(".netrc")
    try "machine 127.0.0.1 login alice password secret\n".write(to: netrc, atomically: true, encoding: .utf8)
    chmod(netrc.path, 0o600)
    let url = server.url("/.well-known/carddav")
    let run = try CommandRunner.shell("export HOME=\(home.path); \"$0\" query -f mailbox -s \(url)", timeout: 60)
    #expect(run.stdoutLines == ["Netrc Person <netrc@example.org>"])
    #expect(run.stderrText.isEmpty)
    // Without it: the wrong-password line, naming the server.
    try FileManager.default.removeItem(at: netrc)
    let denied = try CommandRunner.shell("export HOME=\(home.path); \"$0\" sync -s \(url)", timeout: 60)
    #expect(denied.status == 2)
    #expect(denied.stderrText.contains("401"))
  }

  @Test(
    "cpick new saves the new contact on the server (Ctrl-S), and another client finds it there",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
  func newContactOnServer() throws {
    let server = try Self.server()
    defer { server.stop() }
    let pane = try TmuxPane(["new", "--given-name", "Grace", "--family-name", "Hopper", "--email", "grace@navy.example", "-s", server.url])
    defer { pane.close() }
    try pane.waitForScreen(containing: "New Contact", "grace@navy.example", timeout: 60)
    try pane.press("C-s")
    #expect(try pane.waitForExit(timeout: 60) == 0)
    let document = try JSONDocument.object(pane.stdout)
    #expect(document["event"] as? String == "didCompleteWithNewPerson")
    let person = try #require(document["person"] as? [String: Any])
    let uid = try #require(person["identifier"] as? String)
    let name = String(uid.split(separator: ":").last ?? "") + ".vcf"
    let found = try CommandRunner.run(
      "/usr/bin/curl", ["-s", "-o", "-", "-w", "%{http_code}", server.url(Self.book + name)], timeout: 30)
    #expect(found.stdoutText.hasSuffix("200"))
    #expect(found.stdoutText.contains("Hopper"))
  }

  @Test(
    "Delete Contact on a server book sends DELETE with If-Match: the card is gone on the server; stdout says didDeletePerson",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
  func deleteOnServer() throws {
    let server = try Self.server()
    defer { server.stop() }
    let pane = try TmuxPane(["show", "person 2", "--edit", "-s", server.url])
    defer { pane.close() }
    try CardDeleteAndActionTests.deleteOnCard(pane, name: "Person 2", source: "", timeout: 60)
    #expect(try pane.waitForExit(timeout: 60) == 0)
    let document = try JSONDocument.object(pane.stdout)
    #expect(document["event"] as? String == "didDeletePerson")
    #expect((document["person"] as? [String: Any])?["identifier"] as? String == "c2")
    let gone = try CommandRunner.run(
      "/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", server.url(Self.book + "c2.vcf")], timeout: 30)
    #expect(gone.stdoutText == "404")
    let left = try CommandRunner.cpick(["-s", server.url, "query", "-f", "mailbox", "person"], timeout: 60)
    #expect(left.stdoutLines.sorted() == ["Person 1 <p1@example.org>", "Person 3 <p3@example.org>"])
  }

  /// A server that only knows bearer tokens (RFC 6750), as Google's and Fastmail's
  /// OAuth sign-in: no loopback CardDAV server here has one, so a few lines of Python
  /// answer discovery with one address book, and only for the right token.
  static let bearerServer = """
    import http.server, sys
    class H(http.server.BaseHTTPRequestHandler):
        def do_PROPFIND(self):
            self.rfile.read(int(self.headers.get('Content-Length') or 0))
            if self.headers.get('Authorization') != 'Bearer tok-123':
                self.send_response(401); self.send_header('WWW-Authenticate', 'Bearer'); self.end_headers(); return
            body = (b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">'
                    b'<d:response><d:href>/book/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/>'
                    b'<c:addressbook/></d:resourcetype><d:displayname>Token Book</d:displayname></d:prop>'
                    b'<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>')
            self.send_response(207); self.send_header('Content-Type', 'application/xml')
            self.send_header('Content-Length', str(len(body))); self.end_headers(); self.wfile.write(body)
        def log_message(self, *a): pass
    s = http.server.HTTPServer(('127.0.0.1', 0), H)
    print(s.server_address[1], flush=True)
    s.serve_forever()
    """

  /// Runs `script` with python3 in `folder`; returns its PID and the port it printed
  /// first (waited for: the server listens once it is printed).
  static func python(_ script: String, in folder: URL) throws -> (pid: pid_t, port: String) {
    let path = folder.appendingPathComponent("server.py")
    try script.write(to: path, atomically: true, encoding: .utf8)
    let portFile = folder.appendingPathComponent("port").path
    let pid = try Spawn.start(
      "/usr/bin/python3", [path.path], environment: ProcessInfo.processInfo.environment, stdin: "/dev/null",
      stdout: portFile, stderr: "/dev/null")
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline {
      let port = ((try? String(contentsOfFile: portFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      if !port.isEmpty { return (pid, port) }
      usleep(10_000)
    }
    kill(pid, SIGTERM)
    throw EndToEndError(description: "the python server in \(folder.path) printed no port")
  }

  @Test("token-command: its first line is sent as a bearer token (cpick books), a wrong one is refused")
  func bearerToken() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (pid, port) = try Self.python(Self.bearerServer, in: folder)
    defer { kill(pid, SIGTERM); _ = Spawn.wait(pid, timeout: 10) }
    let url = "http://127.0.0.1:\(port)/book/"
    func books(_ token: String) throws -> CommandResult {
      try FileManager.default.createDirectory(at: folder.appendingPathComponent("config/cpick"), withIntermediateDirectories: true)
      try "[account oauth]\nurl = \(url)\ntoken-command = printf '%s\\n' \(token)\n"
        .write(to: folder.appendingPathComponent("config/cpick/config"), atomically: true, encoding: .utf8)
      return try CommandRunner.shell("export XDG_CONFIG_HOME=\(folder.path)/config; \"$0\" books", timeout: 60)
    }
    let good = try books("tok-123")
    #expect(good.status == 0)
    #expect(good.stdoutLines == ["oauth\tToken Book\t\(url)"])
    let bad = try books("tok-999")
    #expect(bad.status == 2)
    #expect(bad.stderrText.contains("401"))
    #expect(!bad.stderrText.contains("tok-999"))
  }

  @Test("a server that accepts and never answers: query gives up after the account's timeout with one line, exit 2 (never synced: no copy)")
  func serverNeverAnswers() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (pid, port) = try Self.python(
      """
      import socket, time
      s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(16)
      print(s.getsockname()[1], flush=True)
      held = []
      while True:
          c, _ = s.accept(); held.append(c)
      """, in: folder)
    defer { kill(pid, SIGTERM); _ = Spawn.wait(pid, timeout: 10) }
    let url = "http://127.0.0.1:\(port)/"
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("config/cpick"), withIntermediateDirectories: true)
    try "[account silent]\nurl = \(url)\ntimeout = 1\n"
      .write(to: folder.appendingPathComponent("config/cpick/config"), atomically: true, encoding: .utf8)
    // Without the bound the command would wait for the server forever (the runner's
    // 60 s deadline would fail the test).
    let run = try CommandRunner.shell("export XDG_CONFIG_HOME=\(folder.path)/config; \"$0\" query anyone", timeout: 60)
    #expect(run.status == 2)
    #expect(run.stderrLines.filter { $0.contains("no answer within 1 s") }.count == 1)
    #expect(run.stderrLines.last?.contains("never synced, and the sync failed") == true, "\(run.stderrLines)")
  }

  @Test(
    "a local book and a server account in one picker: each row shows its book",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
  func rowsShowTheirBook() throws {
    let server = try Self.server(cards: 1)
    defer { server.stop() }
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let vdir = try EndToEnd.vdir(
      "personal", in: folder,
      card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:local\r\nFN:Local Friend\r\nN:Friend;Local;;;\r\nEND:VCARD\r\n",
      named: "local.vcf")
    let pane = try TmuxPane(["-s", vdir.path, "-s", server.url])
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "Person 1", "Local Friend", timeout: 60)
    let local = try #require(screen.components(separatedBy: "\n").first { $0.contains("Local Friend") })
    #expect(local.trimmingCharacters(in: .whitespaces).hasSuffix("personal") || local.contains(" personal "))
    let remote = try #require(screen.components(separatedBy: "\n").first { $0.contains("Person 1") })
    #expect(remote.contains("127.0.0.1"))  // the account's name (its host), before its books are known
    try pane.press("Escape")
    _ = try pane.waitForExit(timeout: 20)
  }

  @Test("a password in a source URL (config, CPICK_SOURCE, -s) is refused before the helper runs, and never printed")
  func passwordInURL() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("config/cpick"), withIntermediateDirectories: true)
    try "source = http://bob:Hunter2PW@127.0.0.1:18765/dav/\n"
      .write(to: folder.appendingPathComponent("config/cpick/config"), atomically: true, encoding: .utf8)
    // A helper that leaves a mark when it runs: it must not.
    let mark = folder.appendingPathComponent("helper-ran").path
    let helper = folder.appendingPathComponent("helper").path
    try "#!/bin/sh\necho \"$@\" > \(mark)\n".write(toFile: helper, atomically: true, encoding: .utf8)
    chmod(helper, 0o755)
    let setup = "export CPICK_SYNC=\(helper);"
    for script in [
      "export XDG_CONFIG_HOME=\(folder.path)/config; \"$0\" list",
      "export XDG_CONFIG_HOME=\(folder.path)/config; \"$0\" sync",
      "export CPICK_SOURCE=/nonexistent.vcf:https://u:Hunter2PW@dav.example.org/x/; \"$0\" query x",
      "\"$0\" -s http://bob:Hunter2PW@127.0.0.1:18765/dav/ query x",
    ] {
      let run = try CommandRunner.shell(setup + script)
      #expect(run.status == 2, "\(script)")
      #expect(run.stderrLines.count == 1, "\(script)")
      #expect(run.stderrText.contains("a user name or password in the URL is refused"), "\(script)")
      #expect(!run.stderrText.contains("Hunter2PW") && !run.stdoutText.contains("Hunter2PW"), "\(script)")
      #expect(!FileManager.default.fileExists(atPath: mark), "\(script)")
    }
  }
}
