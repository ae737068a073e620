import ChainKit
import ChainKitTracing

/// Why each listener of one panel ran or did not, for one dispatch, from its trace record alone.
///
/// The record's hops list what became of each listener at the nodes the dispatch visited
/// (``ListenerRecord``); a node it never reached is explained by where the walk ended (a stop,
/// an answer), a node off the path by the panel tree (which link is missing).
@MainActor
enum ListenerWhy {
  /// The explanation's lines: a summary first, then one line per listener.
  ///
  /// - Parameters:
  ///   - panel: The panel asked about; any panel of the scene, on the path or not.
  ///   - record: The dispatch.
  ///   - panelNamed: Finds the scene's panels, to say which parent link is missing.
  /// - Returns: A summary line, then one line per listener of the panel for the key.
  static func lines(
    for panel: Panel, in record: DispatchRecord, panelNamed: (String) -> Panel?
  ) -> [String] {
    let name = panel.name
    guard record.path.contains(name) else {
      return [notOnPath(panel, record, panelNamed: panelNamed)]
    }
    let hops = record.hops.filter { $0.node == name }
    guard !hops.isEmpty else { return ["not reached: " + notReached(record)] }
    let visited = hops.filter { !$0.passed || !$0.listeners.isEmpty }
    let wentUp = hops.contains { $0.phase != .capture }
    if !wentUp, record.kind == .event, record.stopped {
      return [
        "passed on the way down with no capture listener; the bubble phase did not reach here: "
          + notReached(record)
      ]
    }
    guard !visited.isEmpty else {
      let phases = hops.map(\.phase.rawValue).joined(separator: ", ")
      return ["reached (\(phases)); no listener for \(record.key) in that phase here"]
    }
    var best: [Int: (listener: ListenerRecord, phase: Phase)] = [:]
    for hop in visited {
      for listener in hop.listeners
      where rank(listener) >= best[listener.index].map({ rank($0.listener) }) ?? -1 {
        best[listener.index] = (listener, hop.phase)
      }
    }
    let phases = visited.map(\.phase.rawValue).joined(separator: ", ")
    var lines = ["reached (\(phases)); \(best.count) \(noun(record, best.count)) for \(record.key)"]
    for index in best.keys.sorted() {
      guard let (listener, phase) = best[index] else { continue }
      lines.append(
        "#\(index) \(role(listener, record)): "
          + explain(listener, seenIn: phase, at: name, hops: visited, record: record))
    }
    if best.isEmpty { lines[0] = "reached (\(phases)); only interceptors ran here" }
    return lines
  }

  /// Of two notes of one listener (seen in two phases), the one that says more.
  private static func rank(_ listener: ListenerRecord) -> Int {
    if listener.ran { return 3 }
    switch listener.outcome {
    case .removed: return 2
    case .skippedAfterStop, .skippedAfterAnswer: return 1
    default: return 0
    }
  }

  private static func noun(_ record: DispatchRecord, _ count: Int) -> String {
    (record.kind == .request ? "responder" : "listener") + (count == 1 ? "" : "s")
  }

  private static func role(_ listener: ListenerRecord, _ record: DispatchRecord) -> String {
    record.kind == .request ? "responder" : listener.capture ? "capture" : "bubble"
  }

  private static func explain(
    _ listener: ListenerRecord, seenIn phase: Phase, at name: String, hops: [HopRecord],
    record: DispatchRecord
  ) -> String {
    switch listener.outcome {
    case .ran: return "ran"
    case .stopped: return "ran and stopped propagation"
    case .stoppedImmediately: return "ran and stopped propagation immediately"
    case .threw:
      let error = hops.flatMap(\.errors).first.map { ": \($0)" } ?? ""
      return "ran and threw\(error)"
    case .answered: return "answered"
    case .declined: return "declined the request (returned nil)"
    case .removed: return "removed during the dispatch, before its turn"
    case .skippedAfterAnswer:
      let first = hops.flatMap(\.listeners).first { $0.outcome == .answered }
      return "not asked: answered earlier here by #\(first?.index ?? 0)"
    case .skippedAfterStop:
      if let stopper = hops.flatMap(\.listeners).first(where: {
        $0.outcome == .stoppedImmediately
      }) {
        return "not run: stopped immediately earlier here by #\(stopper.index)"
      }
      return "not run: a capture listener here stopped the event before the target's others"
    case .otherPhase:
      let wanted: Phase = listener.capture ? .capture : .bubble
      if hops.contains(where: { $0.phase == wanted }) {
        return "not run: registered for the \(wanted.rawValue) phase"
      }
      return "not run: the \(wanted.rawValue) phase did not reach here: " + notReached(record)
    }
  }

  /// Where the walk ended before a node: a stop, or an answer.
  static func notReached(_ record: DispatchRecord) -> String {
    if record.kind == .request, let answeredBy = record.answeredBy,
      let hop = record.hops.first(where: { $0.answered && $0.node == answeredBy })
    {
      let responder = hop.listeners.first { $0.outcome == .answered }.map { " by #\($0.index)" }
      return "answered earlier at \(answeredBy)\(responder ?? "")"
    }
    if let hop = record.hops.first(where: \.stopped) {
      let stopper = hop.listeners.first {
        $0.outcome == .stopped || $0.outcome == .stoppedImmediately
      }
      let how = hop.stoppedImmediately ? "stopped immediately" : "stopped"
      let who = stopper.map { " by \($0.capture ? "capture" : "bubble") listener #\($0.index)" }
      return "\(how) earlier at \(hop.node) (\(hop.phase.rawValue))\(who ?? "")"
    }
    if !record.errors.isEmpty { return "the dispatch was refused: \(record.errors[0])" }
    return "the key does not bubble past the target"
  }

  /// Why a panel is not on the path, naming the missing parent link.
  static func notOnPath(
    _ panel: Panel, _ record: DispatchRecord, panelNamed: (String) -> Panel?
  ) -> String {
    let name = panel.name
    let path = record.path.joined(separator: " > ")
    let onPath = Set(record.path)
    var above = panel.parent
    while let candidate = above, !onPath.contains(candidate.name) { above = candidate.parent }
    if let above {
      return
        "not on the path (\(path)): \(name) is below \(above.name); events go up from \(record.origin), never down"
    }
    if let top = record.path.last, let topPanel = panelNamed(top), topPanel.parent == nil,
      panel.parent != nil || panel.children.isEmpty == false
    {
      return
        "not on the path (\(path)): it ends at \(top), which has no parent link, so nothing leads up to \(name)"
    }
    return "not on the path (\(path)): \(name) is not above \(record.origin)"
  }
}
