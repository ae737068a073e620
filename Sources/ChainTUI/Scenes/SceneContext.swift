public import ChainKit
import ChainKitTracing

/// What a scene gets from the explorer: the explorer's virtual clock, and the tracer that
/// writes into its panels' logs and feeds the inspector.
///
/// The clock moves with real time in a terminal and only on `tick` in a script or a
/// `HeadlessSession`, so a scene that times things with it behaves the same in both.
@MainActor
public struct SceneContext {
  /// The app's virtual clock, for timers.
  package let clock: VirtualClock
  /// The tracer installed on the scene's root; install it on detached subtrees too.
  package let tracer: SceneTracer

  /// Creates a context.
  package init(clock: VirtualClock, tracer: SceneTracer) {
    self.clock = clock
    self.tracer = tracer
  }

  /// The time on the explorer's clock since it started.
  public var now: Duration { clock.now }

  /// Runs an action every interval on the explorer's clock, first one interval from now.
  ///
  /// - Parameters:
  ///   - interval: The period; it must be positive.
  ///   - action: What to do each time.
  /// - Returns: A timer to cancel; dropping it does not stop the timer.
  @discardableResult
  public func every(_ interval: Duration, _ action: @escaping @MainActor () -> Void)
    -> SceneTimer
  {
    SceneTimer(clock: clock, id: clock.every(interval, action))
  }

  /// Traces a subtree that is not under the scene's root, so its panels still get log lines
  /// and its dispatches still reach the inspector.
  ///
  /// - Parameter panel: The subtree's root.
  /// - Returns: A token that ends the tracing; cancel it when the subtree is mounted back.
  @discardableResult
  public func trace(_ panel: Panel) -> Subscription {
    panel.node.install(tracer)
  }
}
