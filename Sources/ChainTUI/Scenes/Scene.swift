/// One screen of the explorer: a panel hierarchy that shows how events flow through it.
///
/// A scene builds its panels (and so its node tree) when it is created and keeps their bodies up
/// to date from its own listeners; the explorer lays them out, moves focus among them, routes
/// keys to the focused panel's ``PanelKey``s, and writes what reached each panel into its log.
///
/// <!-- fragment: the shape of a conformance, its init elided; YourOwnScenes runs a whole one -->
/// ```swift
/// @MainActor final class InboxScene: Scene {
///   let id = "inbox"
///   let title = "Inbox"
///   let root = Panel("inbox")
///   let flow = ["A row's enter posts opened; the inbox counts them."]
///   init() { ... }
/// }
/// try await Explorer.run([InboxScene()])
/// ```
///
/// A scene object belongs to one explorer (or one `HeadlessSession`): the explorer installs its
/// tracer on the scene's root and calls ``start(_:)`` once. Make a new scene for each.
@MainActor
public protocol Scene: AnyObject {
  /// The name `--scene` and a script's `scene` line take, such as `"inbox"`; unique among the
  /// explorer's scenes.
  var id: String { get }
  /// The tab's label, such as `"Inbox"`.
  var title: String { get }
  /// The root of the scene's panel tree.
  var root: Panel { get }
  /// Roots of subtrees currently not under ``root``, drawn in a strip on the right; none by
  /// default. Trace them with ``SceneContext/trace(_:)`` so their panels still get log lines.
  var detached: [Panel] { get }
  /// How events flow in this scene, a few short lines for the help overlay; none by default.
  var flow: [String] { get }
  /// Called once when the explorer adopts the scene, before the first frame: start timers on
  /// its clock here. Does nothing by default.
  ///
  /// - Parameter context: The explorer's clock and the scene's tracer.
  func start(_ context: SceneContext)
}

extension Scene {
  /// No detached subtrees.
  public var detached: [Panel] { [] }

  /// No flow lines.
  public var flow: [String] { [] }

  /// Nothing to start.
  public func start(_ context: SceneContext) {}

  /// Every panel of the scene, the tree first, then detached subtrees.
  package var allPanels: [Panel] {
    ([root] + detached).flatMap(\.subtree)
  }

  /// The panel with this name, if the scene has one (the first in ``allPanels`` order).
  ///
  /// Found through an index kept on the root panel, rebuilt only when a panel tree changed:
  /// a search per lookup made a walk over a 100,000-panel tree per log line.
  package func panel(named name: String) -> Panel? {
    if name == root.name { return root }
    if let index = root.nameIndex, index.generation == Panel.generation {
      return index.panels[name]
    }
    var panels: [String: Panel] = [:]
    for panel in allPanels where panel !== root && panels[panel.name] == nil {
      panels[panel.name] = panel
    }
    root.nameIndex = (Panel.generation, panels)
    return panels[name]
  }

  /// The first panel of ``allPanels`` that matches, found without building the list.
  package func firstPanel(where matches: (Panel) -> Bool) -> Panel? {
    if let found = root.first(where: matches) { return found }
    for subtree in detached {
      if let found = subtree.first(where: matches) { return found }
    }
    return nil
  }
}
