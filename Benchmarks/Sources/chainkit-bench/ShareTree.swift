import ChainKit

/// A ChainKit tree shaped like the preorder peer's (`TreeShape`), with one data subscriber at
/// each descendant, for sharing a value down from the root.
@MainActor
final class ShareTree {
  /// The nodes, root first, in breadth-first order; the tree owns them.
  let nodes: [Node]

  /// The root, where values are shared.
  var root: Node { nodes[0] }

  /// Where subscribers accumulate; the chain fixture owns and frees it.
  let counter: UnsafeMutablePointer<Int>
  private let owner = ChainFixture(depth: 1)

  init(descendants: Int) {
    counter = owner.counter
    let counter = counter
    var nodes = [Node("share.root")]
    for (index, parent) in TreeShape.parents(count: descendants).enumerated() {
      let node = Node("share.\(index + 1)")
      do { try node.mount(at: nodes[parent]) } catch { preconditionFailure("mount: \(error)") }
      let step = Sink.opaque((index + 1) | 1)
      node.subscribe(DataCases.shared) { value in counter.pointee &+= (value ?? 0) ^ step }
      nodes.append(node)
    }
    self.nodes = nodes
  }
}
