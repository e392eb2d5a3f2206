import CpickTestSupport
import LDAPDirectory
import Testing

/// Query-mode searches: terms ANDed, attributes ORed, values escaped (RFC 4515), a limit
/// that truncates instead of failing.
@Suite struct QueryTests {
  static let tricky = "a*b(c)\\d"

  static let seed =
    LDAPServer.baseEntries + person("mara.lindqvist", given: "Mara", family: "Lindqvist")
    + person("mara.lindgren", given: "Mara", family: "Lindgren")
    + person("marc.lindqvist", given: "Marc", family: "Lindqvist")
    + person("tricky", given: "Tricky", family: "Entry", extra: [ldif("cn", tricky)])
    + person("injected", given: "Star", family: "Injection", extra: [ldif("description", "*)(uid=*")])
    + person("nul", given: "Nul", family: "Byte", extra: [ldif("cn", "nul\u{0}byte")])

  @Test func aColleagueIsFoundByGivenNameAndFamilyPrefix() throws {
    let server = try LDAPServer.slapd(seed: Self.seed + (try LDAPServer.generatedPeople(300, seed: 11)).dropPrefix())
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server))

    let found = try connection.search(terms: ["mara", "lindq"], limit: 50)

    #expect(found.entries.map(\.dn) == ["uid=mara.lindqvist,\(LDAPServer.people)"])
    #expect(found.truncated == false)
    #expect(
      Set(try connection.search(terms: ["LIND", "Mar"], limit: 50).entries.map { $0.strings("uid")[0] })
        == ["mara.lindqvist", "mara.lindgren", "marc.lindqvist"])
  }

  @Test func specialCharactersInATermMatchLiterally() throws {
    let server = try LDAPServer.slapd(seed: Self.seed)
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server))
    func uids(_ terms: [String]) throws -> [String] {
      try connection.search(terms: terms, limit: 50).entries.flatMap { $0.strings("uid") }.sorted()
    }

    #expect(try uids([Self.tricky]) == ["tricky"])
    #expect(try uids(["b(c)"]) == ["tricky"])
    #expect(try uids(["\\d"]) == ["tricky"])
    #expect(try uids(["*"]) == ["tricky"])
    #expect(try uids(["("]) == ["tricky"])
    #expect(try uids([")"]) == ["tricky"])
    // `*)(uid=*` is text no searched attribute holds (the description is not searched).
    #expect(try uids(["*)(uid=*"]).isEmpty)
    // NUL goes as \00 (slapd's substring rule then ignores it in values and assertions
    // alike, so a NUL alone matches every entry — the server's matching, not an injection).
    #expect(try uids(["nul\u{0}byte"]) == ["nul"])
  }

  @Test func theLimitTruncatesWithoutAnError() throws {
    let server = try LDAPServer.slapd(seed: try LDAPServer.generatedPeople(120, seed: 13))
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server))

    let few = try connection.search(terms: ["example"], limit: 7)  // every mail is at an example domain
    let all = try connection.search(terms: [], limit: 500)

    #expect(few.entries.count == 7)
    #expect(few.truncated)
    #expect(all.entries.count == 120)
    #expect(all.truncated == false)
  }

  @Test func theServersOwnLimitTruncatesToo() throws {
    let server = try LDAPServer.slapd(seed: try LDAPServer.generatedPeople(40, seed: 17), sizeLimit: 5)
    defer { server.stop() }
    let connection = try LDAPConnection(options: options(server))

    let found = try connection.search(terms: [], limit: 50)

    #expect(found.entries.count == 5)
    #expect(found.truncated)
  }

  @Test func escapingFollowsRFC4515() {
    #expect(LDAPQuery.escape("a*b(c)\\d") == "a\\2ab\\28c\\29\\5cd")
    #expect(LDAPQuery.escape("*)(uid=*") == "\\2a\\29\\28uid=\\2a")
    #expect(LDAPQuery.escape("nul\u{0}") == "nul\\00")
    #expect(LDAPQuery.escape("王小明 Zoë") == "王小明 Zoë")
  }

  @Test func theFilterIsTheBaseAndEveryTermInAnyAttribute() {
    let attributes = LDAPQuery.searchAttributes
    let clause = { (term: String) in "(|" + attributes.map { "(\($0)=*\(term)*)" }.joined() + ")" }

    #expect(
      LDAPQuery.filter(terms: ["ann", " le* "], base: "(objectClass=inetOrgPerson)")
        == "(&(objectClass=inetOrgPerson)(&\(clause("ann"))\(clause("le\\2a"))))")
    #expect(LDAPQuery.filter(terms: ["", "  "], base: "objectClass=person") == "(objectClass=person)")
  }
}

extension String {
  /// The LDIF without its first two entries (the suffix and `ou=people`), to append
  /// generated people to a seed that has them.
  func dropPrefix() -> String {
    let parts = components(separatedBy: "\n\n")
    return parts.dropFirst(2).joined(separator: "\n\n")
  }
}
