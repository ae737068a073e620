/// Parent and child links, kept so that each side can find the other in O(1).
extension NodeCore {
  /// Adds `parent` after the existing parents.
  ///
  /// Both must belong to one runtime: a path, a dispatch and a share walk nodes through the
  /// runtime of the node they start from, so a link between two runtimes would let one's
  /// operations run at the other's depth and defer work to a runtime that never settles it.
  func link(to parent: NodeCore) {
    precondition(
      parent.runtime === runtime,
      "cannot mount '\(name)' at '\(parent.name)': the two nodes belong to different runtimes")
    parents.append(parent)
    slotsInParents.append(parent.children.append(self))
    join(parent)
  }

  /// Removes `parent` from the parents, and this node from its children, in O(1) amortised.
  func unlink(from parent: NodeCore) {
    guard let index = parentIndex(of: parent) else { return }
    parent.children.remove(self, at: slotsInParents[index])
    parent.children.compactIfSparse(owner: parent)
    parents.remove(at: index)
    slotsInParents.remove(at: index)
    touch()
  }

  /// Drops `parent` from the parents without touching its children (it is clearing them).
  func forgetParent(_ parent: NodeCore) {
    guard let index = parentIndex(of: parent) else { return }
    parents.remove(at: index)
    slotsInParents.remove(at: index)
    touch()
  }

  /// Records that this node moved to `slot` in `parent`'s children.
  func updateSlot(in parent: NodeCore, to slot: Int) {
    guard let index = parentIndex(of: parent) else { return }
    slotsInParents[index] = slot
  }

  /// The index of `parent` in ``parents``, if it is one.
  ///
  /// NB: a loop, not `firstIndex(where: { $0 === parent })`: the compiler checks the executor
  /// in that main-actor closure on every element it is called for (a call to
  /// `swift_task_isCurrentExecutor`), and each mount and unmount looks a parent up two or three
  /// times (`bubble64.mountOnly`; see BENCHMARKS.md).
  func parentIndex(of parent: NodeCore) -> Int? {
    var index = 0
    while index < parents.count {
      if parents[index] === parent { return index }
      index += 1
    }
    return nil
  }

  /// Whether `other` is this node or one of its ancestors.
  func hasAncestorOrSelf(_ other: NodeCore) -> Bool {
    if self === other { return true }
    // A chain (one parent per node, the common case) needs no stack, so no allocation.
    var core = self
    while core.parents.count == 1 {
      core = core.parents[0]
      if core === other { return true }
    }
    if core.parents.isEmpty { return false }
    let epoch = runtime.nextEpoch()
    var stack: ContiguousArray<NodeCore> = [core]
    while let core = stack.popLast() {
      if core === other { return true }
      if core.mark == epoch { continue }
      core.mark = epoch
      stack.append(contentsOf: core.parents)
    }
    return false
  }
}
