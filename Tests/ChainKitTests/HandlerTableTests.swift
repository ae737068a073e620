import ChainKitTestSupport
import Testing

@testable import ChainKit

@Suite("Handler tables and target-bound listeners (rules 15-16)", .leakChecked)
@MainActor
struct HandlerTableTests {
  @Test("rule 15: a handler table registers many keys at once; unknown events pass on")
  func handlerTablePassesUnknownEventsOn() throws {
    let nodes = try chain("root", "controller", "cell")
    let log = Log()
    let table = nodes[1].handlers { table in
      table.on("cellClicked") { _, params in log.add("controller clicked \(params["row"] ?? "")") }
      table.on(Keys.ping) { _, value in log.add("controller ping \(value)") }
    }
    nodes[0].on("cellClicked") { _, _ in log.add("root clicked") }
    nodes[0].on("cellSwiped") { _, _ in log.add("root swiped") }
    nodes[2].post("cellClicked", ["row": 2])
    nodes[2].post("cellSwiped")
    nodes[2].post(Keys.ping, 9)
    #expect(
      log.entries == [
        "controller clicked 2", "root clicked", "root swiped", "controller ping 9",
      ])
    table.cancel()
    log.clear()
    nodes[2].post("cellClicked", ["row": 3])
    #expect(log.entries == ["root clicked"])
  }

  @Test("rule 16: a target-bound listener holds its target weakly and vanishes with it")
  func targetBoundListenerVanishesWithTarget() {
    let node = Node("node")
    let log = Log()
    var target: Target? = Target("vc")
    weak let weakTarget = target
    let token = node.on(Keys.ping, target: target ?? Target("unused")) { target, _, value in
      log.add("\(target.name) \(value)")
    }
    node.post(Keys.ping, 1)
    target = nil
    #expect(weakTarget == nil)
    #expect(!token.isActive)
    let outcome = node.post(Keys.ping, 2)
    #expect(log.entries == ["vc 1"])
    #expect(outcome.listenersRun == 0)
    #expect(node.registrationCount == 0)
  }
}
