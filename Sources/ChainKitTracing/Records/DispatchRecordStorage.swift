import ChainKit

/// The fields of a ``DispatchRecord``, behind the one reference a record holds: a record is
/// made, handed on and dropped with one retain and one release, and a recorder fills the
/// storage of its last record again in place when nobody kept that record.
///
/// Copy on write: a record changes a field only through storage that is its own
/// (``DispatchRecord``'s setters copy it first otherwise), and a recorder refills only storage
/// it holds the one reference to; so a kept record never changes.
///
/// NB: `@unchecked Sendable` and `@exclusivity(unchecked)`, the invariant that makes them sound:
///
/// 1. Fields are written only by the holder of the one reference (a record's setter after its
///    uniqueness check, or the recorder filling storage it made or got back unique), so no other
///    thread or record can be reading them meanwhile, and no write overlaps another access.
/// 2. Storage shared by records, or handed to a tracer, is only read.
/// 3. A recorder's spare storage holds no payload (no box, no payload text), so a payload lives
///    no longer than the records that name it.
///
/// ``checkInvariants()`` checks the recorded hops' consistency after each fill and each
/// setter's write, in builds with `CHAINKIT_INVARIANTS`.
final class DispatchRecordStorage: @unchecked Sendable {
  @exclusivity(unchecked) var id: UInt64 = 0
  @exclusivity(unchecked) var parent: UInt64?
  @exclusivity(unchecked) var kind = DispatchKind.event
  @exclusivity(unchecked) var key = ""
  /// The target's name if set apart from the path's first (a record made by hand, or set);
  /// nil: the path's first.
  @exclusivity(unchecked) var origin: String?
  @exclusivity(unchecked) var path: [String] = []
  @exclusivity(unchecked) var listenersRun = 0
  @exclusivity(unchecked) var stopped = false
  @exclusivity(unchecked) var prevented = false
  @exclusivity(unchecked) var answeredBy: String?
  @exclusivity(unchecked) var errors: [String] = []
  @exclusivity(unchecked) var elapsedNanoseconds: UInt64 = 0
  /// The payload's description if made or set; nil: the box's posted value, described when
  /// first read.
  @exclusivity(unchecked) var payloadText: TraceText?
  /// The hops if made or set; nil: made from the recorded hops below when first read.
  @exclusivity(unchecked) var madeHops: [HopRecord]?
  /// The payload and its rewrites, where the recorded hops' records are kept once made.
  @exclusivity(unchecked) var box: DescriptionBox?
  /// The order of the walk (recorded hops only).
  @exclusivity(unchecked) var walk = DispatchWalk(count: 0, isRequest: false, bubbles: true)
  /// Whether the dispatch walked its path (one refused for nesting too deep did not).
  @exclusivity(unchecked) var walked = false
  /// The position where a stop, or a request's accepted answer, ended the walk.
  @exclusivity(unchecked) var end: Int?
  /// The hops where something happened, in walk order; exchanged with the probe's buffer, so
  /// the two buffers take turns and neither is copied.
  @exclusivity(unchecked) var kept: ContiguousArray<RecordedHop> = []
  /// What few hops have (a node not on the walk, errors, many listeners), at their
  /// ``RecordedHop/extra``.
  @exclusivity(unchecked) var extras: [RecordedHops.Extra] = []
  /// The dispatch's clock and counter readings.
  @exclusivity(unchecked) var span = TraceSpan(start: 0, end: 0, startTicks: 0, endTicks: 0)

  init() {}

  /// A copy of every field, for a record about to change one of a storage it shares.
  func copy() -> DispatchRecordStorage {
    let made = DispatchRecordStorage()
    made.id = id
    made.parent = parent
    made.kind = kind
    made.key = key
    made.origin = origin
    made.path = path
    made.listenersRun = listenersRun
    made.stopped = stopped
    made.prevented = prevented
    made.answeredBy = answeredBy
    made.errors = errors
    made.elapsedNanoseconds = elapsedNanoseconds
    made.payloadText = payloadText
    made.madeHops = madeHops
    made.box = box
    made.walk = walk
    made.walked = walked
    made.end = end
    made.kept = kept
    made.extras = extras
    made.span = span
    return made
  }

  /// The recorded hops, as ``RecordedHops`` makes records of them.
  var recorded: RecordedHops {
    RecordedHops(
      names: path, walk: walk, walked: walked, end: end, kept: kept, extras: extras, span: span)
  }

  /// The payload's description.
  var payload: TraceText {
    if let payloadText { return payloadText }
    if let box { return TraceText(box, index: 0) }
    return TraceText("")
  }

  /// The hops, made or recorded.
  var hopList: HopList {
    if let madeHops { return .made(madeHops) }
    if let box { return .recorded(box, recorded) }
    return .made([])
  }

  /// Drops the payload (a recorder's spare holds none, see the invariant above).
  ///
  /// NB: each cleared only if set: clearing one that is not still releases its old value.
  func dropPayload() {
    if box != nil { box = nil }
    if payloadText != nil { payloadText = nil }
  }

  /// Runs ``checkInvariants()`` in builds with `CHAINKIT_INVARIANTS`.
  @inline(__always)
  func checkInvariantsIfEnabled() {
    #if CHAINKIT_INVARIANTS
      checkInvariants()
    #endif
  }

  /// Traps with a message if the recorded hops are inconsistent: hops read from a box need
  /// one, and every kept hop is in walk order, on the walk or off it, with its extra present.
  func checkInvariants() {
    precondition(
      madeHops != nil || box != nil || kept.isEmpty, "recorded hops without the box they need")
    var last = -1
    for hop in kept {
      precondition(hop.extra < extras.count, "a kept hop's extra is missing")
      guard hop.position >= 0 else { continue }
      precondition(hop.position >= last, "kept hops out of walk order")
      precondition(!walked || hop.position <= walk.last, "a kept hop past the walk's end")
      last = hop.position
    }
  }
}
