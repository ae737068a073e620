import Testing

@testable import ChainKit

/// `FixedBuffer`: a dispatch plan's steps, read without a bounds check.
@Suite("FixedBuffer: elements copied in once, read in place, released with the buffer")
struct FixedBufferTests {
  final class Item {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test("an index outside the elements is caught instead of read")
  func catchesAnIndexOutside() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let buffer = FixedBuffer<Int>([1, 2])
      _ = buffer[2]
    }
    StorageInvariantTests.expectMessage("element 2 outside 2 elements", in: result)
  }

  @Test("the elements read back in order, and are released with the buffer")
  func readsInOrderAndReleases() {
    weak var first: Item?
    weak var last: Item?
    do {
      let items = ContiguousArray((0..<5).map { Item($0) })
      first = items.first
      last = items.last
      let buffer = FixedBuffer(items)
      #expect(buffer.count == 5)
      #expect((0..<buffer.count).map { buffer[$0].value } == [0, 1, 2, 3, 4])
      #expect(buffer.first?.value == 0)
      #expect(FixedBuffer(ContiguousArray<Item>()).first == nil)
    }
    #expect(first == nil && last == nil)
  }
}
