import ChainKit

extension ChromeTraceBuilder {
  /// Adds a dispatch that ended at `end`: its slice (an async one for a request) on its
  /// target's track, a slice per hop on the hop's node's track, and the path as a flow.
  mutating func add(_ dispatch: DispatchRecord, endingAt end: UInt64) {
    let start = end >= dispatch.elapsedNanoseconds ? end - dispatch.elapsedNanoseconds : 0
    let target = tid(.node(dispatch.path.first ?? dispatch.origin))
    let id = "\(pid).\(dispatch.id)"
    switch dispatch.kind {
    case .event:
      append(
        ChromeTraceEvent(
          name: dispatch.key, cat: "event", ph: "X", ts: Self.microseconds(start),
          dur: Self.microseconds(end - start), pid: pid, tid: target,
          args: Self.arguments(of: dispatch)))
    case .request:
      let name = "request \(dispatch.key)"
      append(
        ChromeTraceEvent(
          name: name, cat: "request", ph: "b", ts: Self.microseconds(start), pid: pid,
          tid: target, id: id, args: Self.arguments(of: dispatch)))
      append(
        ChromeTraceEvent(
          name: name, cat: "request", ph: "e", ts: Self.microseconds(end), pid: pid,
          tid: target, id: id))
    }

    // Hops run one after another within the dispatch; each is kept inside its span, so that a
    // rounding in the record never makes a hop outlast the dispatch that contains it.
    var hopStart = start
    var steps: [(ts: Double, tid: Int)] = []
    for hop in dispatch.hops {
      let length = min(hop.elapsedNanoseconds, end - hopStart)
      let tid = tid(.node(hop.node))
      append(
        ChromeTraceEvent(
          name: "\(dispatch.key) \(hop.phase.rawValue)", cat: "hop", ph: "X",
          ts: Self.microseconds(hopStart), dur: Self.microseconds(length), pid: pid, tid: tid,
          args: Self.arguments(of: hop, in: dispatch)))
      steps.append((Self.microseconds(hopStart), tid))
      hopStart += length
    }
    guard steps.count > 1 else { return }
    for (index, step) in steps.enumerated() {
      let phase = index == 0 ? "s" : index == steps.count - 1 ? "f" : "t"
      append(
        ChromeTraceEvent(
          name: "\(dispatch.key) path", cat: "path", ph: phase, ts: step.ts, pid: pid,
          tid: step.tid, id: id, bp: phase == "f" ? "e" : nil))
    }
  }

  /// What the viewer shows for a dispatch: its id, cause, payload, path and outcome.
  static func arguments(of dispatch: DispatchRecord) -> [String: ChromeTraceEvent.Argument] {
    var args: [String: ChromeTraceEvent.Argument] = [
      "id": .number(dispatch.id), "key": .text(dispatch.key), "payload": .text(dispatch.payload),
      "origin": .text(dispatch.origin), "path": .list(dispatch.path),
      "listenersRun": .number(UInt64(max(dispatch.listenersRun, 0))),
      "stopped": .flag(dispatch.stopped), "prevented": .flag(dispatch.prevented),
    ]
    if let parent = dispatch.parent { args["parent"] = .number(parent) }
    if let answeredBy = dispatch.answeredBy { args["answeredBy"] = .text(answeredBy) }
    if !dispatch.errors.isEmpty { args["errors"] = .list(dispatch.errors) }
    return args
  }

  /// What the viewer shows for a hop: what happened at the node, and why each listener ran or
  /// did not.
  static func arguments(
    of hop: HopRecord, in dispatch: DispatchRecord
  ) -> [String: ChromeTraceEvent.Argument] {
    var args: [String: ChromeTraceEvent.Argument] = [
      "dispatch": .number(dispatch.id), "node": .text(hop.node), "phase": .text(hop.phase.rawValue),
      "outcome": .text(outcome(of: hop)),
      "listenersRun": .number(UInt64(max(hop.listenersRun, 0))),
    ]
    if let from = hop.interceptedFrom, let to = hop.interceptedTo {
      args["rewrote"] = .text("\(from) -> \(to)")
    }
    if !hop.errors.isEmpty { args["errors"] = .list(hop.errors) }
    if !hop.listeners.isEmpty {
      args["listeners"] = .list(
        hop.listeners.map { "\($0.index)\($0.capture ? " (capture)" : ""): \($0.outcome.rawValue)" }
      )
    }
    return args
  }

  /// One word for what happened at a hop: the strongest of its flags.
  static func outcome(of hop: HopRecord) -> String {
    if hop.answered { return "answered" }
    if hop.stoppedImmediately { return "stoppedImmediately" }
    if hop.stopped { return "stopped" }
    if hop.prevented { return "prevented" }
    if !hop.errors.isEmpty { return "threw" }
    if hop.interceptedTo != nil { return "rewrote" }
    if hop.passed { return "passed" }
    return "ran"
  }
}
