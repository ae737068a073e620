import ChainKitTestSupport
import Testing

@testable import ChainKit

/// The census behind `.leakChecked` must see what a test leaves alive, or the trait checks
/// nothing.
@Suite("Live-object census")
@MainActor
struct LiveObjectCensusTests {
  @Test("a retain cycle through a listener is counted until it is broken")
  func countsACycleUntilItIsBroken() {
    let census = LiveObjectCensus()
    var token: Subscription?
    LiveObjectCensus.$current.withValue(census) {
      let node = Node("cyclic")
      token = node.on(Keys.ping) { _, _ in _ = node.name }
    }
    #expect(census.live[.core] == 1)
    #expect(census.live[.registration] == 1)
    token?.cancel()
    token = nil
    #expect(census.live.isEmpty)
  }

  @Test("bus subscribers, data subscribers and observers are counted while alive")
  func countsEveryKind() throws {
    let census = LiveObjectCensus()
    var keep: [AnyObject] = []
    var tokens: [Subscription] = []
    try LiveObjectCensus.$current.withValue(census) {
      let bus = EventBus(name: "bus")
      let root = Node("root")
      let leaf = Node("leaf")
      try leaf.mount(at: root)
      let property = Property(0)
      tokens.append(bus.subscribe(Int.self) { _ in })
      tokens.append(leaf.subscribe(DataKey<Int>("n")) { _ in })
      tokens.append(property.observe { _, _ in })
      keep = [bus, root, leaf, property]
    }
    #expect(census.live[.busSubscriber] == 1)
    #expect(census.live[.dataSubscriber] == 1)
    #expect(census.live[.observer] == 1)
    #expect(census.live[.core] == 2)
    tokens.removeAll()
    keep.removeAll()
    #expect(census.live.isEmpty)
  }
}
