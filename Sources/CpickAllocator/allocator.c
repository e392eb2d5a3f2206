// jemalloc as the programs' `malloc` (linked into cpick and cpick-sync, not the
// library), and its settings.
//
// Why: reading a cold book makes and frees a few small strings and arrays per value
// on every core; glibc's allocator spent about a tenth of that time in its own
// bookkeeping (`_int_malloc`, `unlink_chunk`, `malloc_consolidate`, `_int_free`).
// With jemalloc's per-thread caches and size classes a cold 100,000 takes about 12 %
// less time, a million 15 % (Sources/cpick-bench/PERFORMANCE.md, "Then: jemalloc").
//
// `malloc_conf` is jemalloc's documented place for a program's settings (the
// `MALLOC_CONF` variable still applies on top): pages freed are given back to the
// system after a second (`dirty_decay_ms`, 10 s by default) — with the default a cold
// 100,000 peaked a third higher than with glibc's allocator; with a second, the same.

#include <stddef.h>

const char *malloc_conf = "dirty_decay_ms:1000";

// jemalloc's control interface (<jemalloc/jemalloc.h>), referred to here only so
// that the linker, which drops a shared library nothing refers to (`--as-needed`),
// keeps libjemalloc: it must be loaded before the C library for its `malloc` to be the
// one used. (`FreedMemory` finds `mallctl` at run time: the library does not depend
// on jemalloc.)
int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
int (*const cpick_allocator_control)(const char *, void *, size_t *, void *, size_t) = mallctl;
