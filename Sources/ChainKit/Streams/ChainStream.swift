/// An asynchronous sequence of what a node, a bus or a property produces on the main actor:
/// event payloads, bus events, values.
///
/// Get one from ``Node/events(for:phase:bufferingPolicy:)``,
/// ``Node/deliveredEvents(for:phase:bufferingPolicy:)``, ``EventBus/events(of:bufferingPolicy:)``,
/// ``Property/values`` or ``Node/values(for:bufferingPolicy:)``, and consume it with `for await`
/// in any task:
///
/// ```swift
/// let clicks = list.events(for: .itemClicked)
/// let task = Task {
///   for await index in clicks { print("clicked \(index)") }
/// }
/// ```
///
/// - Elements arrive in the order the main actor produced them.
/// - The registration behind the stream is made when the stream is made, so nothing produced
///   after that is missed, even before the consumer starts.
/// - The registration ends when the consuming task is cancelled, when the stream's iterator is
///   dropped (the `for await` loop is left), or when the stream is dropped without being
///   iterated; nothing is yielded after that. The registration is removed on
///   the main actor's next turn (through the queue ``RemoteNode`` posts use).
/// - When what the stream listens to is gone (its node or property released, its owner
///   released), the consumer gets the elements still buffered, then the sequence ends.
/// - A bounded ``StreamBufferingPolicy`` drops elements a slow consumer has not taken; every
///   drop is counted in ``droppedCount`` and traced.
///
/// A stream has one consumer: a second `next()` while another waits gets `nil`. Make one stream
/// per consumer.
public struct ChainStream<Element: Sendable>: AsyncSequence, Sendable {
  /// The stream never throws.
  public typealias Failure = Never

  let handle: StreamHandle<Element>

  @usableFromInline
  init(_ channel: StreamChannel<Element>) {
    handle = StreamHandle(channel)
  }

  /// How many elements the stream's buffer dropped so far (always 0 for an unbounded stream).
  public var droppedCount: Int { handle.channel.droppedCount }

  /// Makes the stream's iterator; dropping it (leaving a `for await` loop) ends the stream.
  public func makeAsyncIterator() -> Iterator { Iterator(handle: StreamHandle(handle.channel)) }

  /// The iterator of a ``ChainStream``.
  ///
  /// When the iterator (and its copies) is dropped, the stream ends, even if the stream itself
  /// is still kept.
  public struct Iterator: AsyncIteratorProtocol {
    let handle: StreamHandle<Element>

    /// The next element, or `nil` once the stream ended or the task was cancelled.
    public mutating func next() async -> Element? {
      await handle.channel.next(isolation: nil)
    }

    /// The next element, or `nil` once the stream ended or the task was cancelled, without
    /// leaving the caller's actor.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await handle.channel.next(isolation: actor)
    }
  }
}

/// A stream's hold on its channel, and separately each iterator's: when the stream's last copy
/// goes, or an iterator's, the registration ends.
final class StreamHandle<Element: Sendable>: Sendable {
  let channel: StreamChannel<Element>

  init(_ channel: StreamChannel<Element>) { self.channel = channel }

  deinit { channel.terminate() }
}

/// The producer's side of a stream, held by its registration's closure: when the registration
/// goes (cancelled, or its node, property or owner released), the consumer is told the stream is
/// over.
@MainActor
@usableFromInline
final class StreamFeed<Element: Sendable> {
  @usableFromInline let channel: StreamChannel<Element>
  /// Reports a drop (with the total so far) to the source's tracers.
  @usableFromInline let reportDrop: (@MainActor (Int) -> Void)?

  @usableFromInline
  init(_ channel: StreamChannel<Element>, reportDrop: (@MainActor (Int) -> Void)?) {
    self.channel = channel
    self.reportDrop = reportDrop
  }

  /// Passes `element` on to the consumer; reports a drop.
  @inlinable @inline(__always)
  func send(_ element: Element) {
    let dropped = channel.yield(element)
    if dropped > 0, let reportDrop { reportDrop(dropped) }
  }

  deinit { channel.finish() }
}

extension StreamChannel {
  /// Ends `ticket`'s registration when the consumer goes, on the main actor, through the queue
  /// remote posts use (so a later remote post or settle sees it gone).
  @MainActor @usableFromInline
  func endsRegistration(_ ticket: Subscription) {
    onTermination {
      RemotePostQueue.shared.enqueue(RemotePost { ticket.cancel() })
    }
  }
}
