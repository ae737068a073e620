/// A node's children in mount order, with O(1) removal.
///
/// A removed child leaves a hole (`nil`) instead of shifting the others, and each child knows
/// its index here (`NodeCore/slotsInParents`), so a child leaving (an unmount, or its release)
/// costs O(1); the list is compacted once holes outnumber children, so releasing every child of
/// a node one by one is linear in their number. Walks skip holes.
@MainActor
struct ChildList {
  /// The children and holes, in mount order.
  private(set) var entries: ContiguousArray<NodeCore?> = []
  private var holes = 0

  nonisolated init() {}

  var isEmpty: Bool { entries.count == holes }

  /// The children, in mount order.
  var live: [NodeCore] { entries.compactMap { $0 } }

  /// Appends a child; returns its index.
  mutating func append(_ child: NodeCore) -> Int {
    entries.append(child)
    return entries.count - 1
  }

  /// Leaves a hole where `child` was.
  ///
  /// `index` is the slot the child records (``NodeCore/slotsInParents``); builds with
  /// `CHAINKIT_INVARIANTS` trap if the child is not there, as every unmount and release finds
  /// its slot through it.
  mutating func remove(_ child: NodeCore, at index: Int) {
    let found = index >= 0 && index < entries.count && entries[index] === child
    #if CHAINKIT_INVARIANTS
      precondition(found, "'\(child.name)': stale slot in a parent")
    #endif
    guard found else { return }
    entries[index] = nil
    holes += 1
  }

  /// Drops the holes once they outnumber the children, telling each moved child its new index
  /// in `owner`'s list.
  mutating func compactIfSparse(owner: NodeCore) {
    guard holes > 4, holes * 2 > entries.count else { return }
    var kept = 0
    for index in entries.indices {
      guard let child = entries[index] else { continue }
      entries[kept] = child
      child.updateSlot(in: owner, to: kept)
      kept += 1
    }
    entries.removeLast(entries.count - kept)
    holes = 0
  }

  /// Removes every child (the node is gone); returns them.
  mutating func removeAll() -> [NodeCore] {
    let children = live
    entries = []
    holes = 0
    return children
  }

  /// Traps with a message if an invariant does not hold.
  func checkInvariants(owner: NodeCore) {
    #if CHAINKIT_INVARIANTS
      precondition(entries.count { $0 == nil } == holes, "holes miscounted")
      for (index, child) in entries.enumerated() {
        guard let child else { continue }
        let link = child.parents.firstIndex { $0 === owner }
        precondition(link != nil, "'\(child.name)' is a child of '\(owner.name)' without the link")
        if let link { precondition(child.slotsInParents[link] == index, "stale child index") }
      }
    #endif
  }
}
