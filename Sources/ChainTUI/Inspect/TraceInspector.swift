// Inspect: `chaintui inspect`. A `TraceSource` (a file, followed or not, or a socket server)
// feeds bytes to `TraceInspector`, which cuts them into lines, decodes them and hands each to
// the session's `TraceScene`: the program's nodes as panels, shown by the explorer's `App`.
import ChainKit
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
  private var splitter: TraceLineSplitter
  private var lineNumber = 0
  private let decoder = JSONDecoder()

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
    splitter = TraceLineSplitter(maxLength: maxLineLength)
  }

  /// The session records go to now.
  var current: TraceScene { sessions[sessions.count - 1] }

  /// How many sessions there are (one per run or reconnect of the traced program).
  package var sessionCount: Int { sessions.count }

  /// The counts of the session shown: records, dispatches, dropped, skipped.
  package var counts: (records: Int, dispatches: Int, dropped: Int, skipped: Int) {
    let counts = sessions.first { $0 === app.scene }?.counts ?? current.counts
    return (counts.records, counts.dispatches, counts.dropped, counts.skipped)
  }

  /// Reads the next bytes of the stream.
  package func feed(_ bytes: some Sequence<UInt8>) {
    for piece in splitter.feed(bytes) {
      lineNumber += 1
      switch piece {
      case .line(let line): take(line)
      case .tooLong(let length):
        problem("line \(lineNumber): \(length) bytes, longer than \(splitter.maxLength); skipped")
      }
    }
  }

  /// Ends the current stream (a connection closed, a file read to its end without `--follow`):
  /// an unfinished last line is reported as truncated, and the next bytes start a new session.
  ///
  /// - Parameter why: What ended, for the session's log ("connection closed").
  package func endOfStream(_ why: String) {
    if let length = splitter.finish() {
      lineNumber += 1
      problem("line \(lineNumber): truncated (\(length) bytes without a newline at the end)")
    }
    lineNumber = 0
    if !current.hasEnded { current.end(why) }
  }

  private func take(_ line: [UInt8]) {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return }
    let decoded: TraceLine
    do {
      decoded = try decoder.decode(TraceLine.self, from: Data(line))
    } catch {
      problem(TraceDecodingError(line: lineNumber, underlying: error).description)
      return
    }
    if case .session = decoded.body, !current.isEmpty {
      startSession()
    } else if current.hasEnded {
      startSession()
    }
    current.apply(decoded)
    if case .session = decoded.body { app.titlesChanged() }
  }

  private func startSession() {
    let scene = TraceScene(number: sessions.count + 1, source: sourceName)
    sessions.append(scene)
    app.append(scene, tracer: scene.tracer)
  }

  private func problem(_ message: String) {
    if current.hasEnded { startSession() }
    problems.append(message)
    if problems.count > problemCapacity { problems.removeFirst(problems.count - problemCapacity) }
    current.skip(message)
  }
}
