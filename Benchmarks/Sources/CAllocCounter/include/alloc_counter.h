// Counts heap allocations made by the whole process while counting is on.
// The definitions in alloc_counter.c replace malloc, calloc, realloc, free and the aligned
// allocators for the benchmark executable and forward to glibc's __libc_* entry points.
#ifndef CHAINKIT_BENCH_ALLOC_COUNTER_H
#define CHAINKIT_BENCH_ALLOC_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Turns counting on or off; counting is off at start and costs one relaxed load when off.
void chainkit_bench_set_alloc_counting(bool enabled);

/// Allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) counted
/// while counting was on, since the process started.
uint64_t chainkit_bench_alloc_count(void);

/// free calls with a non-null pointer counted while counting was on.
uint64_t chainkit_bench_free_count(void);

#endif
