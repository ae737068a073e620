package import Foundation

/// Writes an interactive session as a script the harness replays, and that fails if the replay
/// ends anywhere else: a `size WxH` line and a `scene NAME` line, then a `press NAME` line per
/// key, a `resize WxH` line per resize, a `tick` line for the time that passed before each, and
/// at the end an `expect row N is "..."` line per row of the screen the session ended on.
///
/// Each line is written as it happens, so a session that ends in a crash is still recorded up
/// to its last key (without the closing screen, so its replay fails: nothing checks it).
@MainActor
package final class SessionRecorder {
  private let handle: FileHandle
  private var unrecordedTime = Duration.zero

  /// Creates (or truncates) the script file.
  ///
  /// - Throws: The error of creating or opening the file.
  package init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
  }

  /// Writes to an open handle that the caller keeps (for tests).
  package init(handle: FileHandle) {
    self.handle = handle
  }

  /// Writes the header: the size the session starts at and the scene on screen.
  package func begin(size: Size, scene: String) throws {
    try write(["size \(size.width)x\(size.height)", "scene \(ScriptWriter.quotedIfNeeded(scene))"])
  }

  /// Notes time that passed on the app's clock; it is written as a `tick` before the next key,
  /// so a replay fires the same timers (the bus scene's producer) before that key.
  ///
  /// The runner hands over whole milliseconds, which a `tick` line holds exactly; a remainder
  /// below a millisecond stays here for the next line rather than being lost.
  package func elapsed(_ duration: Duration) {
    unrecordedTime += duration
  }

  /// Writes one key as a script line, after the time that passed before it.
  package func record(_ key: Key) throws {
    var lines: [String] = []
    let whole = Duration.milliseconds(unrecordedTime.wholeMilliseconds)
    if whole > .zero {
      lines.append(ScriptWriter.line(forTick: whole))
      unrecordedTime -= whole
    }
    lines.append(ScriptWriter.line(for: key))
    try write(lines)
  }

  /// Writes the closing expectations: every row of the screen the session ended on, so a replay
  /// that diverges fails at the first row that differs.
  package func end(screen: Grid) throws {
    var lines = ["", "# The screen the session ended on; a replay that ends elsewhere fails here."]
    for row in 0..<screen.height {
      lines.append(ScriptWriter.line(expectingRow: row, is: screen.row(row)))
    }
    try write(lines)
  }

  private func write(_ lines: [String]) throws {
    try handle.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
  }
}
