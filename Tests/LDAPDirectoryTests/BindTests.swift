import CpickTestSupport
import Foundation
import LDAPDirectory
import Testing

/// Connecting and binding (RFC 4513 §5.1): anonymous, as a user, and the ways it fails.
@Suite struct BindTests {
  static let alice = (dn: "uid=alice,\(LDAPServer.people)", password: "s3cret-Pässword")

  @Test func anonymousAndUserBindsBothRead() throws {
    let server = try LDAPServer.slapd(
      seed: LDAPServer.baseEntries + person("bob", given: "Bob", family: "Builder"), users: [Self.alice])
    defer { server.stop() }

    let anonymous = try LDAPConnection(options: options(server))
    let user = try LDAPConnection(options: options(server, bindDN: Self.alice.dn, password: Self.alice.password))

    #expect(try readAll(anonymous).entries.map(\.dn).sorted() == [Self.alice.dn, "uid=bob,\(LDAPServer.people)"])
    #expect(try readAll(user).entries.count == 2)
    // The access rules keep passwords from anonymous readers.
    #expect(
      try readAll(anonymous, attributes: ["userPassword", "cn"]).entries.allSatisfy {
        $0.attributes["userpassword"] == nil
      })
  }

  @Test func aWrongPasswordIsInvalidCredentialsAndTheMessageHoldsNoPassword() throws {
    let server = try LDAPServer.slapd(seed: LDAPServer.baseEntries, users: [Self.alice])
    defer { server.stop() }

    let error = ldapError {
      _ = try LDAPConnection(options: options(server, bindDN: Self.alice.dn, password: "wrong-Pässword-42"))
    }

    #expect(error?.kind == .invalidCredentials)
    #expect(error?.url == server.url)
    #expect(error.map { !$0.description.contains("wrong-Pässword-42") && !$0.description.contains("\n") } == true)
    #expect(error?.message.contains("Invalid credentials") == true)
    // A password that is a word of the message rewrites nothing in it (a `***` there
    // would show which word the password is).
    for weak in ["bind", "e", "password"] {
      let told = ldapError { _ = try LDAPConnection(options: options(server, bindDN: Self.alice.dn, password: weak)) }
      #expect(told?.kind == .invalidCredentials)
      #expect(told.map { !$0.message.contains("***") && $0.message.contains("bind") } == true, "\(String(describing: told))")
      #expect(told?.message.contains("Invalid credentials") == true, "\(String(describing: told))")
    }
  }

  @Test func aClosedPortIsUnreachable() throws {
    let listener = try SilentListener()
    let port = listener.port
    listener.close()  // nothing listens there now

    let error = ldapError {
      _ = try LDAPConnection(options: LDAPOptions(url: "ldap://127.0.0.1:\(port)/dc=example,dc=org"))
    }

    #expect(error?.kind == .unreachable)
  }

  @Test func aServerThatNeverAnswersTimesOutWithinAFewSeconds() throws {
    let listener = try SilentListener()
    defer { listener.close() }
    let started = Date()

    let error = ldapError {
      _ = try LDAPConnection(
        options: LDAPOptions(
          url: "ldap://127.0.0.1:\(listener.port)/dc=example,dc=org", connectTimeout: 1, queryTimeout: 1))
    }

    #expect(error?.kind == .timeout)
    // Bounded by the timeouts (libldap without them waits for ever); the margin is for
    // a busy machine.
    #expect(Date().timeIntervalSince(started) < 25)
  }

  @Test func aURLThatIsNotLDAPIsMalformed() {
    #expect(ldapError { _ = try LDAPConnection(options: LDAPOptions(url: "http://127.0.0.1/")) }?.kind == .malformed)
  }

  @Test func theBaseIsTheURLsPathPercentDecoded() throws {
    let server = try LDAPServer.slapd(
      seed: LDAPServer.baseEntries + person("carol", given: "Carol", family: "Danvers"))
    defer { server.stop() }
    let url = server.url.replacingOccurrences(of: "/dc=example,dc=org", with: "/ou=people,dc%3Dexample,dc=org??sub")

    let connection = try LDAPConnection(options: LDAPOptions(url: url))

    #expect(connection.baseDN == LDAPServer.people)
    #expect(try readAll(connection).entries.map(\.dn) == ["uid=carol,\(LDAPServer.people)"])
  }
}

/// A connection whose server goes away after the bind.
extension BindTests {
  @Test func aSearchAfterTheServerStoppedIsUnreachable() throws {
    let server = try LDAPServer.slapd(seed: LDAPServer.baseEntries + person("dora", given: "Dora", family: "Gone"))
    let connection = try LDAPConnection(options: options(server))
    #expect(try connection.search(terms: ["dora"], limit: 5).entries.count == 1)

    server.stop()

    #expect(ldapError { _ = try connection.search(terms: ["dora"], limit: 5) }?.kind == .unreachable)
    #expect(ldapError { _ = try readAll(connection) }?.kind == .unreachable)
    connection.close()
    #expect(ldapError { _ = try connection.search(terms: ["dora"], limit: 5) }?.kind == .unreachable)
  }
}
