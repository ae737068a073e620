import Glibc

/// The CPU time of the calling thread, in nanoseconds.
///
/// NB: batches are timed with this clock, not the wall clock. On this 2-core machine another build
/// often runs beside the benchmark (load 4-8 was seen); the wall clock then counts the time the
/// benchmark spends descheduled, which inflated medians 2-4x. Thread CPU time leaves that out;
/// what remains of the disturbance (caches, frequency) is shared by the interleaved cases.
enum ThreadClock {
  /// Whose CPU time is counted.
  enum Kind {
    /// The calling thread's.
    case thread

    /// Every thread of the process: for operations whose work runs on other threads (the
    /// AsyncStream peer's consuming tasks).
    case process
  }

  /// Nanoseconds of CPU time used so far by this thread, or by the process.
  static func now(_ kind: Kind = .thread) -> Double {
    var time = timespec()
    clock_gettime(kind == .thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
  }

  /// CPU nanoseconds spent running `work`.
  static func measure(_ kind: Kind = .thread, _ work: () -> Void) -> Double {
    let start = now(kind)
    work()
    return now(kind) - start
  }
}
