package import Foundation

/// Golden text files of screens, one per `snapshot NAME`, compared or re-recorded.
///
/// A script's goldens live in `snapshots/<script name>/<NAME>.txt` next to the script, so two
/// scripts can use the same snapshot name. The file holds the screen's rows, trailing blanks
/// trimmed, one per line, then the styled runs of each row (``Grid/snapshotText``): plain text
/// that reads well in a diff, and that changes when a highlight or a colour is lost.
package struct SnapshotStore: Sendable {
  /// The folder this script's goldens are in.
  package var directory: URL
  /// Whether to write the screen as the new golden instead of comparing.
  package var update: Bool

  /// Creates a store for goldens in a folder.
  package init(directory: URL, update: Bool) {
    self.directory = directory
    self.update = update
  }

  /// The store for a script file: `snapshots/<stem>/` in the script's folder.
  package init(forScriptAt url: URL, update: Bool) {
    let stem = url.deletingPathExtension().lastPathComponent
    self.init(
      directory: url.deletingLastPathComponent().appendingPathComponent("snapshots")
        .appendingPathComponent(stem), update: update)
  }

  /// Whether the environment asks for goldens to be re-recorded (`CHAINTUI_UPDATE_SNAPSHOTS=1`).
  package static var updateRequestedByEnvironment: Bool {
    let value = ProcessInfo.processInfo.environment["CHAINTUI_UPDATE_SNAPSHOTS"] ?? ""
    return !value.isEmpty && value != "0"
  }

  /// The golden file of a snapshot name.
  package func file(named name: String) -> URL {
    directory.appendingPathComponent(name + ".txt")
  }

  /// Compares a screen with its golden, or records it in update mode.
  ///
  /// - Returns: `nil` when it matches; otherwise why not, for the failure. See
  ///   ``check(_:text:)``.
  package func check(_ name: String, screen: Grid) -> String? {
    check(name, text: screen.snapshotText)
  }

  /// Compares a text with its golden, or records it in update mode.
  ///
  /// Recording is a failure, as in swift-argument-parser's `assertSnapshot`: a golden that was
  /// just written has been compared with nothing, so the run that wrote it must not read as
  /// green. A run in update mode whose texts all equal their goldens passes; the next run
  /// without update mode checks what was recorded.
  ///
  /// - Returns: `nil` when it matches; otherwise why not, for the failure.
  package func check(_ name: String, text actual: String) -> String? {
    let file = file(named: name)
    let existing = try? String(contentsOf: file, encoding: .utf8)
    if update {
      guard existing != actual else { return nil }
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file, options: .atomic)
      } catch {
        return "cannot record the snapshot at \(file.path): \(error.localizedDescription)"
      }
      let what =
        existing.map { "re-recorded \(file.path) (\(Self.firstDifference($0, actual)))" }
        ?? "recorded a new golden at \(file.path)"
      return what + "; review the diff, then run again without --update-snapshots"
        + " (or CHAINTUI_UPDATE_SNAPSHOTS) to check it"
    }
    guard let existing else {
      return "there is no golden file at \(file.path); record it with --update-snapshots"
        + " (or CHAINTUI_UPDATE_SNAPSHOTS=1)"
    }
    guard existing != actual else { return nil }
    return "the screen differs from \(file.path) (\(Self.firstDifference(existing, actual)));"
      + " if the change is intended, re-record with --update-snapshots"
      + " (or CHAINTUI_UPDATE_SNAPSHOTS=1)"
  }

  /// Where two texts first differ, by row, for a message.
  static func firstDifference(_ expected: String, _ actual: String) -> String {
    let expectedRows = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualRows = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedRows.count, actualRows.count) {
      let wanted = index < expectedRows.count ? String(expectedRows[index]) : "<none>"
      let found = index < actualRows.count ? String(actualRows[index]) : "<none>"
      if wanted != found {
        return "row \(index): expected \"\(wanted)\", found \"\(found)\""
      }
    }
    return "line endings differ"
  }
}
