/// The observer behind ``Node/observeActivity(_:)``: a tracer of one node, by identity.
///
/// It is installed like any tracer (a ``TracerInstallation`` on its node's core, which ends the
/// token's ticket when it is removed, when the node goes, and in its deinit), so a path with an
/// observer on it is traced and a path without one costs nothing more. Records reach it through
/// ``DispatchRecorder``, which knows the cores of the path; ``receive(_:)`` ignores the rest.
@MainActor
final class ActivityObserver: Tracer {
  /// The observed core's identity; never dereferenced.
  let coreID: ObjectIdentifier
  let body: @MainActor (NodeActivity) -> Void

  init(core: NodeCore, body: @escaping @MainActor (NodeActivity) -> Void) {
    coreID = ObjectIdentifier(core)
    self.body = body
  }

  /// Records arrive through ``ActivityDelivery`` instead, with the node's hops picked out.
  func receive(_ record: TraceRecord) {}
}

/// Hands activities to their observers in the order their dispatches were posted.
///
/// A nested dispatch finishes (and is recorded) before the dispatch that posted it; observers
/// get the outer one first. Activities of dispatches that finish while an operation is under way
/// wait until the outermost one returns: delivered with its own record if it is observed too,
/// else when the ``ReentryGuard`` is idle.
@MainActor
enum ActivityDelivery {
  /// Activities waiting for the outermost operation to return.
  static var pending: [(observer: ActivityObserver, activity: NodeActivity)] = []
  /// Whether an observed outermost dispatch is under way: its own record delivers `pending`.
  static var outerWillDeliver = false

  /// Notes that an observed dispatch starts; `outermost` when no other operation is under way.
  static func begin(outermost: Bool) {
    if outermost { outerWillDeliver = true }
  }

  /// Delivers, or keeps until the outermost operation returns, the activities of one dispatch.
  static func deliver(_ batch: [(observer: ActivityObserver, activity: NodeActivity)]) {
    if ReentryGuard.depth > 0 {
      pending += batch
      if !outerWillDeliver { ReentryGuard.hasIdleWork = true }
      return
    }
    outerWillDeliver = false
    run(batch + takePending())
  }

  /// Called by the guard when idle: delivers what no observed outer dispatch will.
  static func deliverWhenIdle() {
    guard !outerWillDeliver, !pending.isEmpty else { return }
    run(takePending())
  }

  private static func takePending() -> [(observer: ActivityObserver, activity: NodeActivity)] {
    let taken = pending.enumerated().sorted {
      ($0.element.activity.dispatchID, $0.offset) < ($1.element.activity.dispatchID, $1.offset)
    }
    pending.removeAll()
    return taken.map(\.element)
  }

  private static func run(_ batch: [(observer: ActivityObserver, activity: NodeActivity)]) {
    guard !batch.isEmpty else { return }
    // Through the guard, as tracers are: what an observer posts nests inside this call.
    _ = ReentryGuard.enter()
    for (observer, activity) in batch { observer.body(activity) }
    ReentryGuard.leave()
  }
}
