import CpickTestSupport
import Foundation
import Glibc
import Testing

@testable import ContactStores

/// The temp files of writes in progress (removed when a signal ends the process) and
/// the stale ones a killed writer left (removed by the next write of the same target).
@Suite("temp files: registry and stale leftovers")
struct TempFileRegistryTests {
  static let card = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:t\r\nFN:Tove Lind\r\nEND:VCARD\r\n".utf8)

  /// Sets the modification time of `path` to `seconds` ago.
  func age(_ path: String, by seconds: Int) {
    let then = timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)
    var times = [then, then]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
  }

  func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  @Test("created temp files are recorded; removeAllAndClose removes them all and refuses new ones")
  func removeAllAndClose() throws {
    let folder = try TempFolder("registry")
    defer { folder.remove() }
    let registry = TempFileRegistry()
    let first = folder.file(".a.vcf.tmp-0000000000000001")
    let second = folder.file(".b.vcf.tmp-0000000000000002")
    let one = try registry.create(first, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
    let two = try registry.create(second, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
    defer {
      try? one.close()
      try? two.close()
    }
    try one.writeAll([UInt8](repeating: 0x41, count: 4096))
    #expect(registry.paths == [first, second])
    #expect(!registry.isClosed)

    #expect(registry.removeAllAndClose() == [first, second])
    #expect(!exists(first))
    #expect(!exists(second))
    #expect(registry.paths.isEmpty)
    #expect(registry.isClosed)
    // A writer still running after the signal cannot start another temp file.
    let third = folder.file(".c.vcf.tmp-0000000000000003")
    do {
      _ = try registry.create(third, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
      Issue.record("create succeeded after removeAllAndClose")
    } catch {
      #expect(error.errno == ECANCELED)
    }
    #expect(!exists(third))
  }

  @Test("a forgotten temp file (renamed into place) is not removed; a name already gone is skipped")
  func forgetAndGone() throws {
    let folder = try TempFolder("registry-forget")
    defer { folder.remove() }
    let registry = TempFileRegistry()
    let renamed = folder.file(".a.vcf.tmp-00000000000000aa")
    let gone = folder.file(".a.vcf.tmp-00000000000000bb")
    try registry.create(renamed, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600).close()
    try registry.create(gone, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600).close()
    #expect(rename(renamed, folder.file("a.vcf")) == 0)
    registry.forget(renamed)
    #expect(unlink(gone) == 0)
    #expect(registry.removeAllAndClose() == [])
    #expect(exists(folder.file("a.vcf")))
  }

  @Test("a failed create (the name exists) records nothing")
  func failedCreate() throws {
    let folder = try TempFolder("registry-exists")
    defer { folder.remove() }
    let registry = TempFileRegistry()
    let path = try folder.write(".a.vcf.tmp-00000000000000cc", [1, 2, 3])
    #expect(throws: SystemError.self) { _ = try registry.create(path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600) }
    #expect(registry.paths.isEmpty)
    #expect(registry.removeAllAndClose() == [])
    #expect(exists(path))
  }

  @Test("replace and create leave no temp file recorded or on disk")
  func writesForgetTheirTemps() throws {
    let folder = try TempFolder("registry-writes")
    defer { folder.remove() }
    let target = try folder.write("book.vcf", Self.card)
    let expected = try #require(try FileSystem.status(target))
    try AtomicFile.replace(target, with: Self.card + Self.card, expected: expected)
    try AtomicFile.create(folder.file("new.vcf"), with: Self.card)
    #expect(!TempFileRegistry.shared.paths.contains { $0.hasPrefix(folder.path + "/") })
    #expect(folder.strayTempFiles().isEmpty)
    #expect(Bytes.of(target) == Self.card + Self.card)
  }

  @Test("stale temp files of the target are removed: old, unlocked, cpick's pattern; others are kept")
  func staleRemoval() throws {
    let folder = try TempFolder("stale")
    defer { folder.remove() }
    let target = try folder.write("book.vcf", Self.card)
    let stale = try folder.write(".book.vcf.tmp-0123456789abcdef", [UInt8](repeating: 0x42, count: 1000))
    let fresh = try folder.write(".book.vcf.tmp-00000000deadbeef", [1])
    let locked = try folder.write(".book.vcf.tmp-1111111111111111", [2])
    let otherTarget = try folder.write(".other.vcf.tmp-2222222222222222", [3])
    let notOurs = try folder.write(".book.vcf.tmp-backup", [4])
    let upperHex = try folder.write(".book.vcf.tmp-ABCDEF0123456789", [5])
    for path in [stale, locked, otherTarget, notOurs, upperHex] { age(path, by: 3_600) }
    age(fresh, by: 60)
    // A live writer (here: this process through another descriptor) holds its lock.
    let holder = open(locked, O_RDONLY)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)

    #expect(AtomicFile.removeStaleTemps(of: target) == [stale])
    #expect(!exists(stale))
    for kept in [fresh, locked, otherTarget, notOurs, upperHex, target] { #expect(exists(kept), "\(kept)") }
  }

  @Test("a folder is listed once for many targets, and again once it changed: a stale temp file put there later is removed")
  func folderListedAgainWhenChanged() throws {
    let folder = try TempFolder("stale-relisted")
    defer { folder.remove() }
    let targets = try (0..<50).map { try folder.write("b\($0).vcf", Self.card) }
    let first = try folder.write(".b1.vcf.tmp-0123456789abcdef", [1])
    age(first, by: 3_600)
    age(folder.path, by: 3_600)  // a folder not changed lately: its listing is kept
    #expect(targets.flatMap { AtomicFile.removeStaleTemps(of: $0) } == [first])
    // Another killed save leaves one after the folder was listed: the folder changed.
    let later = try folder.write(".b7.vcf.tmp-fedcba9876543210", [2])
    age(later, by: 3_600)
    #expect(AtomicFile.removeStaleTemps(of: targets[7]) == [later])
    #expect(!exists(first) && !exists(later))
    #expect(targets.allSatisfy(exists))
  }

  @Test("a temp file this process is writing is never taken for stale, however old")
  func ownTempKept() throws {
    let folder = try TempFolder("stale-own")
    defer { folder.remove() }
    let target = try folder.write("book.vcf", Self.card)
    let path = folder.file(".book.vcf.tmp-00000000000000dd")
    let file = try TempFileRegistry.shared.create(path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
    defer {
      try? file.close()
      unlink(path)
      TempFileRegistry.shared.forget(path)
    }
    age(path, by: 3_600)
    #expect(AtomicFile.removeStaleTemps(of: target) == [])
    #expect(exists(path))
  }

  @Test("the next save of the target removes a stale temp file a killed writer left")
  func nextWriteRemovesStale() throws {
    let folder = try TempFolder("stale-save")
    defer { folder.remove() }
    let target = try folder.write("book.vcf", Self.card)
    let stale = try folder.write(".book.vcf.tmp-00000000feedface", [UInt8](repeating: 0x43, count: 5000))
    age(stale, by: AtomicFile.staleAge + 5)
    let expected = try #require(try FileSystem.status(target))
    try AtomicFile.replace(target, with: Self.card + Self.card, expected: expected)
    #expect(!exists(stale))
    #expect(folder.strayTempFiles().isEmpty)
    #expect(Bytes.of(target) == Self.card + Self.card)
  }

  @Test("a temp file younger than staleAge is kept by the next save")
  func youngTempKeptBySave() throws {
    let folder = try TempFolder("stale-young")
    defer { folder.remove() }
    let target = try folder.write("book.vcf", Self.card)
    let young = try folder.write(".book.vcf.tmp-00000000feedf00d", [7])
    age(young, by: AtomicFile.staleAge - 60)
    let expected = try #require(try FileSystem.status(target))
    try AtomicFile.replace(target, with: Self.card + Self.card, expected: expected)
    #expect(exists(young))
  }

  @Test("a vdir's listing meets the temp names of every folder; the stale ones of them are removed, a locked one kept")
  func listingFindsTemps() throws {
    let folder = try TempFolder("stale-listing")
    defer { folder.remove() }
    _ = try folder.write("a.vcf", Self.card)
    #expect(mkdir(folder.file("sub"), 0o755) == 0)
    _ = try folder.write("sub/b.vcf", Self.card)
    let stale = try folder.write(".a.vcf.tmp-0123456789abcdef", [1])
    let staleSub = try folder.write("sub/.c.vcf.tmp-00000000000000cc", [2])
    let locked = try folder.write(".b.vcf.tmp-1111111111111111", [3])
    let other = try folder.write(".a.vcf.tmp-12345", [4])
    for path in [stale, staleSub, locked, other] { age(path, by: 3_600) }
    let holder = open(locked, O_RDONLY)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)

    let listing = try #require(VdirListing(folder: folder.path))
    #expect(Set(listing.tempFiles) == Set([stale, staleSub, locked]))
    #expect(listing.folders.flatMap { $0.entries.map(\.name) }.sorted() == ["a.vcf", "b.vcf"])
    #expect(Set(AtomicFile.removeStaleTemps(listing.tempFiles)) == [stale, staleSub])
    #expect(exists(locked) && exists(other))
  }

  @Test("temp names: a dot, a name, .tmp- and 16 lower-case hex digits")
  func tempNames() {
    func isTemp(_ name: String) -> Bool {
      var name = name
      return name.withUTF8 { AtomicFile.isTempName($0) }
    }
    #expect(isTemp(".a.vcf.tmp-0123456789abcdef"))
    #expect(isTemp(".x.tmp-0000000000000000"))
    for name in [
      "a.vcf.tmp-0123456789abcdef", "..tmp-0123456789abcdef", ".a.vcf.tmp-0123456789ABCDEF", ".a.vcf.tmp-0123",
      ".a.vcf.tmq-0123456789abcdef", ".a.vcf",
    ] {
      #expect(!isTemp(name), "\(name)")
    }
  }
}
