import CardDAV
import CpickTestSupport
import Foundation
import Testing

/// How requests fail: credentials, connections, time-outs, TLS and refused URLs.
@Suite struct FailureTests {
  @Test func aWrongPasswordIsUnauthorizedAndNeverShown() throws {
    let server = try DAVServer.radicale(users: ["alice": "secret"])
    defer { server.stop() }
    let client = try DAVClient(options: DAVOptions(credentials: .basic(user: "alice", password: "hunter2-wrong")))

    do {
      _ = try client.addressBooks(at: server.url)
      Issue.record("no error")
    } catch {
      #expect(error.kind == .unauthorized)
      #expect(error.message == "wrong user name or password (HTTP 401)")
      #expect(!error.description.contains("hunter2"))
      #expect(error.url == server.url)
    }
    let anonymous = try DAVClient(options: DAVOptions())
    #expect(errorKind { () throws(DAVError) in try anonymous.members(of: server.url("/alice/")) } == .unauthorized)
  }

  @Test func anAnswerLongerThanTheLargestIsStoppedAndSaid() throws {
    let server = try DAVServer.radicale(users: ["alice": "secret"])
    defer { server.stop() }
    var options = DAVOptions(credentials: .basic(user: "alice", password: "secret"))
    options.largestAnswer = 200
    let small = try DAVClient(options: options)
    do {
      _ = try small.addressBooks(at: server.url)
      Issue.record("no error")
    } catch {
      #expect(error.kind == .malformed)
      #expect(error.message == "the answer is longer than 200 bytes; stopped reading it")
    }
    // The default (256 MiB) reads it.
    let client = try DAVClient(options: DAVOptions(credentials: .basic(user: "alice", password: "secret")))
    #expect(throws: Never.self) { _ = try client.addressBooks(at: server.url) }
  }

  @Test func aRedirectToAnotherHostThatAsksForCredentialsSaysSo() throws {
    let server = try DAVServer.radicale(users: ["alice": "secret"])
    defer { server.stop() }
    let target = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
    let redirector = try RedirectListener(to: target)
    defer { redirector.close() }
    let client = try DAVClient(options: DAVOptions(credentials: .basic(user: "alice", password: "secret")))
    let url = "http://127.0.0.1:\(redirector.port)/alice/"

    do {
      _ = try client.addressBooks(at: url)
      Issue.record("no error")
    } catch {
      #expect(error.kind == .unauthorized)
      #expect(
        error.message
          == "redirected to http://localhost:\(URLComponents(string: server.url)!.port!), which asks for a user name and password; credentials are never sent to another host: give that URL instead (HTTP 401)"
      )
      #expect(error.url == url)
    }
    // The same credentials at the URL it names are accepted.
    #expect(try client.addressBooks(at: target + "alice/").isEmpty)
  }

  @Test func aClosedPortIsUnreachable() throws {
    let client = try DAVClient(options: DAVOptions())
    let url = "http://127.0.0.1:\(try SilentListener.closedPort())/"

    do {
      _ = try client.addressBooks(at: url)
      Issue.record("no error")
    } catch {
      #expect(error.kind == .unreachable)
      #expect(error.message == "cannot connect: Connection refused")
    }
  }

  /// Expects a GET of `port` by a client of a 1 s idle time-out (and `requestTimeout`)
  /// to time out for its idle time-out.
  static func expectIdleTimeout(port: Int, requestTimeout: Double? = nil) throws {
    let client = try DAVClient(options: DAVOptions(idleTimeout: 1, requestTimeout: requestTimeout))
    do {
      _ = try client.get("http://127.0.0.1:\(port)/card.vcf")
      Issue.record("no error")
    } catch {
      #expect(error.kind == .timeout)
      #expect(error.message == "no answer within 1 s")
    }
  }

  @Test func aServerThatNeverAnswersTimesOutAfterTheIdleTimeout() throws {
    let listener = try SilentListener()
    defer { listener.close() }
    let started = ContinuousClock.now
    try Self.expectIdleTimeout(port: listener.port)
    // Well under what a client without the idle timeout waits (`SilentListener` never answers).
    #expect(ContinuousClock.now - started < .seconds(25))
  }

  @Test("a server that trickles its answer (a byte at a time) is given up on as one that sends nothing")
  func aServerThatTricklesTimesOutAfterTheIdleTimeout() throws {
    let listener = try TricklingListener(interval: 0.2)
    defer { listener.close() }
    // The whole request bounded too, so that a client that waits for the trickle fails
    // the test (another message) instead of hanging it.
    try Self.expectIdleTimeout(port: listener.port, requestTimeout: 60)
  }

  @Test func aRequestTimeoutBoundsTheWholeRequest() throws {
    let listener = try SilentListener()
    defer { listener.close() }
    let client = try DAVClient(options: DAVOptions(idleTimeout: 30, requestTimeout: 1))

    #expect(errorKind { () throws(DAVError) in try client.get("http://127.0.0.1:\(listener.port)/") } == .timeout)
  }

  @Test func plainHTTPToAnotherMachineIsRefusedWithoutConnecting() throws {
    let client = try DAVClient(options: DAVOptions(connectTimeout: 30))
    let started = ContinuousClock.now

    for url in ["http://192.0.2.1/dav/", "http://example.com/dav/", "http://127.example.com/"] {
      do {
        _ = try client.addressBooks(at: url)
        Issue.record("no error for \(url)")
      } catch {
        #expect(error.kind == .malformed)
        #expect(error.message == "plain http is allowed only to this machine; use https")
      }
    }
    // Not connected: well under the 30 s a connection to 192.0.2.1 would wait.
    #expect(ContinuousClock.now - started < .seconds(15))
    #expect(errorKind { () throws(DAVError) in try client.get("ftp://127.0.0.1/a.vcf") } == .malformed)
    #expect(errorKind { () throws(DAVError) in try client.get("http://alice:pw@127.0.0.1:1/a.vcf") } == .malformed)
  }

  @Test func tlsNeedsATrustedCertificate() throws {
    let folder = try TempFolder("dav-tls")
    defer { folder.remove() }
    let cert = folder.file("cert.pem")
    let key = folder.file("key.pem")
    try runOpenSSL([
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1",
    ])
    let server = try DAVServer.radicale(tls: (cert: cert, key: key))
    defer { server.stop() }
    try server.makeAddressBook(path: "/alice/book/", displayName: "Friends")
    #expect(server.url.hasPrefix("https://127.0.0.1:"))

    let untrusting = try DAVClient(options: DAVOptions(credentials: .basic(user: "alice", password: "secret")))
    do {
      _ = try untrusting.addressBooks(at: server.url)
      Issue.record("no error")
    } catch {
      #expect(error.kind == .tls)
      #expect(error.message.hasPrefix("TLS: "))
    }

    let trusting = try DAVClient(options: DAVOptions(credentials: .basic(user: "alice", password: "secret"), caFile: cert))
    #expect(try trusting.addressBooks(at: server.url).map(\.url) == [server.url("/alice/book/")])
  }

  private func runOpenSSL(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
  }
}
