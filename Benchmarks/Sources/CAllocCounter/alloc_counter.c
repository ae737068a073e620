// Heap allocation counter for the benchmark executable.
//
// An executable's own definitions of malloc and friends take precedence over libc's for every
// shared object in the process (the Swift runtime, Foundation, OpenCombine), because the dynamic
// linker searches the executable first. Each wrapper forwards to glibc's __libc_* entry point, so
// blocks stay glibc blocks and malloc_usable_size and friends keep working.
#include "alloc_counter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_bool counting = false;
static atomic_uint_fast64_t allocations = 0;
static atomic_uint_fast64_t frees = 0;

static inline void count_allocation(void) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  }
}

void chainkit_bench_set_alloc_counting(bool enabled) {
  atomic_store_explicit(&counting, enabled, memory_order_seq_cst);
}

uint64_t chainkit_bench_alloc_count(void) {
  return atomic_load_explicit(&allocations, memory_order_seq_cst);
}

uint64_t chainkit_bench_free_count(void) {
  return atomic_load_explicit(&frees, memory_order_seq_cst);
}

void *malloc(size_t size) {
  count_allocation();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_allocation();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_allocation();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count_allocation();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_allocation();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  count_allocation();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) {
    return ENOMEM;
  }
  *result = pointer;
  return 0;
}

void free(void *pointer) {
  if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
  }
  __libc_free(pointer);
}
