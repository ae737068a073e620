import ChainKit

/// Turns a dispatch record into the short lines panel logs and the inspector show.
enum DispatchLines {
  /// One (node, line) per node the dispatch reached, in path order: what the node did, or
  /// "passed" for a node it went through without anything running there.
  static func lines(for dispatch: DispatchRecord) -> [(String, String)] {
    var out: [(String, String)] = []
    for node in reachedNodes(of: dispatch) {
      let hops = dispatch.hops.filter { $0.node == node && !$0.passed }
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
    for (index, node) in dispatch.path.enumerated()
    where (index < cut || withHops.contains(node)) && !nodes.contains(node) {
      nodes.append(node)
    }
    return nodes
  }

  /// What a node did in one phase: "handled", "rewrote [..]", "answered", "stopped", ...
  static func actions(of hop: HopRecord, in dispatch: DispatchRecord) -> String {
    var parts: [String] = []
    if let from = hop.interceptedFrom, let to = hop.interceptedTo {
      let added = to.components(separatedBy: ": ").count > from.components(separatedBy: ": ").count
      parts.append(added ? "decorated \(to)" : "rewrote \(to)")
    }
    if hop.listenersRun > 0 {
      if dispatch.kind == .request {
        parts.append(hop.answered ? "answered" : "declined")
      } else {
        parts.append("handled")
      }
    } else if hop.answered {
      parts.append("answered")
    }
    if hop.stoppedImmediately {
      parts.append("stopped now")
    } else if hop.stopped {
      parts.append("stopped")
    }
    if hop.prevented { parts.append("prevented") }
    for error in hop.errors { parts.append("error: \(error)") }
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
