import Foundation
import Glibc
import Testing

@testable import ContactStores
@testable import AddressBook

/// The connection that makes the index file fills it without syncs; later ones sync.
@Suite struct IndexSyncTests {
  @Test("a new index file is written without syncs, an existing one with them")
  func newFileUnsynced() throws {
    let folder = NSTemporaryDirectory() + "cpick-sync-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/index.sqlite"
    let made = try IndexCache(path: path, payloadVersion: 1)
    #expect(made.synchronousMode() == 0)
    let later = try IndexCache(path: path, payloadVersion: 1)
    #expect(later.synchronousMode() == 1)
  }
}
