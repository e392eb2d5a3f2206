import CpickTestSupport
import Foundation
import Glibc
import Testing

@testable import ContactStores

/// A file on a file system mounted read-only offers no edit (a helper's trial: the form
/// opened, and the typing was lost at Ctrl-S to "Read-only file system").
@Suite(
  "a file system mounted read-only", .serialized,
  .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount"), "mounting needs root"))
struct ReadOnlyFileSystemTests {
  /// Runs `mount` or `umount` with `arguments`; whether it succeeded.
  static func mount(_ program: String, _ arguments: [String]) -> Bool {
    guard let pid = try? Spawn.start("/bin/" + program, arguments, environment: [:], stdout: "/dev/null", stderr: "/dev/null")
    else { return false }
    return Spawn.wait(pid, timeout: 30) == 0
  }

  @Test("a folder on a tmpfs mounted read-only is one; the same folder writable, and a temp folder, are not")
  func readOnlyMount() throws {
    let folder = try TempFolder("ro-mount")
    defer { folder.remove() }
    let point = folder.file("mnt")
    try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
    #expect(!FileSystem.isOnReadOnlyFileSystem(point))
    try #require(Self.mount("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", point]))
    defer { _ = Self.mount("umount", [point]) }
    let file = point + "/book.vcf"
    try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n".utf8).write(to: URL(fileURLWithPath: file))
    #expect(!FileSystem.isOnReadOnlyFileSystem(file))
    try #require(Self.mount("mount", ["-o", "remount,ro", point]))
    #expect(FileSystem.isOnReadOnlyFileSystem(file))
    #expect(FileSystem.isOnReadOnlyFileSystem(point))
    // Its permission bits still say writable: that check alone let the form open.
    #expect(!FileSystem.isWriteProtected(file))
  }
}
