// Callgrind client requests for the measured window; see include/callgrind_window.h.
//
// NB: the requests are compiled in only when valgrind's headers are installed (Debian's
// valgrind package ships them). Without them the functions do nothing and
// chainkit_bench_window_supported() says so; the callgrind script then refuses to run.
#include "callgrind_window.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define CHAINKIT_BENCH_HAVE_CALLGRIND 1
#else
#define CHAINKIT_BENCH_HAVE_CALLGRIND 0
#endif

bool chainkit_bench_window_supported(void) {
  return CHAINKIT_BENCH_HAVE_CALLGRIND;
}

bool chainkit_bench_under_valgrind(void) {
#if CHAINKIT_BENCH_HAVE_CALLGRIND
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

void chainkit_bench_window_begin(void) {
#if CHAINKIT_BENCH_HAVE_CALLGRIND
  CALLGRIND_TOGGLE_COLLECT;
#endif
}

void chainkit_bench_window_end(void) {
#if CHAINKIT_BENCH_HAVE_CALLGRIND
  CALLGRIND_TOGGLE_COLLECT;
#endif
}
