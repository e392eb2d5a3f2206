import Foundation
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

  @Test("a config is parsed once per text: loading it again gives the same, a changed file is read anew")
  func loadedOnce() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-config-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("cpick"), withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("cpick/config")
    let environment = ["HOME": "/home/me", "XDG_CONFIG_HOME": folder.path]
    try "source = ~/a.vcf\n".write(to: file, atomically: true, encoding: .utf8)
    let first = ConfigFile.load(environment: environment)
    #expect(first.sources == ["/home/me/a.vcf"] && first.textHash != 0)
    #expect(ConfigFile.load(environment: environment) == first)
    try "source = ~/b.vcf\n[account x]\nurl = https://x.example/\n".write(to: file, atomically: true, encoding: .utf8)
    let second = ConfigFile.load(environment: environment)
    #expect(second.sources == ["/home/me/b.vcf"] && second.accounts.count == 1 && second.path == file.path)
  }

  @Test("a misspelt key, a line without '=' and an unknown section are problems at their lines; the rest is read")
  func problems() {
    let text = """
      # my config
      sauce = /tmp/book
      source /tmp/other
      source = /tmp/book
      action-phone = linphone-cli call {}

      [accounts work]
      url = https://example.org/
      [account home]
      url = https://home.example/
      """
    let config = ConfigFile(parsing: text, home: "/home/me")
    #expect(config.sources == ["/tmp/book"])
    #expect(config.actions == ["phone": "linphone-cli call {}"])
    #expect(config.accounts.map(\.name) == ["home"])
    #expect(
      config.problems == [
        "2: unknown key 'sauce'; ignored (before any section: source, save-to, action-KIND)",
        "3: not a 'key = value' line; ignored",
        "7: unknown section [accounts work]; its lines are ignored (a section is [account NAME])",
      ])
    let crlf = ConfigFile(parsing: "source = /a\r\nsauce =\r\n# c\r\n[account x]\rurl = https://x.example/\r\n", home: "/h")
    #expect(crlf.sources == ["/a"])
    #expect(crlf.accounts.map(\.name) == ["x"])
    #expect(crlf.accounts.first?.keys["url"] == "https://x.example/")
    #expect(crlf.problems == ["2: unknown key 'sauce'; ignored (before any section: source, save-to, action-KIND)"])
  }
}
