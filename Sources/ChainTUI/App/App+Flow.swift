import ChainKit

/// The last dispatch's path, lit up on the panels, and the step key that replays it hop by hop.
extension App {
  /// The dispatch the panels light up: the one replayed while stepping, else the one selected
  /// in the inspector, else the newest dispatch that no other posted.
  var flowDispatch: DispatchRecord? {
    let all = dispatches
    if let id = flowStep?.id { return all.last { $0.id == id } }
    if inspector.isVisible, inspector.selectedID != nil, let selected = detailedDispatch {
      return selected
    }
    return all.last { $0.parent == nil } ?? all.last
  }

  /// The lit path: marks per node, and the node of the current step while stepping.
  var flowMarks: (marks: [String: (text: String, outcome: FlowPath.Outcome)], current: String?)? {
    guard let record = flowDispatch else { return nil }
    let path = FlowPath(record)
    guard let step = flowStep, step.id == record.id else { return (path.marks(), nil) }
    let shown = min(step.count, path.steps.count)
    return (path.marks(upTo: shown), shown > 0 ? path.steps[shown - 1].node : nil)
  }

  /// Replays the lit dispatch one more hop (`n`): the first press shows its first hop only, the
  /// next ones add a hop each, and a press after the last shows the whole path again.
  func stepFlow() {
    guard let record = flowDispatch else { return }
    let total = record.hops.count
    if let step = flowStep, step.id == record.id {
      flowStep = step.count < total ? (record.id, step.count + 1) : nil
    } else {
      flowStep = total > 0 ? (record.id, 1) : nil
    }
  }

  /// The status line's account of the step being replayed ("step 2/4: left bub handled").
  var flowStepText: String? {
    guard let step = flowStep, let record = flowDispatch, step.id == record.id else { return nil }
    let path = FlowPath(record)
    guard step.count > 0, step.count <= path.steps.count else { return nil }
    let current = path.steps[step.count - 1]
    return
      "step \(step.count)/\(path.steps.count) of \(record.key): \(current.node) \(current.label)"
  }
}
