/// An asynchronous sequence of what a node, a bus or a property produces on the main actor:
/// event payloads, bus events, values.
///
/// Get one from ``Node/events(for:phase:bufferingPolicy:)``,
/// ``Node/deliveredEvents(for:phase:bufferingPolicy:)``, ``EventBus/events(of:bufferingPolicy:)``,
/// ``Property/values(bufferingPolicy:)`` or ``Node/values(for:bufferingPolicy:)``, and consume
/// it with `for await` in any task, over the call itself or over a stream made first:
///
/// ```swift
/// let task = Task {
///   for await index in list.events(for: .itemClicked) { print("clicked \(index)") }
/// }
/// ```
///
/// Each click posted at `list` (or below it) prints `clicked 3`, `clicked 5`, …, until `task` is
/// cancelled or `list` is released.
///
/// - Elements arrive in the order the main actor produced them.
/// - The registration behind the stream is made when the stream is made, so nothing produced
///   after that is missed, even before the consumer starts.
///
/// ## Lifetime
///
/// A stream lives as long as its consumer, as an `AsyncStream` does: a `for await` loop keeps it
/// through its iterator, so the stream value itself may go once the loop has started. The stream
/// ends, and its registration with it, when:
///
/// - its consumer's iterator goes: the `for await` loop is left (`break`, `return`, or a thrown
///   error), even if the stream value is still kept; a stream is iterated once;
/// - the consuming task is cancelled: `next()` returns `nil` from then on, even if elements are
///   buffered;
/// - the stream is dropped without ever being iterated.
///
/// Nothing is yielded after that. The registration is removed on the main actor's next turn
/// (through the queue ``RemoteNode`` posts use).
///
/// When what the stream follows is gone (its node, bus or property released, or the property's
/// owner released; see ``Property/values(bufferingPolicy:)``), the consumer gets the elements
/// still buffered, then the loop ends.
///
/// A bounded ``BufferingPolicy`` drops elements a slow consumer has not taken; every drop is
/// counted in ``droppedCount`` and traced.
///
/// ## One consumer
///
/// A stream has one consumer; make one stream per consumer. A second iterator is a programming
/// error that never ends the first consumer's stream: dropping it does nothing while another
/// iterator lives, and its `next()` while another consumer waits traps with a message, as
/// `AsyncStream` does.
public struct ChainStream<Element: Sendable>: AsyncSequence, Sendable {
  /// The stream never throws.
  public typealias Failure = Never

  let handle: StreamHandle<Element>

  @usableFromInline
  init(_ channel: StreamChannel<Element>) {
    handle = StreamHandle(channel)
  }

  /// The buffer this stream and its iterators share.
  var channel: StreamChannel<Element> { handle.channel }

  /// How many elements the stream's buffer dropped so far (always 0 for an unbounded stream).
  public var droppedCount: Int { handle.channel.droppedCount }

  /// Makes the stream's iterator, which keeps the stream alive; dropping it (leaving a
  /// `for await` loop) ends the stream.
  public func makeAsyncIterator() -> Iterator {
    Iterator(consumer: StreamConsumer(handle.channel))
  }

  /// The iterator of a ``ChainStream``.
  ///
  /// When the iterator (and its copies) is dropped, the stream ends, even if the stream itself is
  /// still kept, unless another iterator of the same stream is still alive.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let consumer: StreamConsumer<Element>

    /// The next element, or `nil` once the stream ended or the task was cancelled.
    ///
    /// Traps if another consumer of the same stream is waiting for an element.
    @inlinable
    public mutating func next() async -> Element? {
      await consumer.channel.next(isolation: nil)
    }

    /// The next element, or `nil` once the stream ended or the task was cancelled, without
    /// leaving the caller's actor.
    ///
    /// Traps if another consumer of the same stream is waiting for an element.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await consumer.channel.next(isolation: actor)
    }
  }
}

// NB: as AsyncChannel's and AsyncStream's: one consumer iterates, so its iterator stays in its
// task; a stream (which is Sendable) goes to another task instead.
@available(*, unavailable)
extension ChainStream.Iterator: Sendable {}

/// The stream value's hold on its channel: when the stream's last copy goes before any iterator
/// was made, the registration ends; once one was made, the iterators decide.
final class StreamHandle<Element: Sendable>: Sendable {
  let channel: StreamChannel<Element>

  init(_ channel: StreamChannel<Element>) { self.channel = channel }

  deinit { channel.streamDropped() }
}

/// An iterator's hold on its channel: the stream ends when the last iterator's goes, so that
/// a `for await` loop keeps its stream and a second iterator dropped never ends the first's.
@usableFromInline
final class StreamConsumer<Element: Sendable>: Sendable {
  @usableFromInline let channel: StreamChannel<Element>

  init(_ channel: StreamChannel<Element>) {
    self.channel = channel
    channel.consumerArrived()
  }

  deinit { channel.consumerLeft() }
}

/// The producer's side of a stream, held by its registration's closure: when the registration
/// goes (cancelled, or its node, property or owner released), the consumer is told the stream is
/// over.
@MainActor
@usableFromInline
final class StreamFeed<Element: Sendable> {
  @usableFromInline let channel: StreamChannel<Element>
  /// The channel's buffer under its lock, kept here too: every element goes there, and reaching
  /// it from the feed saves a dependent load through the channel on each one.
  @usableFromInline let state: SpinLocked<StreamBuffer<Element>>
  /// Where drops are reported; `nil` for a stream that never drops or has no tracers to tell.
  @usableFromInline let drops: StreamDropReport?

  @usableFromInline
  init(_ channel: StreamChannel<Element>, drops: StreamDropReport?) {
    self.channel = channel
    state = channel.state
    self.drops = drops
  }

  /// Passes `element` on to the consumer; reports a drop.
  @inlinable @inline(__always)
  func send(_ element: Element) {
    let dropped = StreamChannel.yield(element, into: state)
    if dropped > 0, let drops { drops.report(dropped) }
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
