// The CPU's cycle counter, for the trace clock's per-hop readings (ChainKit's TraceClock.swift is
// the one file that imports this module). Reading it is a single instruction, where the system's
// monotonic clock is a call; its ticks mean nothing alone and are converted to nanoseconds between
// two readings of that clock (TraceSpan).
#ifndef CCHAINCLOCK_H
#define CCHAINCLOCK_H

#include <stdint.h>

/// Whether this build reads a cycle counter; when not, chainkit_clock_ticks returns 0 and the trace
/// clock reads the system clock at each hop instead.
static inline int chainkit_clock_has_ticks(void) {
#if defined(__x86_64__) || defined(__aarch64__)
  return 1;
#else
  return 0;
#endif
}

/// The cycle counter: rdtsc on x86_64, the virtual counter (cntvct_el0) on arm64.
///
/// Unordered on purpose (no fence): a hop's reading may drift by the few instructions the
/// processor runs out of order, far below what a hop takes, and a fence would cost more than the
/// reading.
static inline uint64_t chainkit_clock_ticks(void) {
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
  uint64_t value;
  __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
  return value;
#else
  return 0;
#endif
}

#endif
