/// One line saying what a tree file describes, for `chaintui check`:
/// `scene 'chat' "Chat": 6 panels, 4 keys, 7 listeners, 1 extra parent, 1 binding`.
package struct TreeFileSummary: CustomStringConvertible {
  let tree: TreeFile

  package init(_ tree: TreeFile) {
    self.tree = tree
  }

  package var description: String {
    let counts = [
      (tree.panels.count, "panel"),
      (tree.panels.reduce(0) { $0 + $1.keys.count }, "key"),
      (tree.panels.reduce(0) { $0 + $1.listeners.count }, "listener"),
      (tree.mounts.count, "extra parent"),
      (tree.bindings.count, "binding"),
    ]
    let parts = counts.filter { $0.0 > 0 || $0.1 == "panel" }.map {
      "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")"
    }
    return "scene '\(tree.id)' \"\(tree.title)\": " + parts.joined(separator: ", ")
  }
}
