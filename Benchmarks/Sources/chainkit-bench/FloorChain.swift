/// The floor: a parent walk with one closure call per hop and no reference counting at all.
///
/// Parent links are `Unmanaged` and every hop borrows the node with `_withUnsafeGuaranteedRef`,
/// so no retain or release is emitted. Sound here only because nothing frees a node during a walk.
final class FloorChain {
  /// One node of the chain.
  final class Link {
    let parent: Unmanaged<Link>?
    let handler: Handler

    init(parent: Link?, handler: Handler) {
      self.parent = parent.map { Unmanaged.passUnretained($0) }
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
    guard let leaf = links.last else { return value }
    var result = value
    var next: Unmanaged<Link>? = Unmanaged.passUnretained(leaf)
    while let link = next {
      next = link._withUnsafeGuaranteedRef { node in
        result = node.handler.call(result)
        return node.parent
      }
    }
    return result
  }
}
