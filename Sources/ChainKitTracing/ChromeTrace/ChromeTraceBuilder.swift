import ChainKit
import Foundation

/// Collects the Chrome trace events of a ChainKit trace, line by line: the process and track
/// of each record, and the metadata that names them.
struct ChromeTraceBuilder {
  /// What makes a process: a scope (a scene, a program) within a traced session.
  ///
  /// Node names are unique within one tree only, so two scenes of one trace never share a track.
  private struct ProcessKey: Hashable {
    var session: Int
    var scope: String
  }

  /// The process of the line being added, from 1.
  private(set) var pid = 0
  /// Each process's id, in order of first use.
  private var processes: [ProcessKey: Int] = [:]
  /// Each process's tracks and their thread ids, in order of first use.
  private var tracks: [Int: [ChromeTraceTrack: Int]] = [:]
  /// The session being read: its `session` line, and how many came before it.
  private var session: (index: Int, line: TraceSession?) = (0, nil)
  /// The metadata events, written before the others so every track is named when it is read.
  private(set) var metadata: [ChromeTraceEvent] = []
  /// Every other event, in the order the lines came.
  private(set) var events: [ChromeTraceEvent] = []

  /// Adds the events of one trace line.
  mutating func add(_ line: TraceLine) {
    switch line.body {
    case .session(let started):
      session = (session.index + 1, started)
    case .dropped(let count):
      enterProcess(scope: line.scope)
      instant(
        "dropped \(count) records", on: .stream, at: line.time,
        args: ["count": .number(UInt64(max(count, 0)))])
    case .record(let record):
      enterProcess(scope: line.scope)
      add(record, at: line.time, scope: line.scope)
    }
  }

  /// The whole trace: the metadata, then the events, one a line.
  func json() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let lines = (metadata + events).map { event in
      // NB: every field is a string, a number, a flag or a list of strings: encoding cannot fail.
      String(decoding: (try? encoder.encode(event)) ?? Data("{}".utf8), as: UTF8.self)
    }
    return Data(
      ("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n" + lines.joined(separator: ",\n")
        + "\n]}\n").utf8)
  }

  /// The thread id of `track` in the current process, naming the track the first time.
  mutating func tid(_ track: ChromeTraceTrack) -> Int {
    if let tid = tracks[pid]?[track] { return tid }
    let known = tracks[pid, default: [:]]
    let tid = track == .stream ? 0 : known.keys.filter { $0 != .stream }.count + 1
    tracks[pid, default: [:]][track] = tid
    metadata.append(
      ChromeTraceEvent(
        name: "thread_name", ph: "M", ts: 0, pid: pid, tid: tid,
        args: ["name": .text(track.title)]))
    metadata.append(
      ChromeTraceEvent(
        name: "thread_sort_index", ph: "M", ts: 0, pid: pid, tid: tid,
        args: ["sort_index": .number(UInt64(tid))]))
    return tid
  }

  /// Adds an event of the current process.
  mutating func append(_ event: ChromeTraceEvent) {
    events.append(event)
  }

  /// Adds an instant on `track`.
  mutating func instant(
    _ name: String, on track: ChromeTraceTrack, at time: UInt64,
    args: [String: ChromeTraceEvent.Argument]
  ) {
    let tid = tid(track)
    append(
      ChromeTraceEvent(
        name: name, cat: "record", ph: "i", ts: Self.microseconds(time), pid: pid, tid: tid,
        s: "t", args: args))
  }

  /// A trace time (nanoseconds) as the format's microseconds.
  static func microseconds(_ nanoseconds: UInt64) -> Double {
    Double(nanoseconds) / 1_000
  }

  /// Makes the process of `scope` in the current session the current one.
  ///
  /// The first time, it is named after the scope, and the program and its process id when a
  /// `session` line said them. The stream's own lines have no scope: they belong to the
  /// program's.
  private mutating func enterProcess(scope: String) {
    let program = session.line?.program
    let scope = scope.isEmpty ? program ?? "" : scope
    let key = ProcessKey(session: session.index, scope: scope)
    if let known = processes[key] {
      pid = known
      return
    }
    pid = processes.count + 1
    processes[key] = pid
    var name = scope.isEmpty ? "ChainKit trace" : scope
    if let started = session.line {
      name =
        started.program == scope
        ? "\(scope) (pid \(started.pid))" : "\(name) in \(started.program) (pid \(started.pid))"
    }
    metadata.append(
      ChromeTraceEvent(
        name: "process_name", ph: "M", ts: 0, pid: pid, tid: 0, args: ["name": .text(name)]))
  }
}
