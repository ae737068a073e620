import ChainKit
import ChainKitTracing
package import Foundation

/// A scene built from a tree file: one ``Panel`` per `panel` line, its node mounted under its
/// parent's (and under every `mount` parent), with the keys, listeners, responders, shared data,
/// fields and bus channels the file describes.
///
/// What each panel is doing shows in its body (its fields, the data it subscribed to, the
/// events it handled, the answers its requests got); what reached it shows in its log, written
/// by the explorer from the trace like any scene's. Panels with several parents say so, with
/// the path their events take.
@MainActor
package final class TreeScene: FileBackedScene {
  package let id: String
  package let title: String
  package let root: Panel
  package private(set) var flow: [String]
  package let file: URL
  /// The description the scene was built from.
  package let tree: TreeFile
  /// The panels, at the same indexes as the tree's.
  let panels: [Panel]
  /// What each panel shows below its `text` lines, by panel index.
  var state: [TreePanelState]
  /// Fields by `panel.field`.
  var fields: [String: Property<String>] = [:]
  /// Bus channels by name.
  var buses: [String: EventBus] = [:]
  /// Bus subscriptions, producers, bindings and timers, ended with the scene.
  var tokens: [Subscription] = []
  var timers: [SceneTimer] = []
  /// The field (`panel.field`) a key or listener is setting, so that its log says "change"
  /// while the fields bound to it say "update".
  var settingField: String?

  /// Builds the panels and nodes of a checked tree file.
  ///
  /// - Parameters:
  ///   - tree: A tree from ``TreeFileLoader``, whose checks it relies on.
  ///   - file: The file it came from, for recordings' `tree` lines.
  /// - Throws: ``TreeFileErrors`` if ChainKit refuses a mount the checks let through.
  package init(_ tree: TreeFile, file: URL) throws(TreeFileErrors) {
    self.tree = tree
    self.file = file
    id = tree.id
    title = tree.title
    flow = tree.flow
    panels = tree.panels.map { Panel($0.name, title: $0.title) }
    state = tree.panels.map { _ in TreePanelState() }
    guard let first = panels.first else {
      throw TreeFileErrors([
        ScriptSyntaxError("expected a root panel", at: tree.idLocation)
      ])
    }
    root = first
    let parents = Set(tree.panels.compactMap(\.parent))
    for (index, description) in tree.panels.enumerated() {
      layOut(panels[index], as: description, isLeaf: !parents.contains(index))
      if let parent = description.parent { panels[parent].add(panels[index]) }
    }
    try mountExtraParents()
    for index in panels.indices { wire(index) }
    for index in panels.indices { refresh(index) }
  }

  /// Starts what needs the explorer: shared data, producers on its clock, bindings traced.
  package func start(_ context: SceneContext) {
    for bus in buses.values { tokens.append(bus.install(context.tracer)) }
    for (index, description) in tree.panels.enumerated() {
      for share in description.shares {
        panels[index].node.share(share.value.resolved(with: [:]), for: DataKey<String>(share.key))
      }
      for producer in description.producers { startProducer(producer, at: index, context) }
    }
    for binding in tree.bindings {
      let members = binding.members.compactMap { fields["\($0.panel.name).\($0.field)"] }
      let name = binding.members.map { "\($0.panel.name).\($0.field)" }.joined(separator: "=")
      tokens.append(bind(members, name: name, tracer: context.tracer))
    }
  }

  private func layOut(_ panel: Panel, as description: TreePanel, isLeaf: Bool) {
    panel.axis = description.axis
    panel.weight = description.weight
    panel.length = description.length
    panel.accent =
      description.accent ?? (description.parent == nil ? .magenta : isLeaf ? .blue : .cyan)
    if let rows = description.logRows {
      panel.logRows = rows
      panel.showsLog = rows > 0
    }
  }

  /// Mounts each panel's node under its extra parents, and explains them in the bodies and
  /// the help: which parents, and the path events from it take.
  private func mountExtraParents() throws(TreeFileErrors) {
    for mount in tree.mounts {
      guard let child = tree.index(ofPanel: mount.child.name),
        let parent = tree.index(ofPanel: mount.parent.name)
      else { continue }
      do {
        try panels[child].node.mount(at: panels[parent].node)
      } catch {
        throw TreeFileErrors([ScriptSyntaxError("\(error)", at: mount.parent.location)])
      }
      state[child].extraParents.append(mount.parent.name)
      state[parent].mountedHere.append(
        "\(mount.child.name) (drawn under \(panels[child].parent?.name ?? "nothing"))")
    }
    for (index, panel) in panels.enumerated() where !state[index].extraParents.isEmpty {
      let parents = panel.node.parents.map(\.name).joined(separator: ", ")
      let path = panel.node.pathNames.joined(separator: " > ")
      state[index].path = path
      flow.append("\(panel.name) has parents \(parents): its events go \(path).")
    }
  }
}
