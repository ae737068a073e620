import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

@Suite("Subscriptions and lifetime (rules 21-22)", .leakChecked)
@MainActor
struct SubscriptionTests {
  @Test("rule 21: every registration returns a token that cancels it")
  func everyRegistrationReturnsAToken() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    let tokens = [
      nodes[0].on(Keys.ping) { _, _ in log.add("listener") },
      nodes[0].intercept(Keys.ping) { _, _ in log.add("interceptor") },
      nodes[0].respond(to: Keys.channelID) { _, _ in "answer" },
      nodes[0].handlers { $0.on("named") { _, _ in log.add("table") } },
      nodes[0].install(TraceLog()),
    ]
    #expect(tokens.allSatisfy { $0.isActive })
    for token in tokens { token.cancel() }
    nodes[1].post(Keys.ping, 1)
    nodes[1].post("named")
    #expect(log.entries.isEmpty)
    #expect(nodes[1].request(Keys.channelID) == nil)
    #expect(tokens.allSatisfy { !$0.isActive })
    #expect(nodes[0].registrationCount == 0)
  }

  @Test("rule 21: dropping a token does not cancel; the registration lives with its node")
  func droppedTokenDoesNotCancel() {
    let node = Node("node")
    let log = Log()
    do {
      _ = node.on(Keys.ping) { _, value in log.add("\(value)") }
    }
    node.post(Keys.ping, 1)
    #expect(log.entries == ["1"])
  }

  @Test("rule 21: a bag cancels its tokens when it is deallocated")
  func bagCancelsOnDeinit() {
    let node = Node("node")
    let log = Log()
    var bag: SubscriptionBag? = SubscriptionBag()
    if let bag { node.on(Keys.ping) { _, _ in log.add("bagged") }.store(in: bag) }
    node.post(Keys.ping, 1)
    bag = nil
    node.post(Keys.ping, 2)
    #expect(log.entries == ["bagged"])
  }

  @Test("rule 21: a torn-down tree leaves zero live listeners")
  func tornDownTreeLeavesZeroLiveListeners() throws {
    final class Sentinel {}
    weak var weakSentinel: Sentinel?
    var tokens: [Subscription] = []
    do {
      let sentinel = Sentinel()
      weakSentinel = sentinel
      let nodes = try chain("root", "middle", "leaf")
      for node in nodes {
        tokens.append(node.on(Keys.ping) { _, _ in _ = sentinel })
        tokens.append(node.intercept(Keys.ping) { _, _ in _ = sentinel })
        tokens.append(
          node.respond(to: Keys.channelID) { _, _ in
            _ = sentinel
            return nil
          })
        tokens.append(node.on(Keys.ping, target: sentinel) { _, _, _ in })
      }
      nodes[2].post(Keys.ping, 1)
    }
    #expect(weakSentinel == nil)
    #expect(tokens.allSatisfy { !$0.isActive })
  }

  @Test("rule 22: registering the same target for the same key again replaces the earlier one")
  func duplicateTargetRegistrationReplaces() {
    let node = Node("node")
    let target = Target("vc")
    let log = Log()
    let first = node.on(Keys.ping, target: target) { _, _, value in log.add("first \(value)") }
    node.on(Keys.ping) { _, value in log.add("other \(value)") }
    let second = node.on(Keys.ping, target: target) { _, _, value in log.add("second \(value)") }
    node.post(Keys.ping, 1)
    #expect(!first.isActive && second.isActive)
    #expect(log.entries == ["other 1", "second 1"])
  }

  @Test("rule 22: re-registering during a dispatch never lets both run")
  func duplicateDuringDispatchNeverRunsBoth() {
    let node = Node("node")
    let target = Target("vc")
    let log = Log()
    node.on(Keys.ping) { [unowned node] _, value in
      guard value == 1 else { return }
      node.on(Keys.ping, target: target) { _, _, value in log.add("replacement \(value)") }
    }
    node.on(Keys.ping, target: target) { _, _, value in log.add("original \(value)") }
    node.post(Keys.ping, 1)
    node.post(Keys.ping, 2)
    #expect(log.entries == ["replacement 2"])
  }
}
