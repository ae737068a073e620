/// Hears one dispatch for the activity observers on its path, and makes each observer's
/// ``NodeActivity``s straight from the hops at its node: no trace record is built.
///
/// At each hop it checks whether the node is observed (one identity comparison per observer on
/// the path); only an observed node's hop is measured. A stop, or an answer that ends a
/// request's walk, is noted wherever it happens: it decides which observed nodes the walk still
/// reached. Activities follow the rules of a trace record's hops: one per hop where something
/// happened, and one ``NodeActivity/passed`` activity for an observed node the walk reached
/// where nothing did (at its last visit).
@MainActor
final class ActivityProbe: DispatchProbe {
  /// A measured hop at an observed node.
  private struct Heard {
    var index: Int
    var activity: NodeActivity
  }

  private let watches: [ActivityObserver.Watch]
  private let cores: ContiguousArray<NodeCore>
  private let walk: DispatchWalk
  private let dispatchID: UInt64
  private let parentID: UInt64?
  private let kind: DispatchKind
  private let key: String
  private let box: DescriptionBox
  private let payloadText: TraceText
  /// The runtime of the path's nodes, through whose door the observers are called.
  let runtime: ChainRuntime
  /// The path index of the node of the current hop if it is observed, else -1.
  private var current = -1
  /// The node and phase of the current hop.
  private var hopCore: ObjectIdentifier?
  private var phase = Phase.target
  private var before = (listeners: 0, errors: 0, stopped: false, prevented: false)
  private var sawRemoved = false
  private var answered = false
  private var rewrite: (from: Int, to: Int)?
  /// The position where a stop, or a request's accepted answer, ended the walk.
  private var end: Int?
  private var heard: [Heard] = []

  /// A probe for the dispatch `start` along `path`, whose observers it hears.
  init(_ start: DispatchStart, path: PathCache) {
    watches = path.observers
    cores = path.cores
    walk = DispatchWalk(
      count: path.cores.count, isRequest: start.kind == .request, bubbles: start.bubbles)
    dispatchID = start.id
    parentID = start.parent == 0 ? nil : start.parent
    kind = start.kind
    key = start.key
    box = start.box
    payloadText = TraceText(start.box, index: 0)
    // A path starts at its target, so it is never empty; all its nodes share one runtime.
    runtime = path.cores[0].runtime
    ActivityDelivery.begin(outermost: runtime.depth <= 1, in: runtime)
  }

  override func beginHop(phase: Phase, ctx: borrowing EventContext) {
    let core = ObjectIdentifier(ctx.currentCore)
    current = -1
    for watch in watches where ObjectIdentifier(cores[watch.index]) == core {
      current = watch.index
      break
    }
    hopCore = core
    self.phase = phase
    // Every hop is measured for a stop (it may end the walk before an observed node).
    before = (ctx.listenersRun, ctx.errorCount, ctx.stopRequested, ctx.prevented)
    sawRemoved = false
    answered = false
    rewrite = nil
  }

  override func intercepted<P>(before: P, after: P) {
    guard current >= 0, let box = box as? PayloadBox<P> else { return }
    if let rewrite {
      box.replace(at: rewrite.to, with: after)
    } else {
      rewrite = (box.keep(before), box.keep(after))
    }
  }

  override func noteListener(slot: Int, capture: Bool, _ outcome: ListenerOutcome) {
    if outcome == .removed { sawRemoved = true }
  }

  override func noteRan(
    slot: Int, capture: Bool, errors: Int, stops: Int, ctx: borrowing EventContext
  ) {}

  override func answered(by node: String, walkEnds: Bool) {
    answered = true
    if walkEnds, end == nil { end = currentPosition() }
  }

  override func endHop(ctx: borrowing EventContext) {
    let stopped = ctx.stopRequested && !before.stopped
    if stopped, end == nil { end = currentPosition() }
    guard current >= 0 else { return }
    let ran = ctx.listenersRun - before.listeners
    let thrown = ctx.errorCount - before.errors
    let prevented = ctx.prevented && !before.prevented
    // A hop where nothing happened is not one: the node gets its passed activity instead.
    guard
      ran != 0 || thrown != 0 || stopped || prevented || answered || rewrite != nil
        || sawRemoved
    else { return }
    var errors: [String] = []
    if thrown > 0 {
      for error in ctx.errors[before.errors...] { errors.append(String(describing: error)) }
    }
    var activity = passedActivity(at: current, phase: phase)
    activity.passed = false
    activity.listenersRun = ran
    activity.stopped = stopped
    activity.stoppedImmediately = stopped && ctx.immediateStopRequested
    activity.prevented = prevented
    activity.answered = answered
    activity.errors = errors
    if let rewrite {
      activity.rewrittenFromText = TraceText(box, index: rewrite.from)
      activity.rewrittenText = TraceText(box, index: rewrite.to)
    }
    // Room for one hop per observed node at once, rather than a buffer per doubling.
    if heard.isEmpty { heard.reserveCapacity(watches.count) }
    heard.append(Heard(index: current, activity: activity))
  }

  override func dispatchFinished(_ outcome: Outcome) {
    ActivityDelivery.deliver(take(), in: runtime)
  }

  // NB: overridden too, so that a traced post's call goes straight to the delivery.
  override func dispatchFinished(_ outcome: Outcome, in runtime: ChainRuntime) {
    ActivityDelivery.deliver(take(), in: self.runtime)
  }

  /// Each observer's activities, observers in path order and each one's in walk order.
  func take() -> [(observer: ActivityObserver, activity: NodeActivity)] {
    var found: [(observer: ActivityObserver, activity: NodeActivity)] = []
    // A watch adds the hops heard at its node, or one passed activity at most: one buffer
    // that holds them all, instead of one per doubling.
    found.reserveCapacity(watches.count + heard.count)
    let last = end ?? walk.last
    for watch in watches {
      var any = false
      for entry in heard where entry.index == watch.index {
        found.append((watch.observer, entry.activity))
        any = true
      }
      guard !any, let position = passedVisit(of: watch.index, endingAt: last) else { continue }
      let activity = passedActivity(at: watch.index, phase: walk.phase(at: position))
      found.append((watch.observer, activity))
    }
    return found
  }

  /// Where a node that the walk reached but where nothing happened gets its passed activity:
  /// its last visit before `last`, if any.
  private func passedVisit(of index: Int, endingAt last: Int) -> Int? {
    for phase in [Phase.capture, .target, .bubble] {
      guard let position = walk.position(of: index, in: phase), position <= last,
        walk.isLastVisit(position, endingAt: last)
      else { continue }
      return position
    }
    return nil
  }

  /// The walk position of the current hop.
  private func currentPosition() -> Int? {
    guard let hopCore,
      let index = cores.firstIndex(where: { ObjectIdentifier($0) == hopCore })
    else { return nil }
    return walk.position(of: index, in: phase)
  }

  private func passedActivity(at index: Int, phase: Phase) -> NodeActivity {
    NodeActivity(
      dispatchID: dispatchID, parentID: parentID, kind: kind, key: key, phase: phase,
      target: cores.first?.name ?? "", payloadText: payloadText)
  }
}
