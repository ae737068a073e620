import ChainKit
import Foundation

/// Collects the Chrome trace events of a ChainKit trace, line by line: the process and track
/// of each record, and the metadata that names them.
struct ChromeTraceBuilder {
  /// The current session's process id, from 1.
  private(set) var pid = 1
  /// The current process's tracks and their thread ids, in order of first use.
  private var tracks: [ChromeTraceTrack: Int] = [:]
  /// Whether the current process has its `process_name` yet.
  private var processNamed = false
  /// Whether the current process has any event yet: a `session` line after one starts the next.
  private var processUsed = false
  /// The metadata events, written before the others so every track is named when it is read.
  private(set) var metadata: [ChromeTraceEvent] = []
  /// Every other event, in the order the lines came.
  private(set) var events: [ChromeTraceEvent] = []

  /// Adds the events of one trace line.
  mutating func add(_ line: TraceLine) {
    switch line.body {
    case .session(let session):
      if processUsed || processNamed { startProcess() }
      nameProcess("\(session.program) (pid \(session.pid))")
    case .dropped(let count):
      nameProcessIfNeeded(scope: line.scope)
      instant(
        "dropped \(count) records", on: .stream, at: line.time,
        args: ["count": .number(UInt64(max(count, 0)))])
    case .record(let record):
      nameProcessIfNeeded(scope: line.scope)
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
    if let tid = tracks[track] { return tid }
    let tid = track == .stream ? 0 : tracks.keys.filter { $0 != .stream }.count + 1
    tracks[track] = tid
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
    processUsed = true
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

  private mutating func startProcess() {
    pid += 1
    tracks = [:]
    processNamed = false
    processUsed = false
  }

  private mutating func nameProcessIfNeeded(scope: String) {
    if !processNamed { nameProcess(scope.isEmpty ? "ChainKit trace" : scope) }
  }

  private mutating func nameProcess(_ name: String) {
    processNamed = true
    metadata.append(
      ChromeTraceEvent(
        name: "process_name", ph: "M", ts: 0, pid: pid, tid: 0, args: ["name": .text(name)]))
  }
}
