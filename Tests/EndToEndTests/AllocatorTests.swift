import Foundation
import Testing

/// The release binary's allocator: jemalloc, linked by `Sources/CpickAllocator` (a
/// linker that drops a shared library nothing refers to would leave glibc's `malloc`
/// silently, and a cold read about 12 % slower).
@Suite("the programs' allocator")
struct AllocatorTests {
  @Test("cpick allocates with jemalloc, with its own settings (freed pages given back after a second)")
  func jemalloc() throws {
    // jemalloc prints its settings and statistics on stderr at exit when asked to.
    let result = try CommandRunner.shell(#"MALLOC_CONF=stats_print:true exec "$0" --version"#)
    #expect(result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stdoutText.hasPrefix("cpick "))
    #expect(result.stderrText.contains("___ Begin jemalloc statistics ___"))
    #expect(result.stderrText.contains("opt.dirty_decay_ms: 1000 (arenas.dirty_decay_ms: 1000)"))
  }
}
