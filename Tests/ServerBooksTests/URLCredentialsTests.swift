import ContactStores
import ServerBooks
import Testing

/// A password written into a server book's URL is found wherever the URL came from
/// (`--source`, `$CPICK_SOURCE`, the config) and never shown.
@Suite("URL credentials")
struct URLCredentialsTests {
  @Test(
    "a user name or password in the authority is removed; an @ in the path is not one",
    arguments: [
      ("http://bob:Hunter2PW@127.0.0.1:18765/dav/", "http://127.0.0.1:18765/dav/"),
      ("https://bob@dav.example.org/", "https://dav.example.org/"),
      ("HTTPS://bob:p%40ss@dav.example.org", "HTTPS://dav.example.org"),
      ("ldap://cn=admin:secret@ldap.example.org/dc=example", "ldap://ldap.example.org/dc=example"),
      ("https://bob:se/cret@dav.example.org/x/", "https://dav.example.org/x/"),
      ("davs://bob:pw@dav.example.org/", "davs://dav.example.org/"),
    ])
  func removed(spec: String, shown: String) {
    #expect(ServerAccount.userInfoRemoved(from: spec) == shown)
    let refusal = ServerAccount.userInfoRefusal(spec)
    #expect(refusal?.hasPrefix(shown + ": ") == true)
    #expect(refusal?.contains("bob") == false)
  }

  @Test(
    "URLs without credentials, and paths, are left alone",
    arguments: [
      "https://dav.example.org/dav/addressbooks/alice@example.org/Default/", "http://127.0.0.1:5232/",
      "https://[::1]:8443/dav/", "ldap://ldap.example.org/dc=example", "/home/bob:pw@x/book.vcf", "-",
    ])
  func untouched(spec: String) {
    #expect(ServerAccount.userInfoRemoved(from: spec) == nil)
    #expect(ServerAccount.userInfoRefusal(spec) == nil)
  }

  @Test("$CPICK_SOURCE keeps a URL with a password whole, so that it is refused whole")
  func sourceListKeepsUserInfo() {
    #expect(
      SourceResolver.splitSourceList("/a.vcf:https://u:p@host.example/x/:/b")
        == ["/a.vcf", "https://u:p@host.example/x/", "/b"])
    #expect(SourceResolver.splitSourceList("https://u:p@host.example:8443/x/") == ["https://u:p@host.example:8443/x/"])
    #expect(SourceResolver.splitSourceList("http://127.0.0.1:5232/a/:/b") == ["http://127.0.0.1:5232/a/", "/b"])
    #expect(
      SourceResolver.splitSourceList("https://host.example/dav/alice@example.org/:/b")
        == ["https://host.example/dav/alice@example.org/", "/b"])
  }
}
