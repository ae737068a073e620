/// Everything ChainKit keeps between calls on the main actor, in one object.
///
/// Nodes, buses, properties and bindings are values their owners hold; what they share lives
/// here: the state of the door every call of user code goes through (``ReentryGuard``), the
/// dispatch ids, the counter that stamps changes of topology (each connected tree has its own
/// ``TopologyClock``), the data-sharing counters and scratch storage, and the work deferred until
/// no operation is under way (compactions, retired storage, activity deliveries, next-turn
/// calls).
///
/// The main actor's, ``main``, is the only mutable root in ChainKit (a test fails when another
/// `static var` appears), and every object the public API makes belongs to it. Every
/// ``NodeCore``, bus slot, ``Property``, ``Hook``, binding and data subscriber holds the runtime
/// it was made in, so an operation reads it once from the object at hand instead of reaching a
/// global; ``main`` is named only where a default is chosen (`RuntimeReachTests` lists each
/// place). Tests can make another one and make nodes, buses and properties in it: nothing in it
/// refers to ``main``, and two runtimes share no state. Only nodes of one runtime are linked.
///
/// NB: the fields read on every operation are `@exclusivity(unchecked)`: they are only read or
/// written in place, never passed `inout` across a call, so the dynamic exclusivity check of a
/// class's stored property (which costs more than the access) could never fire. They are the
/// fields every post reads (the door is entered, left and asked for refusals on every post), and
/// the counters a mount, a share or a traced dispatch reads at every step.
@MainActor
@usableFromInline
package final class ChainRuntime {
  /// The main actor's runtime: the one mutable root of ChainKit, and the default the public
  /// initializers choose.
  @usableFromInline package static let main = ChainRuntime()

  // MARK: The door (ReentryGuard)

  // NB: the door's counters and the dispatch ids are read and written on every post and
  // request: unchecked.
  /// How many operations are under way, nested ones included.
  @exclusivity(unchecked) @usableFromInline package var depth = 0
  /// Set by the first refusal; every nested operation is refused until depth returns to 0.
  @exclusivity(unchecked) @usableFromInline var runaway = false
  /// Whether ``runIdleWork()`` has anything to do when depth returns to 0.
  @exclusivity(unchecked) @usableFromInline var hasIdleWork = false
  /// The nesting limit (``ReentryGuard/nestingLimit``).
  @exclusivity(unchecked) @usableFromInline var limit = ReentryGuard.defaultNestingLimit
  /// Set by the first refusal of a runaway until a record of a refused operation is traced:
  /// only one refusal per runaway is traced, so a tracer that reacts to records stops.
  var refusalUntraced = false
  /// Refusals (and other errors of nested work) not yet reported to every enclosing dispatch.
  var refusals: [ChainError] = []
  /// `refusals.count`, read on every dispatch without touching the array.
  @exclusivity(unchecked) @usableFromInline var refusalCount = 0
  /// Lists walked while they changed, compacted once nothing walks them.
  var pendingCompactions: [any DeferredCompaction] = []
  /// Objects and storage retired while an operation may still read them.
  var retired = RetiredStorage()

  // MARK: Dispatch ids

  /// The last dispatch id handed out.
  @exclusivity(unchecked) @usableFromInline var lastDispatchID: UInt64 = 0
  /// The id of the innermost event or request under way; 0 when none is.
  ///
  /// A nested dispatch records it as its parent.
  @exclusivity(unchecked) @usableFromInline var currentDispatchID: UInt64 = 0
  /// What listeners of the events and requests under way threw, innermost last: each one's
  /// context counts its own, which are on top whenever it is reading them
  /// (``EventContext/errors``).
  var thrownErrors: [any Error] = []

  // MARK: Topology

  /// The last stamp handed out; read on every path check.
  ///
  /// Every change of what a path depends on takes a new one, so stamps order changes across
  /// every tree (``NodeCore/stamp``, ``PathCache``). Stamp 1 is the loose clock's first version;
  /// a node's `cachedVersion` starts at 0, below every version.
  @exclusivity(unchecked) @usableFromInline var lastStamp: UInt64 = 1
  /// Marks visited nodes during one graph walk (a path computation, a cycle check).
  var epoch: UInt64 = 0
  /// The clock of every node that was never linked: such a node has no parent or child, so a
  /// change to it concerns its own path only, and sharing one clock costs no allocation per
  /// node.
  let looseClock = TopologyClock(version: 1)
  /// How many times a cached path was checked against its nodes' stamps because its tree's clock
  /// moved, and how many times one was computed afresh: what a change of topology cost the
  /// caches (both only on a miss, never on a post whose path is current).
  var pathChecks = 0
  var pathRecomputations = 0

  // MARK: Registrations

  /// Per key id, a count of the changes to that key's registrations on any node of this
  /// runtime (an addition or a removal of a listener, interceptor or responder): a dispatch plan
  /// made at one count lists exactly the key's listeners while the count stays (``DispatchPlan``).
  @exclusivity(unchecked) @usableFromInline var keyGenerations = ContiguousArray<UInt64>()
  /// The count of changes to any key's registrations: what a dispatch along a plan compares
  /// before each pass, one load instead of its key's entry (a change of another key then sends
  /// the rest of the dispatch over the hits, which is never wrong, only slower).
  @exclusivity(unchecked) @usableFromInline var registrationChanges: UInt64 = 0
  /// How many dispatch plans were made: what registration changes cost the plans (never counted
  /// on a post whose plan is current).
  var plansMade = 0
  /// Whether heard dispatches walk recording plans (``RecordingPlan``); off, they walk the hits,
  /// so that tests can compare the two records.
  var recordingPlansEnabled = true
  /// How many recording plans were made.
  var recordingPlansMade = 0

  // MARK: Data sharing

  /// The data-sharing counters and scratch storage, read at every node of a share.
  @exclusivity(unchecked) var data = DataState()

  // MARK: Deferred work and pools

  /// Next-turn listener calls waiting for their main-actor job.
  let nextTurn = NextTurnQueue()
  /// Activities waiting for the outermost operation to return.
  var pendingActivities: [ActivityDelivery.Delivery] = []
  /// Whether an observed outermost dispatch is under way: its own record delivers
  /// `pendingActivities`.
  var outerWillDeliverActivities = false
  /// The probes of every dispatch recorder made for this runtime's dispatches, in use or not
  /// (``RecordingProbe/isInUse``), linked through their `nextRecorder`; the recorders are
  /// ChainKitTracing's.
  @exclusivity(unchecked) package var recorders: RecordingProbe?
  /// The payload box, of a trivial payload type, of a traced dispatch that no record holds any
  /// longer, for the next traced event of its payload type to refill instead of allocating one
  /// (``PayloadBox/make(_:reusing:)``).
  @usableFromInline @exclusivity(unchecked) var spareBox: DescriptionBox?
  /// How many tracers are installed anywhere; zero keeps tracing off every slow path.
  ///
  /// Read on every mount, unmount and share.
  @exclusivity(unchecked) var installedTracers = 0
  /// The handoff of the remote request walking now (an `AsyncRequestHandoff` of its response
  /// type); `nil` outside one.
  var asyncRequestHandoff: AnyObject?
  /// The last binding id handed out.
  var lastBindingID: UInt64 = 0
  #if CHAINKIT_INVARIANTS
    /// Whether ``runIdleWork()`` is under way: the runtime is not settled until it returns.
    var isSettling = false
  #endif

  /// A runtime with nothing under way, apart from every other; ``main`` is the one the public API
  /// uses.
  init() {}

  /// A fresh dispatch id.
  @inlinable @inline(__always)
  func nextDispatchID() -> UInt64 {
    lastDispatchID &+= 1
    return lastDispatchID
  }

  /// A fresh binding id.
  func nextBindingID() -> UInt64 {
    lastBindingID &+= 1
    return lastBindingID
  }

  /// A fresh stamp, above every stamp handed out before.
  func nextStamp() -> UInt64 {
    lastStamp &+= 1
    return lastStamp
  }

  /// A fresh mark for one graph walk.
  func nextEpoch() -> UInt64 {
    epoch &+= 1
    return epoch
  }
}
