package import ChainKit

/// Builds a line of nodes, each mounted under the one before (`chain("root", "middle", "leaf")`),
/// and returns them root first; the caller owns them.
@MainActor
package func chain(_ names: String...) throws -> [Node] {
  let nodes = names.map { Node($0) }
  for index in nodes.indices.dropFirst() {
    try nodes[index].mount(at: nodes[index - 1])
  }
  return nodes
}

/// The smallest tree in which a node has two paths to one ancestor: `left` and `right` under
/// `root`, and `leaf` under both (its path: leaf, left, root, right).
///
/// NB: parents are held weakly; keep the diamond (or each node) alive for as long as the test
/// needs the tree.
@MainActor
package struct Diamond {
  package let root = Node("root")
  package let left = Node("left")
  package let right = Node("right")
  package let leaf = Node("leaf")

  package init() throws {
    try left.mount(at: root)
    try right.mount(at: root)
    try leaf.mount(at: left)
    try leaf.mount(at: right)
  }

  /// The four nodes, to bind as locals: `let (root, left, right, leaf) = try Diamond().nodes`.
  package var nodes: (root: Node, left: Node, right: Node, leaf: Node) { (root, left, right, leaf) }
}
