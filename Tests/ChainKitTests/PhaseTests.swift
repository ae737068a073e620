import ChainKitTestSupport
import Testing

@testable import ChainKit

@Suite("Phases, snapshots, order and stopping (rules 9-12)", .leakChecked)
@MainActor
struct PhaseTests {
  @Test("rule 9: capture runs root to target, then target, then bubble back up")
  func capturesTargetThenBubbles() throws {
    let nodes = try chain("root", "middle", "leaf")
    let log = Log()
    logPhases(nodes, Keys.ping, into: log)
    nodes[2].post(Keys.ping, 1)
    #expect(
      log.entries == [
        "root:capture", "middle:capture", "leaf:target", "leaf:target", "middle:bubble",
        "root:bubble",
      ])
  }

  @Test("rule 9: an event that does not bubble stops after the target")
  func nonBubblingEventStopsAtTarget() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    logPhases(nodes, Keys.focus, into: log)
    nodes[1].post(Keys.focus, 1)
    #expect(log.entries == ["root:capture", "leaf:target", "leaf:target"])
  }

  @Test("rule 10: a listener added to the current node runs from the next event")
  func listenerAddedDuringDispatchRunsNextTime() throws {
    let node = Node("node")
    let log = Log()
    node.on(Keys.ping) { [unowned node] _, value in
      log.add("first \(value)")
      if value == 1 { node.on(Keys.ping) { _, value in log.add("added \(value)") } }
    }
    node.post(Keys.ping, 1)
    node.post(Keys.ping, 2)
    #expect(log.entries == ["first 1", "first 2", "added 2"])
  }

  @Test("rule 10: a listener removed during dispatch never runs again, even from the snapshot")
  func listenerRemovedDuringDispatchNeverRuns() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    var later: Subscription?
    var rootListener: Subscription?
    nodes[1].on(Keys.ping) { _, _ in
      log.add("first")
      later?.cancel()
      rootListener?.cancel()
    }
    later = nodes[1].on(Keys.ping) { _, _ in log.add("later") }
    rootListener = nodes[0].on(Keys.ping) { _, _ in log.add("root") }
    nodes[1].post(Keys.ping, 1)
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["first", "first"])
    #expect(later?.isActive == false)
  }

  @Test("rule 10: once listeners are removed before they are called")
  func onceListenersAreRemovedBeforeCall() throws {
    let node = Node("node")
    let log = Log()
    let token = node.once(Keys.ping) { _, value in
      log.add("once \(value)")
      node.post(Keys.ping, value + 1)
    }
    node.post(Keys.ping, 1)
    node.post(Keys.ping, 3)
    #expect(log.entries == ["once 1"])
    #expect(!token.isActive)
  }

  @Test("rule 11: within a node and phase, listeners run in registration order")
  func listenersRunInRegistrationOrder() {
    let node = Node("node")
    let log = Log()
    for index in 0..<5 { node.on(Keys.ping) { _, _ in log.add("\(index)") } }
    node.post(Keys.ping, 1)
    #expect(log.entries == ["0", "1", "2", "3", "4"])
  }

  @Test("rule 12: stopPropagation lets the node's remaining listeners run, then stops")
  func stopPropagationFinishesNode() throws {
    let nodes = try chain("root", "middle", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { ctx, _ in
      log.add("middle 1")
      ctx.stopPropagation()
    }
    nodes[1].on(Keys.ping) { _, _ in log.add("middle 2") }
    nodes[0].on(Keys.ping) { _, _ in log.add("root") }
    let outcome = nodes[2].post(Keys.ping, 1)
    #expect(log.entries == ["middle 1", "middle 2"])
    #expect(outcome.isStopped && !outcome.isPrevented && outcome.listenersRun == 2)
  }

  @Test("rule 12: stopImmediatePropagation stops at once")
  func stopImmediatePropagationStopsAtOnce() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { ctx, _ in
      log.add("leaf 1")
      ctx.stopImmediatePropagation()
    }
    nodes[1].on(Keys.ping) { _, _ in log.add("leaf 2") }
    nodes[0].on(Keys.ping) { _, _ in log.add("root") }
    let outcome = nodes[1].post(Keys.ping, 1)
    #expect(log.entries == ["leaf 1"])
    #expect(outcome.isStopped && outcome.listenersRun == 1)
  }

  @Test("rule 12: stopping in the capture phase keeps the event from the target")
  func stopInCaptureKeepsEventFromTarget() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping, capture: true) { ctx, _ in
      log.add("root capture")
      ctx.stopPropagation()
    }
    nodes[1].on(Keys.ping) { _, _ in log.add("leaf") }
    nodes[1].post(Keys.ping, 1)
    #expect(log.entries == ["root capture"])
  }

  @Test("rule 12: preventDefault marks the event and the outcome tells the poster")
  func preventDefaultIsReported() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { ctx, _ in
      ctx.preventDefault()
      log.add("root prevented")
    }
    nodes[0].on(Keys.ping) { ctx, _ in log.add("sees prevented \(ctx.isDefaultPrevented)") }
    let outcome = nodes[1].post(Keys.ping, 1)
    #expect(outcome.isPrevented && !outcome.isStopped && outcome.listenersRun == 2)
    #expect(log.entries == ["root prevented", "sees prevented true"])
    #expect(!Node("alone").post(Keys.ping, 2).isPrevented)
  }

  @Test("rule 9: a capture listener added where the key only had bubble listeners runs")
  func captureListenerAddedToAKnownKeyRuns() throws {
    let nodes = try chain("root", "middle", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { _, _ in log.add("middle:bubble") }
    nodes[2].post(Keys.ping, 1)
    nodes[1].on(Keys.ping, capture: true) { _, _ in log.add("middle:capture") }
    nodes[2].post(Keys.ping, 2)
    #expect(log.entries == ["middle:bubble", "middle:capture", "middle:bubble"])
  }

  @Test("rule 10: a capture listener added on the way down, where the key had none, runs")
  func captureListenerAddedDuringCaptureRuns() throws {
    let nodes = try chain("root", "middle", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { _, _ in log.add("middle:bubble") }
    nodes[0].on(Keys.ping, capture: true) { [unowned middle = nodes[1]] _, value in
      log.add("root:capture")
      if value == 1 { middle.on(Keys.ping, capture: true) { _, _ in log.add("middle:capture") } }
    }
    nodes[2].post(Keys.ping, 1)
    #expect(log.entries == ["root:capture", "middle:capture", "middle:bubble"])
  }
}
