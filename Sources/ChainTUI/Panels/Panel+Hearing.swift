import ChainKit

/// How a panel's log hears what reaches it: from its own node, through ChainKit's per-node
/// observer, so neither a tracer nor a lookup by name is on the way (two panels with the same
/// name keep separate logs).
extension Panel {
  /// Writes one line into the log for each phase in which an event or request reaches this
  /// panel's node, in the order the dispatches were posted.
  ///
  /// A capture phase in which nothing ran here is left out: every ancestor of a target is passed
  /// on the way down, and a line for each would bury what happened.
  ///
  /// The observer lives as long as the node (the token is not kept: dropping it does not end
  /// it), and holds the panel weakly.
  func hearOwnNode() {
    node.observeActivity { [weak self] activity in
      guard !(activity.phase == .capture && activity.passed) else { return }
      self?.note(DispatchLines.line(for: activity))
    }
  }

  /// Notes in both logs that `child` was mounted under this panel, or unmounted from it; for
  /// scenes that change their tree while it is shown.
  func noteMount(of child: Panel, mounted: Bool) {
    child.note(mounted ? "mounted under \(name)" : "unmounted from \(name)")
    note(mounted ? "\(child.name) mounted here" : "\(child.name) unmounted from here")
  }
}
