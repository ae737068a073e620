// Inspect: `chaintui inspect`. A `TraceSource` (a file, followed or not, or a socket server)
// feeds bytes to `TraceInspector`, which cuts them into lines, decodes them and hands each to
// the session's `TraceScene`: the program's nodes as panels, shown by the explorer's `App`.
import ChainKit
import ChainKitTracing
import Foundation

/// `chaintui inspect`'s model: reads a trace stream's bytes, cuts them into lines, turns each
/// into a record for the session it belongs to, and shows the sessions as the explorer's app
/// shows scenes (panels with logs, the inspector), one tab per session.
///
/// Bytes come in through ``feed(_:)`` from any source (a file, a followed file, a socket); a
/// source calls ``endOfStream(_:)`` when its connection or file ends, and the next bytes start
/// a new session. A line that is not one of the schema is skipped with a message; the
/// inspector goes on.
@MainActor
package final class TraceInspector {
  /// The app that draws the sessions and takes keys.
  package let app: App
  /// What the stream is read from, for titles.
  package let sourceName: String
  /// Messages about skipped input, oldest first (at most ``problemCapacity``).
  package private(set) var problems: [String] = []
  /// The most messages kept.
  package let problemCapacity = 200
  private(set) var sessions: [TraceScene]
  /// What each stream (a connection, a file) is in the middle of, by stream number.
  private var streams: [Int: StreamState] = [:]
  private let maxLineLength: Int
  private let decoder = JSONDecoder()

  /// One stream's place: its unfinished line, its line count, the session its records go to.
  private struct StreamState {
    var splitter: TraceLineSplitter
    var lineNumber = 0
    var session: TraceScene
  }

  /// Creates an inspector with one empty session, waiting for input.
  ///
  /// - Parameters:
  ///   - size: The screen size.
  ///   - colors: Whether to draw colours.
  ///   - source: What is read (a path), for titles.
  ///   - maxLineLength: The longest line read; longer ones are skipped.
  package init(size: Size, colors: Bool = true, source: String, maxLineLength: Int = 1 << 20) {
    sourceName = source
    let first = TraceScene(number: 1, source: source)
    sessions = [first]
    app = App(size: size, colors: colors, scenes: [(first, first.tracer)])
    self.maxLineLength = maxLineLength
  }

  /// The newest session.
  var current: TraceScene { sessions[sessions.count - 1] }

  /// How many sessions there are (one per run or reconnect of the traced program).
  package var sessionCount: Int { sessions.count }

  /// The counts of the session shown: records, dispatches, dropped, skipped.
  package var counts: (records: Int, dispatches: Int, dropped: Int, skipped: Int) {
    let counts = sessions.first { $0 === app.scene }?.counts ?? current.counts
    return (counts.records, counts.dispatches, counts.dropped, counts.skipped)
  }

  /// Reads the next bytes of a stream.
  ///
  /// - Parameters:
  ///   - bytes: What arrived.
  ///   - stream: Which stream they belong to, when several are read at once (connections);
  ///     each has its own lines and session.
  package func feed(_ bytes: some Sequence<UInt8>, stream: Int = 0) {
    var state =
      streams[stream]
      ?? StreamState(
        splitter: TraceLineSplitter(maxLength: maxLineLength), session: freshSession())
    for piece in state.splitter.feed(bytes) {
      state.lineNumber += 1
      switch piece {
      case .line(let line): take(line, in: &state)
      case .tooLong(let length):
        problem(
          "line \(state.lineNumber): \(length) bytes, longer than \(maxLineLength); skipped",
          in: &state)
      }
    }
    streams[stream] = state
  }

  /// Ends a stream (a connection closed, a file read to its end without `--follow`): an
  /// unfinished last line is reported as truncated, and the stream's next bytes, if any, start
  /// a new session.
  ///
  /// - Parameters:
  ///   - why: What ended, for the session's log ("the program disconnected").
  ///   - stream: Which stream ended.
  package func endOfStream(_ why: String, stream: Int = 0) {
    guard var state = streams.removeValue(forKey: stream) else {
      if stream == 0, !current.hasEnded, current.isEmpty { current.end(why) }
      return
    }
    if let length = state.splitter.finish() {
      state.lineNumber += 1
      problem(
        "line \(state.lineNumber): truncated (\(length) bytes without a newline at the end)",
        in: &state)
    }
    if !state.session.hasEnded { state.session.end(why) }
  }

  /// The empty first session if nothing claimed it yet, or a new one.
  private func freshSession() -> TraceScene {
    if sessions.count == 1, current.isEmpty, !current.hasEnded,
      !streams.values.contains(where: { $0.session === current })
    {
      return current
    }
    return startSession()
  }

  private func take(_ line: [UInt8], in state: inout StreamState) {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return }
    let decoded: TraceLine
    do {
      decoded = try decoder.decode(TraceLine.self, from: Data(line))
    } catch {
      problem(TraceDecodingError(line: state.lineNumber, underlying: error).description, in: &state)
      return
    }
    if case .session = decoded.body, !state.session.isEmpty {
      state.session = startSession()
    }
    state.session.apply(decoded)
    if case .session = decoded.body { app.titlesChanged() }
  }

  @discardableResult
  private func startSession() -> TraceScene {
    let scene = TraceScene(number: sessions.count + 1, source: sourceName)
    sessions.append(scene)
    app.append(scene, tracer: scene.tracer)
    return scene
  }

  private func problem(_ message: String, in state: inout StreamState) {
    problems.append(message)
    if problems.count > problemCapacity { problems.removeFirst(problems.count - problemCapacity) }
    state.session.skip(message)
  }
}
