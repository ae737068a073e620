import Testing

@testable import ChainKit

/// `StreamBuffer`, the audited home of a stream's continuation, checks its invariant from its own
/// operations in builds with invariants, and keeps the buffering policies' order.
@Suite("StreamBuffer keeps a stream's elements and its waiting consumer")
struct StreamBufferTests {
  @Test("a head moved past the buffered elements is caught by the next push")
  func catchesAHeadPastTheItems() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var buffer = StreamBuffer<Int>(limit: .max, dropsOldest: false)
      buffer.head = 3
      _ = buffer.push(1)
    }
    StorageInvariantTests.expectMessage("head 3 outside 1 items", in: result)
  }

  @Test("bufferingNewest(1) keeps the newest element and counts each drop")
  func newestOneReplacesInPlace() {
    var buffer = StreamBuffer<Int>(limit: 1, dropsOldest: true)
    #expect(buffer.push(1).dropped == 0)
    #expect(buffer.push(2).dropped == 1)
    #expect(buffer.push(3).dropped == 2)
    #expect(buffer.pop() == .some(3))
    #expect(buffer.pop() == nil)
    #expect(buffer.dropped == 2)
  }

  @Test("bufferingNewest(3) drops the oldest and keeps the order of the rest")
  func newestThreeKeepsOrder() {
    var buffer = StreamBuffer<Int>(limit: 3, dropsOldest: true)
    for value in 1...7 { _ = buffer.push(value) }
    var taken: [Int] = []
    while case .some(.some(let value)) = buffer.pop() { taken.append(value) }
    #expect(taken == [5, 6, 7])
    #expect(buffer.dropped == 4)
  }

  @Test("bufferingOldest(2) drops the arriving element")
  func oldestTwoDropsArrivals() {
    var buffer = StreamBuffer<Int>(limit: 2, dropsOldest: false)
    for value in 1...4 { _ = buffer.push(value) }
    #expect(buffer.pop() == .some(1))
    #expect(buffer.pop() == .some(2))
    #expect(buffer.dropped == 2)
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
}
