/// The observer behind ``Node/observeActivity(_:)``, and its registration on its node.
///
/// Not a tracer: its node's core holds it in ``NodeCore/observers``, the node's paths list
/// it with its node's index (``PathCache/observers``), and a dispatch along such a path makes an
/// ``ActivityProbe`` that measures the hops at the observed nodes, without building a trace
/// record. Its core removes it, or lets it go first, as
/// ``DetachableRegistration`` says.
@MainActor
final class ActivityObserver: DetachableRegistration {
  /// An observer on a path, and its node's index in the path.
  typealias Watch = (observer: ActivityObserver, index: Int)

  let body: @MainActor (NodeActivity) -> Void

  init(
    body: @escaping @MainActor (NodeActivity) -> Void,
    uninstall: @escaping @MainActor (DetachableRegistration) -> Void
  ) {
    self.body = body
    super.init(uninstall: uninstall)
  }
}

/// Hands activities to their observers in the order their dispatches were posted.
///
/// A nested dispatch finishes (and is recorded) before the dispatch that posted it; observers
/// get the outer one first. Activities of dispatches that finish while an operation is under way
/// wait until the outermost one returns: delivered with its own record if it is observed too,
/// else when the ``ReentryGuard`` is idle.
///
/// Delivered late, an activity still counts as nested in the dispatch that caused it (rule 14):
/// its observer runs at that dispatch's depth, so what the observer posts nests one level
/// deeper, and an observer that posts on every activity of its own node reaches the limit and
/// is refused, as a listener that posts to itself is, instead of starting a new top-level
/// operation each time.
@MainActor
enum ActivityDelivery {
  typealias Delivery = (observer: ActivityObserver, activity: NodeActivity, level: Int)

  // NB: what waits lives in the runtime: ``ChainRuntime/pendingActivities`` (activities
  // waiting for the outermost operation to return) and
  // ``ChainRuntime/outerWillDeliverActivities`` (an observed outermost dispatch is under way:
  // its own record delivers them).

  /// Notes that an observed dispatch starts; `outermost` when no other operation is under way.
  static func begin(outermost: Bool, in runtime: ChainRuntime) {
    if outermost { runtime.outerWillDeliverActivities = true }
  }

  /// Delivers, or keeps until the outermost operation returns, the activities of one dispatch
  /// that has just returned (so the guard's depth is that of the operation around it).
  static func deliver(
    _ batch: [(observer: ActivityObserver, activity: NodeActivity)], in runtime: ChainRuntime
  ) {
    // The dispatch ran one level deeper than the guard is now; its observers run at its level.
    let level = runtime.depth + 1
    if runtime.depth > 0 {
      for (observer, activity) in batch {
        runtime.pendingActivities.append((observer, activity, level))
      }
      if !runtime.outerWillDeliverActivities { runtime.hasIdleWork = true }
      return
    }
    runtime.outerWillDeliverActivities = false
    if runtime.pendingActivities.isEmpty {
      // Nothing waits, so the batch alone is delivered, without an array of deliveries.
      for (observer, activity) in batch {
        runtime.runNested(atLevel: level) { observer.body(activity) }
      }
    } else {
      run(batch.map { ($0.observer, $0.activity, level) } + takePending(from: runtime), in: runtime)
    }
    // What the observers left behind (their nested dispatches' activities, a runaway) is
    // settled here, as the outermost operation's leave would.
    if runtime.hasIdleWork, runtime.depth == 0 { runtime.runIdleWork() }
    runtime.checkSettled()
  }

  /// Called by the guard when idle: delivers what no observed outer dispatch will.
  static func deliverWhenIdle(in runtime: ChainRuntime) {
    guard !runtime.outerWillDeliverActivities, !runtime.pendingActivities.isEmpty else { return }
    run(takePending(from: runtime), in: runtime)
  }

  private static func takePending(from runtime: ChainRuntime) -> [Delivery] {
    let taken = runtime.pendingActivities.enumerated().sorted {
      ($0.element.activity.dispatchID, $0.offset) < ($1.element.activity.dispatchID, $1.offset)
    }
    runtime.pendingActivities.removeAll()
    return taken.map(\.element)
  }

  private static func run(_ batch: [Delivery], in runtime: ChainRuntime) {
    // Through the guard, as tracers are, at the level of the dispatch each activity comes from:
    // what an observer posts nests inside that dispatch, for the nesting limit.
    for (observer, activity, level) in batch {
      runtime.runNested(atLevel: level) { observer.body(activity) }
    }
  }
}

/// The activities of one observed dispatch, which its trace recorder delivers before it hands
/// the dispatch's record to the tracers.
@MainActor
@usableFromInline
package struct ActivityBatch {
  let activities: [(observer: ActivityObserver, activity: NodeActivity)]
  /// The runtime of the observed dispatch, whose outermost operation delivers what waits.
  let runtime: ChainRuntime

  /// Delivers the activities, or keeps them until the outermost operation returns
  /// (``ActivityDelivery/deliver(_:in:)``).
  package func deliver() {
    ActivityDelivery.deliver(activities, in: runtime)
  }
}
