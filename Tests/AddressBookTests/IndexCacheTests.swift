import CpickSupport
import CpickTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import ContactStores
@testable import AddressBook

/// The index on disk: rows in and out, upserts and removals, payload versions,
/// damaged files, unwritable places, several writers at once (threads and
/// processes), the default path; file signatures and vdir listings.
@Suite("index cache")
struct IndexCacheTests {
  /// A cached file with a recognizable signature and payload.
  static func file(_ path: String, _ number: Int, payloadSize: Int = 40) -> CachedFile {
    let signature = FileSignature(
      size: Int64(number * 10), modificationNanoseconds: 1_700_000_000_123_456_789 + Int64(number),
      statusChangeNanoseconds: 1_700_000_001_000_000_007 + Int64(number), inode: UInt64(1 << 40) + UInt64(number),
      device: UInt64.max - UInt64(number))
    let payload = (0..<payloadSize).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ number) }
    return CachedFile(path: path, signature: signature, payload: payload)
  }

  /// A cache at `folder/cache/index.sqlite` (the `cache` folder is created by the cache).
  static func cache(in folder: TempFolder, payloadVersion: Int = 1) throws -> IndexCache {
    try IndexCache(path: folder.file("cache/index.sqlite"), payloadVersion: payloadVersion)
  }

  /// A temp folder labelled `label`, with a cache in it (`cache(in:)`).
  static func sandbox(_ label: String) throws -> (TempFolder, IndexCache) {
    let folder = try TempFolder(label)
    return (folder, try cache(in: folder))
  }

  // MARK: Rows in and out

  @Test("rows come back as stored: paths, every signature field to the bit, payloads (empty, small, 3 MB), in order")
  func roundTrip() throws {
    let folder = try TempFolder("cache-roundtrip")
    defer { folder.remove() }
    let cache = try Self.cache(in: folder)
    let book = "/home/ada/.contacts/personal"
    let files = [
      Self.file(book + "/b.vcf", 2), Self.file(book + "/a.vcf", 1, payloadSize: 0),
      Self.file(book + "/ü-名前.vcf", 3, payloadSize: 3_000_000), Self.file(book + "/c.vcf", 4),
    ]
    #expect(cache.update(book: book, upserting: files))
    #expect(cache.update(book: "/home/ada/other.vcf", upserting: [Self.file("/home/ada/other.vcf", 9)]))

    let read = cache.files(inBook: book)
    #expect(read == files)  // insertion order, all fields
    #expect(read[1].payload == [])
    #expect(read[2].payload.count == 3_000_000)
    #expect(read[0].signature.device == UInt64.max - 2)  // the high bit survives the Int64 column
    #expect(cache.files(inBook: "/home/ada/other.vcf") == [Self.file("/home/ada/other.vcf", 9)])
    #expect(cache.files(inBook: "/nowhere").isEmpty)
    #expect(cache.files(inBook: book + "/").isEmpty)  // paths are not resolved

    // A second instance (a later start) sees the same rows.
    let later = try Self.cache(in: folder)
    #expect(later.files(inBook: book) == files)
    // The folder is private, and so are the database and its log.
    #expect(try FileSystem.status(folder.file("cache"))?.permissions == 0o700)
    #expect(try FileSystem.status(folder.file("cache/index.sqlite"))?.permissions == 0o600)
    #expect(try FileSystem.status(folder.file("cache/index.sqlite-wal"))?.permissions == 0o600)
  }

  @Test("an upsert replaces the row of the same path and keeps its place")
  func upsertReplaces() throws {
    let folder = try TempFolder("cache-upsert")
    defer { folder.remove() }
    let cache = try Self.cache(in: folder)
    let book = "/b"
    #expect(cache.update(book: book, upserting: [Self.file("/b/1.vcf", 1), Self.file("/b/2.vcf", 2), Self.file("/b/3.vcf", 3)]))
    var changed = Self.file("/b/2.vcf", 20, payloadSize: 7)
    changed.signature.inode = 42
    #expect(cache.update(book: book, upserting: [changed, Self.file("/b/4.vcf", 4)]))

    let read = cache.files(inBook: book)
    #expect(read.map(\.path) == ["/b/1.vcf", "/b/2.vcf", "/b/3.vcf", "/b/4.vcf"])
    #expect(read[1] == changed)
    #expect(read[1].payload.count == 7)
    #expect(read[1].signature.inode == 42)
  }

  @Test("a large payload (written over its row's zeros) replaces another, of another size, and a small one replaces it")
  func largePayloadReplaced() throws {
    let folder = try TempFolder("cache-large")
    defer { folder.remove() }
    let cache = try Self.cache(in: folder)
    let first = Self.file("/big.vcf", 1, payloadSize: IndexCache.largePayload + 1)
    #expect(cache.update(book: "/big.vcf", upserting: [first, Self.file("/big.vcf.2", 3)]))
    #expect(cache.files(inBook: "/big.vcf") == [first, Self.file("/big.vcf.2", 3)])

    let second = Self.file("/big.vcf", 2, payloadSize: 3 * IndexCache.largePayload + 17)
    #expect(cache.update(book: "/big.vcf", upserting: [second]))
    let read = cache.files(inBook: "/big.vcf")
    #expect(read == [second, Self.file("/big.vcf.2", 3)])
    #expect(read[0].payload.last == UInt8(truncatingIfNeeded: (3 * IndexCache.largePayload + 16) &* 31 &+ 2))

    let small = Self.file("/big.vcf", 4)
    #expect(cache.update(book: "/big.vcf", upserting: [small]))
    #expect(try Self.cache(in: folder).files(inBook: "/big.vcf") == [small, Self.file("/big.vcf.2", 3)])
  }

  @Test("`removing` deletes those rows; `replaceAll` deletes every row of the book not upserted, and no other book's")
  func removingAndReplaceAll() throws {
    let folder = try TempFolder("cache-remove")
    defer { folder.remove() }
    let cache = try Self.cache(in: folder)
    let all = (1...6).map { Self.file("/v/\($0).vcf", $0) }
    #expect(cache.update(book: "/v", upserting: all))
    #expect(cache.update(book: "/w", upserting: [Self.file("/w/1.vcf", 1)]))

    #expect(cache.update(book: "/v", upserting: [], removing: ["/v/2.vcf", "/v/5.vcf", "/v/missing.vcf", "/w/1.vcf"]))
    #expect(cache.files(inBook: "/v").map(\.path) == ["/v/1.vcf", "/v/3.vcf", "/v/4.vcf", "/v/6.vcf"])
    #expect(cache.files(inBook: "/w").count == 1)  // removing is per book

    // Removed and upserted at once: the upsert wins.
    #expect(cache.update(book: "/v", upserting: [Self.file("/v/3.vcf", 33)], removing: ["/v/3.vcf"]))
    #expect(cache.files(inBook: "/v").first { $0.path == "/v/3.vcf" } == Self.file("/v/3.vcf", 33))

    let listed = [Self.file("/v/4.vcf", 44), Self.file("/v/7.vcf", 7)]
    #expect(cache.update(book: "/v", upserting: listed, replaceAll: true))
    #expect(cache.files(inBook: "/v") == listed)
    #expect(cache.files(inBook: "/w") == [Self.file("/w/1.vcf", 1)])

    #expect(cache.update(book: "/v", upserting: [], replaceAll: true))
    #expect(cache.files(inBook: "/v").isEmpty)
  }

  // MARK: Versions and damage

  @Test("opening with another payload version discards every row; the old instance then reads nothing and writes nothing")
  func otherPayloadVersion() throws {
    let folder = try TempFolder("cache-version")
    defer { folder.remove() }
    let old = try Self.cache(in: folder, payloadVersion: 1)
    #expect(old.update(book: "/v", upserting: [Self.file("/v/1.vcf", 1)]))
    #expect(old.update(book: "/x.vcf", upserting: [Self.file("/x.vcf", 2)]))

    let sameVersion = try Self.cache(in: folder, payloadVersion: 1)
    #expect(sameVersion.files(inBook: "/v").count == 1)

    let new = try Self.cache(in: folder, payloadVersion: 2)
    #expect(new.files(inBook: "/v").isEmpty)
    #expect(new.files(inBook: "/x.vcf").isEmpty)
    // Rows of version 1 are never handed to a version-2 reader, nor written among them.
    #expect(old.files(inBook: "/v").isEmpty)
    #expect(!old.update(book: "/v", upserting: [Self.file("/v/1.vcf", 1)]))
    #expect(new.files(inBook: "/v").isEmpty)

    #expect(new.update(book: "/v", upserting: [Self.file("/v/2.vcf", 2)]))
    #expect(try Self.cache(in: folder, payloadVersion: 2).files(inBook: "/v") == [Self.file("/v/2.vcf", 2)])
  }

  @Test("a file of garbage at the path is replaced by a working cache")
  func garbageFile() throws {
    let folder = try TempFolder("cache-garbage")
    defer { folder.remove() }
    var garbage = Array("this is not an SQLite database\n".utf8)
    for index in 0..<100_000 { garbage.append(UInt8(truncatingIfNeeded: index &* 7919 >> 3)) }
    let path = try folder.write("cache/index.sqlite", garbage)
    try folder.write("cache/index.sqlite-wal", Array(repeating: 0xAB, count: 5000))

    let cache = try IndexCache(path: path, payloadVersion: 1)
    #expect(cache.files(inBook: "/v").isEmpty)
    #expect(cache.update(book: "/v", upserting: [Self.file("/v/1.vcf", 1)]))
    #expect(try IndexCache(path: path, payloadVersion: 1).files(inBook: "/v") == [Self.file("/v/1.vcf", 1)])
    let header = try #require(FileManager.default.contents(atPath: path)).prefix(16)
    #expect(Array(header) == Array("SQLite format 3\0".utf8))
  }

  @Test("a database of another schema (another program's, or a future cpick's) is emptied and set up again")
  func otherSchema() throws {
    let folder = try TempFolder("cache-schema")
    defer { folder.remove() }
    let path = folder.file("index.sqlite")
    do {
      let other = try SQLiteDatabase(path: path)
      try other.execute("CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES('kept?'); PRAGMA user_version = 99;")
    }
    let cache = try IndexCache(path: path, payloadVersion: 1)
    #expect(cache.update(book: "/v", upserting: [Self.file("/v/1.vcf", 1)]))
    #expect(cache.files(inBook: "/v").count == 1)
    let check = try SQLiteDatabase(path: path)
    #expect(try check.integer("PRAGMA user_version") == IndexCache.schemaVersion)
    #expect(try check.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'notes'") == 0)
  }

  /// Makes a cache at `path` with 300 files of 2,000 bytes in book `/v` and one in
  /// `/other.vcf`, and closes it (which merges the log into the file).
  static func filledCache(at path: String) throws -> [CachedFile] {
    let files = (0..<300).map { Self.file("/v/\($0).vcf", $0, payloadSize: 2000) }
    let cache = try IndexCache(path: path, payloadVersion: 1)
    #expect(cache.update(book: "/v", upserting: files))
    #expect(cache.update(book: "/other.vcf", upserting: [Self.file("/other.vcf", 1)]))
    return files
  }

  @Test("damage in the rows (not seen at open) is met by a read: it returns nothing, the file is rebuilt, the cache works")
  func damagedRows() throws {
    let folder = try TempFolder("cache-damaged")
    defer { folder.remove() }
    let path = folder.file("cache/index.sqlite")
    let files = try Self.filledCache(at: path)
    // Pages 17 to 22 (16 KiB each) hold rows of /v; page 1 and the tables' roots are intact.
    let descriptor = try FileDescriptor.open(path, O_WRONLY)
    #expect(pwrite(descriptor.rawValue, [UInt8](repeating: 0xFF, count: 6 * 16384), 6 * 16384, 16 * 16384) == 6 * 16384)
    try descriptor.close()

    let cache = try IndexCache(path: path, payloadVersion: 1)  // opening reads only the schema: fine
    #expect(cache.files(inBook: "/v").isEmpty)  // the damage: rebuilt, nothing returned (never part of a book)
    #expect(cache.files(inBook: "/other.vcf").isEmpty)  // rebuilt empty
    #expect(cache.update(book: "/v", upserting: Array(files.prefix(2))))
    #expect(cache.files(inBook: "/v") == Array(files.prefix(2)))
    let check = try SQLiteDatabase(path: path)
    #expect(try check.text("PRAGMA integrity_check") == "ok")
  }

  @Test("a truncated database is rebuilt (found at open), then the cache works")
  func truncatedDatabase() throws {
    let folder = try TempFolder("cache-truncated")
    defer { folder.remove() }
    let path = folder.file("cache/index.sqlite")
    let files = try Self.filledCache(at: path)
    let size = try #require(try FileSystem.status(path)).size
    #expect(size > 600_000)
    #expect(truncate(path, off_t(size / 2)) == 0)

    let cache = try IndexCache(path: path, payloadVersion: 1)
    let first = cache.files(inBook: "/v")
    #expect(first.isEmpty)
    #expect(cache.update(book: "/v", upserting: Array(files.prefix(3))))
    #expect(cache.files(inBook: "/v") == Array(files.prefix(3)))
    #expect(try IndexCache(path: path, payloadVersion: 1).files(inBook: "/v") == Array(files.prefix(3)))
  }

  @Test("no cache can be made in an unwritable folder, or below a file: init throws")
  func unwritable() throws {
    let folder = try TempFolder("cache-unwritable")
    defer {
      chmod(folder.file("locked"), 0o700)
      folder.remove()
    }
    // Below a regular file: the folder cannot be created.
    try folder.write("plain", [1, 2, 3])
    #expect(throws: SQLiteError.self) { try IndexCache(path: folder.file("plain/cpick/index.sqlite"), payloadVersion: 1) }

    // An existing folder that cannot be written (root writes anywhere, but not in /proc).
    let locked: String
    if getuid() == 0 {
      locked = "/proc/self"
    } else {
      locked = folder.file("locked")
      try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
      chmod(locked, 0o500)
    }
    let error = #expect(throws: SQLiteError.self) { try IndexCache(path: locked + "/index.sqlite", payloadVersion: 1) }
    #expect(error?.primaryCode == 14)  // SQLITE_CANTOPEN
  }

  // MARK: Several writers

  @Test("two instances on one new file, written from 8 threads at once: every update commits and none is lost")
  func concurrentInstances() throws {
    let folder = try TempFolder("cache-threads")
    defer { folder.remove() }
    let path = folder.file("cache/index.sqlite")
    let threads = 8
    let rounds = 15
    // Both instances are created at once on a cache that does not exist yet.
    let opened = Locked<[Int: IndexCache]>([:])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let cache = try? IndexCache(path: path, payloadVersion: 3)
      opened.withLock { $0[index] = cache }
    }
    let caches = try opened.withLock { opened in try [#require(opened[0]), #require(opened[1])] }

    let failures = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      let cache = caches[thread % 2]
      for round in 0..<rounds {
        let files = [Self.file("/v/t\(thread)-r\(round).vcf", round), Self.file("/shared/t\(thread).vcf", round)]
        if !cache.update(book: "/v", upserting: [files[0]]) { failures.add(1, ordering: .relaxed) }
        if !cache.update(book: "/shared", upserting: [files[1]]) { failures.add(1, ordering: .relaxed) }
        _ = caches[(thread + 1) % 2].files(inBook: "/v")  // readers among the writers
      }
    }
    #expect(failures.load(ordering: .relaxed) == 0)
    let fresh = try IndexCache(path: path, payloadVersion: 3)
    let stored = Set(fresh.files(inBook: "/v").map(\.path))
    var expected: Set<String> = []
    for thread in 0..<threads { for round in 0..<rounds { expected.insert("/v/t\(thread)-r\(round).vcf") } }
    #expect(stored == expected)
    #expect(fresh.files(inBook: "/shared").sorted { $0.path < $1.path }
      == (0..<threads).map { Self.file("/shared/t\($0).vcf", rounds - 1) })
  }

  /// Runs `script` with python3 (its own sqlite3 module: another process, another
  /// copy of SQLite), arguments after it: the process, its standard output and its
  /// standard input. Nil when python3 or its sqlite3 module is missing.
  static func python(_ script: String, _ arguments: [String]) throws -> (Process, FileHandle, FileHandle)? {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = ["python3", "-c", "import sqlite3"]
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return nil }
    probe.waitUntilExit()
    guard probe.terminationStatus == 0 else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-u", "-c", script] + arguments
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    return (process, output.fileHandleForReading, input.fileHandleForWriting)
  }

  /// Reads `handle` until a line equal to `word` has come.
  static func wait(for word: String, on handle: FileHandle) -> Bool {
    var text = ""
    while !text.split(separator: "\n").contains(Substring(word)) {
      let data = handle.availableData
      if data.isEmpty { return false }
      text += String(decoding: data, as: UTF8.self)
    }
    return true
  }

  /// Python: inserts one row into `files` of book argv[2] at argv[1], in a write
  /// transaction held until a line comes on its standard input, then writes argv[3]
  /// more rows, each in its own transaction.
  static let pythonWriter = """
    import sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
    def put(name, size):
        db.execute("INSERT OR IGNORE INTO books(path) VALUES(?)", (sys.argv[2],))
        book = db.execute("SELECT id FROM books WHERE path = ?", (sys.argv[2],)).fetchone()[0]
        db.execute("INSERT INTO files(book, path, size, mtime_ns, ctime_ns, inode, device, payload) "
                   "VALUES(?, ?, ?, 1, 2, 3, 4, ?) ON CONFLICT(book, path) DO UPDATE SET size = excluded.size",
                   (book, sys.argv[2] + "/" + name, size, b"py"))
    db.execute("BEGIN IMMEDIATE")
    put("held.vcf", 1)
    print("locked")
    sys.stdin.readline()
    db.execute("COMMIT")
    print("committed")
    for i in range(int(sys.argv[3])):
        db.execute("BEGIN IMMEDIATE")
        put("py-%d.vcf" % i, i)
        db.execute("COMMIT")
    print("done")
    """

  @Test("another process holding the write lock: reads do not wait, an update waits for it and commits; interleaved writes all land")
  func anotherProcess() throws {
    let folder = try TempFolder("cache-process")
    defer { folder.remove() }
    let path = folder.file("cache/index.sqlite")
    let cache = try IndexCache(path: path, payloadVersion: 1)
    #expect(cache.update(book: "/v", upserting: [Self.file("/v/mine-0.vcf", 0)]))
    guard let (process, output, input) = try Self.python(Self.pythonWriter, [path, "/v", "60"]) else { return }
    defer { process.waitUntilExit() }
    #expect(Self.wait(for: "locked", on: output))

    // WAL: the reader does not wait for the writer, which holds its lock until told.
    #expect(cache.files(inBook: "/v") == [Self.file("/v/mine-0.vcf", 0)])  // the last committed state
    // An update waits for the lock: it cannot be done before the writer is told to
    // commit, and then commits after it.
    let released = Locked(false)
    let updated = Locked<Bool?>(nil)
    let writer = Thread {
      let done = cache.update(book: "/v", upserting: [Self.file("/v/mine-1.vcf", 1)])
      updated.withLock { $0 = done && released.withLock { $0 } }
    }
    writer.start()
    released.withLock { $0 = true }
    input.write(Data("commit\n".utf8))
    while updated.withLock({ $0 }) == nil { usleep(1_000) }
    #expect(updated.withLock { $0 } == true)
    #expect(cache.files(inBook: "/v").map(\.path).contains("/v/held.vcf"))
    for index in 2..<40 {
      #expect(cache.update(book: "/v", upserting: [Self.file("/v/mine-\(index).vcf", index)]))
    }
    #expect(Self.wait(for: "done", on: output))
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)

    let paths = Set(cache.files(inBook: "/v").map(\.path))
    #expect(paths.count == 40 + 1 + 60)
    #expect(paths.contains("/v/held.vcf") && paths.contains("/v/py-59.vcf") && paths.contains("/v/mine-39.vcf"))
  }

  /// Python: a large write transaction (spilled to the log by a tiny page cache), then
  /// it waits to be killed before `COMMIT`.
  static let pythonKilled = """
    import sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
    db.execute("PRAGMA cache_size = 5")
    db.execute("BEGIN IMMEDIATE")
    book = db.execute("SELECT id FROM books WHERE path = '/v'").fetchone()[0]
    for i in range(3000):
        db.execute("INSERT INTO files(book, path, size, mtime_ns, ctime_ns, inode, device, payload) "
                   "VALUES(?, ?, 0, 0, 0, 0, 0, ?)", (book, "/v/killed-%d.vcf" % i, bytes(1500)))
    db.execute("DELETE FROM files WHERE path = '/v/1.vcf'")
    print("writing")
    time.sleep(60)
    """

  @Test("a process killed in the middle of a write leaves the last committed state, and the cache goes on")
  func killedWriter() throws {
    let folder = try TempFolder("cache-killed")
    defer { folder.remove() }
    let path = folder.file("cache/index.sqlite")
    let committed = (0..<3).map { Self.file("/v/\($0).vcf", $0) }
    do {
      let cache = try IndexCache(path: path, payloadVersion: 1)
      #expect(cache.update(book: "/v", upserting: committed))
    }
    guard let (process, output, _) = try Self.python(Self.pythonKilled, [path]) else { return }
    #expect(Self.wait(for: "writing", on: output))
    let log = try #require(try FileSystem.status(path + "-wal")).size
    #expect(log > 1_000_000)  // the uncommitted rows did reach the file
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()

    let cache = try IndexCache(path: path, payloadVersion: 1)
    #expect(cache.files(inBook: "/v") == committed)
    #expect(cache.update(book: "/v", upserting: [Self.file("/v/3.vcf", 3)]))
    #expect(try IndexCache(path: path, payloadVersion: 1).files(inBook: "/v") == committed + [Self.file("/v/3.vcf", 3)])
  }

  // MARK: The default path

  @Test("defaultPath: XDG_CACHE_HOME, else HOME/.cache; nil with CPICK_NO_CACHE or neither")
  func defaultPath() {
    #expect(IndexCache.defaultPath(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/ada"]) == "/x/cache/cpick/index.sqlite")
    #expect(IndexCache.defaultPath(environment: ["XDG_CACHE_HOME": "/x/cache/", "HOME": "/home/ada"]) == "/x/cache/cpick/index.sqlite")
    #expect(IndexCache.defaultPath(environment: ["HOME": "/home/ada"]) == "/home/ada/.cache/cpick/index.sqlite")
    #expect(IndexCache.defaultPath(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/ada"]) == "/home/ada/.cache/cpick/index.sqlite")
    #expect(IndexCache.defaultPath(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ada"]) == "/home/ada/.cache/cpick/index.sqlite")
    #expect(IndexCache.defaultPath(environment: ["XDG_CACHE_HOME": "/x/cache"]) == "/x/cache/cpick/index.sqlite")
    #expect(IndexCache.defaultPath(environment: [:]) == nil)
    #expect(IndexCache.defaultPath(environment: ["HOME": ""]) == nil)
    #expect(IndexCache.defaultPath(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h", "CPICK_NO_CACHE": "1"]) == nil)
    #expect(IndexCache.defaultPath(environment: ["HOME": "/home/ada", "CPICK_NO_CACHE": ""]) == "/home/ada/.cache/cpick/index.sqlite")
  }

  // MARK: File signatures

  @Test("a file rewritten with the same size gets another signature; a replaced one another inode; missing: nil")
  func signatureChanges() throws {
    let folder = try TempFolder("cache-signature")
    defer { folder.remove() }
    let path = try folder.write("card.vcf", Array("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8))
    let first = try #require(FileSignature.of(path: path))
    let status = try #require(try FileSystem.status(path))
    #expect(first.size == 30)
    #expect(first.inode == status.inode && first.device == status.device)
    #expect(first.modificationNanoseconds == Int64(status.modified.tv_sec) * 1_000_000_000 + Int64(status.modified.tv_nsec))
    #expect(FileSignature.of(path: path) == first)

    // In place, same size, modification time put back: the status-change time moves.
    usleep(20_000)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.write(Data("BEGIN:VCARD\r\nFN:B\r\nEND:VCARD\r\n".utf8))
    try handle.close()
    var times = [status.modified, status.modified]  // access and modification time
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let rewritten = try #require(FileSignature.of(path: path))
    #expect(rewritten.size == first.size && rewritten.inode == first.inode)
    #expect(rewritten.modificationNanoseconds == first.modificationNanoseconds)
    #expect(rewritten.statusChangeNanoseconds != first.statusChangeNanoseconds)
    #expect(rewritten != first)

    // Replaced by a rename (as saves and vdirsyncer do): another inode.
    let other = try folder.write("new.tmp", Array("BEGIN:VCARD\r\nFN:C\r\nEND:VCARD\r\n".utf8))
    try FileSystem.rename(other, to: path)
    let replaced = try #require(FileSignature.of(path: path))
    #expect(replaced.inode != first.inode)
    #expect(replaced != rewritten)

    // Symbolic links are followed; missing files and folders are nil.
    #expect(symlink(path, folder.file("link.vcf")) == 0)
    #expect(FileSignature.of(path: folder.file("link.vcf")) == replaced)
    #expect(FileSignature.of(path: folder.file("missing.vcf")) == nil)
    #expect(FileSignature.of(path: folder.file("card.vcf/below")) == nil)
  }

  @Test("ofFiles lists the regular .vcf/.vcard files of the folder itself (any case, links followed), not dot-files, folders or others")
  func listing() throws {
    let folder = try TempFolder("cache-listing")
    defer { folder.remove() }
    let card = Array("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8)
    for name in ["a.vcf", "B.VCF", "c.Vcard", ".hidden.vcf", "notes.txt", "d.vcf.tmp", "vcf", "sub/inner.vcf"] {
      try folder.write("book/" + name, card)
    }
    try FileManager.default.createDirectory(atPath: folder.file("book/folder.vcf"), withIntermediateDirectories: true)
    #expect(symlink(folder.file("book/a.vcf"), folder.file("book/link.vcf")) == 0)
    #expect(symlink(folder.file("book/missing"), folder.file("book/dangling.vcf")) == 0)
    #expect(symlink(folder.file("book/sub"), folder.file("book/to-folder.vcf")) == 0)
    #expect(mkfifo(folder.file("book/pipe.vcf"), 0o600) == 0)

    let listed = try #require(FileSignature.ofFiles(inDirectory: folder.file("book")))
    #expect(Set(listed.map(\.name)) == ["a.vcf", "B.VCF", "c.Vcard", "link.vcf"])
    #expect(listed.count == 4)
    for (name, signature) in listed {
      #expect(signature == FileSignature.of(path: folder.file("book/" + name)))
    }
    #expect(FileSignature.ofFiles(inDirectory: folder.file("missing")) == nil)
    #expect(FileSignature.ofFiles(inDirectory: folder.file("book/a.vcf")) == nil)
  }

  @Test("ofFiles on a folder of 1,000 files (examined on all cores) gives each file's own signature")
  func listingMany() throws {
    let folder = try TempFolder("cache-listing-many")
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.file("book"), withIntermediateDirectories: true)
    // Plain open/write/close: FileManager's atomic writes are many times slower.
    func make(_ name: String, _ bytes: [UInt8]) -> Bool {
      let descriptor = open(folder.file("book/" + name), O_WRONLY | O_CREAT | O_EXCL, 0o644)
      defer { close(descriptor) }
      return descriptor >= 0 && write(descriptor, bytes, bytes.count) == bytes.count
    }
    var made = 0
    for index in 0..<1000 {
      if make("\(index).vcf", Array(repeating: UInt8(ascii: "x"), count: index % 97)) { made += 1 }
      if index % 10 == 0 { _ = make("\(index).txt", [1]) }
    }
    #expect(made == 1000)
    let listed = try #require(FileSignature.ofFiles(inDirectory: folder.file("book")))
    #expect(listed.count == 1000)
    #expect(Set(listed.map(\.name)) == Set((0..<1000).map { "\($0).vcf" }))
    #expect(Set(listed.map(\.signature.inode)).count == 1000)
    let wrong = listed.filter { name, signature in
      signature.size != Int64(Int(name.dropLast(4))! % 97) || signature != FileSignature.of(path: folder.file("book/" + name))
    }
    #expect(wrong.map(\.name) == [])
  }
}
