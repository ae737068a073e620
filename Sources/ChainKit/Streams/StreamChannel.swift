/// The buffer between a stream's producer (a listener, subscriber or observer on the main actor)
/// and its one consumer (any task): elements in the order the main actor yielded them, and the
/// consumer's continuation while it waits.
///
/// One lock (a ``SpinLocked``) guards a ``StreamBuffer`` (which keeps the consumer's wakeup);
/// nothing is called while holding it, a consumer is resumed and elements dropped or left over
/// are released after it is released. A consumer that finds an
/// element takes it without suspending. What runs per element (``yield(_:)``, ``next(isolation:)``)
/// is inlinable, so that it is specialised for the element type where the stream is made and
/// consumed instead of looking up the buffer's generic metadata on every call. ``terminate()`` (the consumer gone or
/// cancelled, or the stream dropped unconsumed) ends the registration through
/// ``onTermination``; ``finish()`` (the source gone) lets the consumer take what is buffered,
/// then ends the sequence.
@usableFromInline
final class StreamChannel<Element: Sendable>: Sendable {
  @usableFromInline let state: SpinLocked<StreamBuffer<Element>>

  @usableFromInline
  init(_ policy: ChainStream<Element>.BufferingPolicy) {
    state = SpinLocked(StreamBuffer(limit: policy.limit, dropsOldest: policy.dropsOldest))
  }

  /// Sets what ends the registration; runs it at once if the consumer is gone already.
  func onTermination(_ action: @escaping @Sendable () -> Void) {
    let kept = state.withLock { $0.setOnTermination(action) }
    if !kept { action() }
  }

  /// Hands `element` to the waiting consumer or buffers it.
  ///
  /// - Returns: 0, or the number of elements dropped so far if the buffer was full and this
  ///   call dropped one.
  @inlinable @inline(__always)
  func yield(_ element: Element) -> Int {
    Self.yield(element, into: state)
  }

  /// Hands `element` to the consumer waiting on `state`, a channel's buffer, or buffers it.
  ///
  /// Static, for the producer that keeps the buffer itself: an element then reaches the lock
  /// without first loading the channel.
  ///
  /// - Returns: 0, or the number of elements dropped so far if the buffer was full and this
  ///   call dropped one.
  @inlinable @inline(__always)
  static func yield(_ element: Element, into state: SpinLocked<StreamBuffer<Element>>) -> Int {
    // NB: a dropped element is released here, after the lock: its deinit is user code.
    let (wakeup, dropped, _) = state.withLock { $0.push(element) }
    wakeup?.resume(returning: element)
    return dropped
  }

  /// How many elements were dropped so far.
  var droppedCount: Int { state.withLock { $0.dropped } }

  /// The source is gone: the consumer gets what is buffered, then `nil`.
  func finish() {
    state.withLock { $0.finish() }?.resume(returning: nil)
  }

  /// The consumer is gone or cancelled: nothing more is handed out, and the registration ends.
  @usableFromInline
  func terminate() {
    let (wakeup, action, _) = state.withLock { $0.terminate() }
    wakeup?.resume(returning: nil)
    action?()
  }

  /// An iterator was made: from now on the iterators, not the stream value, keep the stream.
  func consumerArrived() {
    state.withLock { $0.addConsumer() }
  }

  /// An iterator went: the last one to go ends the stream.
  func consumerLeft() {
    if state.withLock({ $0.removeConsumer() }) { terminate() }
  }

  /// The stream value's last copy went: the stream ends if it was never iterated.
  func streamDropped() {
    if state.withLock({ !$0.wasIterated }) { terminate() }
  }

  /// The next element, or `nil` once the stream is over or the consuming task is cancelled.
  ///
  /// An element comes at once if one is buffered, else when the producer yields one; a cancelled
  /// consumer gets `nil` even if elements are buffered. Traps if another consumer waits.
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async -> Element? {
    if Task.isCancelled {
      cancelled()
      return nil
    }
    if let taken = state.withLock({ $0.pop() }) { return taken }
    return await withTaskCancellationHandler {
      await StreamBuffer<Element>.Waiter.wait { wakeup in state.withLock { $0.park(wakeup) } }
    } onCancel: {
      terminate()
    }
  }

  /// The consumer asked for an element after its task was cancelled: the stream ends.
  @usableFromInline
  func cancelled() {
    let (wakeup, action, _) = state.withLock {
      $0.checkNoOtherConsumerWaits()
      return $0.terminate()
    }
    wakeup?.resume(returning: nil)
    action?()
  }
}
