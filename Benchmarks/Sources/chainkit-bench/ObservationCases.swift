import Dispatch
import Observation
import Synchronization

/// Swift's own answers, as peers: the Observation framework for bindings and an AsyncStream
/// fan-out for the bus (issue 13, item 6).
@MainActor
enum ObservationCases {
  /// Every case of this file.
  static func all() -> [BenchCase] {
    [
      observationBinding(),
      asyncStream(group: "bubble1", subscribers: 1),
      asyncStream(group: "fanout10", subscribers: 10),
    ]
  }

  /// Three `@Observable` models kept equal, each with an observer: the same propagation as
  /// `binding.chainkit`, with `withObservationTracking` re-armed after every change.
  private static func observationBinding() -> BenchCase {
    BenchCase(
      id: "binding.observation",
      label: "Observation: 3 @Observable models kept equal, tracking re-armed per change",
      deliveries: 3
    ) {
      let binding = ObservationBinding()
      return { iterations in
        for index in 0..<iterations { binding.set(index) }
        Sink.consume(binding.result)
      }
    }
  }

  /// One `AsyncStream` per subscriber, each drained by its own task; an operation yields one
  /// event to every stream, and a batch ends when every task has received all of its events.
  ///
  /// NB: the consumers run on the cooperative pool, so this case is timed with the process's
  /// CPU clock (every thread), not the calling thread's; callgrind counts every thread anyway.
  private static func asyncStream(group: String, subscribers: Int) -> BenchCase {
    BenchCase(
      id: "\(group).asyncstream",
      label: "AsyncStream fan-out, \(subscribers) consuming task(s)", deliveries: subscribers,
      callgrindIterations: 2_000, clock: .process
    ) {
      let fanOut = AsyncStreamFanOut(subscribers: subscribers)
      return { iterations in
        fanOut.publish(iterations)
        Sink.consume(fanOut)
      }
    }
  }
}

/// A model with one observable value.
@Observable
final class ObservedValue {
  var value = 0
}

/// The Observation peer of a 3-way binding: a change to any model is copied to the other two and
/// reported to that model's observer; tracking is re-armed for each changed model.
@MainActor
final class ObservationBinding {
  private let models = [ObservedValue(), ObservedValue(), ObservedValue()]
  private let observers = Handler.make(3)
  private let dirty = DirtyFlags()

  /// What the observers computed, kept alive for the sink.
  private(set) var result = 0

  init() {
    for index in models.indices { arm(index) }
  }

  /// Sets the first model; the others follow before this returns.
  func set(_ value: Int) {
    models[0].value = value
    drain()
  }

  /// Propagates every pending change; the equality checks stop the echo.
  private func drain() {
    while let index = dirty.takeFirst() {
      arm(index)
      let value = models[index].value
      result = observers[index].call(value ^ result)
      for other in models.indices where other != index && models[other].value != value {
        models[other].value = value
      }
    }
  }

  private func arm(_ index: Int) {
    let dirty = dirty
    withObservationTracking {
      _ = models[index].value
    } onChange: {
      dirty.mark(index)
    }
  }
}

/// The changes seen by `onChange`, which is `@Sendable` and runs synchronously in `willSet`.
final class DirtyFlags: @unchecked Sendable {
  // NB: only touched on the main thread (onChange runs inside the main-actor setter).
  private var flags = [false, false, false]

  /// Records a change of model `index`.
  func mark(_ index: Int) { flags[index] = true }

  /// Clears and returns the first changed model, if any.
  func takeFirst() -> Int? {
    guard let index = flags.firstIndex(of: true) else { return nil }
    flags[index] = false
    return index
  }
}

/// What the consuming tasks of an `AsyncStreamFanOut` share with the publisher.
final class FanOutProgress: Sendable {
  /// Events received by every task so far.
  let received = Atomic<Int>(0)

  /// The count at which the publisher's batch is complete.
  let target = Atomic<Int>(Int.max)

  /// Signalled by the task that receives the batch's last event.
  let done = DispatchSemaphore(value: 0)
}

/// `subscribers` AsyncStreams of `Click`, each consumed by a detached task.
final class AsyncStreamFanOut: Sendable {
  private let continuations: [AsyncStream<Click>.Continuation]
  private let progress = FanOutProgress()

  init(subscribers: Int) {
    var continuations: [AsyncStream<Click>.Continuation] = []
    for _ in 0..<subscribers {
      let (stream, continuation) = AsyncStream<Click>.makeStream(bufferingPolicy: .unbounded)
      continuations.append(continuation)
      let progress = progress
      Task.detached {
        for await click in stream {
          let count = progress.received.add(1 | (click.index & 0), ordering: .relaxed).newValue
          if count == progress.target.load(ordering: .acquiring) { progress.done.signal() }
        }
      }
    }
    self.continuations = continuations
  }

  deinit {
    for continuation in continuations { continuation.finish() }
  }

  /// Yields `iterations` events to every stream and waits until every task received them.
  func publish(_ iterations: Int) {
    guard iterations > 0 else { return }
    let expected = progress.received.load(ordering: .relaxed) + iterations * continuations.count
    progress.target.store(expected, ordering: .releasing)
    for index in 0..<iterations {
      let click = Click(index: index, x: 3, y: 4, buttons: 1)
      for continuation in continuations { continuation.yield(click) }
    }
    progress.done.wait()
  }
}
