/// What users write instead of an event library: a weak parent link and an array of closures per
/// node, the event walked up by hand.
final class WeakChain {
  /// One node: a weak parent and its listeners.
  final class Node {
    weak var parent: Node?
    var handlers: [Handler] = []
  }

  /// Every node, root first; owns them all.
  private let nodes: [Node]

  /// Builds a chain of `depth` nodes with `listeners` handlers each.
  init(depth: Int, listeners: Int = 1) {
    var nodes: [Node] = []
    for _ in 0..<depth {
      let node = Node()
      node.parent = nodes.last
      node.handlers = Handler.make(listeners)
      nodes.append(node)
    }
    self.nodes = nodes
  }

  /// Posts from the deepest node: every handler on the way up, in order.
  @inline(never)
  func post(_ value: Int) -> Int {
    var result = value
    var next = nodes.last
    while let node = next {
      for handler in node.handlers {
        result = handler.call(result)
      }
      next = node.parent
    }
    return result
  }
}
