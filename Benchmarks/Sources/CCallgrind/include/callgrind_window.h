// Marks the measured window of a case for valgrind's callgrind.
// `scripts/bench-callgrind.sh` runs the benchmark with --collect-atstart=no, so that only the
// instructions executed between chainkit_bench_window_begin() and chainkit_bench_window_end()
// are counted: the fixture, the warm-up and the process's start and exit are left out.
#ifndef CHAINKIT_BENCH_CALLGRIND_WINDOW_H
#define CHAINKIT_BENCH_CALLGRIND_WINDOW_H

#include <stdbool.h>

/// Whether this binary was built with valgrind's client requests (valgrind/callgrind.h found).
bool chainkit_bench_window_supported(void);

/// Whether the process runs under valgrind.
bool chainkit_bench_under_valgrind(void);

/// Turns callgrind's collection on (a no-op outside valgrind: a few instructions).
void chainkit_bench_window_begin(void);

/// Turns callgrind's collection off again.
void chainkit_bench_window_end(void);

#endif
