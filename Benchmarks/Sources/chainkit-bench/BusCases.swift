import ChainKit

/// The event bus: publish of a typed struct event to 1 and 10 subscribers, and a producer's
/// subscribe (current value delivered) plus cancel.
@MainActor
enum BusCases {
  /// Every case of this file.
  static func all() -> [BenchCase] {
    [
      publish(group: "bubble1", subscribers: 1), publish(group: "fanout10", subscribers: 10),
      producerSubscribe(),
    ]
  }

  /// Calls delivered to subscribers, so that no subscriber body is dead.
  nonisolated(unsafe) private static var delivered = 0

  /// A private bus with `subscribers` subscribers of `Click`, each adding its own step to a raw
  /// counter (as the chain fixture's listeners do), published once per iteration.
  private static func publish(group: String, subscribers: Int) -> BenchCase {
    BenchCase(
      id: "\(group).bus", label: "ChainKit EventBus.publish, \(subscribers) subscriber(s)",
      deliveries: subscribers
    ) {
      let bus = EventBus(name: "bench")
      // The fixture only lends its counter, which it frees when the case is done.
      let fixture = ChainFixture(depth: 1)
      let counter = fixture.counter
      let tokens = (0..<subscribers).map { step in
        let step = Sink.opaque(step | 1)
        return bus.subscribe(Click.self) { click in counter.pointee &+= click.index ^ step }
      }
      return { iterations in
        var subscribersRun = 0
        for index in 0..<iterations {
          subscribersRun &+= bus.publish(ChainFixture.click(index)).listenersRun
        }
        Sink.consume(subscribersRun &+ counter.pointee)
        Sink.consume(bus)
        Sink.consume(fixture)
        Sink.consume(tokens.count)
      }
    }
  }

  /// The peer is OpenCombine's `CurrentValueSubject.sink` + `cancel`: both deliver the current
  /// value to the new subscriber at once.
  private static func producerSubscribe() -> BenchCase {
    BenchCase(
      id: "subscribe.chainkit",
      label: "ChainKit bus subscribe (producer's value delivered) + cancel",
      callgrindIterations: 2_000
    ) {
      let bus = EventBus(name: "bench.producer")
      let current = ChainFixture.click(Sink.opaque(42))
      let producer = bus.produce(Click.self) { current }
      return { iterations in
        for _ in 0..<iterations {
          let token = bus.subscribe(Click.self) { click in BusCases.delivered &+= click.index }
          token.cancel()
        }
        Sink.consume(delivered)
        Sink.consume(producer)
      }
    }
  }
}
