import Synchronization

/// The values a traced dispatch was posted and rewritten with, kept undescribed until a record
/// is read, and the dispatch's hops, kept as recorded until they are read: the one unsafe type
/// of tracing.
///
/// NB: `@unchecked Sendable`, because trace records are `Sendable` while payloads need not be.
/// The invariant that makes this sound, written once here and checked by ``checkInvariants()``
/// (which builds with `CHAINKIT_INVARIANTS` run after every change the box's own thread makes):
///
/// 1. The values (the payload as posted, then each interceptor's result) are stored while the
///    dispatch runs, before its record is emitted, and are only ever read on the thread that made
///    the box (the main actor's, where the dispatch ran): ``describeValue(at:)`` is the only
///    reader, and it traps anywhere else.
/// 2. A value is described at most once; its text, once made, never changes.
/// 3. Texts are read and written only under the box's lock (`busy`), so any thread may read a text that
///    is made. Any other thread asking for a text not yet made gets a
///    placeholder that names the type, never the value.
/// 4. The hop records (ChainKitTracing's, opaque here) are made from the recorded hops at most
///    once, under the same lock, which runs no user code. The records kept hold no text of
///    this box (that would be a cycle): the reader adds a rewritten hop's texts to the copy it
///    returns.
///
/// The values are released with the box, on whichever thread drops the last record that holds
/// it: releasing (unlike reading) is safe anywhere.
///
/// A box of a trivial payload type (no references, nothing to release: ``isRefillable``) that no
/// record holds any longer (the recorder's is its one reference, checked) becomes the runtime's
/// spare (``keepSpare(_:in:)``), its texts dropped; the next traced dispatch of its payload type
/// refills it (``PayloadBox/make(_:reusing:)``) rather than allocating one. Both run on the box's
/// own thread, holding its one reference. Keeping a trivial payload a while longer keeps nothing
/// else alive, so a payload that holds references lives no longer than its records.
@usableFromInline
package class DescriptionBox: @unchecked Sendable {
  /// What the lock guards; internal so that `StorageInvariantTests` can corrupt it.
  package struct Texts {
    var made = [String?]()
    var describeCalls = 0
    /// The hop records, without the rewrites' texts, once read.
    package var hops: (any Sendable)? {
      didSet { holdsHops = true }
    }
    /// Whether ``hops`` was set: read instead of it, whose copy goes through its type's
    /// witnesses.
    private(set) var holdsHops = false

    /// Whether nothing was described or made yet (every text made is counted).
    var isBlank: Bool { describeCalls == 0 && !holdsHops }
  }

  /// Held while `state` is read or written.
  ///
  /// NB: a spin on an atomic flag, not `Synchronization.Mutex` (whose futex's ordering the
  /// thread sanitizer does not see: it reported the guarded accesses as races) and not
  /// ``Locked`` (two allocations per box, one per traced dispatch). Every section under it is
  /// short and runs no user code, so a waiter spins only briefly.
  private let busy = Atomic<Bool>(false)
  /// Only touched inside ``withTexts(_:)``.
  ///
  /// NB: unchecked: the lock makes every access exclusive.
  @exclusivity(unchecked) private var state = Texts()
  /// The thread that made the box, or last refilled it: the main actor's then.
  ///
  /// NB: not `Thread.isMainThread`, which answers false on the main thread under `swift test`
  /// on Linux (Foundation first touched from another thread). Written again when a spare is
  /// refilled: the main actor's jobs need not all run on one thread (on Linux, once the main
  /// queue is drained by the thread pool), so the thread a spare was made on may no longer be
  /// the one its next dispatch runs on. Unchecked: written only by the holder of the box's one
  /// reference, before any record shares it.
  @exclusivity(unchecked) private var home = SystemCalls.currentThread()

  @usableFromInline
  init() {}

  /// Runs `body` with the texts while holding `busy`.
  package final func withTexts<Result>(_ body: (inout Texts) -> Result) -> Result {
    while !busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
      SystemCalls.yieldThread()
    }
    defer { busy.store(false, ordering: .releasing) }
    return body(&state)
  }

  /// Whether the calling thread is the one the values may be read on.
  package final var isHome: Bool { SystemCalls.isSameThread(home, SystemCalls.currentThread()) }

  /// Makes the calling thread, on the main actor with the box's one reference, the one its
  /// values may be read on: a spare refilled for a dispatch running there.
  @usableFromInline
  final func rehome() {
    home = SystemCalls.currentThread()
  }

  /// How many values the box holds: the payload, then one per interceptor rewrite kept.
  var valueCount: Int { 0 }

  /// The values' type, for the placeholder.
  var typeName: String { "" }

  /// The description of value `index`; main thread only (overridden by ``PayloadBox``).
  func describeValue(at index: Int) -> String { "" }

  /// The description of value `index`, made on the main thread the first time it is asked for.
  package final func text(at index: Int) -> String {
    if let made = withTexts({ index < $0.made.count ? $0.made[index] : nil }) { return made }
    guard isHome else {
      return "<\(typeName), not described: read trace records on the main actor first>"
    }
    // NB: described outside the lock: a description is user code and may read other records.
    let made = describeValue(at: index)
    let text = withTexts { texts in
      if texts.made.count <= index {
        texts.made += repeatElement(nil, count: index + 1 - texts.made.count)
      }
      if let earlier = texts.made[index] { return earlier }
      texts.made[index] = made
      texts.describeCalls += 1
      return made
    }
    checkInvariantsIfEnabled()
    return text
  }

  /// Makes every description now; main thread only.
  package final func describeAll() {
    for index in 0..<valueCount { _ = text(at: index) }
  }

  /// Whether the box's payload type is trivial (no references), so that the box may wait as a
  /// spare (``ChainRuntime/spareBox``) with its last payload in it.
  package var isRefillable: Bool { false }

  /// Whether `runtime`'s spare box, if any, is refillable: the only kind it may hold.
  @MainActor
  package static func spareIsRefillable(in runtime: ChainRuntime) -> Bool {
    runtime.spareBox?.isRefillable != false
  }

  /// Makes `box`, whose one reference the caller gives up, `runtime`'s spare, its texts dropped,
  /// if it ``isRefillable``; else lets it go.
  @MainActor
  package static func keepSpare(_ box: consuming DescriptionBox, in runtime: ChainRuntime) {
    guard box.isRefillable else { return }
    box.withTexts { texts in
      if !texts.isBlank { texts = Texts() }
    }
    runtime.spareBox = box
  }

  /// Runs ``checkInvariants()`` in builds with `CHAINKIT_INVARIANTS`; on the box's own thread.
  @usableFromInline @inline(__always)
  package final func checkInvariantsIfEnabled() {
    #if CHAINKIT_INVARIANTS
      checkInvariants()
    #endif
  }

  /// Traps with a message if the invariant above does not hold.
  ///
  /// Call it on the box's own thread (the main actor's).
  final func checkInvariants() {
    precondition(isHome, "DescriptionBox.checkInvariants() off its thread")
    let (made, calls) = withTexts { ($0.made, $0.describeCalls) }
    precondition(made.count <= valueCount, "a text for a value the box does not hold")
    precondition(
      calls == made.lazy.filter { $0 != nil }.count, "a value was described more than once")
  }
}

/// A ``DescriptionBox`` holding values of one payload type.
@usableFromInline
package final class PayloadBox<Payload>: DescriptionBox, @unchecked Sendable {
  /// The payload as posted.
  ///
  /// NB: not optional: the box's deinit is generic, and would look up the optional's metadata
  /// to destroy it. Unchecked: written only by the holder of the box's one reference (the
  /// dispatch that made or refilled it), before any record shares it.
  @usableFromInline @exclusivity(unchecked) var posted: Payload
  @usableFromInline @exclusivity(unchecked) var rewrites = ContiguousArray<Payload>()

  @usableFromInline
  package init(_ payload: Payload) {
    posted = payload
  }

  /// A box holding `payload`: `runtime`'s spare if it is a box of this payload type (refilled),
  /// else a new one.
  ///
  /// NB: `@inlinable`, so that the type comparison, the cast and the stores are the caller's
  /// specialised code. Out of line, so that an untraced dispatch's frame does not grow.
  @inlinable @inline(never) @MainActor
  package static func make(_ payload: Payload, reusing runtime: ChainRuntime) -> DescriptionBox {
    guard let spare = runtime.spareBox.take(),
      ObjectIdentifier(type(of: spare)) == ObjectIdentifier(PayloadBox<Payload>.self)
    else { return PayloadBox(payload) }
    // The type was just compared; the spare's one reference is here.
    let box = uncheckedCast(spare, to: PayloadBox<Payload>.self)
    box.rehome()
    box.posted = payload
    if !box.rewrites.isEmpty { box.rewrites = [] }
    box.checkInvariantsIfEnabled()
    return spare
  }

  override package var isRefillable: Bool { _isPOD(Payload.self) }

  override var valueCount: Int { 1 + rewrites.count }

  override var typeName: String { String(describing: Payload.self) }

  override func describeValue(at index: Int) -> String {
    precondition(isHome, "a trace payload was read off the main thread")
    return index == 0 ? String(describing: posted) : String(describing: rewrites[index - 1])
  }

  /// Keeps `value` (a rewrite, while the dispatch runs) and returns its index.
  package func keep(_ value: Payload) -> Int {
    rewrites.append(value)
    checkInvariantsIfEnabled()
    return rewrites.count
  }

  /// Replaces the value at `index` (the latest rewrite at one node, while the dispatch runs).
  package func replace(at index: Int, with value: Payload) {
    rewrites[index - 1] = value
    checkInvariantsIfEnabled()
  }
}
