import Testing

@_spi(Testing) @testable import ChainKit

/// In builds with invariants a node checks itself after every mount, unmount and release, and
/// the runtime checks itself when the outermost operation returns, so every test runs those
/// checks; here an invariant broken through the testing SPI is caught, with its message, by the
/// next operation, in a child process.
@Suite("Nodes and the runtime check themselves after every operation")
struct TreeAndRuntimeInvariantTests {
  @Test("a node whose slot in a parent is stale is caught by its next mount")
  func staleSlotCaughtByMount() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let root = Node("root")
        let other = Node("other")
        let child = Node("child")
        try? child.mount(at: root)
        child.corrupt(.staleSlotInParent)
        try? child.mount(at: other)
        withExtendedLifetime((root, other, child)) {}
      }
    }
    StorageInvariantTests.expectMessage("'child': stale slot in parent 'root'", in: result)
  }

  @Test("a node whose slot in a parent is stale is caught by its next unmount")
  func staleSlotCaughtByUnmount() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let root = Node("root")
        let child = Node("child")
        try? child.mount(at: root)
        child.corrupt(.staleSlotInParent)
        child.unmount(from: root)
        withExtendedLifetime((root, child)) {}
      }
    }
    StorageInvariantTests.expectMessage("'child': stale slot in a parent", in: result)
  }

  @Test("a node whose slot in a parent is stale is caught by its release")
  func staleSlotCaughtByRelease() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let root = Node("root")
        var child: Node? = Node("child")
        try? child?.mount(at: root)
        child?.corrupt(.staleSlotInParent)
        child = nil
        withExtendedLifetime(root) {}
      }
    }
    StorageInvariantTests.expectMessage("'child': stale slot in a parent", in: result)
  }

  @Test("a runaway left set is caught when the next outermost post returns")
  func runawayCaughtByNextPost() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let node = Node("node")
        node.corrupt(.runawayLeftSet)
        node.post(Keys.ping, 1)
      }
    }
    StorageInvariantTests.expectMessage("a runaway left set", in: result)
  }

  @Test("unsettled deferred work is caught once an observed post has delivered its activities")
  func unsettledWorkCaughtAfterObservedPost() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let node = Node("node")
        node.on(Keys.ping) { _, _ in }
        node.observeActivity { _ in }
        node.corrupt(.deferredWorkLeftUnsettled)
        node.post(Keys.ping, 1)
      }
    }
    StorageInvariantTests.expectMessage("deferred work left unsettled", in: result)
  }

  @Test("a tree built, changed and torn down passes every check, and leaves the runtime settled")
  @MainActor
  func healthyTreePasses() throws {
    let root = Node("root")
    var children = (0..<8).map { Node("c\($0)") }
    var heard: [Int] = []
    let token = root.on(Keys.ping) { _, value in heard.append(value) }
    for child in children { try child.mount(at: root) }
    try children[1].mount(at: children[0])
    children[2].unmount(from: root)
    children[3].post(Keys.ping, 3)
    children[1].post(Keys.ping, 1)
    children.removeSubrange(0..<6)
    root.core.checkInvariants()
    root.core.runtime.checkInvariants()
    #expect(heard == [3, 1])
    #expect(root.children.map(\.name) == ["c6", "c7"])
    token.cancel()
  }
}
