import ChainKit
import ChainKitTracing

/// The inspector's "why": for the selected dispatch and a chosen panel, why each of the panel's
/// listeners ran or did not (``ListenerWhy``).
extension App {
  /// The dispatch the inspector's details show: the selected one, or the newest.
  var detailedDispatch: DispatchRecord? {
    let entries = inspectorEntries
    if let id = inspector.selectedID, let position = entries.position(ofID: id) {
      return entries[position].item.dispatch
    }
    return entries.last(where: { $0.item.dispatch != nil })?.item.dispatch
  }

  /// Why each listener of a panel of the scene on screen ran or not for a dispatch.
  ///
  /// - Parameters:
  ///   - name: The panel's name; any panel of the scene, on the path or not.
  ///   - dispatch: Fields the dispatch has (its newest kept match is explained), or `nil` for
  ///     the detailed dispatch.
  /// - Returns: The explanation's lines; `nil` if the scene has no such panel, or no kept
  ///   dispatch matches.
  package func why(ofPanel name: String, dispatch: EventPattern? = nil) -> [String]? {
    guard let panel = scene.panel(named: name),
      let record = dispatch.map(newestKeptDispatch(matching:)) ?? detailedDispatch
    else { return nil }
    return ListenerWhy.lines(for: panel, in: record) { [scene] in scene.panel(named: $0) }
  }

  /// The newest dispatch of the scene on screen that a pattern matches, among those kept.
  private func newestKeptDispatch(matching pattern: EventPattern) -> DispatchRecord? {
    tracers[sceneIndex].dispatches.last(where: pattern.matches)
  }

  /// The panels `w` goes through: those on the detailed dispatch's path first (target first,
  /// as it bubbles), then every other panel of the scene in tree order.
  var whyPanelOrder: [String] {
    var names: [String] = []
    var seen: Set<String> = []
    let panels = scene.allPanels
    let known = Set(panels.map(\.name))
    for name in detailedDispatch?.path ?? []
    where known.contains(name) && seen.insert(name).inserted {
      names.append(name)
    }
    for panel in panels where seen.insert(panel.name).inserted { names.append(panel.name) }
    return names
  }

  /// Moves the inspector's "why" to the next panel of ``whyPanelOrder``, after the last back to
  /// the first; `esc` turns it off.
  func cycleWhyPanel() {
    let names = whyPanelOrder
    guard !names.isEmpty else { return }
    guard let current = inspector.whyPanel, let index = names.firstIndex(of: current) else {
      modes.apply(.open(.why(panel: names[0])))
      return
    }
    modes.apply(.open(.why(panel: names[(index + 1) % names.count])))
  }
}
