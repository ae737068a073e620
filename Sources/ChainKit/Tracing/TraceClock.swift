/// The monotonic clock of trace times and hop durations, in nanoseconds.
///
/// NB: `clock_gettime` directly: `ContinuousClock.now` and `Duration` arithmetic cost more per
/// read, and a traced dispatch reads the clock once per visited node (`bubble8.traced`; see
/// BENCHMARKS.md).
package enum TraceClock {
  /// Nanoseconds since an arbitrary fixed point (the system's boot, on Linux).
  @inline(__always)
  package static func now() -> UInt64 {
    SystemCalls.monotonicNanoseconds()
  }
}
