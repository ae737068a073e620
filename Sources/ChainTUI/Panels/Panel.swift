package import ChainKit

/// A box on screen that owns one ChainKit node: the panel tree is the node tree.
///
/// A panel is composed with its node, never a subclass of one: its ``node`` is what events are
/// posted to and heard at, and adding a child panel mounts the child's node under this one. A
/// panel shows a few body lines (its state, kept up to date by its scene), the keys that do
/// something while it has focus, and a log of what reached it.
@MainActor
package final class Panel {
  /// The panel's node; its name is the panel's name.
  package let node: Node
  /// The panel's title in its border (the node's name unless a scene chose otherwise).
  package var title: String
  /// The panel whose node this panel's node is mounted under, if it is in a tree.
  package private(set) weak var parent: Panel?
  /// The child panels, in layout order.
  package private(set) var children: [Panel] = []
  /// How children are placed: side by side or stacked.
  package var axis: Layout.Axis = .horizontal
  /// The panel's share of its parent's space relative to its siblings.
  package var weight = 1
  /// A fixed length along the parent's axis (rows or columns), when there is room; `nil` shares
  /// by ``weight``.
  package var length: Int?
  /// The state the panel shows above its log, drawn first.
  package var body: [StyledLine] = []
  /// The keys that do something while this panel has focus.
  package var keys: [PanelKey] = [] {
    didSet { Self.generation &+= 1 }
  }
  /// What reached the panel, newest last.
  package var log = PanelLog()
  /// Whether a leaf shows its log under its body; off for leaves whose body is all they show.
  package var showsLog = true
  /// Rows of the log shown by a panel with children (a leaf uses what is left).
  package var logRows = 2
  /// The accent colour of the border.
  package var accent: Style.Color = .blue
  /// Bumped whenever any panel's keys or place in a tree change, so text made from a panel's
  /// tree path and keys (the status bar) can be kept until it does.
  static private(set) var generation = 0
  /// Whether Tab stops here even though the panel has children (it has its own keys).
  package var isFocusStop: Bool { children.isEmpty || !keys.isEmpty }

  /// Creates a panel and its node.
  ///
  /// - Parameters:
  ///   - name: The node's name, unique within a scene (logs and scripts find panels by it).
  ///   - title: The border title; the name when `nil`.
  package init(_ name: String, title: String? = nil) {
    node = Node(name)
    self.title = title ?? name
    hearOwnNode()
  }

  /// The panel's name, which is its node's name.
  package var name: String { node.name }

  /// Adds a child panel at the end and mounts its node under this panel's node.
  ///
  /// - Parameter child: A panel without a parent.
  package func add(_ child: Panel) {
    precondition(child.parent == nil, "panel \(child.name) already has a parent")
    do {
      try child.node.mount(at: node)
    } catch {
      preconditionFailure("mounting panel \(child.name) under \(name): \(error)")
    }
    child.parent = self
    children.append(child)
    Self.generation &+= 1
  }

  /// Removes a child panel and unmounts its node; the child keeps its own subtree.
  ///
  /// - Parameter child: One of this panel's children.
  package func remove(_ child: Panel) {
    guard let index = children.firstIndex(where: { $0 === child }) else { return }
    children.remove(at: index)
    child.node.unmount(from: node)
    child.parent = nil
    Self.generation &+= 1
  }

  /// Adds a line to the log.
  package func note(_ line: String) { log.append(line) }

  /// This panel and every panel below it, parents before children, in layout order.
  package var subtree: [Panel] {
    [self] + children.flatMap(\.subtree)
  }

  /// The first panel of ``subtree`` that matches, found without building the subtree.
  package func first(where matches: (Panel) -> Bool) -> Panel? {
    if matches(self) { return self }
    for child in children {
      if let found = child.first(where: matches) { return found }
    }
    return nil
  }

  /// The names from the root of the panel tree down to this panel.
  package var treePath: [String] {
    (parent?.treePath ?? []) + [name]
  }
}
