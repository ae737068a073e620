import ChainKit
import ChainKitTracing
import Foundation

/// `E` in the inspector: the session's records as Chrome Trace Event JSON, which Perfetto and
/// `chrome://tracing` open, saved in ``screenshotFolder`` beside the screenshots.
extension App {
  /// The key that exports the session's trace while the inspector is open.
  nonisolated static let traceExportKey = Key.character("E")

  /// The most numbered names `E` tries before it says the folder is full of them.
  static let traceNameLimit = 10_000

  /// The records every scene's tracer keeps, as the lines a `--trace` file of this session would
  /// hold: each scene its own scope, in the order they arrived, times counted from the first.
  ///
  /// What `E` exports is these lines through ``ChromeTraceExporter``, the converter
  /// `chaintui export --format chrome` runs on a trace file.
  func sessionTraceLines() -> [TraceLine] {
    var stamped: [(time: UInt64, scene: Int, seq: UInt64, line: TraceLine)] = []
    for (index, tracer) in tracers.enumerated() {
      let scope = tracer.sceneID ?? scenes[index].id
      for item in tracer.items {
        stamped.append(
          (item.time, index, item.seq, TraceLine(time: 0, scope: scope, .record(item.record))))
      }
    }
    stamped.sort { ($0.time, $0.scene, $0.seq) < ($1.time, $1.scene, $1.seq) }
    let start = stamped.first?.time ?? 0
    return stamped.map { entry in
      var line = entry.line
      line.time = entry.time &- start
      return line
    }
  }

  /// Saves the session's trace as `chaintui-trace-N.json`, N the first number whose file does
  /// not exist, and says where in the status line, or why it could not.
  func exportSessionTrace() {
    let name = KeyName.format(Self.traceExportKey)
    guard let folder = screenshotFolder else {
      flash =
        "\(name): no folder to save the trace in here (chaintui export converts a --trace file)"
      return
    }
    let lines = sessionTraceLines()
    guard !lines.isEmpty else {
      flash = "\(name): no records to export yet: press a panel's keys"
      return
    }
    guard
      let path = (1...Self.traceNameLimit).lazy
        .map({ "\(folder)/chaintui-trace-\($0).json" })
        .first(where: { !FileManager.default.fileExists(atPath: $0) })
    else {
      flash =
        "\(name): \(folder) already holds chaintui-trace-1.json to"
        + " chaintui-trace-\(Self.traceNameLimit).json"
      return
    }
    do {
      try ChromeTraceExporter().export(lines).write(
        to: URL(fileURLWithPath: path), options: .withoutOverwriting)
      flash = "\(name): saved \(Self.records(lines.count)) as \(path) (Perfetto opens it)"
    } catch {
      flash = "\(name): \(path): \(error.localizedDescription)"
    }
  }

  /// "1 record", "2 records".
  private static func records(_ count: Int) -> String { InspectorView.records(count) }
}
