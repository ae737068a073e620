import ChainKit
import ChainKitTracing

/// The last dispatch's path, lit up on the panels, and the replay mode that shows it hop by hop.
extension App {
  /// The dispatch the panels light up: the one replayed, else the one selected in the
  /// inspector, else the newest dispatch that no other posted.
  var flowDispatch: DispatchRecord? {
    // NB: the tracer's slice itself: ``dispatches`` copies every kept record, on each frame.
    let all = tracers[sceneIndex].dispatches
    if let replay = replayStep { return all.last { $0.id == replay.id } }
    if inspector.isVisible, inspector.selectedID != nil, let selected = detailedDispatch {
      return selected
    }
    return Self.lastOutermost(in: all) ?? all.last
  }

  /// The marks kept for a path of the same steps, if any.
  ///
  /// NB: a loop, not `first(where:)`: a main-actor closure there checks the executor for each
  /// path it sees, and every new dispatch asks.
  private static func recentMarks(
    of steps: [FlowPath.Step], in recent: [(steps: [FlowPath.Step], marks: FlowMarks.Marks)]
  ) -> FlowMarks.Marks? {
    for kept in recent where kept.steps == steps { return kept.marks }
    return nil
  }

  /// The newest dispatch that is not nested in another.
  ///
  /// NB: a loop, not `last(where:)`: a main-actor closure there checks the executor for each
  /// record it sees, and this is read on every frame.
  private nonisolated static func lastOutermost(
    in all: ArraySlice<DispatchRecord>
  ) -> DispatchRecord? {
    var index = all.endIndex
    while index > all.startIndex {
      index -= 1
      if all[index].parent == nil { return all[index] }
    }
    return nil
  }

  /// The dispatch being replayed and how many of its hops are shown, while replaying.
  var replayStep: (id: UInt64, count: Int)? {
    guard case .replay(let id, let hops) = modes.mode(.replay) else { return nil }
    return (id, hops)
  }

  /// The lit path: marks per node, and the node of the current step while stepping.
  ///
  /// Kept for the next frame while the dispatch and the steps shown are the same: a kept record
  /// never changes, and every frame draws the marks.
  var flowMarks: FlowMarks? {
    guard let record = flowDispatch else { return nil }
    var step: Int?
    if let replay = replayStep, replay.id == record.id { step = replay.count }
    if let kept = caches.flowMarks, kept.id == record.id, kept.step == step { return kept }
    // The hops through the scene's texts: a new dispatch's row and details read them too.
    let path = FlowPath(record, hops: tracers[sceneIndex].rowText.hops(of: record))
    var made: FlowMarks
    if let step {
      let shown = min(step, path.steps.count)
      made = FlowMarks(
        id: record.id, step: step, marks: path.marks(upTo: shown),
        current: shown > 0 ? path.steps[shown - 1].node : nil)
    } else if let recent = Self.recentMarks(of: path.steps, in: caches.recentFlowMarks) {
      // The marks say only the steps' nodes, phases and outcomes: the same steps, the same marks.
      made = FlowMarks(id: record.id, step: nil, marks: recent, current: nil)
    } else {
      made = FlowMarks(id: record.id, step: nil, marks: path.marks(), current: nil)
      if caches.recentFlowMarks.count >= FlowMarks.recentKept {
        caches.recentFlowMarks.removeFirst()
      }
      caches.recentFlowMarks.append((path.steps, made.marks))
    }
    caches.flowMarks = made
    return made
  }

  /// `n`: the first press replays the lit dispatch's first hop only, the next ones add a hop
  /// each, and a press after the last ends the replay, showing the whole path again.
  func stepFlow() {
    if let step = replayStep {
      guard let record = dispatches.last(where: { $0.id == step.id }),
        step.count < record.hops.count
      else {
        modes.apply(.close(.replay))
        return
      }
      modes.apply(.open(.replay(dispatch: step.id, hops: step.count + 1)))
      return
    }
    guard let record = flowDispatch, !record.hops.isEmpty else {
      flash = "n: nothing to replay"
      return
    }
    modes.apply(.open(.replay(dispatch: record.id, hops: 1)))
  }

  /// The status line's account of the step being replayed ("step 2/4 of cellTapped: table bub
  /// decorated").
  var flowStepText: String? {
    guard let step = replayStep, let record = flowDispatch, step.id == record.id else { return nil }
    let path = FlowPath(record)
    guard step.count > 0, step.count <= path.steps.count else { return nil }
    let current = path.steps[step.count - 1]
    return
      "step \(step.count)/\(path.steps.count) of \(record.key): \(current.node) \(current.label)"
  }
}
