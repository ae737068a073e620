/// What a stream's channel keeps under its lock: the elements not yet taken, in order, the one
/// consumer's continuation while it waits, and how the stream ends.
///
/// The continuation is an `UnsafeContinuation`: resuming one twice is undefined, and one never
/// resumed leaves its task suspended for ever. The buffer keeps it in one place, so the rules
/// that prevent both are written, and checked, here:
///
/// - The consumer waits only while nothing is buffered and the stream is not over. An element
///   that arrives for a waiting consumer is handed to it, not buffered; a consumer that finds an
///   element or the end does not wait; ending the stream hands out the waiter.
/// - A waiter leaves the buffer when it is handed out (``push(_:)``, ``finish()``,
///   ``terminate()``), so it is resumed at most once; a second consumer arriving while one waits
///   traps instead of replacing it (or ending the first one's stream).
/// - A bounded buffer holds at most `limit` elements; the slots before `head` were taken.
/// - Once the stream is over, no termination action is kept (it ran, or it will not be needed).
///
/// ``checkInvariants()`` checks these; builds with `CHAINKIT_INVARIANTS` run it after every
/// mutating operation, so every stream test exercises it. The channel resumes a handed-out
/// ``Wakeup`` after releasing its lock.
@usableFromInline
struct StreamBuffer<Element: Sendable>: Sendable {
  /// Buffered elements from `head` on; the slots before it were taken.
  @usableFromInline var items: [Element] = []
  @usableFromInline var head = 0
  /// The consumer, while it waits.
  @usableFromInline var waiter: Wakeup?
  /// No element is buffered or handed out once set; the consumer gets what is left, then `nil`.
  @usableFromInline var isFinished = false
  /// How many elements were dropped so far.
  @usableFromInline var dropped = 0
  /// How many iterators of the stream are alive.
  private(set) var consumers = 0
  /// Whether an iterator was ever made: until then the stream value keeps the stream.
  private(set) var wasIterated = false
  /// What ends the registration behind the stream; taken by the first ``terminate()``.
  private var onTermination: (@Sendable () -> Void)?
  /// The most elements kept (`Int.max` for an unbounded stream).
  @usableFromInline let limit: Int
  /// Whether a full buffer drops its oldest element rather than the arriving one.
  @usableFromInline let dropsOldest: Bool

  init(limit: Int, dropsOldest: Bool) {
    self.limit = limit
    self.dropsOldest = dropsOldest
  }

  /// The number of elements buffered.
  @inlinable var count: Int { items.count - head }

  /// A waiting consumer, resumed once by whoever takes it out of the buffer.
  @usableFromInline
  struct Wakeup: Sendable {
    @usableFromInline let continuation: UnsafeContinuation<Element?, Never>

    /// Suspends the calling task until it is resumed; `park` keeps its wakeup in a buffer, or
    /// returns what to resume it with at once (an element, or `.some(nil)` for the end).
    static func wait(_ park: (Wakeup) -> Element??) async -> Element? {
      await withUnsafeContinuation { continuation in
        let wakeup = Wakeup(continuation: continuation)
        if let ready = park(wakeup) { wakeup.resume(returning: ready) }
      }
    }

    /// Resumes the consumer with `element`, or with `nil` for the end of the stream.
    @inlinable
    func resume(returning element: Element?) {
      continuation.resume(returning: element)
    }
  }

  /// Keeps `action` to end the registration; `false` if the stream is over already (the caller
  /// runs it).
  mutating func setOnTermination(_ action: @escaping @Sendable () -> Void) -> Bool {
    guard !isFinished else { return false }
    onTermination = action
    checkInvariants()
    return true
  }

  /// Hands `element` to the waiting consumer (returned, to be resumed outside the lock) or
  /// buffers it.
  ///
  /// - Returns: The consumer to resume with `element`, if one waited; and, if this element was
  ///   dropped or made the oldest drop, the number dropped so far (else 0).
  @inlinable
  mutating func push(_ element: Element) -> (wakeup: Wakeup?, dropped: Int) {
    guard !isFinished else { return (nil, 0) }
    if let waiting = waiter {
      waiter = nil
      checkInvariants()
      return (waiting, 0)
    }
    if count < limit {
      items.append(element)
      checkInvariants()
      return (nil, 0)
    }
    dropped += 1
    if dropsOldest, limit > 0 {
      if count == 1 {
        // NB: the only element is replaced in place; dropping it first would empty the array
        // and append to it again, on every element a full `bufferingNewest(1)` stream drops
        // (`streamIdle.stream`).
        items[head] = element
      } else {
        advanceHead()
        items.append(element)
      }
    }
    checkInvariants()
    return (nil, dropped)
  }

  /// The next element; `.some(nil)` if the stream is over and nothing is left; `nil` if the
  /// consumer has to wait.
  mutating func pop() -> Element?? {
    guard head < items.count else { return isFinished ? .some(nil) : nil }
    let element = items[head]
    advanceHead()
    checkInvariants()
    return element
  }

  /// Keeps `wakeup` as the waiting consumer, unless there is something to resume it with at once.
  ///
  /// That is an element, or `.some(nil)` if the stream is over. Traps if another consumer waits.
  mutating func park(_ wakeup: Wakeup) -> Element?? {
    if let ready = pop() { return ready }
    checkNoOtherConsumerWaits()
    waiter = wakeup
    checkInvariants()
    return nil
  }

  /// Traps if a consumer waits already: a stream has one consumer, and a second one asking while
  /// the first waits is a programming error, said at once rather than by taking the first one's
  /// elements or ending its stream (as `AsyncStream` traps).
  func checkNoOtherConsumerWaits() {
    if waiter != nil {
      fatalError(
        "ChainStream: next() called by a second consumer while another one waits; a stream "
          + "has one consumer, so make one stream per consumer")
    }
  }

  /// An iterator was made.
  mutating func addConsumer() {
    consumers += 1
    wasIterated = true
    checkInvariants()
  }

  /// An iterator went.
  ///
  /// - Returns: Whether it was the last one, which ends the stream.
  mutating func removeConsumer() -> Bool {
    consumers -= 1
    checkInvariants()
    return consumers == 0
  }

  /// The source is gone: the consumer gets what is buffered, then `nil`.
  ///
  /// - Returns: The waiting consumer, to resume with `nil`.
  mutating func finish() -> Wakeup? {
    isFinished = true
    onTermination = nil
    let waiting = waiter
    waiter = nil
    checkInvariants()
    return waiting
  }

  /// The consumer is gone or cancelled: nothing more is buffered or handed out.
  ///
  /// - Returns: The waiting consumer, to resume with `nil`, and the action that ends the
  ///   registration, to run; each at most once over the buffer's life.
  mutating func terminate() -> (wakeup: Wakeup?, action: (@Sendable () -> Void)?) {
    isFinished = true
    items = []
    head = 0
    let taken = (waiter, onTermination)
    waiter = nil
    onTermination = nil
    checkInvariants()
    return taken
  }

  /// Moves past the first element, emptying or compacting the array once enough was taken.
  @usableFromInline
  mutating func advanceHead() {
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64, head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
  }

  /// Traps with a message if an invariant of the buffer does not hold.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`. Not inlinable, so that the check is
  /// compiled with ChainKit's flags, not its caller's.
  @usableFromInline
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(head >= 0 && head <= items.count, "head \(head) outside \(items.count) items")
      precondition(count <= limit, "\(count) elements buffered, over the limit of \(limit)")
      precondition(
        waiter == nil || count == 0, "a consumer waiting while an element is buffered")
      precondition(waiter == nil || !isFinished, "a consumer waiting on a stream that is over")
      precondition(!isFinished || onTermination == nil, "a termination action kept after the end")
      precondition(consumers >= 0, "\(consumers) iterators alive")
      precondition(wasIterated || consumers == 0, "an iterator alive on a stream never iterated")
    #endif
  }
}
