/// A parent walk over `unowned(unsafe)` parent links, one closure per hop.
///
/// NB: `unowned(unsafe)` skips the unowned refcount but loading the link into a strong local
/// still retains and releases it once per hop; this is the cost the floor avoids.
final class UnsafeParentChain {
  /// One node of the chain.
  final class Link {
    unowned(unsafe) let parent: Link?
    let handler: Handler

    init(parent: Link?, handler: Handler) {
      self.parent = parent
      self.handler = handler
    }
  }

  /// Every node, root first; owns them all.
  private let links: [Link]

  /// Builds a chain of `depth` nodes, one handler each.
  init(depth: Int) {
    var links: [Link] = []
    for handler in Handler.make(depth) {
      links.append(Link(parent: links.last, handler: handler))
    }
    self.links = links
  }

  /// Walks from the deepest node to the root, calling each node's handler.
  @inline(never)
  func post(_ value: Int) -> Int {
    var result = value
    var next = links.last
    while let node = next {
      result = node.handler.call(result)
      next = node.parent
    }
    return result
  }
}
