/// The listeners an event of one key reaches along one path, every phase's in dispatch order, as
/// one flat sequence: what a post walks instead of the path's nodes and their tables.
///
/// The order is the W3C DOM's: the capture listeners of the nodes above the target from the root
/// end down, then the target's listeners, then, for a key that bubbles, the bubble listeners of
/// the nodes above it from the target's parents up. Each node's listeners of one phase are a
/// *pass*: its first step says so (``Step/startsPass``); a pass is where a stop takes effect and
/// where the context names another node.
///
/// A plan is made on the first post of its key along its path (``PathCache/plan(for:generation:)``)
/// and is exact while two things hold: the path is current (the topology clock and the nodes'
/// stamps say so; a new path has no plans) and the key's registrations did not change since
/// (``ChainRuntime/generation(ofKey:)`` still equals ``generation``; every addition and removal
/// moves it). A path with interceptors for the key, or a target with capture listeners for it,
/// has no plan: those take the walk over the hits, as a traced dispatch does.
///
/// During a dispatch the plan is each pass's snapshot (rule 10) as long as no registration
/// changes: a registration made or cancelled during the dispatch moves the runtime's
/// ``ChainRuntime/registrationChanges``, and the dispatch finishes over the hits from the next
/// pass on, reading each node's lists on arrival. A listener cancelled during a pass is skipped:
/// once the count has moved, each listener left in the pass is asked whether it was removed, as
/// once and target-bound listeners always are.
///
/// Listeners are held unretained: their node's lists own them, and any removal makes the plan
/// stale before the removed one is released (a removal during an operation releases it only
/// once the outermost one returns). A plan replaced while an operation is under way is kept
/// until it returns (``ChainRuntime/keepUntilIdle(_:)-(DispatchPlan)``).
@usableFromInline
@MainActor
final class DispatchPlan {
  /// One listener of the plan, with what the walk needs to know of its pass.
  @usableFromInline
  struct Step {
    /// The listener, unretained: its node's list owns it while the plan is current.
    @usableFromInline let registration: Unretained<Registration>
    /// Its node, unretained: the path owns it.
    @usableFromInline let node: Unretained<NodeCore>
    /// Its node's index on the path (the target is 0).
    @usableFromInline let pathIndex: Int32
    @usableFromInline let phase: Phase
    /// What the loop does besides the call, as bits (``passBit``, ``checkBit``, ``phaseBit``).
    ///
    /// NB: one byte, zero for a listener in the middle of its pass that is neither once nor
    /// bound to a target, so that the loop tests one byte for such a step.
    @usableFromInline let work: UInt8

    /// Set on its pass's first listener: the event arrives at a node, in a phase.
    @usableFromInline static let passBit: UInt8 = 1
    /// Set on a once or target-bound listener: whether it runs is asked each time (see
    /// `mayRunNow`).
    @usableFromInline static let checkBit: UInt8 = 2
    /// Set where a phase starts: the context's phase changes there and nowhere else.
    ///
    /// On the first listener of its phase but the plan's first (whose phase the context starts
    /// in, ``firstPhase``), so a pass of the same phase as the one before it only names its node;
    /// and on the first bubble listener even if it is the plan's first: there a key that does not
    /// bubble stops, and the loop tests for that only on a step that has this bit.
    @usableFromInline static let phaseBit: UInt8 = 4
    /// Set on the step after the last, alone: the plan ends there.
    @usableFromInline static let endBit: UInt8 = 8

    /// Whether this is its pass's first listener.
    @usableFromInline var startsPass: Bool { work & Self.passBit != 0 }
  }

  @usableFromInline let keyID: Int
  /// The key's generation when the plan was made.
  @usableFromInline let generation: UInt64
  /// Every pass's listeners, pass after pass, then, if there is any, a step that ends the plan
  /// (its work ``Step/endBit``).
  ///
  /// NB: a ``FixedBuffer``, read without a bounds check, and ended by a step rather than by a
  /// count: the loop over the steps tests for its end only where a step is not an ordinary one.
  @usableFromInline let steps: FixedBuffer<Step>
  /// The number of listeners: the steps but the end.
  @usableFromInline let stepCount: Int
  /// The index of the first bubble step (``steps``' count if none): a key that does not bubble
  /// stops here.
  @usableFromInline let bubbleStart: Int
  /// The phase of the first step: the phase a dispatch along the plan starts in.
  @usableFromInline let firstPhase: Phase

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
    var steps = ContiguousArray<Step>()
    func addPass(_ index: Int, _ phase: Phase) {
      guard let keyed = registrations[index] else { return }
      let capture = phase == .capture
      var first = true
      let phaseBefore = steps.last?.phase
      for registration in keyed.listeners.elements where registration.capture == capture {
        let checks = registration.once || registration.isTargetBound
        let phaseStarts = first && (phaseBefore.map { $0 != phase } ?? (phase == .bubble))
        steps.append(
          Step(
            registration: Unretained(registration), node: Unretained(cores[index]),
            pathIndex: Int32(index), phase: phase,
            work: (first ? Step.passBit : 0) | (checks ? Step.checkBit : 0)
              | (phaseStarts ? Step.phaseBit : 0)))
        first = false
      }
    }
    for index in registrations.indices.reversed() where index > 0 { addPass(index, .capture) }
    if !registrations.isEmpty { addPass(0, .target) }
    let bubbleStart = steps.count
    for index in registrations.indices where index > 0 { addPass(index, .bubble) }
    let plan = DispatchPlan(
      keyID: keyID, generation: generation, steps: steps, bubbleStart: bubbleStart)
    plan.checkInvariants(cores: cores)
    return plan
  }

  private init(
    keyID: Int, generation: UInt64, steps: ContiguousArray<Step>, bubbleStart: Int
  ) {
    self.keyID = keyID
    self.generation = generation
    var ended = steps
    if let last = steps.last {
      ended.append(
        Step(
          registration: last.registration, node: last.node, pathIndex: last.pathIndex,
          phase: last.phase, work: Step.endBit))
    }
    self.steps = FixedBuffer(ended)
    self.stepCount = steps.count
    self.bubbleStart = bubbleStart
    self.firstPhase = steps.first?.phase ?? .capture
  }

  /// Traps with a message if an invariant of the plan does not hold: capture passes from the
  /// root end down, then the target, then bubble passes up, each node's pass once and whole,
  /// each listener live, of its step's phase and in its node's list for the key.
  ///
  /// Run when the plan is made and each time a post finds it again; does nothing unless built
  /// with `CHAINKIT_INVARIANTS`.
  func checkInvariants(cores: ContiguousArray<NodeCore>) {
    #if CHAINKIT_INVARIANTS
      var previous: Step?
      precondition(bubbleStart >= 0 && bubbleStart <= stepCount, "bubble steps past the end")
      precondition(
        steps.count == (stepCount == 0 ? 0 : stepCount + 1)
          && (stepCount == 0 || steps[stepCount].work == Step.endBit),
        "a plan not ended by its end step")
      for index in 0..<stepCount {
        let step = steps[index]
        let pathIndex = Int(step.pathIndex)
        precondition(cores[pathIndex] === step.node.object, "a step on another node")
        precondition((index >= bubbleStart) == (step.phase == .bubble), "bubble steps mixed in")
        precondition((pathIndex == 0) == (step.phase == .target), "a target step off the target")
        let ordinary = Registration.matchWord(keyID: keyID, capture: step.phase == .capture)
        precondition(
          step.registration.object.matchWord
            == ordinary | (step.work & Step.checkBit == 0 ? 0 : 1),
          "a step of another key or phase, or checked otherwise than its listener asks")
        if let previous {
          let samePass = previous.pathIndex == step.pathIndex && previous.phase == step.phase
          precondition(step.startsPass != samePass, "a pass split or two passes merged")
          if !samePass {
            switch (previous.phase, step.phase) {
            case (.capture, .capture): precondition(step.pathIndex < previous.pathIndex, "up")
            case (.bubble, .bubble): precondition(step.pathIndex > previous.pathIndex, "down")
            case (.capture, _), (.target, .bubble): break
            default: preconditionFailure("phases out of order")
            }
          }
        } else {
          precondition(step.startsPass, "a first step that starts no pass")
          precondition(step.phase == firstPhase, "a first step of another phase than the first")
        }
        precondition(
          (step.work & Step.phaseBit != 0)
            == (previous.map { $0.phase != step.phase } ?? (step.phase == .bubble)),
          "a phase that starts elsewhere than its first step")
        let registration = step.registration.object
        let keyed = step.node.object.registrations(for: keyID)
        precondition(!registration.isRemoved, "a removed listener in a current plan")
        precondition(
          keyed.map { registration.owner?.refers(to: $0) == true } == true,
          "a listener of another list")
        precondition(registration.capture == (step.phase == .capture), "a listener off its phase")
        previous = step
      }
    #endif
  }
}
