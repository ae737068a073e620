#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The monotonic clock of trace times and hop durations, in nanoseconds.
///
/// NB: `clock_gettime` directly: `ContinuousClock.now` and `Duration` arithmetic cost several
/// times as many instructions, and a traced dispatch reads the clock once per visited node.
enum TraceClock {
  /// Nanoseconds since an arbitrary fixed point (the system's boot, on Linux).
  @inline(__always)
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(truncatingIfNeeded: spec.tv_sec) &* 1_000_000_000
      &+ UInt64(truncatingIfNeeded: spec.tv_nsec)
  }
}
