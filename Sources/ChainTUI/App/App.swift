import ChainKit
package import ChainKitTracing

/// The explorer: its scenes, how they are shown, and what is kept between frames.
///
/// The app never touches a terminal: keys come in through ``press(_:)`` and screens go out
/// through ``render()``. The ``AppRunner`` drives it, on a real terminal or, for scripts and
/// tests, a headless one (``HeadlessDriver``). Its state is three values: the ``AppModel`` (the
/// scenes and their nodes), the ``AppViewState`` (focus, modes, the inspector, the screen size)
/// and the ``AppCaches`` (the layout, the bars as drawn). Drawing, hit-testing and the arrow keys
/// all read one ``ScreenLayout``, made once per change of the state that decides it (see
/// ``layout``), so what a key does depends only on the state, never on when a frame was drawn.
@MainActor
package final class App {
  /// The smallest screen the explorer lays out for; below it a centred message asks for more.
  package static let minimumSize = Size(width: 60, height: 18)

  /// The scenes and their tracers.
  private(set) var model: AppModel
  /// Focus, modes, the inspector, the screen size.
  var view: AppViewState
  /// The layout and the bars as last made.
  var caches = AppCaches()

  /// The screen size the app lays out for.
  package private(set) var size: Size {
    get { view.size }
    set { view.size = newValue }
  }
  /// The scenes, in tab order.
  package var scenes: [any Scene] { model.scenes }
  /// The tracer of each scene, in the same order.
  var tracers: [SceneTracer] { model.tracers }
  /// The index of the scene on screen.
  package private(set) var sceneIndex: Int {
    get { view.sceneIndex }
    set {
      let old = view.sceneIndex
      view.sceneIndex = newValue
      guard newValue != old else { return }
      switchInspector(from: old)
      modes.apply(.sceneSwitched(field: focusedPanelIsField))
    }
  }
  /// The clock timers run on; moved by the runner or by ``advance(by:)``.
  package var clock: VirtualClock { model.clock }
  /// The modes open: replay, zoom, inspector, why, filter, text field, help.
  ///
  /// They choose what keys act in and what the status line offers; the inspector's visibility,
  /// filter editing and "why" follow them.
  var modes: ExplorerModes {
    get { view.modes }
    set {
      let old = view.modes
      view.modes = newValue
      inspectorFollowsModes(from: old)
    }
  }
  /// The status line's word on the last key, when it did nothing or met a limit ("n: nothing to
  /// replay"); cleared by the next key.
  var flash: String? {
    get { view.flash }
    set { view.flash = newValue }
  }
  /// The inspector's state.
  package internal(set) var inspector: Inspector {
    get { view.inspector }
    set { view.inspector = newValue }
  }
  /// Whether colours are drawn.
  package internal(set) var colors: Bool {
    get { view.colors }
    set { view.colors = newValue }
  }
  /// The folder Ctrl-X saves the screen's SVG picture in: the working directory in the
  /// explorer; `nil` (Ctrl-X says so and saves nothing) for an app a test or a script drives,
  /// so that pressing every key never leaves files behind.
  package var screenshotFolder: String? {
    get { view.screenshotFolder }
    set { view.screenshotFolder = newValue }
  }
  /// Whether the inspector draws measured wall-clock timings.
  ///
  /// Headless runs turn them off (`·` in their place): they are the one thing on screen no replay can reproduce.
  package var showsTimings: Bool {
    get { view.showsTimings }
    set { view.showsTimings = newValue }
  }
  /// Whether the user asked to quit.
  package internal(set) var isFinished: Bool {
    get { view.isFinished }
    set { view.isFinished = newValue }
  }
  /// Whether log lines start with their time on the app's clock (`t`).
  package var showsTimestamps: Bool {
    get { view.showsTimestamps }
    set { view.showsTimestamps = newValue }
  }

  /// Creates the app with every scene built and the first one shown.
  ///
  /// - Parameters:
  ///   - size: The screen size.
  ///   - colors: Whether to draw colours.
  ///   - trace: A tracer that also receives every record of every scene (`--trace`).
  ///   - builtInScenes: Whether the six built-in scenes come first.
  ///   - extra: Scenes of the user's own (Swift or tree files), after the built-in ones; their
  ///     ids must differ from each other and from the built-in ones.
  package init(
    size: Size, colors: Bool = true, trace: (any Tracer)? = nil, builtInScenes: Bool = true,
    scenes extra: [any Scene] = []
  ) {
    let clock = VirtualClock()
    var scenes: [any Scene] = []
    var tracers: [SceneTracer] = []
    func adopt(_ id: String, _ make: (SceneContext) -> any Scene) {
      let tracer = SceneTracer()
      tracer.forward = trace
      // Set before the scene is built: its set-up records (a producer) name it too.
      tracer.sceneID = id
      let context = SceneContext(clock: clock, tracer: tracer)
      let scene = make(context)
      // A refused dispatch never walked, so no node heard it: its target's log says why here.
      // NB: through a main-actor box, not `[weak scene]`: the optimizer's region analysis
      // refuses sending an `any Scene` (not Sendable) into the tracer's closure in release builds.
      let refused = RefusalNotes(scene)
      tracer.onKeep = { dispatch in refused.note(dispatch) }
      scene.root.node.install(tracer)
      scene.root.clock = clock
      for panel in scene.detached { panel.clock = clock }
      scene.start(context)
      scenes.append(scene)
      tracers.append(tracer)
    }
    for id in builtInScenes ? SceneCatalog.ids : [] {
      adopt(id) { SceneCatalog.build(id, context: $0) }
    }
    for scene in extra { adopt(scene.id) { _ in scene } }
    precondition(!scenes.isEmpty, "the explorer needs at least one scene")
    let ids = scenes.map(\.id)
    precondition(Set(ids).count == ids.count, "scene ids must be unique: \(ids)")
    model = AppModel(scenes: scenes, tracers: tracers, clock: clock)
    // Start where the keys that post events are: the first leaf with keys.
    let focusedNames = scenes.map { scene in
      (scene.allPanels.first { $0.children.isEmpty && !$0.keys.isEmpty }
        ?? scene.allPanels.first { !$0.keys.isEmpty }
        ?? scene.allPanels.first { $0.children.isEmpty } ?? scene.root).name
    }
    view = AppViewState(size: size, colors: colors, focusedNames: focusedNames)
    modes.apply(.sceneSwitched(field: focusedPanelIsField))
  }

  /// Creates the app showing scenes built elsewhere (`chaintui inspect`'s sessions), each with
  /// the tracer that routes its records; the first is shown.
  ///
  /// - Parameters:
  ///   - size: The screen size.
  ///   - colors: Whether to draw colours.
  ///   - scenes: At least one scene, with its tracer.
  package init(size: Size, colors: Bool = true, scenes: [(any Scene, SceneTracer)]) {
    precondition(!scenes.isEmpty, "an app needs a scene")
    model = AppModel(scenes: scenes.map(\.0), tracers: scenes.map(\.1), clock: VirtualClock())
    view = AppViewState(size: size, colors: colors, focusedNames: scenes.map { _ in nil })
  }

  /// Adds a scene as the last tab (a new `chaintui inspect` session) and shows it.
  ///
  /// - Parameters:
  ///   - scene: The scene.
  ///   - tracer: The tracer that routes its records.
  package func append(_ scene: any Scene, tracer: SceneTracer) {
    model.scenes.append(scene)
    model.tracers.append(tracer)
    view.focusedNames.append(nil)
    sceneIndex = scenes.count - 1
    model.tabsGeneration &+= 1
  }

  /// Parks the inspector of the scene left and takes out the one of the scene shown.
  ///
  /// The first time it is fresh (following the newest record). Its selection and scope stay with
  /// the scene; the switch ends the modes, so it opens closed, unfiltered and without "why".
  private func switchInspector(from old: Int) {
    view.parkedInspectors[old] = inspector
    inspector = view.parkedInspectors.removeValue(forKey: sceneIndex) ?? Inspector()
  }

  /// Sets the inspector's visibility, filter editing and "why" from the modes; a filter whose
  /// mode ended is cleared.
  private func inspectorFollowsModes(from old: ExplorerModes) {
    inspector.isVisible = modes.has(.inspector)
    // Opened again, it sits beside the panels: the whole screen is asked for each time.
    if !inspector.isVisible { inspector.fillsScreen = false }
    inspector.isEditingFilter = modes.isTypingFilter
    if case .why(let panel) = modes.mode(.why) {
      inspector.whyPanel = panel
    } else {
      inspector.whyPanel = nil
    }
    if !modes.has(.filter) { inspector.filterText = "" }
  }

  /// Redraws the tab bar on the next frame: a scene's title changed.
  package func titlesChanged() { model.tabsGeneration &+= 1 }

  /// The scene on screen.
  package var scene: any Scene { scenes[sceneIndex] }

  /// Shows the scene with this id; `false` if there is none.
  @discardableResult
  package func select(sceneID: String) -> Bool {
    guard let index = scenes.firstIndex(where: { $0.id == sceneID }) else { return false }
    sceneIndex = index
    return true
  }

  /// Shows the scene at a tab index; out-of-range indexes are ignored.
  package func select(sceneAt index: Int) {
    guard scenes.indices.contains(index) else { return }
    sceneIndex = index
  }

  /// The inspector's items (records of every kind) of the scene on screen, oldest first.
  package var inspectorItems: ArraySlice<InspectorItem> { tracers[sceneIndex].items }

  /// The dispatches of the scene on screen, oldest first.
  package var dispatches: [DispatchRecord] { Array(tracers[sceneIndex].dispatches) }

  /// The highest id among the dispatches of the scene on screen, without scanning them.
  package var highestDispatchID: UInt64? { tracers[sceneIndex].highestKeptID }

  /// Changes the screen size; the next frame (or hit test) lays out anew.
  package func resize(to size: Size) { self.size = size }

  /// Advances the virtual clock, firing due timers.
  package func advance(by duration: Duration) { clock.advance(by: duration) }

  /// Asks the app to finish; the runner stops after the current key.
  package func quit() { isFinished = true }

  /// The log of a panel, looked up in the scene on screen first, then in the others; `nil` if
  /// no scene has a panel of that name.
  package func log(ofPanel name: String) -> [String]? {
    let order = [scene] + scenes.filter { $0 !== scene }
    return order.lazy.compactMap { $0.panel(named: name) }.first.map { Array($0.log.lines) }
  }
}

/// Notes a refused dispatch in its target panel's log: a refused dispatch never walked, so no
/// node heard it, and the scene's tracer is the only one to see it.
@MainActor
private final class RefusalNotes {
  private weak var scene: (any Scene)?

  init(_ scene: any Scene) { self.scene = scene }

  func note(_ dispatch: DispatchRecord) {
    guard DispatchLines.wasRefused(dispatch) else { return }
    scene?.panel(named: dispatch.origin)?.note(DispatchLines.refusalLine(for: dispatch))
  }
}
