import ChainKit
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
  /// The recording's folder, which `tree` lines are relative to; `nil` for a bare handle.
  private let folder: URL?
  private var unrecordedTime = Duration.zero

  /// Creates (or truncates) the script file.
  ///
  /// - Throws: ``RecordingPathError`` with a plain reason ("it is a directory", "Permission
  ///   denied") if the file cannot be created.
  package init(path: String) throws(RecordingPathError) {
    if FileKind.of(path) == .directory {
      throw RecordingPathError("cannot record to \(path): it is a directory")
    }
    let fd = SystemCalls.create(path, appending: false)
    guard fd >= 0 else {
      throw RecordingPathError(
        "cannot record to \(path): \(SystemCalls.describe(SystemCalls.lastError))")
    }
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    folder = URL(fileURLWithPath: path).deletingLastPathComponent()
  }

  /// Writes to an open handle that the caller keeps (for tests).
  package init(handle: FileHandle) {
    self.handle = handle
    folder = nil
  }

  /// Writes the header: the size the session starts at, a `tree` line per tree file the app
  /// loaded (relative to the recording, so the pair can move together), and the scene on screen.
  package func begin(size: Size, scene: String, trees: [URL] = []) throws {
    var lines = ["size \(size.width)x\(size.height)"]
    for tree in trees {
      let path = folder.map { tree.path(relativeTo: $0) } ?? tree.standardizedFileURL.path
      lines.append("tree \(ScriptWriter.quotedIfNeeded(path))")
    }
    lines.append("scene \(ScriptWriter.quotedIfNeeded(scene))")
    try write(lines)
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

extension URL {
  /// This file's path from a folder: `../trees/a.tree`; the absolute path when they share
  /// nothing but the root.
  func path(relativeTo folder: URL) -> String {
    let file = standardizedFileURL.pathComponents
    let base = folder.standardizedFileURL.pathComponents
    var common = 0
    while common < min(file.count - 1, base.count), file[common] == base[common] { common += 1 }
    guard common > 1 else { return standardizedFileURL.path }
    let ups = Array(repeating: "..", count: base.count - common)
    return (ups + file[common...]).joined(separator: "/")
  }
}
