extension NodeCore {
  /// Whether linking this node to `parent`, or unlinking it, can change a value some subscriber
  /// in this node's subtree resolves: only if `parent`'s path holds a shared value *and* the
  /// subtree holds a subscriber.
  ///
  /// NB: the two searches advance in alternation and the first to come back empty decides, so
  /// the cost is about twice the smaller of the two walks. Building a deep tree top-down (a leaf
  /// under a deep parent) or bottom-up (a deep subtree under a fresh root) therefore stays linear
  /// even while subscriptions exist elsewhere in the process.
  func linkMayChangeSharedData(parent: NodeCore) -> Bool {
    guard runtime.data.subscriberCount > 0 else { return false }
    var up = GraphSearch(
      from: parent, next: { Array($0.parents) }, matches: { $0.data?.slots.isEmpty == false })
    var down = GraphSearch(
      from: self, next: { $0.children.live },
      matches: { $0.data?.subscribers.isEmpty == false })
    while true {
      switch up.step() {
      case .found: break
      case .exhausted: return false
      case .searching: break
      }
      switch down.step() {
      case .found: return up.finish()
      case .exhausted: return false
      case .searching: break
      }
      if up.isFound { return down.finish() }
    }
  }
}

/// A depth-first search over parents or children that advances one node per step.
@MainActor
struct GraphSearch {
  enum Step { case found, exhausted, searching }

  private var stack: ContiguousArray<NodeCore>
  private var seen = Set<ObjectIdentifier>()
  private let next: (NodeCore) -> [NodeCore]
  private let matches: (NodeCore) -> Bool
  private(set) var isFound = false

  init(
    from start: NodeCore, next: @escaping (NodeCore) -> [NodeCore],
    matches: @escaping (NodeCore) -> Bool
  ) {
    stack = [start]
    self.next = next
    self.matches = matches
  }

  /// Visits one more node.
  mutating func step() -> Step {
    if isFound { return .found }
    while let core = stack.popLast() {
      guard seen.insert(ObjectIdentifier(core)).inserted else { continue }
      if matches(core) {
        isFound = true
        return .found
      }
      stack.append(contentsOf: next(core))
      return .searching
    }
    return .exhausted
  }

  /// Runs to the end: whether a match exists.
  mutating func finish() -> Bool {
    while true {
      switch step() {
      case .found: return true
      case .exhausted: return false
      case .searching: continue
      }
    }
  }
}
