import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A save killed by SIGKILL leaves its temp file (`.<name>.tmp-<16 hex digits>`)
/// beside the file; the next command that opens the book removes it, and only it: a
/// temp file whose writer lives (holds its `flock`) is kept (issue 22, item 4).
@Suite("Temp files a killed save left")
struct StaleTempFileTests {
  static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n"

  /// Writes `bytes` to `path`, modified `age` seconds ago, as a killed save leaves it.
  func write(_ path: String, _ text: String, age: Int = 3_600) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let then = timespec(tv_sec: time(nil) - age, tv_nsec: 0)
    var times = [then, then]
    try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
  }

  func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  @Test("any command that opens a vdir or a .vcf file removes the temp files of killed saves, not a live writer's")
  func staleRemovedLiveKept() throws {
    let root = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let vdir = root.appendingPathComponent("vdir").path
    let collection = vdir + "/work"
    try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
    try write(vdir + "/ada.vcf", Self.card)
    try write(collection + "/bo.vcf", Self.card.replacingOccurrences(of: "ada", with: "bo"))
    let staleInVdir = vdir + "/.ada.vcf.tmp-0123456789abcdef"
    let staleNew = collection + "/.new-card.vcf.tmp-00000000feedface"
    let live = vdir + "/.ada.vcf.tmp-1111111111111111"
    let notOurs = vdir + "/.ada.vcf.tmp-backup"
    for path in [staleInVdir, staleNew, live, notOurs] { try write(path, "BEGIN:VCARD\r\nFN:half") }
    // The writer of `live` is alive: it holds the lock on its temp file, as a save does.
    let holder = open(live, O_RDONLY)
    try #require(holder >= 0)
    defer { close(holder) }
    try #require(flock(holder, LOCK_EX | LOCK_NB) == 0)

    let listed = try CommandRunner.cpick(["list", "-f", "tsv", "-s", vdir])
    #expect(listed.status == 0, "\(listed.stderrText)")
    #expect(listed.stdoutLines.count == 2)
    #expect(!exists(staleInVdir) && !exists(staleNew))
    #expect(exists(live) && exists(notOurs))

    let book = root.appendingPathComponent("book.vcf").path
    try write(book, Self.card)
    let staleBeside = root.appendingPathComponent(".book.vcf.tmp-00000000deadbeef").path
    let otherFile = root.appendingPathComponent(".other.vcf.tmp-00000000deadbeef").path
    try write(staleBeside, "BEGIN:VCARD")
    try write(otherFile, "BEGIN:VCARD")
    let queried = try CommandRunner.cpick(["query", "ada", "-f", "value", "-s", book])
    #expect(queried.status == 0, "\(queried.stderrText)")
    #expect(!exists(staleBeside))
    #expect(exists(otherFile))  // not a temp file of this book: its own book removes it
  }

  @Test("a temp file changed in the last two minutes is kept (its writer may be between open and lock)")
  func youngKept() throws {
    let root = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    try write(root.path + "/ada.vcf", Self.card)
    let young = root.path + "/.ada.vcf.tmp-0000000000000abc"
    try write(young, "BEGIN:VCARD", age: 5)
    let listed = try CommandRunner.cpick(["list", "-f", "tsv", "-s", root.path])
    #expect(listed.status == 0)
    #expect(exists(young))
  }
}
