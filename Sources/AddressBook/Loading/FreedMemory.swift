import CMalloc
import Glibc

/// Memory the process freed but the allocator still holds.
///
/// An allocator keeps freed memory for its next allocations: glibc's `malloc` in the
/// heap of the thread that freed it (one heap per thread that allocated, up to eight
/// per core), jemalloc (the allocator cpick and cpick-sync link,
/// `Sources/CpickAllocator`) in its arenas until it decays. After a cold book is read
/// on all cores, about 60 MB of 100,000 contacts' parts, cards and contacts stay
/// resident though nothing uses them, and the list and its file, built after, come on
/// top (a cold peak 25 % higher).
enum FreedMemory {
  /// Gives the free pages of every heap back to the system: jemalloc's
  /// `arena.<all>.purge` when jemalloc is the process's allocator, else glibc's
  /// `malloc_trim(0)` (their pages are unmapped or `MADV_DONTNEED`ed; what is in use
  /// stays where it is). About 20 ms for the heaps a cold book of 100,000 contacts
  /// leaves.
  ///
  /// Only for a list of at least `worthwhile` contacts (`contacts`): what reading
  /// frees is bounded by its parts (about 50 MB, at 10,000 contacts as at 100,000),
  /// and a small list built after reuses it. Given back at 10,000, it cost 30–35 ms
  /// of system time on the loading thread (`madvise`, its TLB shootdowns, the pages
  /// faulted in again) and lowered no peak (96–100 MB either way); at 100,000 it
  /// lowers the peak from about 174 to 152 MB, at a million from 964 to 798 MB.
  static func giveBack(forListOf contacts: Int) {
    guard contacts >= worthwhile else { return }
    giveBack()
  }

  /// Gives the free pages of every heap back to the system, as `giveBack(forListOf:)`
  /// does, whatever the list: for a picker left open once its list is stored (jemalloc
  /// gives back what decayed only when it allocates again, which an idle picker does not).
  static func giveBack() {
    if let purge = jemallocControl {
      // 4096 is `MALLCTL_ARENAS_ALL`.
      _ = purge("arena.4096.purge", nil, nil, nil, 0)
    } else {
      _ = malloc_trim(0)
    }
  }

  /// The smallest list for which `giveBack(forListOf:)` gives memory back.
  static let worthwhile = 50_000

  /// jemalloc's `mallctl`, when the program links jemalloc (looked up rather than
  /// linked: the library does not depend on it).
  private static let jemallocControl: Control? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallctl") else { return nil }
    return unsafeBitCast(symbol, to: Control.self)
  }()

  private typealias Control = @convention(c) (
    UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
  ) -> Int32
}
