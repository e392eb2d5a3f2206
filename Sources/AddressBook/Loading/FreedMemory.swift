import CMalloc

/// Memory the process freed but the allocator still holds.
///
/// glibc's `malloc` keeps freed memory in the heap of the thread that freed it (one
/// heap per thread that allocated, up to eight per core), for that heap's next
/// allocations: after a cold book is read on all cores, about 60 MB of 100,000
/// contacts' parts, cards and contacts stay resident though nothing uses them, and the
/// list and its file, built after, come on top (a cold peak 25 % higher).
enum FreedMemory {
  /// Gives the free pages of every heap back to the system (`malloc_trim(0)`: their
  /// pages are unmapped or `MADV_DONTNEED`ed; what is in use stays where it is). About
  /// 20 ms for the heaps a cold book of 100,000 contacts leaves.
  static func giveBack() {
    _ = malloc_trim(0)
  }
}
