import ChainEvents
import ChainKitTestSupport
import Testing

/// `subscribe(_:target:delivery:)`: a protocol subscription delivers as a target-bound listener.
@Suite("@ChainEvents subscription delivery modes")
@MainActor
struct SubscriptionDeliveryTests {
  @Test("a next-turn subscription is not called during the post, and is called after the turn")
  func nextTurnSubscriptionRunsAfterThePost() async throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let target = Container(log: log)
    let token = container.subscribe(ContentEvents.Event.self, target: target, delivery: .nextTurn)

    let outcome = content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 2)

    #expect(log.entries == [], "the event method ran during the post")
    #expect(outcome.listenersRun == 1)
    let called = await turnsUntil { log.entries == ["container heard x 2"] }
    #expect(called, "the next-turn call never came; the log holds \(log.entries)")
    token.cancel()
  }

  @Test("a next-turn subscription's request method still answers during the request")
  func nextTurnSubscriptionAnswersAtOnce() throws {
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let target = Container(log: Log())
    let token = container.subscribe(ContentEvents.Event.self, target: target, delivery: .nextTurn)

    #expect(content.trigger(ContentEvents.Event.self).fetchChannelID() == "channel-42")
    token.cancel()
  }

  @Test("a call queued before the subscription was cancelled is not made")
  func cancelledNextTurnSubscriptionIsNotCalled() async throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let target = Container(log: log)
    let token = container.subscribe(ContentEvents.Event.self, target: target, delivery: .nextTurn)
    content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 2)
    token.cancel()

    // A later next-turn call on another node marks the turn in which the cancelled one would run.
    let probe = Container(log: log)
    let probeToken = content.subscribe(ContentEvents.Event.self, target: probe, delivery: .nextTurn)
    content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "probe", arg2: 0)
    let probed = await turnsUntil { log.entries.contains("container heard probe 0") }

    #expect(probed, "the probe's next-turn call never came")
    #expect(log.entries == ["container heard probe 0"])
    probeToken.cancel()
  }
}
