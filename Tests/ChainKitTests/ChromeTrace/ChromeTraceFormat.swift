import Foundation
import Testing

/// The Trace Event format's rules, as its specification ("Trace Event Format", the document
/// `chrome://tracing` and Perfetto follow) states them, checked on an exported trace.
///
/// Each problem is a sentence naming the event's index; an empty list means the trace follows
/// the rules this exporter relies on.
enum ChromeTraceFormat {
  /// The phases the exporter may write, and the ones the rules below check.
  static let phases: Set<String> = ["X", "B", "E", "b", "e", "i", "s", "t", "f", "M"]

  /// The events of `data`: a JSON object with a `traceEvents` array.
  static func events(of data: Data) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: data)
    guard let trace = object as? [String: Any],
      let events = trace["traceEvents"] as? [[String: Any]]
    else {
      Issue.record("not a JSON object with a traceEvents array of objects")
      return []
    }
    return events
  }

  /// Every rule broken by `events`.
  static func problems(in events: [[String: Any]]) -> [String] {
    var problems: [String] = []
    var open: [String: [String]] = [:]  // "pid/tid": names of B slices not yet ended
    var asyncSlices: [String: (begins: Int, ends: Int)] = [:]  // "cat/id"
    var flows: [String: [(phase: String, ts: Double)]] = [:]  // "cat/id"
    var named: Set<String> = []  // "pid/tid" with a thread_name
    var used: Set<String> = []
    for (index, event) in events.enumerated() {
      let at = "event \(index)"
      guard let name = event["name"] as? String, !name.isEmpty else {
        problems.append("\(at) has no name")
        continue
      }
      guard let phase = event["ph"] as? String, phases.contains(phase) else {
        problems.append("\(at) (\(name)) has no known ph")
        continue
      }
      guard let pid = event["pid"] as? Int, let tid = event["tid"] as? Int else {
        problems.append("\(at) (\(name)) has no integer pid and tid")
        continue
      }
      guard let ts = (event["ts"] as? NSNumber)?.doubleValue, ts >= 0 else {
        problems.append("\(at) (\(name)) has no ts in microseconds")
        continue
      }
      let track = "\(pid)/\(tid)"
      let scope = "\(event["cat"] as? String ?? "")/\(event["id"] as? String ?? "")"
      switch phase {
      case "M":
        let args = event["args"] as? [String: Any]
        switch name {
        case "thread_name":
          if args?["name"] is String {
            named.insert(track)
          } else {
            problems.append("\(at): thread_name without args.name")
          }
        case "process_name":
          if !(args?["name"] is String) { problems.append("\(at): process_name without args.name") }
        case "thread_sort_index":
          if !(args?["sort_index"] is Int) {
            problems.append("\(at): thread_sort_index without args.sort_index")
          }
        default: problems.append("\(at): unknown metadata \(name)")
        }
        continue
      case "X":
        guard let dur = (event["dur"] as? NSNumber)?.doubleValue, dur >= 0 else {
          problems.append("\(at) (\(name)): a complete event without a dur")
          continue
        }
      case "B": open[track, default: []].append(name)
      case "E":
        if open[track]?.popLast() == nil { problems.append("\(at) (\(name)): E without a B") }
      case "b", "e":
        if event["id"] == nil { problems.append("\(at) (\(name)): async \(phase) without an id") }
        if phase == "b" {
          asyncSlices[scope, default: (0, 0)].begins += 1
        } else {
          asyncSlices[scope, default: (0, 0)].ends += 1
        }
      case "s", "t", "f":
        if event["id"] == nil { problems.append("\(at) (\(name)): flow \(phase) without an id") }
        if phase == "f", event["bp"] as? String != "e" {
          problems.append("\(at) (\(name)): a flow's end not bound to its enclosing slice (bp e)")
        }
        flows[scope, default: []].append((phase, ts))
      case "i":
        if !["t", "p", "g"].contains(event["s"] as? String ?? "t") {
          problems.append("\(at) (\(name)): an instant's scope is t, p or g")
        }
      default: break
      }
      used.insert(track)
    }
    for (track, names) in open where !names.isEmpty {
      problems.append("track \(track): B without an E: \(names)")
    }
    for (scope, count) in asyncSlices where count.begins != count.ends {
      problems.append("async slice \(scope): \(count.begins) b, \(count.ends) e")
    }
    for (scope, steps) in flows {
      let phases = steps.map(\.phase)
      if phases.first != "s" || phases.last != "f"
        || phases.dropFirst().dropLast().contains(where: { $0 != "t" })
      {
        problems.append("flow \(scope): steps \(phases), not s, t..., f")
      }
      if steps.map(\.ts) != steps.map(\.ts).sorted() {
        problems.append("flow \(scope): steps go back in time")
      }
    }
    for track in used.subtracting(named).sorted() {
      problems.append("track \(track) has events but no thread_name")
    }
    return problems
  }
}
