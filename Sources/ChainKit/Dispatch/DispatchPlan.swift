/// The listeners an event of one key reaches along one path, every phase's in dispatch order, as
/// one flat sequence: what a post walks instead of the path's nodes and their tables.
///
/// The order is the W3C DOM's: the capture listeners of the nodes above the target from the root
/// end down, then the target's listeners, then, for a key that bubbles, the bubble listeners of
/// the nodes above it from the target's parents up. Each node's listeners of one phase are a
/// *pass* (``Pass``): where a stop takes effect, and where the context names another node.
///
/// A plan is made on the first post of its key along its path (``PathCache/plan(for:generation:)``)
/// and is exact while two things hold: the path is current (the topology clock and the nodes'
/// stamps say so; a new path has no plans) and the key's registrations did not change since
/// (``ChainRuntime/generation(ofKey:)`` still equals ``generation``; every addition and removal
/// moves it). A path with interceptors for the key, or a target with capture listeners for it,
/// has no plan: those take the walk over the hits, as a traced dispatch does.
///
/// During a dispatch the plan is each pass's snapshot (rule 10) as long as the key's
/// registrations stay as they were: a registration made or cancelled during the dispatch moves
/// the generation, and the dispatch finishes over the hits from the next pass on, reading each
/// node's lists on arrival. A listener cancelled during a pass is skipped by its own
/// `matchWord`, as on the walk over the hits.
///
/// Listeners are held unretained: their node's lists own them, and any removal makes the plan
/// stale before the removed one is released (a removal during an operation releases it only
/// once the outermost one returns). A plan replaced while an operation is under way is kept
/// until it returns (``ChainRuntime/keepUntilIdle(_:)-(DispatchPlan)``).
@usableFromInline
@MainActor
final class DispatchPlan {
  /// One node's listeners of one phase: the entries of ``listeners`` up to `end`, from the
  /// previous pass's end.
  @usableFromInline
  struct Pass {
    /// The index in ``listeners`` after this pass's last listener.
    @usableFromInline let end: Int
    @usableFromInline let phase: Phase
    /// The node, unretained: the path owns it.
    @usableFromInline let node: Unretained<NodeCore>
    /// The node's index on the path (the target is 0).
    @usableFromInline let pathIndex: Int
  }

  @usableFromInline let keyID: Int
  /// The key's generation when the plan was made.
  @usableFromInline let generation: UInt64
  /// Every pass's listeners, pass after pass, each registration unretained.
  @usableFromInline let listeners: ContiguousArray<Unretained<Registration>>
  @usableFromInline let passes: ContiguousArray<Pass>
  /// The index of the first bubble pass (``passes``' count if none): a key that does not bubble
  /// stops here.
  @usableFromInline let bubbleStart: Int

  /// The plan for `keyID` along `cores`, whose registrations for it are `registrations` (one
  /// per node, `nil` where a node has none), or `nil` if the path takes the walk over the hits.
  static func make(
    keyID: Int, generation: UInt64, cores: ContiguousArray<NodeCore>,
    registrations: [KeyedRegistrations?]
  ) -> DispatchPlan? {
    for (index, keyed) in registrations.enumerated() {
      guard let keyed else { continue }
      if keyed.interceptors.liveCount > 0 { return nil }
      if index == 0, keyed.hasCapture { return nil }
    }
    var listeners = ContiguousArray<Unretained<Registration>>()
    var passes = ContiguousArray<Pass>()
    func addPass(_ index: Int, _ phase: Phase) {
      guard let keyed = registrations[index] else { return }
      let capture = phase == .capture
      let start = listeners.count
      keyed.listeners.each { registration in
        if registration.capture == capture { listeners.append(Unretained(registration)) }
      }
      guard listeners.count > start else { return }
      passes.append(
        Pass(end: listeners.count, phase: phase, node: Unretained(cores[index]), pathIndex: index))
    }
    for index in registrations.indices.reversed() where index > 0 { addPass(index, .capture) }
    if !registrations.isEmpty { addPass(0, .target) }
    let bubbleStart = passes.count
    for index in registrations.indices where index > 0 { addPass(index, .bubble) }
    let plan = DispatchPlan(
      keyID: keyID, generation: generation, listeners: listeners, passes: passes,
      bubbleStart: bubbleStart)
    plan.checkInvariants(cores: cores)
    return plan
  }

  private init(
    keyID: Int, generation: UInt64, listeners: ContiguousArray<Unretained<Registration>>,
    passes: ContiguousArray<Pass>, bubbleStart: Int
  ) {
    self.keyID = keyID
    self.generation = generation
    self.listeners = listeners
    self.passes = passes
    self.bubbleStart = bubbleStart
  }

  /// Traps with a message if an invariant of the plan does not hold: passes cover the listeners
  /// in order, capture passes from the root end down, then the target, then bubble passes up,
  /// each listener live, of its pass's phase and in its pass's node's list for the key.
  ///
  /// Run when the plan is made and before each dispatch that walks it; does nothing unless built
  /// with `CHAINKIT_INVARIANTS`.
  func checkInvariants(cores: ContiguousArray<NodeCore>) {
    #if CHAINKIT_INVARIANTS
      var start = 0
      var previous: (phase: Phase, index: Int)?
      for (number, pass) in passes.enumerated() {
        precondition(pass.end > start && pass.end <= listeners.count, "a pass out of order")
        precondition(cores[pass.pathIndex] === pass.node.object, "a pass on another node")
        precondition((number >= bubbleStart) == (pass.phase == .bubble), "bubble passes mixed in")
        precondition((pass.pathIndex == 0) == (pass.phase == .target), "a target pass off it")
        if let previous {
          switch (previous.phase, pass.phase) {
          case (.capture, .capture): precondition(pass.pathIndex < previous.index, "capture up")
          case (.bubble, .bubble): precondition(pass.pathIndex > previous.index, "bubble down")
          case (.capture, _), (.target, .bubble): break
          default: preconditionFailure("phases out of order")
          }
        }
        let keyed = pass.node.object.registrations(for: keyID)
        for entry in listeners[start..<pass.end] {
          let registration = entry.object
          precondition(!registration.isRemoved, "a removed listener in a current plan")
          precondition(registration.owner?.refers(to: keyed!) == true, "a listener of another list")
          precondition(registration.capture == (pass.phase == .capture), "a listener off its phase")
        }
        previous = (pass.phase, pass.pathIndex)
        start = pass.end
      }
      precondition(start == listeners.count, "listeners outside every pass")
    #endif
  }
}
