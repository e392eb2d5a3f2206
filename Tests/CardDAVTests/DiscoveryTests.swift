import CardDAV
import CpickTestSupport
import Testing

/// Discovery (RFC 6352 §7, RFC 6764): from a server root, a principal or a collection.
@Suite struct DiscoveryTests {
  @Test func radicaleRootLeadsThroughThePrincipalAndHomeToTheBooks() throws {
    let fixture = try Fixture.start(.radicale)
    defer { fixture.server.stop() }
    try fixture.server.makeAddressBook(path: "/alice/work/", displayName: "Work")

    let books = try fixture.client.addressBooks(at: fixture.server.url)

    #expect(
      Set(books) == [
        DAVAddressBook(url: fixture.server.url("/alice/book/"), displayName: "Friends", supportsSyncCollection: true),
        DAVAddressBook(url: fixture.server.url("/alice/work/"), displayName: "Work", supportsSyncCollection: true),
      ])
  }

  @Test func xandikosRootLeadsToItsDefaultAddressBook() throws {
    let fixture = try Fixture.start(.xandikos)
    defer { fixture.server.stop() }

    let books = try fixture.client.addressBooks(at: fixture.server.url)

    #expect(books.map(\.url) == [fixture.server.url("/user/contacts/addressbook/")])
    #expect(books.first?.supportsSyncCollection == true)
  }

  @Test(arguments: ServerKind.allCases)
  func aCollectionURLGivesJustThatCollection(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }

    // Without the final slash too: the answer's href is the collection's own.
    let books = try fixture.client.addressBooks(at: String(fixture.book.dropLast()))

    #expect(books.map(\.url) == [fixture.book])
    #expect(books.first?.supportsSyncCollection == true)
    if kind == .radicale { #expect(books.first?.displayName == "Friends") }
  }

  @Test(arguments: ServerKind.allCases)
  func aPrincipalURLGivesItsBooks(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    let principal = fixture.server.url(kind == .radicale ? "/alice/" : "/user/")

    let books = try fixture.client.addressBooks(at: principal)

    #expect(books.map(\.url) == [fixture.book])
  }
}
