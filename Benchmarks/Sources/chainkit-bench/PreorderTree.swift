/// The hand-written peer of sharing a value down: a tree of objects, one subscriber closure per
/// descendant, and a preorder walk with an explicit stack.
final class PreorderTree {
  /// One node: its children in order and its subscriber.
  final class Node {
    var children: [Node] = []
    let handler: Handler

    init(handler: Handler) {
      self.handler = handler
    }
  }

  /// The root; the value is delivered to its descendants, not to the root.
  let root: Node

  /// Number of descendants.
  let count: Int

  /// Builds a tree whose shape is `TreeShape.parents(count:)`.
  init(descendants: Int) {
    let handlers = Handler.make(descendants + 1)
    var nodes = [Node(handler: handlers[0])]
    for (index, parent) in TreeShape.parents(count: descendants).enumerated() {
      let node = Node(handler: handlers[index + 1])
      nodes[parent].children.append(node)
      nodes.append(node)
    }
    root = nodes[0]
    count = descendants
  }

  /// Delivers `value` to every descendant in preorder, children in order.
  @inline(never)
  func share(_ value: Int) -> Int {
    Self.visitChildren(of: root, value)
  }

  /// The natural hand-written form: recursion over the children arrays.
  private static func visitChildren(of node: Node, _ value: Int) -> Int {
    var result = value
    for child in node.children {
      result = child.handler.call(result)
      result = visitChildren(of: child, result)
    }
    return result
  }
}

/// The shape of the trees used for sharing down, so that ChainKit and the peer walk the same tree.
enum TreeShape {
  /// Children per inner node.
  static let fanout = 10

  /// Parent index of each of `count` descendants, numbered from 1 in breadth-first order; the
  /// root is index 0.
  static func parents(count: Int) -> [Int] {
    (1...max(count, 1)).prefix(count).map { ($0 - 1) / fanout }
  }
}
