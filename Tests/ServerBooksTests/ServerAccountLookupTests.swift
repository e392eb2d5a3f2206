import ContactStores
import ServerBooks
import Testing

/// The account of a server book: the config's section with its URL (however its case
/// and final `/` are written), else one on the same server, else the URL alone.
@Suite("Finding a server book's account")
struct ServerAccountLookupTests {
  static let config = ConfigFile(
    parsing: """
      [account work]
      url = https://dav.example.org/work/
      username = ada
      [account twin]
      url = HTTPS://DAV.example.org/work
      [account home]
      url = https://dav.example.org/home/
      """, home: "/home/me")

  @Test("the first section with the URL, compared without case or final /")
  func exact() {
    let account = ServerAccount.forSource("https://dav.example.org/WORK", config: Self.config)
    #expect(account.name == "work" && account.username == "ada" && account.isConfigured)
    #expect(ServerAccount.forSource("https://dav.example.org/home", config: Self.config).name == "home")
  }

  @Test("a collection inside a section's URL gets its credentials; another server its URL alone")
  func related() {
    let inside = ServerAccount.forSource("https://dav.example.org/work/contacts/", config: Self.config)
    #expect(inside.name == "work" && inside.url == "https://dav.example.org/work/contacts/" && !inside.isConfigured)
    let other = ServerAccount.forSource("https://other.example/dav/", config: Self.config)
    #expect(other.name == "other.example" && other.username == nil)
  }

  @Test("accounts changed in code after parsing are the ones looked in, not those of the text")
  func changedAccounts() {
    var config = Self.config
    config.accounts[0].keys["url"] = "https://dav.example.org/elsewhere/"
    #expect(ServerAccount.forSource("https://dav.example.org/elsewhere/", config: config).name == "work")
    #expect(ServerAccount.forSource("https://dav.example.org/work/", config: Self.config).name == "work")
  }

  @Test("1,000 accounts: each book finds its own")
  func many() {
    let text = (0..<1000).map { "[account a\($0)]\nurl = https://dav.example.org/u\($0)/\n" }.joined()
    let config = ConfigFile(parsing: text, home: "/h")
    #expect((0..<1000).allSatisfy { ServerAccount.forSource("https://dav.example.org/u\($0)/", config: config).name == "a\($0)" })
  }
}
