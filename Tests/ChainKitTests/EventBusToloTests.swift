import ChainKitTestSupport
import Testing

@testable import ChainKit

/// Tolo's sample app: a random event at 1 Hz, with subscribers added and removed at will.
///
/// The clock is a manual tick, so the test never waits on real time.
@MainActor
@Suite("EventBus: Tolo's sample", .leakChecked)
struct EventBusToloTests {
  struct RandomEvent: Equatable {
    var tick: Int
    var value: Int
  }

  /// The 1 Hz source: a producer of the latest event, published again on every tick.
  @MainActor
  final class Ticker {
    let bus: EventBus
    private(set) var latest: RandomEvent?
    private var token: Subscription?

    init(bus: EventBus) {
      self.bus = bus
      token = bus.produce(RandomEvent.self) { [weak self] in self?.latest }
    }

    /// One second passes.
    func tick() {
      let tick = (latest?.tick ?? 0) + 1
      let event = RandomEvent(tick: tick, value: tick * 37 % 100)
      latest = event
      bus.publish(event)
    }
  }

  @MainActor
  final class Label {
    var shown: [Int] = []
  }

  @Test("subscribers added at any time get the current value at once; removed ones get nothing")
  func toloSample() {
    let bus = EventBus(name: "tolo")
    let ticker = Ticker(bus: bus)
    let early = Label()
    let late = Label()
    var removed: Label? = Label()
    bus.subscribe(RandomEvent.self, owner: early) { label, event in label.shown.append(event.tick) }
    #expect(early.shown.isEmpty)  // no tick yet: the producer's value is nil
    ticker.tick()
    if let removed {
      bus.subscribe(RandomEvent.self, owner: removed) { label, event in
        label.shown.append(event.tick)
      }
    }
    #expect(removed?.shown == [1])  // the current value, at once
    ticker.tick()
    removed = nil
    ticker.tick()
    bus.subscribe(RandomEvent.self, owner: late) { label, event in label.shown.append(event.tick) }
    ticker.tick()
    #expect(early.shown == [1, 2, 3, 4])
    #expect(late.shown == [3, 4])
    #expect(bus.subscriberCount(for: RandomEvent.self) == 2)
  }

  @Test("a text field's keystrokes reach the label subscribed to them, in order")
  func keystrokes() {
    struct TextChanged { var text: String }
    let bus = EventBus(name: "tolo")
    let label = Label()
    var text = ""
    bus.subscribe(TextChanged.self, owner: label) { _, event in text = event.text }
    for prefix in ["h", "he", "hey"] { bus.publish(TextChanged(text: prefix)) }
    #expect(text == "hey")
  }

  @Test("a token kept after its bus is gone is inactive, and cancelling it is harmless")
  func tokenOutlivesItsBus() {
    var bus: EventBus? = EventBus(name: "gone")
    let token = bus?.subscribe(Int.self) { _ in }
    let producerToken = bus?.produce(Int.self) { 1 }
    #expect(token?.isActive == true)
    bus = nil
    #expect(token?.isActive == false)
    #expect(producerToken?.isActive == false)
    token?.cancel()
    producerToken?.cancel()
  }
}
