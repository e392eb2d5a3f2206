import Testing

@testable import ContactStores

@Suite("config file")
struct ConfigFileTests {
  @Test("a # after a blank ends the value (the README's annotated lines); a # inside a word is kept")
  func inlineComments() {
    let text = """
      # whole-line comment
      source = ~/contacts   # my book
      [account fastmail]
      url = https://carddav.fastmail.com/          # a server, a principal or one address book
      password-command = pass show mail#1\t# first line of its output
      filter = (&(objectClass=person)(cn=*#*))
      """
    let config = ConfigFile(parsing: text, home: "/home/me")
    #expect(config.sources == ["/home/me/contacts"])
    #expect(config.accounts.count == 1)
    let keys = config.accounts.first?.keys ?? [:]
    #expect(keys["url"] == "https://carddav.fastmail.com/")
    #expect(keys["password-command"] == "pass show mail#1")
    #expect(keys["filter"] == "(&(objectClass=person)(cn=*#*))")
  }
}
