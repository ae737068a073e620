/// A traced dispatch's start and end times and the counter's readings beside them: what turns
/// a hop's counter reading (``TraceClock/ticks()``) into a time on the clock
/// (``TraceClock/now()``).
///
/// The counter runs at a rate of its own, so a span converts by linear interpolation between its
/// two pairs of readings. The times are the clock's, read at the dispatch's start and end, or,
/// once the probe knows the counter's rate (``TraceCalibration``), its counter readings
/// converted at that rate; either way the start's ticks are read after its time and the end's
/// before its, so every hop's ticks lie between the two pairs, and a time is clamped to
/// `[start, end]`.
package struct TraceSpan: Sendable, Equatable {
  /// The clock when the dispatch began, in nanoseconds.
  package var start: UInt64
  /// The clock when the dispatch ended (not before `start`).
  package var end: UInt64
  /// The counter just after `start` was read.
  package var startTicks: UInt64
  /// The counter just before `end` was read.
  package var endTicks: UInt64

  package init(start: UInt64, end: UInt64, startTicks: UInt64, endTicks: UInt64) {
    self.start = start
    self.end = max(end, start)
    self.startTicks = startTicks
    self.endTicks = endTicks
  }

  /// The dispatch's duration in nanoseconds.
  package var elapsed: UInt64 { end &- start }

  /// The clock time of the counter reading `ticks`: `start + (ticks - startTicks) * (end -
  /// start) / (endTicks - startTicks)`, clamped to `[start, end]`; non-decreasing in `ticks`.
  ///
  /// When the counter did not advance over the span (`endTicks <= startTicks`: stopped, or read
  /// on processors whose counters disagree), its readings say nothing about when a hop ended,
  /// so every reading maps to `start`: the hops' durations are 0 and the dispatch's stays the
  /// clock's, never a time outside it or out of order.
  package func time(atTicks ticks: UInt64) -> UInt64 {
    guard endTicks > startTicks else { return start }
    guard ticks > startTicks else { return start }
    guard ticks < endTicks else { return end }
    // NB: full width: a long dispatch's tick and nanosecond spans multiplied can pass 64 bits;
    // the quotient cannot, as `ticks - startTicks < endTicks - startTicks`.
    let product = (ticks &- startTicks).multipliedFullWidth(by: end &- start)
    return start &+ (endTicks &- startTicks).dividingFullWidth(product).quotient
  }

  /// The nanoseconds between the counter readings `from` and `to` (0 if `to` is not after it).
  package func elapsed(fromTicks from: UInt64, toTicks to: UInt64) -> UInt64 {
    let later = time(atTicks: to)
    let earlier = time(atTicks: from)
    return later > earlier ? later &- earlier : 0
  }
}
