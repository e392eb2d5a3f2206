#ifndef CPICK_CMALLOC_SHIM_H
#define CPICK_CMALLOC_SHIM_H
// glibc's allocator controls (`malloc_trim`), which Swift's Glibc module leaves out.
#include <malloc.h>
#endif
