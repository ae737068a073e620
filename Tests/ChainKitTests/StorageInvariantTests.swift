import Testing

@testable import ChainKit

/// Each audited type of `Runtime/Storage` checks its invariant from its own operations in builds
/// with invariants; each check catches a deliberately broken instance, with its message.
@Suite("Storage invariants catch corrupted state")
struct StorageInvariantTests {
  @MainActor
  final class Item: SlotIndexed {
    var slot = -1
  }

  /// Expects the child process's standard error to contain `message`.
  static func expectMessage(_ message: String, in result: ExitTest.Result?) {
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains(message), "\(output)")
  }

  @Test("SlotList: an element told the wrong slot is caught by the next append")
  func slotListCatchesAWrongSlot() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let runtime = ChainRuntime()
        var list = SlotList<Item>()
        let item = Item()
        list.append(item, through: runtime)
        item.slot = 5
        list.append(Item(), through: runtime)
      }
    }
    Self.expectMessage("an element in slot 0 is told 5", in: result)
  }

  @Test("SlotList: a healthy list passes its check after every operation")
  @MainActor
  func slotListHealthy() {
    let runtime = ChainRuntime()
    var list = SlotList<Item>()
    let items = (0..<10).map { _ in Item() }
    for item in items { list.append(item, through: runtime) }
    for item in items.prefix(7) { list.remove(item, releasingThrough: runtime) }
    list.compact()
    list.checkInvariants()
    #expect(list.liveCount == 3)
    #expect(items.suffix(3).map(\.slot) == [0, 1, 2])
    for entry in list.takeAll(freeingThrough: runtime) { entry.release() }
  }

  @Test("Unretained: reading an object after it was freed traps instead")
  func unretainedCatchesAFreedObject() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        var item: Item? = Item()
        let reference = item.map { Unretained($0) }
        item = nil
        _ = reference?.object
      }
    }
    Self.expectMessage("was read after it was freed", in: result)
  }

  @Test("uncheckedCast: an object of another type is caught, naming both types")
  func uncheckedCastCatchesAWrongType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let object: AnyObject = Item()
        _ = uncheckedCast(object, to: Node.self)
      }
    }
    Self.expectMessage("taken for a Node", in: result)
  }

  @Test("Locked: a second holder inside the lock is caught")
  func lockedCatchesTwoHolders() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let locked = Locked(0)
      locked.isHeld = true
      locked.withLock { $0 += 1 }
    }
    Self.expectMessage("two threads inside one Locked value at once", in: result)
  }

  @Test("RetiredStorage: a buffer retired twice is caught before it is freed twice")
  func retiredStorageCatchesADoubleRetire() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        var retired = RetiredStorage()
        retired.buffers = [buffer, buffer]
        retired.free()
      }
    }
    Self.expectMessage("a buffer retired twice", in: result)
  }

  @Test("RetiredStorage: a buffer retired twice is caught when it is retired, not only when freed")
  func retiredStorageCatchesADoubleRetireAtOnce() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        var retired = RetiredStorage()
        retired.retire(buffer)
        retired.retire(buffer)
      }
    }
    Self.expectMessage("a buffer retired twice", in: result)
  }

  @Test("withUnretained: an Unretained whose object was freed traps before the body runs")
  func withUnretainedCatchesAFreedObject() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        var item: Item? = Item()
        let reference = item.map { Unretained($0) }
        item = nil
        if let reference { withUnretained(reference) { _ = $0.slot } }
      }
    }
    Self.expectMessage("was read after it was freed", in: result)
  }

  @Test("withUnretained(as:): an entry of another class is caught, naming both types")
  func withUnretainedAsCatchesAWrongType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let item = Item()
        let entry = Unmanaged<AnyObject>.passUnretained(item)
        withUnretained(entry, as: Node.self) { _ = $0.name }
        withExtendedLifetime(item) {}
      }
    }
    Self.expectMessage("taken for a Node", in: result)
  }

  @Test("DescriptionBox: a value counted as described twice is caught by the next description")
  func descriptionBoxCatchesADoubleDescription() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let box = PayloadBox(42)
        box.withTexts { $0.describeCalls = 2 }
        _ = box.text(at: 0)
      }
    }
    Self.expectMessage("a value was described more than once", in: result)
  }

  @Test("DescriptionBox: a healthy box passes its check after every change")
  @MainActor
  func descriptionBoxHealthy() {
    let box = PayloadBox(1)
    let index = box.keep(2)
    box.replace(at: index, with: 3)
    #expect(box.text(at: 0) == "1")
    #expect(box.text(at: index) == "3")
    #expect(box.text(at: 0) == "1")
    box.checkInvariants()
  }
}
