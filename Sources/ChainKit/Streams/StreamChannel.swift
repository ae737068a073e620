/// The buffer between a stream's producer (a listener, subscriber or observer on the main actor)
/// and its one consumer (any task): elements in the order the main actor yielded them, and the
/// consumer's continuation while it waits.
///
/// One lock guards everything; nothing is called while holding it. A consumer that finds an
/// element takes it without suspending. ``terminate()`` (the consumer gone or cancelled) ends the
/// registration through ``onTermination``; ``finish()`` (the source gone) lets the consumer take
/// what is buffered, then ends the sequence.
final class StreamChannel<Element: Sendable>: Sendable {
  private struct State {
    /// Buffered elements from `head` on; the slots before it were taken.
    var items: [Element] = []
    var head = 0
    var waiter: UnsafeContinuation<Element?, Never>?
    /// No element is buffered or yielded once set; the consumer gets what is left, then `nil`.
    var isFinished = false
    var dropped = 0
    /// What ends the registration; taken by the first ``terminate()``.
    var onTermination: (@Sendable () -> Void)?

    var count: Int { items.count - head }

    mutating func popFirst() -> Element? {
      guard head < items.count else { return nil }
      let element = items[head]
      head += 1
      if head == items.count {
        items.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 64, head * 2 >= items.count {
        items.removeFirst(head)
        head = 0
      }
      return element
    }
  }

  private let state = Locked(State())
  private let limit: Int
  private let dropsOldest: Bool

  init(_ policy: StreamBufferingPolicy) {
    limit = policy.limit
    dropsOldest = policy.dropsOldest
  }

  /// Sets what ends the registration; runs it at once if the consumer is gone already.
  func onTermination(_ action: @escaping @Sendable () -> Void) {
    let finished = state.withLock { state in
      guard !state.isFinished else { return true }
      state.onTermination = action
      return false
    }
    if finished { action() }
  }

  /// Hands `element` to the waiting consumer or buffers it; returns `false` if the buffer was
  /// full and an element was dropped.
  func yield(_ element: Element) -> Bool {
    var waiter: UnsafeContinuation<Element?, Never>?
    let kept = state.withLock { state in
      guard !state.isFinished else { return true }
      if let waiting = state.waiter {
        state.waiter = nil
        waiter = waiting
        return true
      }
      if state.count < limit {
        state.items.append(element)
        return true
      }
      state.dropped += 1
      if dropsOldest, limit > 0 {
        _ = state.popFirst()
        state.items.append(element)
      }
      return false
    }
    waiter?.resume(returning: element)
    return kept
  }

  /// How many elements were dropped so far.
  var droppedCount: Int { state.withLock { $0.dropped } }

  /// The source is gone: the consumer gets what is buffered, then `nil`.
  func finish() {
    let waiter: UnsafeContinuation<Element?, Never>? = state.withLock { state in
      state.isFinished = true
      state.onTermination = nil
      let waiter = state.waiter
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: nil)
  }

  /// The consumer is gone or cancelled: nothing more is handed out, and the registration ends.
  func terminate() {
    let (waiter, action) = state.withLock { state in
      state.isFinished = true
      state.items = []
      state.head = 0
      let taken = (state.waiter, state.onTermination)
      state.waiter = nil
      state.onTermination = nil
      return taken
    }
    waiter?.resume(returning: nil)
    action?()
  }

  /// The next element: at once if one is buffered, else when the producer yields one; `nil` once
  /// the stream is over or the consuming task is cancelled.
  func next(isolation actor: isolated (any Actor)?) async -> Element? {
    if Task.isCancelled {
      terminate()
      return nil
    }
    let taken: Element?? = state.withLock { state in
      if let element = state.popFirst() { return element }
      return state.isFinished ? .some(nil) : nil
    }
    if let taken { return taken }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Element?, Never>) in
        let ready: Element?? = state.withLock { state in
          if let element = state.popFirst() { return element }
          if state.isFinished { return .some(nil) }
          if state.waiter != nil { return .some(nil) }
          state.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      terminate()
    }
  }
}
