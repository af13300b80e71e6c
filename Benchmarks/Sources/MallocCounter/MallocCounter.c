// Interposes glibc's allocation entry points with a relaxed atomic counter.
//
// The executable defines malloc & co.; because shared libraries (libswiftCore, libc++,
// OpenCombine's helpers) reference them, the linker exports these definitions and the
// dynamic loader binds every caller in the process to them. Each one counts, then
// forwards to glibc's own implementation (__libc_*), so memory still comes from and
// returns to glibc's allocator and free() needs no wrapper.
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

uint64_t mc_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);

// Per thread, so counting costs one plain increment (an atomic add would cost ~20 cycles
// per allocation and inflate the figures); the executable's own initial-exec TLS needs
// no allocation to reach. The benchmarks run on the main thread and read its counter.
static __thread uint64_t allocations;

static inline void count_one(void) { allocations += 1; }

void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_one();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
  count_one();
  return __libc_valloc(size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  // posix_memalign's contract: a power of two that is a multiple of sizeof(void *).
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

uint64_t mc_allocation_count(void) {
  return allocations;
}

int mc_is_counting(void) { return 1; }

#else

uint64_t mc_allocation_count(void) { return 0; }

int mc_is_counting(void) { return 0; }

uint64_t mc_heap_bytes_in_use(void) { return 0; }

#endif
