import ChainKit

/// The short lines panel logs and the inspector show for what a dispatch did at a node.
enum DispatchLines {
  /// The log line of one node's activity: the phase tag, the key, the target when it is
  /// another node, and what happened there ("tgt like: handled", "bub like from cell0: passed").
  static func line(for activity: NodeActivity) -> String {
    let tag = activity.kind == .request ? "req" : phaseTag(activity.phase)
    let head =
      activity.phase == .target
      ? "\(tag) \(activity.key): " : "\(tag) \(activity.key) from \(activity.target): "
    return head
      + actions(
        rewrote: activity.rewrittenFrom.flatMap { from in activity.rewrittenTo.map { (from, $0) } },
        listenersRun: activity.listenersRun, isRequest: activity.kind == .request,
        answered: activity.answered, stopped: activity.stopped,
        immediately: activity.stoppedImmediately, prevented: activity.prevented,
        errors: activity.errors)
  }

  /// What a node did in one phase: "handled", "rewrote [..]", "answered", "stopped", ...
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
    var parts: [String] = []
    if let (from, to) = rewrote {
      let added = to.components(separatedBy: ": ").count > from.components(separatedBy: ": ").count
      parts.append(added ? "decorated \(to)" : "rewrote \(to)")
    }
    if listenersRun > 0 {
      if isRequest {
        parts.append(answered ? "answered" : "declined")
      } else {
        parts.append("handled")
      }
    } else if answered {
      parts.append("answered")
    }
    if immediately {
      parts.append("stopped now")
    } else if stopped {
      parts.append("stopped")
    }
    if prevented { parts.append("prevented") }
    for error in errors { parts.append("error: \(error)") }
    return parts.isEmpty ? "passed" : parts.joined(separator: ", ")
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
