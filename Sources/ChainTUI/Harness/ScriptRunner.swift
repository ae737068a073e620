import ChainKit
package import ChainKitTracing
package import Foundation

/// Creates the app for a script at a size, with extra scenes (the script's trees) beside the
/// built-in ones, showing a scene (`nil` for the first extra scene, or the first); throws for
/// an unknown scene.
package typealias ScriptTargetFactory =
  @MainActor (_ size: Size, _ scene: String?, _ scenes: [any Scene]) throws -> any ScriptTarget

/// The result of one script: passed, failed at a step, or not parsed.
package struct ScriptReport: Sendable {
  /// How a script ended.
  package enum Outcome: Sendable, Equatable {
    /// Every step passed.
    case passed
    /// A step failed; the run stopped there.
    case failed(ScriptFailure)
    /// The script did not parse (or could not be read); nothing ran.
    case syntaxError(ScriptSyntaxError)
  }

  /// The script's file, as given.
  package var file: String
  /// How it ended.
  package var outcome: Outcome
  /// Every dispatch the app recorded during the run, oldest first.
  package var dispatches: [DispatchRecord]
  /// The screen the script ended on, in colour, when the runner was asked for it
  /// (``ScriptRunner/takesFinalScreenshot``) and the app started; `nil` otherwise.
  package var finalScreenshot: Grid?

  /// Whether every step passed.
  package var passed: Bool { outcome == .passed }

  /// What to print after the `FAIL` line: the failure or syntax error; empty when passed.
  package var details: String {
    switch outcome {
    case .passed: ""
    case .failed(let failure): failure.description
    case .syntaxError(let error): error.description
    }
  }
}

/// Runs scripts headlessly: parse, create the app at the script's size and scene, run the steps.
///
/// Deterministic: no terminal, no threads, no sleeps; the app's clock moves only on `tick`.
@MainActor
package struct ScriptRunner {
  /// Creates the app for each script.
  package var makeTarget: ScriptTargetFactory
  /// Whether `snapshot` lines re-record their goldens instead of comparing.
  package var updateSnapshots: Bool
  /// Whether each report keeps the screen its script ended on, in colour, passed or failed
  /// (`chaintui script --svg`).
  package var takesFinalScreenshot = false

  package init(updateSnapshots: Bool = false, makeTarget: @escaping ScriptTargetFactory) {
    self.makeTarget = makeTarget
    self.updateSnapshots = updateSnapshots
  }

  /// Reads, parses and runs a script file, with goldens in `snapshots/<name>/` beside it unless
  /// another folder is given.
  package func run(fileAt url: URL, file: String? = nil, snapshotDirectory: URL? = nil)
    -> ScriptReport
  {
    let name = file ?? url.path
    let bytes: [UInt8]
    do {
      bytes = Array(try Data(contentsOf: url))
    } catch {
      let location = SourceLocation(file: name, line: 1, column: 1)
      let message = "cannot read the script: \(error.localizedDescription)"
      return ScriptReport(
        file: name, outcome: .syntaxError(ScriptSyntaxError(message, at: location)),
        dispatches: [])
    }
    let store =
      snapshotDirectory.map { SnapshotStore(directory: $0, update: updateSnapshots) }
      ?? SnapshotStore(forScriptAt: url, update: updateSnapshots)
    return run(
      bytes: bytes, file: name, snapshots: store, folder: url.deletingLastPathComponent())
  }

  /// Parses and runs script bytes; `tree` lines are relative to `folder` (the working
  /// directory when `nil`).
  package func run(
    bytes: [UInt8], file: String, snapshots: SnapshotStore?, folder: URL? = nil
  ) -> ScriptReport {
    do throws(ScriptSyntaxError) {
      let script = try ScriptParser.parse(bytes: bytes, file: file)
      return run(script, snapshots: snapshots, folder: folder)
    } catch {
      return ScriptReport(file: file, outcome: .syntaxError(error), dispatches: [])
    }
  }

  /// Runs a parsed script against a new app, with its trees opened from `folder`.
  ///
  /// A script with no `expect` or `snapshot` line fails without running: it could never fail,
  /// so a PASS would claim something nobody checked.
  package func run(_ script: Script, snapshots: SnapshotStore?, folder: URL? = nil)
    -> ScriptReport
  {
    guard script.steps.contains(where: \.action.isCheck) else {
      let failure = ScriptFailure(
        location: SourceLocation(file: script.file, line: 1, column: 1),
        statement: "the whole script",
        reason: "it has no 'expect' or 'snapshot' line, so it could never fail;"
          + " add what should hold at the end (a recording ends with its final screen)",
        screen: nil)
      return ScriptReport(file: script.file, outcome: .failed(failure), dispatches: [])
    }
    var scenes: [any Scene] = []
    for tree in script.trees {
      let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      let url = URL(fileURLWithPath: tree.path, relativeTo: base).standardizedFileURL
      switch TreeFileLoader.scene(contentsOf: url, file: tree.path) {
      case .success(let scene): scenes.append(scene)
      case .failure(let errors):
        let failure = ScriptFailure(
          location: tree.location, statement: tree.source,
          reason: "the tree file has problems:\n" + errors.description, screen: nil)
        return ScriptReport(file: script.file, outcome: .failed(failure), dispatches: [])
      }
    }
    let target: any ScriptTarget
    do {
      target = try makeTarget(script.size ?? Script.defaultSize, script.scene, scenes)
    } catch {
      let failure = ScriptFailure(
        location: SourceLocation(file: script.file, line: 1, column: 1),
        statement: "start the app" + (script.scene.map { " in scene '\($0)'" } ?? ""),
        reason: "\(error)", screen: nil)
      return ScriptReport(file: script.file, outcome: .failed(failure), dispatches: [])
    }
    let executor = ScriptExecutor(target: target, snapshots: snapshots)
    executor.folder = folder
    let failure = executor.run(script.steps)
    return ScriptReport(
      file: script.file, outcome: failure.map(ScriptReport.Outcome.failed) ?? .passed,
      dispatches: target.dispatches,
      finalScreenshot: takesFinalScreenshot ? target.screenshot() : nil)
  }
}
