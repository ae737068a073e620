import ChainKit
public import Foundation

/// Converts a ChainKit trace to Chrome's Trace Event format, which Perfetto
/// (ui.perfetto.dev) and `chrome://tracing` open.
///
/// Each scope of each traced session (a ``TraceStream`` connection, or a file without a
/// `session` line) is a process, named after the scope and the program: a program writes one
/// scope, the explorer one per scene, whose node names may repeat. Each node, bus and binding
/// group is a track (a thread, in the format's words) of it, named after the node. On those
/// tracks:
///
/// - a posted event is a slice on its target's track, as long as the dispatch took, named
///   after its key;
/// - a request is an async slice on its target's track, named `request` and its key;
/// - each hop is a slice on its node's track, inside the dispatch's span, named after the key
///   and the phase, with what happened there (ran, stopped, answered, rewrote) in its details;
/// - the path is a flow: arrows from hop to hop in visiting order;
/// - publishes, dead events, shares, mounts, binding updates and dropped stream elements are
///   instants on their bus's, node's or group's track.
///
/// ```swift
/// let chrome = try ChromeTraceExporter().export(jsonLines: Data(contentsOf: traceFile))
/// try chrome.write(to: chromeFile)
/// ```
///
/// `chaintui export TRACE.jsonl --format chrome -o trace.json` does the same from the shell.
public struct ChromeTraceExporter: Sendable {
  /// Creates an exporter.
  public init() {}

  /// Converts decoded trace lines.
  ///
  /// A dispatch's line is written when the dispatch ends, so its slice starts its elapsed time
  /// before the line's `time`; its hops follow each other from there, each as long as it took.
  ///
  /// - Parameter lines: The lines of one trace, in the order written.
  /// - Returns: The trace as one JSON object, `{"traceEvents":[…]}`, one event a line.
  public func export(_ lines: [TraceLine]) -> Data {
    var builder = ChromeTraceBuilder()
    for line in lines { builder.add(line) }
    return builder.json()
  }

  /// Converts a JSON Lines trace, as ``JSONLinesTraceWriter`` and ``TraceStream`` write it.
  ///
  /// - Parameter data: The trace file's contents.
  /// - Returns: The trace as one JSON object, `{"traceEvents":[…]}`, one event a line.
  /// - Throws: ``TraceDecodingError`` naming the first line that is not of the trace schema.
  public func export(jsonLines data: Data) throws -> Data {
    export(try TraceLine.decodeJSONLines(data))
  }
}
