import Testing

@testable import ChainKit

/// `StreamBuffer`, the one place that keeps a stream consumer's wakeup, checks its invariant from
/// its own operations in builds with invariants, keeps the buffering policies' order, and reuses
/// its ring of slots instead of allocating per element.
@Suite("StreamBuffer keeps a stream's elements and its waiting consumer")
struct StreamBufferTests {
  @Test("an oldest slot left empty is caught by the next push")
  func catchesAnEmptyOldestSlot() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var buffer = StreamBuffer<Int>(limit: .max, dropsOldest: false)
      _ = buffer.push(1)
      buffer.items.head = 2
      _ = buffer.push(2)
    }
    StorageInvariantTests.expectMessage("the oldest slot is empty", in: result)
  }

  @Test("a slot outside a ring's slots is caught instead of read")
  func catchesASlotOutsideTheRing() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let slots = RingSlots<Int>(capacity: 2)
      _ = slots.isOccupied(at: 2)
    }
    StorageInvariantTests.expectMessage("slot 2 outside 2 slots", in: result)
  }

  @Test("a wakeup resumed twice is caught instead of corrupting its task")
  func catchesAWakeupResumedTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = await Wakeup<Int>.wait { wakeup in
        wakeup.resume(returning: 1)
        wakeup.resume(returning: 2)
        return nil
      }
    }
    StorageInvariantTests.expectMessage("a wakeup was resumed twice", in: result)
  }

  @Test("bufferingNewest(1) keeps the newest element in its one slot and counts each drop")
  func newestOneReplacesInPlace() {
    var buffer = StreamBuffer<Int>(limit: 1, dropsOldest: true)
    #expect(buffer.push(1).dropped == 0)
    for value in 2...1_000 { #expect(buffer.push(value).dropped == value - 1) }
    #expect(buffer.items.capacity == 1)
    #expect(buffer.pop() == .some(1_000))
    #expect(buffer.pop() == nil)
    #expect(buffer.dropped == 999)
  }

  @Test("bufferingNewest(3) drops the oldest and keeps the order of the rest, across the wrap")
  func newestThreeKeepsOrder() {
    var buffer = StreamBuffer<Int>(limit: 3, dropsOldest: true)
    for value in 1...7 { _ = buffer.push(value) }
    #expect(taken(from: &buffer) == [5, 6, 7])
    #expect(buffer.dropped == 4)
    for value in 8...9 { _ = buffer.push(value) }
    #expect(buffer.pop() == .some(8))
    for value in 10...13 { _ = buffer.push(value) }
    #expect(taken(from: &buffer) == [11, 12, 13])
    #expect(buffer.items.capacity == 3)
  }

  @Test("bufferingOldest(2) drops the arriving element")
  func oldestTwoDropsArrivals() {
    var buffer = StreamBuffer<Int>(limit: 2, dropsOldest: false)
    for value in 1...4 { _ = buffer.push(value) }
    #expect(buffer.pop() == .some(1))
    #expect(buffer.pop() == .some(2))
    #expect(buffer.dropped == 2)
  }

  @Test("a buffer that keeps nothing drops every element, whichever end its policy drops")
  func keepingNothingDropsEverything() {
    for dropsOldest in [false, true] {
      var buffer = StreamBuffer<Int>(limit: 0, dropsOldest: dropsOldest)
      for value in 1...3 {
        let pushed = buffer.push(value)
        #expect(pushed.wakeup == nil && pushed.dropped == value && pushed.released == nil)
      }
      #expect(buffer.pop() == nil)
      #expect(buffer.items.capacity == 0)
    }
  }

  @Test("an unbounded buffer grows with its elements in order, wrapped or not")
  func unboundedGrowsInOrder() {
    var buffer = StreamBuffer<Int>(limit: .max, dropsOldest: false)
    var expected: [Int] = []
    var next = 0
    // Taking fewer than it pushes moves the head around the ring while it grows.
    for round in 0..<40 {
      for _ in 0..<(round % 7 + 2) {
        _ = buffer.push(next)
        expected.append(next)
        next += 1
      }
      for _ in 0..<(round % 5 + 1) {
        guard case .some(.some(let value)) = buffer.pop() else { break }
        #expect(value == expected.removeFirst())
      }
    }
    #expect(taken(from: &buffer) == expected)
    #expect(buffer.dropped == 0)
  }

  @Test("elements taken as fast as they come reuse the slots the buffer has")
  func keptUpReusesSlots() {
    var buffer = StreamBuffer<Int>(limit: .max, dropsOldest: false)
    for value in 0..<3 { _ = buffer.push(value) }
    let capacity = buffer.items.capacity
    for value in 3..<10_000 {
      _ = buffer.push(value)
      #expect(buffer.pop() == .some(value - 3))
    }
    #expect(buffer.items.capacity == capacity)
  }

  @Test("a stream of optionals keeps its nil elements apart from the end")
  func optionalElementsAreElements() {
    var buffer = StreamBuffer<Int?>(limit: .max, dropsOldest: false)
    _ = buffer.push(nil)
    _ = buffer.push(1)
    #expect(buffer.finish() == nil)
    #expect(buffer.pop() == .some(.some(nil)))
    #expect(buffer.pop() == .some(.some(1)))
    #expect(buffer.pop() == .some(nil))
  }

  @Test("a finished buffer hands out what is left, then the end")
  func finishedHandsOutTheRest() {
    var buffer = StreamBuffer<Int>(limit: .max, dropsOldest: false)
    _ = buffer.push(1)
    #expect(buffer.finish() == nil)
    #expect(buffer.push(2).dropped == 0)
    #expect(buffer.pop() == .some(1))
    #expect(buffer.pop() == .some(nil))
  }

  @Test("an element dropped from a full buffer is released after the channel's lock")
  func dropsReleaseOutsideTheLock() {
    let channel = StreamChannel<Probe>(.bufferingNewest(1))
    let heldAtRelease = Probe.Record()
    _ = channel.yield(Probe(channel, heldAtRelease))
    _ = channel.yield(Probe(channel, heldAtRelease))
    #expect(heldAtRelease.values == [false])
    // NB: the newest probe goes while its channel is alive, as its deinit reads it.
    channel.terminate()
  }

  @Test("elements left in a terminated buffer are released after the channel's lock")
  func leftOversReleaseOutsideTheLock() {
    let channel = StreamChannel<Probe>(.unbounded)
    let heldAtRelease = Probe.Record()
    for _ in 0..<3 { _ = channel.yield(Probe(channel, heldAtRelease)) }
    channel.terminate()
    #expect(heldAtRelease.values == [false, false, false])
  }

  /// An element that notes, when released, whether its channel's lock was held: an element's
  /// deinit is user code, which must not run under it.
  final class Probe: Sendable {
    /// What each released probe saw, in the order they went.
    final class Record: Sendable {
      let seen = Locked<[Bool]>([])
      var values: [Bool] { seen.withLock { $0 } }
    }

    // NB: unowned, as the channel holds its elements; the test keeps the channel.
    unowned let channel: StreamChannel<Probe>
    let record: Record

    init(_ channel: StreamChannel<Probe>, _ record: Record) {
      self.channel = channel
      self.record = record
    }

    deinit {
      let locked = channel.state.isLocked
      record.seen.withLock { $0.append(locked) }
    }
  }

  /// Every element `buffer` holds, oldest first.
  private func taken(from buffer: inout StreamBuffer<Int>) -> [Int] {
    var values: [Int] = []
    while case .some(.some(let value)) = buffer.pop() { values.append(value) }
    return values
  }
}
