import CpickTestSupport
import LDAPDirectory
import Testing

/// refreshOnly content synchronization (RFC 4533): what changed since a cookie.
@Suite struct SyncTests {
  static let seed =
    LDAPServer.baseEntries + person("ada", given: "Ada", family: "Lovelace")
    + person("alan", given: "Alan", family: "Turing") + person("grace", given: "Grace", family: "Hopper")

  /// A copy of the directory by entryUUID, brought up to date as `LDAPSyncResult` says.
  struct Copy {
    var entries: [String: LDAPEntry] = [:]

    mutating func apply(_ result: LDAPSyncResult) {
      for entry in result.changed { entries[entry.strings("entryUUID")[0]] = entry }
      for uuid in result.deleted { entries[uuid] = nil }
      if let present = result.present { entries = entries.filter { present.contains($0.key) } }
    }
  }

  @Test func aSyncFromACookieGivesWhatWasAddedModifiedAndDeleted() throws {
    let server = try LDAPServer.slapd(seed: Self.seed, syncProvider: true)
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server))
    let dn = { (uid: String) in "uid=\(uid),\(LDAPServer.people)" }

    let first = try connection.sync(cookie: nil)
    #expect(Set(first.changed.map(\.dn)) == [dn("ada"), dn("alan"), dn("grace")])
    #expect(!first.cookie.isEmpty)
    #expect(first.present == Set(first.changed.map { $0.strings("entryUUID")[0] }))
    var copy = Copy()
    copy.apply(first)

    let unchanged = try connection.sync(cookie: first.cookie)
    #expect(unchanged.changed.isEmpty && unchanged.deleted.isEmpty)

    try server.add(ldif: person("edsger", given: "Edsger", family: "Dijkstra"))
    try server.modify(ldif: "dn: \(dn("ada"))\nchangetype: modify\nreplace: mail\nmail: ada@analytical.example\n")
    try server.delete(dn: dn("alan"))
    let second = try connection.sync(cookie: unchanged.cookie)
    copy.apply(second)

    #expect(Set(second.changed.map(\.dn)) == [dn("edsger"), dn("ada")])
    #expect(second.cookie != first.cookie)
    let now = try readAll(connection).entries
    #expect(Set(copy.entries.values.map(\.dn)) == Set(now.map(\.dn)))
    #expect(copy.entries.values.first { $0.dn == dn("ada") }?.strings("mail") == ["ada@analytical.example"])
  }

  @Test func aServerWithoutSyncprovRefusesWithItsResultCode() throws {
    let server = try LDAPServer.slapd(seed: Self.seed)
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server))

    let error = ldapError { _ = try connection.sync(cookie: nil) }

    #expect(error?.kind == .server(12), "\(String(describing: error))")  // unavailableCriticalExtension
  }
}
