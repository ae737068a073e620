/// The cycle counter's rate against the clock, measured between clock readings of earlier
/// traced dispatches, so that a dispatch whose rate is known reads the counter only.
///
/// A traced dispatch needs its duration and its hops' in nanoseconds, never a time of day: the
/// record holds durations. The clock (``TraceClock/now()``) is a call, where the counter is one
/// instruction, so each recording probe keeps one of these: while no rate is known, or the rate
/// has been used for ``longestUse``, a dispatch reads the clock at its start and end as well as
/// the counter, and those readings measure the rate afresh; otherwise its start is the clock
/// time its first counter reading converts to, and its end that time plus its counter span
/// converted. A rate is measured over at least ``shortestSpan`` of clock time, so the two
/// clock readings' own jitter is a small part of it, and measured again after ``longestUse``,
/// so a counter whose rate changed (a processor without an invariant counter) is followed.
///
/// A counter reading before the anchor's (the thread moved to a processor whose counter lags)
/// makes the next dispatch read the clock: the rate is used only forwards from where it was
/// measured.
package struct TraceCalibration: Sendable, Equatable {
  /// The least clock time between the two readings a rate is measured from.
  package static let shortestSpan: UInt64 = 1_000_000
  /// The clock time a measured rate is used for before a dispatch reads the clock again.
  package static let longestUse: UInt64 = 100_000_000

  /// The clock reading the rate converts from, and the counter's reading beside it.
  package private(set) var anchorTime: UInt64 = 0
  package private(set) var anchorTicks: UInt64 = 0
  /// Whether ``anchorTime`` and ``anchorTicks`` hold a reading.
  package private(set) var hasAnchor = false
  /// Nanoseconds per tick in 32.32 fixed point; 0 while no rate is known.
  package private(set) var rate: UInt64 = 0
  /// How many ticks after ``anchorTicks`` the rate is used for (``longestUse`` at the rate).
  package private(set) var usableTicks: UInt64 = 0

  package init() {}

  /// Whether a dispatch whose counter reads `ticks` at its start can convert its readings
  /// without reading the clock: a rate is known, and `ticks` is within its use after the
  /// anchor (a reading before the anchor wraps to a large distance, so it is not).
  @inline(__always)
  package func converts(atTicks ticks: UInt64) -> Bool {
    rate != 0 && ticks &- anchorTicks < usableTicks
  }

  /// The clock time of the counter reading `ticks`, which ``converts(atTicks:)`` accepted.
  @inline(__always)
  package func time(atTicks ticks: UInt64) -> UInt64 {
    anchorTime &+ nanoseconds(inTicks: ticks &- anchorTicks)
  }

  /// The nanoseconds `ticks` counter ticks take at the measured rate.
  @inline(__always)
  package func nanoseconds(inTicks ticks: UInt64) -> UInt64 {
    let product = ticks.multipliedFullWidth(by: rate)
    // NB: the product shifted right by 32, from its two halves; it fits in 64 bits for any
    // span within the rate's use.
    return product.high << 32 | product.low >> 32
  }

  /// Notes the clock reading `time`, taken with the counter reading `ticks`: with the anchor at
  /// least ``shortestSpan`` before it, measures the rate between the two and makes it the
  /// anchor; with no anchor, or one it does not follow in both clock and counter, makes it the
  /// anchor and keeps the rate; nearer than that, keeps the older anchor so that the span
  /// grows.
  package mutating func note(time: UInt64, ticks: UInt64) {
    defer { checkInvariants() }
    guard hasAnchor, ticks > anchorTicks, time >= anchorTime else {
      anchor(time: time, ticks: ticks)
      return
    }
    let spanTime = time &- anchorTime
    guard spanTime >= Self.shortestSpan else { return }
    let spanTicks = ticks &- anchorTicks
    // NB: (spanTime << 32) / spanTicks with the shifted value in 128 bits; a quotient that
    // would not fit in 64 bits (a counter too slow for the fixed point) leaves no rate.
    let shifted = (high: spanTime >> 32, low: spanTime << 32)
    guard shifted.high < spanTicks else {
      rate = 0
      anchor(time: time, ticks: ticks)
      return
    }
    rate = spanTicks.dividingFullWidth(shifted).quotient
    if rate != 0 {
      let use = (high: Self.longestUse >> 32, low: Self.longestUse << 32)
      usableTicks = use.high < rate ? rate.dividingFullWidth(use).quotient : .max
    }
    anchor(time: time, ticks: ticks)
  }

  private mutating func anchor(time: UInt64, ticks: UInt64) {
    anchorTime = time
    anchorTicks = ticks
    hasAnchor = true
  }

  /// Checks, in builds with invariants, that a known rate came with an anchor and a use.
  package func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(rate == 0 || (hasAnchor && usableTicks != 0), "a rate without its anchor")
    #endif
  }
}
