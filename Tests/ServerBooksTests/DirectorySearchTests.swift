import BookSync
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

/// A directory in query mode answers a query as it is typed: its account's `timeout`
/// bounds the search, the bind included.
@Suite struct DirectorySearchTests {
  @Test("a directory that accepts and never answers fails a search within the account's timeout, not the connection's 10 s")
  func searchHonoursTheAccountTimeout() throws {
    let listener = try SilentListener()
    defer { listener.close() }
    let home = try TempFolder("directory-search")
    defer { home.remove() }
    var account = ServerAccount(name: "corp", url: "ldap://127.0.0.1:\(listener.port)/dc=example,dc=org")
    account.timeout = 1
    let environment = ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_STATE_HOME": home.path + "/state"]
    do {
      _ = try DirectorySync(account: account, environment: environment).search(["ada"], limit: 5)
      Issue.record("no error")
    } catch {
      #expect(error.message.contains("no answer within 1 s"), "\(error.message)")
    }
  }
}
