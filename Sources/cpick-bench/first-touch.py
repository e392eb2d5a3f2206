#!/usr/bin/env python3
"""first-touch.py — what touching memory costs on this machine (Sources/cpick-bench/PERFORMANCE.md, "Then: memory
first touched is time here").

    Sources/cpick-bench/first-touch.py [MB …]     (default: 200 4000)

For each size it maps that much anonymous memory, writes one byte into every 4 KiB
page (the kernel hands out and zeroes a page at each first write), gives the pages back
with MADV_DONTNEED and writes them again, and prints the time per page of both passes.
On a VM whose host takes free memory back (virtio_balloon free page reporting) the
first pass costs a host fault per page as well: compare sizes, and compare with a run
on bare metal (a few tenths of a µs a page).
"""
import mmap
import sys
import time

PAGE = 4096


def touch(region, pages):
    start = time.perf_counter()
    for page in range(pages):
        region[page * PAGE] = 1
    return time.perf_counter() - start


for megabytes in [int(arg) for arg in sys.argv[1:]] or [200, 4000]:
    size = megabytes << 20
    pages = size // PAGE
    region = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    first = touch(region, pages)
    region.madvise(mmap.MADV_DONTNEED)
    again = touch(region, pages)
    region.close()
    print(f"{megabytes} MB: first touch {first:.2f} s ({first / pages * 1e6:.1f} µs a page), "
          f"after MADV_DONTNEED {again:.2f} s ({again / pages * 1e6:.1f} µs a page)")
