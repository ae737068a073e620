import ChainKitTestSupport
import Testing

@testable import ChainKit

extension DataKey where Value == Int {
  fileprivate static let prefetched = DataKey("prefetch.count")
}

/// `ContextReadableClosure`: a closure whose context address a share prefetches, read in place
/// without calling or retaining it.
@MainActor
@Suite("ContextReadableClosure: a closure's context read in place, for a share to prefetch")
struct ContextReadableClosureTests {
  final class Probe {
    var hits = 0
  }

  @Test("a capturing closure's context is the one holding its capture, the same on every read")
  func capturingClosure() throws {
    let probe = Probe()
    let closure = ContextReadableClosure<Int?> { _ in probe.hits += 1 }
    let copy = closure
    let address = try #require(closure.contextAddress)
    #expect(closure.contextAddress == address)
    #expect(copy.contextAddress == address)
    // The context is the object holding the capture (or, when it is the only capture, the
    // captured object itself): a thunk's context, or the function pointer, would hold neither.
    let probeAddress = UnsafeRawPointer(Unmanaged.passUnretained(probe).toOpaque())
    let holdsProbe =
      address == probeAddress
      || address.load(fromByteOffset: 2 * MemoryLayout<Int>.stride, as: UnsafeRawPointer.self)
        == probeAddress
    #expect(holdsProbe, "the context read does not hold the closure's capture")
    // The prefetch asks for the captures, past the context's two-word header.
    #expect(closure.context.address == address + 2 * MemoryLayout<Int>.stride)
    closure.call(nil)
    #expect(probe.hits == 1)
  }

  @Test("a closure that captures nothing has no context to prefetch")
  func nonCapturingClosure() {
    let closure = ContextReadableClosure<Int?> { _ in }
    #expect(closure.contextAddress == nil)
    #expect(closure.context.address == nil)
  }

  @Test("a closure read as another size than two words is caught")
  func catchesAWrongSize() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      ContextReadableClosure<Int>.checkInvariants(size: 3 * MemoryLayout<Int>.stride)
    }
    StorageInvariantTests.expectMessage(
      "a closure of 24 bytes is not a function and a context", in: result)
  }

  @Test("a share's layout names each subscriber's body context, an owner's subscriber's too")
  func layoutNamesBodyContexts() throws {
    let root = Node("prefetch.root")
    let child = Node("prefetch.child")
    let grandchild = Node("prefetch.grandchild")
    try child.mount(at: root)
    try grandchild.mount(at: child)
    let probe = Probe()
    let tokens = [
      child.subscribe(.prefetched) { _ in probe.hits += 1 },
      grandchild.subscribe(.prefetched, owner: probe) { probe, _ in probe.hits += 1 },
    ]
    root.share(1, for: .prefetched)
    #expect(probe.hits == 2)
    let layout = root.core.data?.layouts.first { $0.keyID == DataKey<Int>.prefetched.id }
    let entries = layout?.deliveries ?? []
    try #require(entries.count == 2)
    let body = withUnretained(entries[0].subscriber) {
      uncheckedCast($0, to: DataSubscriberBox<Int>.self).body
    }
    #expect(body.context.address != nil)
    for entry in entries {
      let expected = withUnretained(entry.subscriber) { $0.bodyContext.address }
      #expect(entry.context.address == expected)
    }
    #expect(entries[0].context.address == body.context.address)
    for token in tokens { token.cancel() }
  }
}
