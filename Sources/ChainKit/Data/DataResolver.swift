/// Resolves the nearest shared value for one key over many nodes at once, remembering what it
/// found, so that resolving every node of a subtree costs O(nodes) instead of O(nodes × depth).
///
/// A node's nearest value is its own, else the first of its parents' nearest values in mount
/// order: that is exactly the first provider on its path, because a path is the node followed by
/// its parents' paths depth-first. Only valid while no user code runs (the graph must not change).
@MainActor
struct DataResolver {
  let keyID: Int
  private var memo: [ObjectIdentifier: SharedSlot?] = [:]

  init(keyID: Int) { self.keyID = keyID }

  /// The slot nearest to `core` for the key, or `nil` if no node on its path shares one.
  mutating func resolve(_ core: NodeCore) -> SharedSlot? {
    // Walks up single-parent links iteratively (trees may be 100,000 deep) until an answer is
    // known, then remembers it for every node walked.
    var walked: ContiguousArray<NodeCore> = []
    var current = core
    var result: SharedSlot?
    while true {
      if let slot = current.data?.slot(for: keyID) {
        result = slot
        break
      }
      if let known = memo[ObjectIdentifier(current)] {
        result = known
        break
      }
      walked.append(current)
      if current.parents.count == 1 {
        current = current.parents[0]
        continue
      }
      result = current.parents.isEmpty ? nil : Self.nearest(from: current, keyID: keyID)
      break
    }
    for core in walked { memo.updateValue(result, forKey: ObjectIdentifier(core)) }
    return result
  }

  /// The first slot for `keyID` along `core`'s cached path.
  static func nearest(from core: NodeCore, keyID: Int) -> SharedSlot? {
    for candidate in core.path {
      if let slot = candidate.data?.slot(for: keyID) { return slot }
    }
    return nil
  }
}
