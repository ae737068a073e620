import AsyncAlgorithms
import ChainKit
import ChainKitTracing
import Dispatch
import Synchronization

/// Streams: per element delivered to 1 and to 10 consumers, a node's and a bus's stream against
/// what users would build instead (a fan-out of `AsyncStream`s, swift-async-algorithms'
/// `AsyncChannel`), and what a stream installed but not consumed costs a post.
///
/// One operation is one element produced on the main actor and taken by every consumer; the
/// consumers are detached tasks on the global executor, and the batch ends when each has taken
/// the batch's elements (the main thread waits on a semaphore, so the wait costs no spinning).
/// The cost is counted on every thread (`clock: .process`; see `Instructions.measure`).
@MainActor
enum StreamCases {
  /// Every case of this file.
  static func all() -> [BenchCase] {
    [1, 10].flatMap { consumers in
      [
        nodeStream(consumers), busStream(consumers), asyncStreamFanOut(consumers),
        channelFanOut(consumers),
      ]
    } + [postWithoutStream(), postWithIdleStream()]
  }

  private static let tick = EventKey<Int>("bench.tick")

  /// A node stream per consumer; the main actor posts once per element.
  private static func nodeStream(_ consumers: Int) -> BenchCase {
    streamCase(
      "node", "ChainKit node.events(for:)", consumers: consumers
    ) { rig in
      let node = Node("bench")
      for _ in 0..<consumers { rig.consume(node.events(for: tick)) }
      return { iterations in
        for index in 0..<iterations { node.post(tick, index) }
        Sink.consume(node)
      }
    }
  }

  /// A bus stream per consumer; the main actor publishes once per element.
  private static func busStream(_ consumers: Int) -> BenchCase {
    streamCase(
      "bus", "ChainKit bus.events(of:)", consumers: consumers
    ) { rig in
      let bus = EventBus(name: "bench")
      for _ in 0..<consumers { rig.consume(bus.events(of: Int.self)) }
      return { iterations in
        for index in 0..<iterations { bus.publish(index) }
        Sink.consume(bus)
      }
    }
  }

  /// The peer: an `AsyncStream` per consumer; the main actor yields to each continuation.
  private static func asyncStreamFanOut(_ consumers: Int) -> BenchCase {
    streamCase(
      "asyncStream", "AsyncStream fan-out", consumers: consumers
    ) { rig in
      let continuations = (0..<consumers).map { _ in
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        rig.consume(stream)
        return continuation
      }
      return { iterations in
        for index in 0..<iterations {
          for continuation in continuations { continuation.yield(index) }
        }
      }
    }
  }

  /// The peer: an `AsyncChannel` per consumer; a producer task sends to each in turn (a send
  /// waits until its consumer takes the element).
  private static func channelFanOut(_ consumers: Int) -> BenchCase {
    streamCase(
      "asyncChannel", "swift-async-algorithms AsyncChannel fan-out", consumers: consumers
    ) { rig in
      let channels = (0..<consumers).map { _ in
        let channel = AsyncChannel<Int>()
        rig.consume(channel)
        return channel
      }
      return { iterations in
        Task.detached {
          for index in 0..<iterations {
            for channel in channels { await channel.send(index) }
          }
        }
      }
    }
  }

  /// A case whose batch ends when every consumer of `rig` has taken the batch's elements.
  private static func streamCase(
    _ variant: String, _ label: String, consumers: Int,
    make: @escaping @MainActor (StreamRig) -> CaseBody
  ) -> BenchCase {
    var benchCase = BenchCase(
      id: "stream\(consumers).\(variant)", label: "\(label), \(consumers) consumer(s)",
      deliveries: consumers
    ) {
      let rig = StreamRig(consumers: consumers)
      let produce = make(rig)
      return { iterations in rig.batch(iterations, produce) }
    }
    benchCase.clock = .process
    benchCase.callgrindIterations = consumers == 1 ? 10_000 : 2_000
    return benchCase
  }

  /// A depth-1 post heard by one listener: the baseline of the idle-stream case.
  private static func postWithoutStream() -> BenchCase {
    BenchCase(id: "streamIdle.none", label: "ChainKit post, 1 listener, a tracer elsewhere") {
      idlePost(withStream: false)
    }
  }

  /// The same post with a stream installed at the node that nobody consumes (it keeps the
  /// newest element and drops the one before).
  private static func postWithIdleStream() -> BenchCase {
    BenchCase(
      id: "streamIdle.stream",
      label: "ChainKit post, 1 listener + 1 unconsumed stream, a tracer elsewhere"
    ) {
      idlePost(withStream: true)
    }
  }

  /// Both idle cases run with a tracer installed on an unrelated tree, as a full run has one
  /// (the ChainTUI cases' inspector): a drop then finds tracers in the runtime but none on the
  /// stream's path, which is what the gate must see in every process, not only after other cases.
  private static func idlePost(withStream: Bool) -> CaseBody {
    let node = Node("bench")
    var heard = 0
    node.on(tick) { _, value in heard &+= value }
    let stream = withStream ? node.events(for: tick, bufferingPolicy: .bufferingNewest(1)) : nil
    let unrelated = Node("bench.unrelated")
    let tracer = DiscardingTracer()
    return { iterations in
      let token = unrelated.install(tracer)
      for index in 0..<iterations { node.post(tick, index) }
      token.cancel()
      Sink.consume(heard &+ (stream?.droppedCount ?? 0))
      Sink.consume(node)
    }
  }
}

/// Consumers in detached tasks, and the semaphore each signals when it has taken the batch's
/// last element.
final class StreamRig: Sendable {
  private let consumers: Int
  /// How many elements each consumer has to have taken to end the current batch.
  private let target = Atomic<Int>(0)
  private let done = DispatchSemaphore(value: 0)

  init(consumers: Int) { self.consumers = consumers }

  /// Starts a consumer of `sequence`.
  func consume<S: AsyncSequence & Sendable>(_ sequence: S)
  where S.Element == Int, S.Failure == Never {
    Task.detached {
      var taken = 0
      var sum = 0
      for await element in sequence {
        taken += 1
        sum &+= element
        if taken == self.target.load(ordering: .acquiring) { self.done.signal() }
      }
      Sink.consume(sum)
    }
  }

  /// Produces a batch of `iterations` elements and waits until every consumer has them.
  @MainActor
  func batch(_ iterations: Int, _ produce: CaseBody) {
    target.add(iterations, ordering: .releasing)
    produce(iterations)
    for _ in 0..<consumers { done.wait() }
  }
}
