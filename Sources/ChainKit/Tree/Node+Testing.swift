/// What a test of the invariant checks breaks, through the testing SPI.
@_spi(Testing)
extension Node {
  /// An invariant of a node or its runtime that ``corrupt(_:)`` breaks.
  public enum Corruption: Sendable {
    /// The node's record of its slot among its first parent's children points past them;
    /// caught by the node's next mount, unmount or release ("stale slot in parent").
    case staleSlotInParent
    /// The node's runtime records a runaway that no settling is due to end; caught when the
    /// next outermost operation returns ("a runaway left set").
    case runawayLeftSet
    /// The node's runtime keeps a replaced path that no settling is due to drop; caught when the
    /// next outermost operation returns, an observed one included ("deferred work left
    /// unsettled").
    case deferredWorkLeftUnsettled
  }

  /// Breaks one invariant of this node or of its runtime, so that a test can show the next
  /// operation catches it.
  ///
  /// Only for tests of the checks that builds with `CHAINKIT_INVARIANTS` run; no operation is
  /// safe on what it leaves behind in any build.
  ///
  /// - Parameter corruption: The invariant to break.
  public func corrupt(_ corruption: Corruption) {
    switch corruption {
    case .staleSlotInParent:
      guard !core.slotsInParents.isEmpty else { return }
      core.slotsInParents[0] = core.parents[0].children.entries.count
    case .runawayLeftSet:
      core.runtime.runaway = true
    case .deferredWorkLeftUnsettled:
      core.runtime.retired.paths.append(core.cachedPath)
    }
  }
}
