import Testing

@testable import ChainKit

/// The runtime is a value: a test can make its own, drive the door and read what it holds,
/// without touching the main actor's.
@Suite("The runtime holds the state, as a value", .leakChecked)
@MainActor
struct ChainRuntimeTests {
  @Test("a runtime's door admits, refuses past its limit and settles, apart from the main one")
  func doorAsAValue() {
    let runtime = ChainRuntime()
    let mainDepth = ChainRuntime.main.depth
    runtime.limit = 2
    #expect(runtime.admit("outer") == nil)
    let outer = runtime.enter()
    #expect(runtime.admit("inner") == nil)
    _ = runtime.enter()
    #expect(runtime.depth == 2)
    let refusal = runtime.admit("too deep")
    #expect(refusal?.isFirst == true)
    #expect(runtime.runaway && runtime.refusalCount == 1 && runtime.hasIdleWork)
    #expect(runtime.admit("again")?.isFirst == false)
    #expect(runtime.refusals(since: outer).count == 1)
    #expect(ChainRuntime.main.depth == mainDepth && !ChainRuntime.main.runaway)
    runtime.leave()
    #expect(runtime.runaway, "a runaway lasts until the outermost operation returns")
    runtime.leave()
    #expect(runtime.depth == 0 && !runtime.runaway && runtime.refusalCount == 0)
    #expect(runtime.refusals.isEmpty && !runtime.hasIdleWork)
    runtime.checkInvariants()
  }

  @Test("ids and stamps are counted per runtime")
  func countersAsValues() {
    let runtime = ChainRuntime()
    let mainID = ChainRuntime.main.lastDispatchID
    let mainStamp = ChainRuntime.main.lastStamp
    #expect(runtime.nextDispatchID() == 1)
    #expect(runtime.nextDispatchID() == 2)
    let root = NodeCore(name: "root", runtime: runtime)
    let leaf = NodeCore(name: "leaf", runtime: runtime)
    leaf.link(to: root)
    #expect(leaf.path.map(\.name) == ["leaf", "root"])
    #expect(runtime.pathRecomputations == 1)
    #expect(ChainRuntime.main.lastDispatchID == mainID)
    #expect(ChainRuntime.main.lastStamp == mainStamp)
    leaf.unlink(from: root)
    #expect(leaf.path.map(\.name) == ["leaf"])
    // Cores without a node leave the graph only when told (a node's deinit does it).
    leaf.retire()
    root.retire()
  }
}
