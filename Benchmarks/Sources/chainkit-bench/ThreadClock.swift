import Glibc

/// The CPU time of the calling thread, in nanoseconds.
///
/// NB: batches are timed with this clock, not the wall clock. On this 2-core machine another build
/// often runs beside the benchmark (load 4-8 was seen); the wall clock then counts the time the
/// benchmark spends descheduled, which inflated medians 2-4x. Thread CPU time leaves that out;
/// what remains of the disturbance (caches, frequency) is shared by the interleaved cases.
enum ThreadClock {
  /// Nanoseconds of CPU time used by this thread so far.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
  }

  /// CPU nanoseconds spent running `work`.
  static func measure(_ work: () -> Void) -> Double {
    let start = now()
    work()
    return now() - start
  }
}
