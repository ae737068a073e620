import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// The trace clock's conversion of a hop's counter reading to a time between its dispatch's two
/// clock readings (``TraceSpan``), alone and in a traced post.
@Suite("The trace clock's span", .leakChecked)
@MainActor
struct TraceSpanTests {
  /// Start 1,000 ns, end 2,000 ns; the counter ran 3 ticks a nanosecond, from 5,000 to 8,000.
  let span = TraceSpan(start: 1_000, end: 2_000, startTicks: 5_000, endTicks: 8_000)

  @Test("the span's counter readings map to its clock readings")
  func endsMapToEnds() {
    #expect(span.time(atTicks: 5_000) == 1_000)
    #expect(span.time(atTicks: 8_000) == 2_000)
    #expect(span.elapsed(fromTicks: 5_000, toTicks: 8_000) == 1_000)
  }

  @Test("a reading between them maps in proportion")
  func middleMapsProportionally() {
    #expect(span.time(atTicks: 6_500) == 1_500)
    #expect(span.time(atTicks: 5_300) == 1_100)
    #expect(span.time(atTicks: 7_997) == 1_999)
    #expect(span.elapsed(fromTicks: 5_300, toTicks: 6_500) == 400)
  }

  @Test("a reading outside the span is clamped to it")
  func clamped() {
    #expect(span.time(atTicks: 0) == 1_000)
    #expect(span.time(atTicks: 4_999) == 1_000)
    #expect(span.time(atTicks: 8_001) == 2_000)
    #expect(span.time(atTicks: .max) == 2_000)
    #expect(span.elapsed(fromTicks: 6_500, toTicks: 5_300) == 0)
  }

  @Test("times never decrease as the counter advances")
  func monotone() {
    var previous: UInt64 = 0
    for ticks in stride(from: UInt64(4_900), through: 8_100, by: 7) {
      let time = span.time(atTicks: ticks)
      #expect(time >= previous && (1_000...2_000).contains(time), "at \(ticks): \(time)")
      previous = time
    }
  }

  @Test("a counter that did not advance maps every reading to the start")
  func stoppedCounterFallsBackToTheStart() {
    let stopped = TraceSpan(start: 1_000, end: 2_000, startTicks: 5_000, endTicks: 5_000)
    let backwards = TraceSpan(start: 1_000, end: 2_000, startTicks: 5_000, endTicks: 4_000)
    for ticks: UInt64 in [0, 4_000, 5_000, 6_000, .max] {
      #expect(stopped.time(atTicks: ticks) == 1_000)
      #expect(backwards.time(atTicks: ticks) == 1_000)
    }
    #expect(stopped.elapsed == 1_000)
  }

  @Test("a clock that went back gives an empty span, not a wrapped one")
  func endBeforeStart() {
    let span = TraceSpan(start: 2_000, end: 1_000, startTicks: 5_000, endTicks: 8_000)
    #expect(span.elapsed == 0)
    #expect(span.time(atTicks: 6_500) == 2_000)
  }

  @Test("long spans convert without overflow")
  func fullWidth() {
    let hour: UInt64 = 3_600_000_000_000
    let long = TraceSpan(start: 7, end: 7 + hour, startTicks: 1 << 40, endTicks: (1 << 40) * 3)
    #expect(long.time(atTicks: (1 << 40) * 2) == 7 + hour / 2)
  }

  @Test("where the counter is the clock, conversion is the identity")
  func identityWithoutACounter() {
    let clock = TraceSpan(start: 1_000, end: 2_000, startTicks: 1_000, endTicks: 2_000)
    for time: UInt64 in [1_000, 1_001, 1_500, 1_999, 2_000] {
      #expect(clock.time(atTicks: time) == time)
    }
  }

  @Test("a traced post's hops end in order within its span, and take the time they spent")
  func tracedPostHopsWithinTheSpan() throws {
    let nodes = try chain("root", "a", "b", "c", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    let seen = Log()
    for (index, node) in nodes.enumerated() {
      // The middle node's listener works (a counted loop, not a clock); the others do nothing.
      let work = index == 2 ? 2_000_000 : 0
      node.on(Keys.ping) { _, value in
        var total = value
        for step in 0..<work { total = total &* 31 &+ step }
        seen.add("\(total)")
      }
    }
    // The busiest hop should take the most time; a post preempted during another hop may not
    // show it, so the best of a few posts is judged.
    var heaviestWasBusiest = false
    for attempt in 0..<3 where !heaviestWasBusiest {
      nodes[4].post(Keys.ping, attempt)
      let record = try #require(log.dispatches.last)
      guard case .recorded(_, let recorded) = record.hopList else {
        Issue.record("the record's hops were made, not recorded")
        return
      }
      let span = recorded.span
      #expect(span.startTicks <= span.endTicks)
      var previous = span.startTicks
      for hop in recorded.kept {
        #expect(previous <= hop.beganTicks && hop.beganTicks <= hop.endedTicks)
        #expect(hop.endedTicks <= span.endTicks)
        previous = hop.endedTicks
        let time = span.time(atTicks: hop.endedTicks)
        #expect((span.start...span.end).contains(time))
      }
      let elapsed = record.hops.map(\.elapsedNanoseconds)
      #expect(elapsed.count == 5)
      #expect(elapsed.reduce(0, +) <= record.elapsedNanoseconds)
      let busiest = record.hops.firstIndex { $0.node == "b" }
      heaviestWasBusiest = busiest.map { elapsed[$0] > 0 && elapsed[$0] == elapsed.max() } ?? false
    }
    #expect(heaviestWasBusiest, "the working hop never took the most time")
  }
}
