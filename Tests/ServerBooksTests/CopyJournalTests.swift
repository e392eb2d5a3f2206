import AddressBook
import ContactStores
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

/// A server account's copy is listed through its journal: after the first full listing
/// only the files the journal names are examined (a directory of 100,000 entries is not
/// 100,000 `stat` calls per start), and a new journal generation lists in full again.
@Suite struct CopyJournalTests {
  static func card(_ uid: String, note: String = "") -> [UInt8] {
    Array("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(uid)\r\nFN:Person \(uid)\r\nNOTE:\(note)\r\nEND:VCARD\r\n".utf8)
  }

  @Test("a change recorded in the journal is read; one not recorded is not looked for; a new generation lists all")
  func partialListings() throws {
    let home = try TempFolder("journal")
    defer { home.remove() }
    let environment = ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_STATE_HOME": home.path + "/state"]
    let account = ServerAccount(name: "corp", url: "ldap://127.0.0.1:1/dc=example,dc=org")
    let paths = MirrorPaths(account: account, environment: environment)
    let journal = CopyJournal(root: paths.root)
    let folder = paths.book("directory")
    for uid in ["a", "b", "c"] {
      try journal.recording(["directory/\(uid).vcf"]) { try MirrorFiles.write(Self.card(uid), to: folder + "/\(uid).vcf") }
    }
    let cache = home.file("index.sqlite")
    let source = ServerBookSource(account: account, environment: environment)
    func notes() throws -> [String: String] {
      let book = try ContactListLoader(books: [source], cachePath: cache).load()
      return Dictionary(uniqueKeysWithValues: book.list.contacts.map { ($0.identifier, $0.note) })
    }
    #expect(try notes() == ["a": "", "b": "", "c": ""])

    try journal.recording(["directory/b.vcf"]) { try MirrorFiles.write(Self.card("b", note: "changed"), to: folder + "/b.vcf") }
    try journal.recording(["directory/c.vcf"]) { try FileManager.default.removeItem(atPath: folder + "/c.vcf") }
    try MirrorFiles.write(Self.card("a", note: "unrecorded"), to: folder + "/a.vcf")  // no journal line
    #expect(try notes() == ["a": "", "b": "changed"])

    // A new generation (the journal started again): everything is looked at.
    try FileManager.default.removeItem(atPath: journal.path)
    journal.record(["directory/b.vcf"])
    #expect(try notes() == ["a": "unrecorded", "b": "changed"])
  }

  @Test("changes made one right after the other (within a timestamp tick's doubt) are each seen, and stay seen when nothing changes")
  func quickSuccessiveChanges() throws {
    let home = try TempFolder("journal-quick")
    defer { home.remove() }
    let environment = ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_STATE_HOME": home.path + "/state"]
    let account = ServerAccount(name: "dav", url: "http://127.0.0.1:1/")
    let paths = MirrorPaths(account: account, environment: environment)
    let journal = CopyJournal(root: paths.root)
    let file = paths.book("contacts") + "/a.vcf"
    let cache = home.file("index.sqlite")
    let source = ServerBookSource(account: account, environment: environment)
    func note() throws -> String? {
      try ContactListLoader(books: [source], cachePath: cache).load().list.contacts.first?.note
    }
    for version in ["one", "two", "three"] {
      try journal.recording(["contacts/a.vcf"]) { try MirrorFiles.write(Self.card("a", note: version), to: file) }
      #expect(try note() == version)
      #expect(try note() == version)  // nothing changed since: the index's digest, same list
    }
  }

  @Test("the journal's state: lines after the offset, whole lines only; another generation or a folder line means a full listing")
  func journalState() throws {
    let folder = try TempFolder("journal-state")
    defer { folder.remove() }
    let journal = CopyJournal(root: folder.path)
    #expect(journal.changes(since: nil).paths == nil)
    journal.record(["x/1.vcf"])
    let first = journal.changes(since: nil)
    #expect(first.paths == nil)
    let state = try #require(first.state)
    journal.record(["x/2.vcf", "x/3.vcf"])
    #expect(journal.changes(since: state).paths == ["x/2.vcf", "x/3.vcf"])
    #expect(CopyJournal.State(state.bytes) == state)
    journal.record(["x/"])
    #expect(journal.changes(since: state).paths == nil)
    var other = state
    other.generation = "another"
    #expect(journal.changes(since: other).paths == nil)
  }
}
