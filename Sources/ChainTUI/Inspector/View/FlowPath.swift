import ChainKit
import ChainKitTracing

/// A dispatch's walk as the panels show it: one step per hop, in visiting order (capture down,
/// the target, bubble up), each with what happened there.
struct FlowPath: Equatable {
  /// What happened at one node in one phase, as its border mark says it; the logs and the
  /// inspector say it with the same word (the raw value), so a user reads one word for one thing.
  enum Outcome: String, Equatable, CaseIterable {
    case handled, decorated, rewrote, stopped, answered, declined, threw, passed

    /// What an interceptor did: `decorated` when it only added keys (a decorator's params grow),
    /// `rewrote` when it changed the payload otherwise.
    static func interception(from: String, to: String) -> Outcome {
      let added = to.components(separatedBy: ": ").count > from.components(separatedBy: ": ").count
      return added ? .decorated : .rewrote
    }
  }

  /// One hop.
  struct Step: Equatable {
    let node: String
    let phase: Phase
    let isRequest: Bool
    let outcome: Outcome

    /// "bub handled", "req answered".
    var label: String {
      "\(isRequest ? "req" : DispatchLines.phaseTag(phase)) \(outcome.rawValue)"
    }
  }

  /// The dispatch's id.
  let id: UInt64
  /// The dispatch's key.
  let key: String
  /// The steps, in visiting order.
  let steps: [Step]

  /// The steps of a dispatch record.
  init(_ record: DispatchRecord) {
    self.init(record, hops: record.hops)
  }

  /// The steps of a dispatch record whose hops were read already (a record makes its hops
  /// array on every read).
  init(_ record: DispatchRecord, hops: [HopRecord]) {
    id = record.id
    key = record.key
    let isRequest = record.kind == .request
    var steps: [Step] = []
    steps.reserveCapacity(hops.count)
    for hop in hops {
      steps.append(
        Step(
          node: hop.node, phase: hop.phase, isRequest: isRequest,
          outcome: Self.outcome(of: hop, isRequest)))
    }
    self.steps = steps
  }

  /// The most telling thing that happened at a hop.
  static func outcome(of hop: HopRecord, _ isRequest: Bool) -> Outcome {
    if !hop.errors.isEmpty { return .threw }
    if hop.stopped || hop.stoppedImmediately { return .stopped }
    if hop.answered { return .answered }
    if let from = hop.interceptedFrom, let to = hop.interceptedTo {
      return .interception(from: from, to: to)
    }
    if hop.listenersRun > 0 { return isRequest ? .declined : .handled }
    return .passed
  }

  /// The border mark of each node among the first `count` steps (all when `nil`), joined for a
  /// node visited twice ("cap handled · bub passed"); the node of the last shown step is `current`
  /// while stepping.
  func marks(upTo count: Int? = nil) -> [String: (text: String, outcome: Outcome)] {
    var marks: [String: (text: String, outcome: Outcome)] = [:]
    for step in steps.prefix(count ?? steps.count) {
      if let known = marks[step.node] {
        let outcome = step.outcome == .passed ? known.outcome : step.outcome
        marks[step.node] = (known.text + " · " + step.label, outcome)
      } else {
        marks[step.node] = (step.label, step.outcome)
      }
    }
    return marks
  }
}
