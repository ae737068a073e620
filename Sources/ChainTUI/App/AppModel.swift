/// What the explorer shows: its scenes, each scene's tracer, and the clock their timers run on.
///
/// The scenes hold the ChainKit nodes; nothing here says how they are shown (``AppViewState``)
/// or what was worked out from them (``AppCaches``).
@MainActor
struct AppModel {
  /// The scenes, in tab order.
  var scenes: [any Scene]
  /// The tracer of each scene, in the same order.
  var tracers: [SceneTracer]
  /// The clock timers run on; moved by the runner or by ``App/advance(by:)``.
  let clock: VirtualClock
  /// Bumped when a scene is added or a scene's title changes, so the tab bar is laid out and
  /// drawn again.
  var tabsGeneration = 0
}
