extension Node {
  /// Adds `parent` as a parent of this node, after any it already has.
  ///
  /// Mounting under a parent the node already has is a no-op. Mounting never affects a dispatch
  /// under way: its path was computed before any listener ran.
  ///
  /// Both nodes must belong to one runtime, and every node made with ``Node/init(_:)`` belongs to
  /// the main actor's; linking nodes of two runtimes is a programmer error and traps.
  ///
  /// - Parameter parent: The new parent.
  /// - Throws: ``MountCycleError`` if `parent` is this node or one of its descendants (the only
  ///   way a mount can fail); the tree is left unchanged.
  public func mount(at parent: Node) throws(MountCycleError) {
    if core.parentIndex(of: parent.core) != nil { return }
    if parent.core === core { throw MountCycleError(child: name, parent: parent.name) }
    // A leaf cannot be above anything and a root cannot be below anything, so the common ways
    // of building a tree need no walk; otherwise walk the parent's ancestors.
    let mayCycle = !core.children.isEmpty && !parent.core.parents.isEmpty
    if mayCycle, parent.core.hasAncestorOrSelf(core) {
      throw MountCycleError(child: name, parent: parent.name)
    }
    core.link(to: parent.core)
    Trace.emitMount(
      .mount(node: name, parent: parent.name, reason: .mounted), at: core)
    if core.runtime.data.mayHaveSubscribersBehind
      || core.linkMayChangeSharedData(parent: parent.core)
    {
      core.reresolveSharedData()
    }
    #if CHAINKIT_INVARIANTS
      core.checkOwnInvariants()
      parent.core.checkOwnInvariants()
    #endif
  }

  /// Removes `parent` from this node's parents; does nothing if it is not one.
  public func unmount(from parent: Node) {
    guard core.parentIndex(of: parent.core) != nil else { return }
    Trace.emitMount(
      .mount(node: name, parent: parent.name, reason: .unmounted), at: core)
    core.unlink(from: parent.core)
    if core.runtime.data.mayHaveSubscribersBehind
      || core.linkMayChangeSharedData(parent: parent.core)
    {
      core.reresolveSharedData(afterRemoval: true)
    }
    #if CHAINKIT_INVARIANTS
      core.checkOwnInvariants()
      parent.core.checkOwnInvariants()
    #endif
  }

  /// Removes every parent of this node.
  public func unmountFromAll() {
    for parent in parents { unmount(from: parent) }
  }

  /// Removes every child of this node (DCFrame's `removeAllSubmodels()`).
  ///
  /// Each child is unmounted from this node as by ``unmount(from:)``, in mount order; a child
  /// keeps its other parents. A child's owner still holds the child: unmounting ends only the
  /// link, as mounting made only the link.
  public func unmountChildren() {
    for child in children { child.unmount(from: self) }
  }

  /// Whether `other` is this node or one of its ancestors.
  public func isDescendant(of other: Node) -> Bool { core.hasAncestorOrSelf(other.core) }
}
