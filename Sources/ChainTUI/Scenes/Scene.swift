/// One screen of the explorer: a panel hierarchy that shows one way of using ChainKit.
///
/// A scene builds its panels (and so its node tree) when it is created and keeps them up to date
/// from its own listeners; the app only lays them out, moves focus among them and routes keys to
/// the focused panel's ``PanelKey``s.
@MainActor
package protocol Scene: AnyObject {
  /// The name `--scene` takes ("domino", "router", ...).
  var id: String { get }
  /// The tab's label ("Event chain").
  var title: String { get }
  /// The root of the scene's panel tree.
  var root: Panel { get }
  /// Roots of subtrees currently not under ``root`` (the playground's unmounted subtree).
  var detached: [Panel] { get }
  /// How events flow in this scene, a few short lines for the help overlay.
  var flow: [String] { get }
}

extension Scene {
  /// No detached subtrees.
  package var detached: [Panel] { [] }

  /// Every panel of the scene, the tree first, then detached subtrees.
  package var allPanels: [Panel] {
    ([root] + detached).flatMap(\.subtree)
  }

  /// The panel with this name, if the scene has one.
  package func panel(named name: String) -> Panel? {
    // Searched in place rather than through `allPanels`: tracers look up a panel per log line.
    firstPanel { $0.name == name }
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
