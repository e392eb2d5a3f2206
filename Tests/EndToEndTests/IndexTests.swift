import Foundation
import Testing

/// The on-disk index as a user meets it (issue 8): the second run answers from it, a
/// card edited in place, added or deleted is seen at once, a damaged index file is
/// rebuilt, and two runs at once both answer.
@Suite("The on-disk index, from the command line", .serialized)
struct IndexTests {
  /// A vdir of three cards written an hour ago (so that they are stored in the index:
  /// a file changed within the last 2 s is always read again), and an empty cache.
  final class Book {
    let root: URL
    var vdir: String { root.appendingPathComponent("vdir").path }
    var cache: String { root.appendingPathComponent("cache").path }
    var indexFile: String { cache + "/cpick/index.sqlite" }

    init() throws {
      root = try EndToEnd.makeTemporaryDirectory()
      try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
      try write("ada", "Ada", "Lovelace", "ada@example.org")
      try write("grace", "Grace", "Hopper", "grace@example.org")
      try write("alan", "Alan", "Turing", "alan@example.org")
    }
    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ uid: String, _ given: String, _ family: String, _ email: String, old: Bool = true) throws {
      let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\n"
        + "EMAIL:\(email)\r\nEND:VCARD\r\n"
      let path = vdir + "/\(uid).vcf"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      if old {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
      }
    }

    /// `cpick ARGUMENTS -s VDIR` with this book's cache.
    func cpick(_ arguments: [String]) throws -> CommandResult {
      try CommandRunner.shell(#"XDG_CACHE_HOME="$1"; export XDG_CACHE_HOME; shift; exec "$0" "$@""#, [cache] + arguments + ["-s", vdir])
    }

    func names(_ query: String) throws -> [String] {
      let result = try cpick(["query", query, "-f", "value", "-p", "emailAddresses"])
      return result.stdoutLines
    }
  }

  @Test("a second run answers from the index; an edit in place, an added and a deleted card are seen at once")
  func changesAreSeen() throws {
    let book = try Book()
    #expect(try book.names("lovelace") == ["ada@example.org"])
    #expect(FileManager.default.fileExists(atPath: book.indexFile), "the first run made the index")
    #expect(try book.names("lovelace") == ["ada@example.org"])

    // Edited in place (same size, same inode): the times tell.
    let path = book.vdir + "/ada.vcf"
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self).replacingOccurrences(of: "ada@", with: "ida@")
    try handle.seek(toOffset: 0)
    handle.write(Data(text.utf8))
    try handle.close()
    #expect(try book.names("lovelace") == ["ida@example.org"])

    try book.write("edsger", "Edsger", "Dijkstra", "ewd@example.org", old: false)
    #expect(try book.names("dijkstra") == ["ewd@example.org"])
    try FileManager.default.removeItem(atPath: book.vdir + "/alan.vcf")
    #expect(try book.names("turing") == [])
    let listed = try book.cpick(["list", "-f", "value"]).stdoutLines
    #expect(listed == ["Edsger Dijkstra", "Grace Hopper", "Ada Lovelace"])
  }

  @Test("a damaged index file is rebuilt: the answer is the same, nothing is reported")
  func damagedIndex() throws {
    let book = try Book()
    let first = try book.cpick(["list"])
    #expect(first.status == 0)
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: book.indexFile + suffix) {
      try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: book.indexFile + suffix))
    }
    let second = try book.cpick(["list"])
    #expect(second.status == 0, "stderr: \(second.stderrText)")
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.isEmpty)
    #expect(try book.cpick(["list"]).stdout == first.stdout)
  }

  @Test("two runs at once on an empty index both answer in full")
  func concurrentRuns() throws {
    let book = try Book()
    let result = try CommandRunner.shell(
      #"""
      XDG_CACHE_HOME="$1"; export XDG_CACHE_HOME
      "$0" list -s "$2" -f value > "$3/one" & "$0" list -s "$2" -f value > "$3/two"; wait
      cat "$3/one" "$3/two"
      """#, [book.cache, book.vdir, book.root.path])
    #expect(result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stdoutLines == ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Grace Hopper", "Ada Lovelace", "Alan Turing"])
  }

  @Test("CPICK_NO_CACHE=1 makes no index")
  func noCache() throws {
    let book = try Book()
    let result = try CommandRunner.shell(
      #"XDG_CACHE_HOME="$1" CPICK_NO_CACHE=1 "$0" list -s "$2""#, [book.cache, book.vdir])
    #expect(result.status == 0)
    #expect(result.stdoutLines.count == 3)
    #expect(!FileManager.default.fileExists(atPath: book.indexFile))
  }

  @Test("query and list print from the index exactly what they print without it, in every output form")
  func sameOutputFromTheIndex() throws {
    let book = try Book()
    let forms: [[String]] = [
      ["query", "a"], ["query", "a", "--print0"], ["query", "a", "-f", "json"], ["query", "a", "-p", "email", "-f", "jsonl"],
      ["query", "a", "-f", "mailbox"], ["query", "a", "-f", "mutt"], ["query", "a", "-f", "tsv"],
      ["query", "a", "--template", "{givenName}"], ["query", "zzqq"], ["list"], ["list", "-f", "vcard"],
      ["list", "--print0"], ["list", "--name-order", "family-first"], ["list", "-p", "email", "-f", "value"],
    ]
    for arguments in forms {
      let uncached = try CommandRunner.shell(
        #"XDG_CACHE_HOME="$1" CPICK_NO_CACHE=1; export XDG_CACHE_HOME CPICK_NO_CACHE; shift; exec "$0" "$@""#,
        [book.cache] + arguments + ["-s", book.vdir])
      let cold = try book.cpick(arguments)
      let warm = try book.cpick(arguments)
      #expect(cold.stdout == uncached.stdout, "\(arguments) cold")
      #expect(warm.stdout == uncached.stdout, "\(arguments) warm")
      #expect(warm.status == uncached.status && cold.status == uncached.status, "\(arguments)")
    }
    let properties = try book.cpick(["query", "lovelace", "-p", "email", "-f", "jsonl"]).stdoutText
    #expect(properties.contains(#""property":{"key":"emailAddresses""#), "\(properties)")
    // list -p prints the values of that key in the list's order, like query -p.
    let addresses = try book.cpick(["list", "-p", "email", "-f", "value"]).stdoutLines
    #expect(addresses == ["grace@example.org", "ada@example.org", "alan@example.org"])
  }
}
