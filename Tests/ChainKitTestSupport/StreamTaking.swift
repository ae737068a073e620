import Synchronization
package import Testing

/// How many turns of the caller's actor a test waits for a stream's next element (or its end)
/// before it fails: counted while nothing arrives, and reset by each element.
///
/// An element already produced needs a few turns (a consumer on the main actor) or the time a
/// pool thread takes to be scheduled (a detached one); this many turns is ample for both on a
/// loaded machine, and few enough that a missing element fails the suite in seconds.
package let elementWaitTurns = 100_000

/// Takes the first `count` elements of `stream` in a task of its own and returns them; an
/// element that does not come fails the test, saying which.
///
/// The wait is bounded by turns, not by a clock: the caller's actor yields while the consumer
/// waits, and after `turns` turns without a new element the consumer is cancelled (so its
/// `next()` returns `nil`) and the test fails naming the element that did not come: element
/// `n` of `count`, called `names[n - 1]` when given.
///
/// - Parameters:
///   - count: How many elements to take; the consumer leaves its loop after the last.
///   - stream: The stream to consume; its iterator lives in the consumer's task.
///   - names: What the elements are, in order, for the failure message.
///   - turns: How many turns without a new element count as "did not come".
///   - isolation: The actor that waits (the caller's).
///   - sourceLocation: Where a failure is reported.
/// - Returns: The elements taken, fewer than `count` if one did not come.
package func take<Stream: AsyncSequence & Sendable>(
  _ count: Int, from stream: Stream, names: [String] = [], turns: Int = elementWaitTurns,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> [Stream.Element] where Stream.Failure == Never, Stream.Element: Sendable {
  let progress = StreamProgress()
  let taken = await consume(stream, upTo: count, turns: turns, progress: progress)
  if taken.count < count {
    let name = taken.count < names.count ? " (\(names[taken.count]))" : ""
    let why =
      progress.gaveUp.load(ordering: .acquiring)
      ? "within \(turns) turns" : "before the stream ended"
    Issue.record(
      "element \(taken.count + 1) of \(count)\(name) did not come \(why); took \(taken)",
      sourceLocation: sourceLocation)
  }
  return taken
}

/// Takes every element of `stream` until it ends and returns them; a stream that does not end
/// fails the test, saying so (bounded as ``take(_:from:names:turns:isolation:sourceLocation:)``).
///
/// - Parameters:
///   - stream: The stream to consume to its end.
///   - turns: How many turns without a new element or the end count as "did not end".
///   - isolation: The actor that waits (the caller's).
///   - sourceLocation: Where a failure is reported.
/// - Returns: The elements taken before the end (or before the wait gave up).
package func takeToEnd<Stream: AsyncSequence & Sendable>(
  of stream: Stream, turns: Int = elementWaitTurns,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> [Stream.Element] where Stream.Failure == Never, Stream.Element: Sendable {
  let progress = StreamProgress()
  let taken = await consume(stream, upTo: .max, turns: turns, progress: progress)
  if progress.gaveUp.load(ordering: .acquiring) {
    Issue.record(
      "the stream did not end within \(turns) turns after \(taken.count) elements; took \(taken)",
      sourceLocation: sourceLocation)
  }
  return taken
}

/// What the consumer task has done so far, read by the waiting actor.
private final class StreamProgress: Sendable {
  let taken = Atomic(0)
  let done = Atomic(false)
  let gaveUp = Atomic(false)
}

/// Consumes up to `count` elements in a detached task; cancels it after `turns` turns of the
/// caller's actor without progress.
private func consume<Stream: AsyncSequence & Sendable>(
  _ stream: Stream, upTo count: Int, turns: Int, progress: StreamProgress,
  isolation: isolated (any Actor)? = #isolation
) async -> [Stream.Element] where Stream.Failure == Never, Stream.Element: Sendable {
  let consumer = Task.detached {
    var taken: [Stream.Element] = []
    defer { progress.done.store(true, ordering: .releasing) }
    guard count > 0 else { return taken }
    for await element in stream {
      taken.append(element)
      progress.taken.store(taken.count, ordering: .releasing)
      if taken.count == count { break }
    }
    return taken
  }
  var seen = 0
  var idle = 0
  while !progress.done.load(ordering: .acquiring) {
    let now = progress.taken.load(ordering: .acquiring)
    if now != seen {
      seen = now
      idle = 0
    } else if idle >= turns {
      progress.gaveUp.store(true, ordering: .releasing)
      consumer.cancel()
      break
    } else {
      idle += 1
    }
    await Task.yield()
  }
  return await consumer.value
}
