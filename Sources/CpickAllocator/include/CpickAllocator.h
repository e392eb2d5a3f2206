#ifndef CPICK_ALLOCATOR_H
#define CPICK_ALLOCATOR_H
// The programs' allocator: jemalloc (libjemalloc-dev), linked into cpick and
// cpick-sync only (a program embedding the library keeps its own). Nothing to call:
// linking this target is what makes jemalloc the process's `malloc`.
#endif
