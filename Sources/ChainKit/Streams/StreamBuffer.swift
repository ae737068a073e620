/// What a stream's channel keeps under its lock: the elements not yet taken, in order, the one
/// consumer's wakeup while it waits, and how the stream ends.
///
/// The buffer is the one place that keeps a consumer's ``Wakeup``, so the obligations stated on
/// that type are met, and checked, here:
///
/// - The consumer waits only while nothing is buffered and the stream is not over. An element
///   that arrives for a waiting consumer is handed to it, not buffered; a consumer that finds an
///   element or the end does not wait; ending the stream hands out the waiter.
/// - A waiter leaves the buffer when it is handed out (``push(_:)``, ``finish()``,
///   ``terminate()``), so it is resumed at most once; a second consumer arriving while one waits
///   traps instead of replacing it (or ending the first one's stream).
/// - A bounded buffer holds at most `limit` elements.
/// - Once the stream is over, no termination action is kept (it ran, or it will not be needed).
///
/// ``checkInvariants()`` checks these; builds with `CHAINKIT_INVARIANTS` run it after every
/// mutating operation, so every stream test exercises it. The channel resumes a handed-out
/// wakeup after releasing its lock.
@usableFromInline
struct StreamBuffer<Element: Sendable>: Sendable {
  /// The consumer's wakeup: resumed with the next element, or with `nil` for the end.
  @usableFromInline typealias Waiter = Wakeup<Element?>

  /// The buffered elements, oldest first.
  @usableFromInline var items: StreamRing<Element>
  /// The consumer, while it waits.
  @usableFromInline var waiter: Waiter?
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
  /// Whether a full buffer drops its oldest element rather than the arriving one; never for a
  /// buffer that keeps nothing, which has no oldest element, so that a drop need not ask.
  @usableFromInline let dropsOldest: Bool

  init(limit: Int, dropsOldest: Bool) {
    self.limit = limit
    self.dropsOldest = dropsOldest && limit > 0
    items = StreamRing(maxCapacity: limit)
  }

  /// The number of elements buffered.
  @inlinable var count: Int { items.count }

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
  /// - Returns: The consumer to resume with `element`, if one waited; if this element was
  ///   dropped or made the oldest drop, the number dropped so far (else 0); and the oldest
  ///   element if it was dropped, for the caller to release outside the lock.
  ///
  /// Always inlined into the producer's listener, with the lock around it: the returned triple
  /// then stays in registers, and an idle stream's element costs no call.
  @inlinable @inline(__always)
  mutating func push(_ element: Element) -> (wakeup: Waiter?, dropped: Int, released: Element?) {
    guard !isFinished else { return (nil, 0, nil) }
    if let waiting = waiter {
      waiter = nil
      checkInvariants()
      return (waiting, 0, nil)
    }
    if count < limit {
      items.append(element)
      checkInvariants()
      return (nil, 0, nil)
    }
    dropped &+= 1
    // NB: full means `limit` elements in `limit` slots, so the newest goes in the oldest's slot.
    var released: Element?
    if dropsOldest { released = items.replaceOldest(with: element) }
    checkInvariants()
    return (nil, dropped, released)
  }

  /// The next element; `.some(nil)` if the stream is over and nothing is left; `nil` if the
  /// consumer has to wait.
  @inlinable
  mutating func pop() -> Element?? {
    if let element = items.removeFirst() {
      checkInvariants()
      return element
    }
    return isFinished ? .some(nil) : nil
  }

  /// Keeps `wakeup` as the waiting consumer, unless there is something to resume it with at once.
  ///
  /// That is an element, or `.some(nil)` if the stream is over. Traps if another consumer waits.
  @inlinable
  mutating func park(_ wakeup: Waiter) -> Element?? {
    if let ready = pop() { return ready }
    checkNoOtherConsumerWaits()
    waiter = wakeup
    checkInvariants()
    return nil
  }

  /// Traps if a consumer waits already: a stream has one consumer, and a second one asking while
  /// the first waits is a programming error, said at once rather than by taking the first one's
  /// elements or ending its stream (as `AsyncStream` traps).
  @usableFromInline
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
  mutating func finish() -> Waiter? {
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
  ///   registration, to run; each at most once over the buffer's life. And the elements left, for
  ///   the caller to release outside the lock.
  @usableFromInline
  mutating func terminate() -> (
    wakeup: Waiter?, action: (@Sendable () -> Void)?, released: RingSlots<Element>?
  ) {
    isFinished = true
    let released = items.removeAll()
    let taken = (waiter, onTermination, released)
    waiter = nil
    onTermination = nil
    checkInvariants()
    return taken
  }

  /// Traps with a message if an invariant of the buffer does not hold.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`. Not inlinable, so that the check is
  /// compiled with ChainKit's flags, not its caller's.
  @usableFromInline
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      items.checkInvariants()
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
