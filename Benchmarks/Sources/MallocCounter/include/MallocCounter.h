// Counts heap allocations of the whole process, for allocations-per-event figures.
#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign,
/// valloc) made so far by the calling thread. Zero on platforms where nothing is interposed.
uint64_t mc_allocation_count(void);

/// Whether this build interposes the allocator (glibc only).
int mc_is_counting(void);

/// Heap bytes in use now (glibc's mallinfo2: small blocks plus mmapped ones); 0 elsewhere.
uint64_t mc_heap_bytes_in_use(void);

#endif
