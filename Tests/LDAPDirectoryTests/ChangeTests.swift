import CpickTestSupport
import LDAPDirectory
import Testing

/// A new `searchAll` sees what another client changed: an entry added, modified, deleted.
@Suite struct ChangeTests {
  @Test func addModifyAndDeleteAreSeenByTheNextSearchAll() throws {
    let server = try LDAPServer.slapd(
      seed: LDAPServer.baseEntries + person("ada", given: "Ada", family: "Lovelace")
        + person("alan", given: "Alan", family: "Turing") + person("grace", given: "Grace", family: "Hopper"))
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server, pageSize: 2))
    func snapshot() throws -> [String: LDAPEntry] {
      Dictionary(uniqueKeysWithValues: try readAll(connection).entries.map { ($0.dn, $0) })
    }
    let dn = { (uid: String) in "uid=\(uid),\(LDAPServer.people)" }
    let before = try snapshot()

    try server.add(ldif: person("edsger", given: "Edsger", family: "Dijkstra"))
    let added = try snapshot()
    #expect(Set(added.keys).subtracting(before.keys) == [dn("edsger")])
    #expect(added[dn("edsger")]?.strings("mail") == ["edsger@example.org"])

    try server.modify(
      ldif: """
        dn: \(dn("ada"))
        changetype: modify
        replace: mail
        mail: ada@analytical.example
        -
        add: title
        title: Countess

        """)
    let modified = try snapshot()
    #expect(modified[dn("ada")]?.strings("mail") == ["ada@analytical.example"])
    #expect(modified[dn("ada")]?.strings("title") == ["Countess"])
    #expect(modified[dn("ada")]?.strings("entryUUID") == added[dn("ada")]?.strings("entryUUID"))
    for uid in ["alan", "grace", "edsger"] { #expect(modified[dn(uid)] == added[dn(uid)]) }

    try server.delete(dn: dn("alan"))
    let deleted = try snapshot()
    #expect(Set(deleted.keys) == Set(modified.keys).subtracting([dn("alan")]))
  }
}
