import Testing

@testable import ChainKit

/// `ReservedSlots`: an array's elements, made unique and long enough once, then overwritten in
/// place without the array's per-write checks.
@Suite("ReservedSlots: an array's slots reserved once, then written in place")
struct ReservedSlotsTests {
  @Test("writes land in the array, which is padded to the count and no longer shared")
  func writesInPlace() {
    var array: ContiguousArray<Int> = [1, 2]
    let copy = array
    let slots = ReservedSlots.reserve(&array, count: 4, filler: 0)
    #expect(slots.count == 4)
    #expect(array == [1, 2, 0, 0])
    slots.write(7, at: 0, of: array)
    slots.write(9, at: 3, of: array)
    #expect(array == [7, 2, 0, 9])
    #expect(copy == [1, 2])
  }

  @Test("an array already long enough keeps its length, and a shared one is copied first")
  func longEnoughAndShared() {
    var array: ContiguousArray<Int> = [1, 2, 3]
    let copy = array
    let slots = ReservedSlots.reserve(&array, count: 2, filler: 0)
    #expect(slots.count == 3)
    slots.write(5, at: 2, of: array)
    #expect(array == [1, 2, 5])
    #expect(copy == [1, 2, 3])
    #expect(ReservedSlots<Int>().count == 0)
  }

  @Test("a write past the reserved slots is caught instead of made")
  func catchesAWritePast() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var array: ContiguousArray<Int> = []
      let slots = ReservedSlots.reserve(&array, count: 2, filler: 0)
      slots.write(1, at: 2, of: array)
    }
    StorageInvariantTests.expectMessage("slot 2 outside 2 reserved slots", in: result)
  }

  @Test("a write after the array moved is caught instead of made")
  func catchesAMovedArray() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var array: ContiguousArray<Int> = []
      let slots = ReservedSlots.reserve(&array, count: 2, filler: 0)
      array.append(contentsOf: 0..<64)
      slots.write(1, at: 0, of: array)
    }
    StorageInvariantTests.expectMessage("the array moved from its reserved slots", in: result)
  }
}
