package import Foundation

/// Writes an interactive session as a script the harness replays: a `size WxH` line and a
/// `scene NAME` line, then one `press NAME` line per key and a `resize WxH` line per resize.
///
/// Each line is written as it happens, so a session that ends in a crash is still recorded up
/// to its last key.
@MainActor
package final class SessionRecorder {
  private let handle: FileHandle

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
    try write(["size \(size.width)x\(size.height)", "scene \(scene)"])
  }

  /// Writes one key as a script line.
  package func record(_ key: Key) throws {
    try write([Self.line(for: key)])
  }

  /// The script line for a key.
  package static func line(for key: Key) -> String {
    if case .resize(let width, let height) = key { return "resize \(width)x\(height)" }
    return "press \(KeyName.format(key))"
  }

  private func write(_ lines: [String]) throws {
    try handle.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
  }
}
