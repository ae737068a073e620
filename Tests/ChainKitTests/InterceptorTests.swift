import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

@Suite("Interceptors and decorators (rules 17-18)", .leakChecked)
@MainActor
struct InterceptorTests {
  @Test("rule 17: an interceptor's rewrite is seen by its node and later nodes, not earlier ones")
  func interceptorRewriteIsPathLocal() throws {
    let nodes = try chain("root", "container", "content")
    let log = Log()
    for node in nodes {
      let name = node.name
      node.on(Keys.ping) { _, value in log.add("\(name) \(value)") }
    }
    nodes[1].intercept(Keys.ping) { _, value in value *= 10 }
    let trace = TraceLog()
    nodes[0].install(trace)
    nodes[2].post(Keys.ping, 3)
    #expect(log.entries == ["content 3", "container 30", "root 30"])
    let hop = try #require(trace.dispatches.first?.hops.first { $0.node == "container" })
    #expect(hop.interceptedFrom == "3" && hop.interceptedTo == "30")
  }

  @Test("rule 17: an interceptor runs before its node's listeners, and only on paths through it")
  func interceptorRunsBeforeListenersOnlyOnItsPaths() throws {
    let root = Node("root")
    let left = Node("left")
    let right = Node("right")
    try left.mount(at: root)
    try right.mount(at: root)
    let log = Log()
    left.intercept(Keys.ping) { _, value in
      log.add("intercept \(value)")
      value += 1
    }
    left.on(Keys.ping) { _, value in log.add("left \(value)") }
    root.on(Keys.ping) { _, value in log.add("root \(value)") }
    left.post(Keys.ping, 1)
    right.post(Keys.ping, 1)
    #expect(log.entries == ["intercept 1", "left 2", "root 2", "root 1"])
  }

  @Test("rule 18: decorating a named event adds keys at each level; the root sees them all")
  func decoratorsAddKeysOnTheWayUp() throws {
    let nodes = try chain("controller", "table", "cell")
    nodes[2].decorate("cellClicked") { params in params["cell"] = "c1" }
    nodes[1].decorate("cellClicked") { params in params["section"] = 2 }
    var seen: Params?
    nodes[0].on("cellClicked") { _, params in seen = params }
    nodes[2].post("cellClicked", ["row": 3])
    #expect(seen?.description == "[cell: c1, row: 3, section: 2]")
  }
}
