/// The monotonic clock of trace times and hop durations, in nanoseconds.
///
/// NB: `clock_gettime` directly: `ContinuousClock.now` and `Duration` arithmetic cost several
/// times as many instructions, and a traced dispatch reads the clock once per visited node.
package enum TraceClock {
  /// Nanoseconds since an arbitrary fixed point (the system's boot, on Linux).
  @inline(__always)
  package static func now() -> UInt64 {
    SystemCalls.monotonicNanoseconds()
  }
}
