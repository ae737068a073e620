import ChainKit
import ChainKitTracing

/// The short lines panel logs and the inspector show for what a dispatch did at a node.
enum DispatchLines {
  /// The log line of one node's activity: the phase tag, the key, the target when it is
  /// another node, and what happened there ("tgt like: handled", "bub like from cell0: passed").
  static func line(for activity: NodeActivity) -> String {
    let tag = activity.kind == .request ? "req" : phaseTag(activity.phase)
    let actions = actions(
      rewrote: activity.rewrittenFrom.flatMap { from in activity.rewrittenTo.map { (from, $0) } },
      listenersRun: activity.listenersRun, isRequest: activity.kind == .request,
      answered: activity.answered, stopped: activity.stopped,
      immediately: activity.stoppedImmediately, prevented: activity.prevented,
      errors: activity.errors)
    return activity.phase == .target
      ? concatenated(tag, " ", activity.key, ": ", actions)
      : concatenated(tag, " ", activity.key, " from ", activity.target, ": ", actions)
  }

  /// Whether ChainKit refused the dispatch (nested too deep, a runaway): it never walked its
  /// path, so its record has no hop, only the error that says why.
  static func wasRefused(_ dispatch: DispatchRecord) -> Bool {
    // The errors first: most dispatches have none, and a record makes its hops on every read.
    !dispatch.errors.isEmpty && dispatch.hops.isEmpty
  }

  /// The log line of a refused dispatch, for its target: no listener heard it, so no node
  /// activity carries it ("tgt ping: refused: 'ping' was not dispatched: ...").
  static func refusalLine(for dispatch: DispatchRecord) -> String {
    let tag = dispatch.kind == .request ? "req" : "tgt"
    return concatenated(
      tag, " ", dispatch.key, ": refused: ", dispatch.errors.joined(separator: "; "))
  }

  /// The errors of a dispatch that no hop holds: the refusals of work its listeners started
  /// (ChainKit collects them into every enclosing dispatch), or the whole reason of a refused one.
  static func errorsOffHops(of dispatch: DispatchRecord) -> [String] {
    errorsOffHops(of: dispatch, hops: dispatch.hops)
  }

  /// ``errorsOffHops(of:)`` given the dispatch's hops, read once by the caller.
  ///
  /// NB: a record makes its hops array on every read of ``DispatchRecord/hops``.
  static func errorsOffHops(of dispatch: DispatchRecord, hops: [HopRecord]) -> [String] {
    // Most dispatches threw nothing: no table of the hops' errors to build.
    guard !dispatch.errors.isEmpty else { return [] }
    var onHops: [String: Int] = [:]
    for hop in hops {
      for error in hop.errors { onHops[error, default: 0] += 1 }
    }
    var off: [String] = []
    for error in dispatch.errors {
      if let count = onHops[error], count > 0 {
        onHops[error] = count - 1
      } else {
        off.append(error)
      }
    }
    return off
  }

  /// One (node, line) per node the dispatch reached, in path order: what the node did, or
  /// "passed" for a node it went through without anything running there; a refused dispatch
  /// has one line, at its target, that says why.
  ///
  /// For records read back from a trace (`chaintui inspect`), where no live node can be
  /// observed; the explorer's panels hear their own nodes (``line(for:)``).
  static func lines(for dispatch: DispatchRecord) -> [(String, String)] {
    if wasRefused(dispatch) { return [(dispatch.origin, refusalLine(for: dispatch))] }
    var out: [(String, String)] = []
    // Grouped once: a search of the hops per node was quadratic in a 100,000-node path.
    var hopsByNode: [String: [HopRecord]] = [:]
    for hop in dispatch.hops where !hop.passed { hopsByNode[hop.node, default: []].append(hop) }
    for node in reachedNodes(of: dispatch) {
      let hops = hopsByNode[node] ?? []
      if hops.isEmpty {
        let tag = dispatch.kind == .request ? "req" : (node == dispatch.origin ? "tgt" : "bub")
        out.append((node, header(tag, dispatch, node) + "passed"))
      }
      for hop in hops {
        let tag = dispatch.kind == .request ? "req" : phaseTag(hop.phase)
        out.append((node, header(tag, dispatch, node) + actions(of: hop, in: dispatch)))
      }
    }
    return out
  }

  /// The nodes on the path the dispatch actually got to: all of them, unless a listener stopped
  /// it or a responder answered, in which case the walk ended at that node.
  static func reachedNodes(of dispatch: DispatchRecord) -> [String] {
    // Passed hops (nothing ran) are derived from the path here, as for records without them.
    let withHops = Set(dispatch.hops.lazy.filter { !$0.passed }.map(\.node))
    var cut = dispatch.path.count
    if let end = dispatch.hops.first(where: { $0.stopped || $0.answered }) {
      if end.phase == .capture {
        cut = 0
      } else if let index = dispatch.path.firstIndex(of: end.node) {
        cut = index + 1
      }
    }
    var nodes: [String] = []
    var seen: Set<String> = []
    for (index, node) in dispatch.path.enumerated()
    where (index < cut || withHops.contains(node)) && seen.insert(node).inserted {
      nodes.append(node)
    }
    return nodes
  }

  /// What a node did in one phase: "handled", "decorated [..]", "answered", "stopped", ...
  static func actions(of hop: HopRecord, in dispatch: DispatchRecord) -> String {
    actions(
      rewrote: hop.interceptedFrom.flatMap { from in hop.interceptedTo.map { (from, $0) } },
      listenersRun: hop.listenersRun, isRequest: dispatch.kind == .request,
      answered: hop.answered, stopped: hop.stopped, immediately: hop.stoppedImmediately,
      prevented: hop.prevented, errors: hop.errors)
  }

  // swift-format-ignore: ValidateDocumentationComments
  /// What happened at one node in one phase, from the fields hops and activities share.
  static func actions(
    rewrote: (from: String, to: String)?, listenersRun: Int, isRequest: Bool, answered: Bool,
    stopped: Bool, immediately: Bool, prevented: Bool, errors: [String]
  ) -> String {
    // Appended to one string: the usual outcome ("handled") is one short part.
    var text = ""
    func add(_ part: String) {
      if !text.isEmpty { text += ", " }
      text += part
    }
    // The words are FlowPath's outcomes, so the border marks and the logs say the same thing.
    typealias Outcome = FlowPath.Outcome
    if let (from, to) = rewrote {
      add(concatenated(Outcome.interception(from: from, to: to).rawValue, " ", to))
    }
    if listenersRun > 0 {
      if isRequest {
        add(answered ? Outcome.answered.rawValue : Outcome.declined.rawValue)
      } else {
        add(Outcome.handled.rawValue)
      }
    } else if answered {
      add(Outcome.answered.rawValue)
    }
    if immediately {
      add(concatenated(Outcome.stopped.rawValue, " now"))
    } else if stopped {
      add(Outcome.stopped.rawValue)
    }
    if prevented { add("prevented") }
    for error in errors { add(concatenated(Outcome.threw.rawValue, ": ", error)) }
    return text.isEmpty ? Outcome.passed.rawValue : text
  }

  static func phaseTag(_ phase: Phase) -> String {
    switch phase {
    case .capture: "cap"
    case .target: "tgt"
    case .bubble: "bub"
    }
  }

  private static func header(_ tag: String, _ dispatch: DispatchRecord, _ node: String) -> String {
    node == dispatch.origin
      ? "\(tag) \(dispatch.key): " : "\(tag) \(dispatch.key) from \(dispatch.origin): "
  }
}
