import CpickTestSupport
import LDAPDirectory
import Testing

/// `searchAll`: every entry, page by page (RFC 2696), past the server's size limit.
@Suite struct PagingTests {
  @Test func pagesOf200ReadAll1200PeoplePastASizeLimitOf500() throws {
    let server = try LDAPServer.slapd(seed: try LDAPServer.generatedPeople(1200, seed: 7), sizeLimit: 500)
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server, pageSize: 200))
    defer { connection.close() }

    let (entries, pages) = try readAll(connection)

    #expect(entries.count == 1200)
    #expect(Set(entries.map(\.dn)).count == 1200)
    #expect(pages == Array(repeating: 200, count: 6))
    #expect(entries.allSatisfy { $0.dn.hasSuffix("," + LDAPServer.people) && !$0.strings("cn").isEmpty })
    // The operational attributes the mapping needs come when asked for.
    #expect(entries.allSatisfy { $0.strings("entryUUID").count == 1 && $0.strings("modifyTimestamp").count == 1 })
  }

  @Test func aServerThatLimitsPagedSearchesTooEndsThemWithSizeLimit() throws {
    let server = try LDAPServer.slapd(
      seed: try LDAPServer.generatedPeople(30, seed: 3), sizeLimit: 10, unlimitedPaging: false)
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server, pageSize: 4))

    // slapd's default: the size limit counts over all the pages of a paged search.
    let error = ldapError { _ = try readAll(connection) }
    #expect(error?.kind == .sizeLimit)
  }

  @Test func anErrorThrownByThePageEndsTheSearchAndComesOutUnchanged() throws {
    struct Stop: Error {}
    let server = try LDAPServer.slapd(seed: try LDAPServer.generatedPeople(50, seed: 5))
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server, pageSize: 10))
    var calls = 0

    #expect(throws: Stop.self) {
      try connection.searchAll(attributes: ["cn"]) { _ in
        calls += 1
        if calls == 2 { throw Stop() }
      }
    }
    #expect(calls == 2)
    // The connection is still usable.
    #expect(try readAll(connection).entries.count == 50)
  }

  @Test func aMissingBaseIsNoSuchObject() throws {
    let server = try LDAPServer.slapd(seed: LDAPServer.baseEntries)
    defer { server.stop() }
    let connection = try LDAPConnection(
      options: LDAPOptions(url: server.url.replacingOccurrences(of: "/dc=example", with: "/ou=nowhere,dc=example")))

    let error = ldapError { _ = try readAll(connection) }
    #expect(error?.kind == .noSuchObject)
  }
}
