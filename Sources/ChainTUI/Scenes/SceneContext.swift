/// What a scene gets from the app when it is built: the shared clock and its tracer.
@MainActor
package struct SceneContext {
  /// The app's virtual clock, for timers.
  package let clock: VirtualClock
  /// The tracer installed on the scene's root; install it on detached subtrees too.
  package let tracer: SceneTracer

  /// Creates a context.
  package init(clock: VirtualClock, tracer: SceneTracer) {
    self.clock = clock
    self.tracer = tracer
  }
}
