import CChainClock

/// The monotonic clock of trace times and hop durations, in nanoseconds, and the cycle counter a
/// traced dispatch times its hops with.
///
/// NB: `clock_gettime` directly: `ContinuousClock.now` and `Duration` arithmetic cost more per
/// read. Even so it is a call, where the counter is one instruction, and a traced dispatch reads a
/// time at every visited node (`bubble8.traced`; see BENCHMARKS.md): so each hop reads the
/// counter, ``TraceSpan`` converts the hops' ticks to times between the dispatch's start and
/// end, and a dispatch reads the clock at its start and end only while its probe's
/// ``TraceCalibration`` knows no current rate for the counter.
package enum TraceClock {
  /// Nanoseconds since an arbitrary fixed point (the system's boot, on Linux).
  @inline(__always)
  package static func now() -> UInt64 {
    SystemCalls.monotonicNanoseconds()
  }

  /// Whether ``ticks()`` reads a cycle counter; when not, it reads ``now()``.
  @inline(__always)
  package static var hasCounter: Bool { chainkit_clock_has_ticks() != 0 }

  /// The cycle counter (rdtsc on x86_64, cntvct_el0 on arm64), or ``now()`` on a platform
  /// without one: a count that only a ``TraceSpan`` gives a time.
  @inline(__always)
  package static func ticks() -> UInt64 {
    hasCounter ? chainkit_clock_ticks() : now()
  }
}
