import ArgumentParser
import ChainKit
import ChainKitTracing
import ChainTUI
import Foundation

/// `chaintui script FILE...`: runs scripts headlessly and reports one line per script.
struct ScriptCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "script",
    abstract: "Run scripts against the explorer without a terminal.",
    discussion: """
      Prints PASS or FAIL and the path for each script, the failure (file:line, the \
      expectation and the screen) or syntax error (file:line:column) after a FAIL, and a \
      closing line 'N passed, N failed'. Exits non-zero when any script fails. Golden \
      snapshots are re-recorded with --update-snapshots or CHAINTUI_UPDATE_SNAPSHOTS=1. \
      --svg saves the screen one script ended on (passed or failed) as an SVG picture in \
      colour.
      """)

  @Argument(help: "Script files (.chaintui) to run, in order.")
  var files: [String]

  @Flag(help: "Write each snapshot's screen as its new golden file instead of comparing.")
  var updateSnapshots = false

  @Option(
    help: ArgumentHelp(
      "Write every record of every scene of every script to this file as JSON Lines.",
      valueName: "file"))
  var trace: String?

  @Option(
    help: ArgumentHelp(
      "After the script ends, save the screen it ended on to this file as an SVG picture.",
      valueName: "file"))
  var svg: String?

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Give at least one script file.") }
    guard svg == nil || files.count == 1 else {
      throw ValidationError("--svg saves one script's final screen: give one script file.")
    }
  }

  func run() async throws {
    // NB: the root command is async, so ArgumentParser may call run() off the main thread;
    // the scripts run on the main actor, as the explorer does.
    let failed = try await runScripts()
    if failed > 0 { throw ExitCode.failure }
  }

  /// Runs every script, prints the results, traces them; returns how many failed.
  @MainActor
  private func runScripts() throws -> Int {
    // Opened before any script runs: a directory or an unwritable path fails here, plainly.
    let traceWriter: JSONLinesTraceWriter?
    do {
      traceWriter = try trace.map { try JSONLinesTraceWriter(path: $0) }
    } catch {
      FileHandle.standardError.write(Data("chaintui: \(error)\n".utf8))
      throw ExitCode.failure
    }
    // Each script's app forwards every record of every scene, scoped by scene, as `run` does.
    var runner = ScriptRunner(
      updateSnapshots: updateSnapshots || SnapshotStore.updateRequestedByEnvironment,
      makeTarget: { size, scene, scenes in
        try ExplorerScriptTarget.make(size: size, scene: scene, scenes: scenes, trace: traceWriter)
      })
    runner.takesFinalScreenshot = svg != nil
    var passed = 0
    var savedScreen = true
    for file in files {
      let report = runner.run(fileAt: URL(fileURLWithPath: file), file: file)
      if report.passed {
        passed += 1
        print("PASS \(file)")
      } else {
        print("FAIL \(file)")
        print(report.details)
      }
      if let svg { savedScreen = save(report.finalScreenshot, of: file, to: svg) }
    }
    print("\(passed) passed, \(files.count - passed) failed")
    if !savedScreen { throw ExitCode.failure }
    if let traceWriter, let error = traceWriter.lastError {
      FileHandle.standardError.write(
        Data("chaintui: \(traceWriter.failureCount) trace records not written: \(error)\n".utf8))
      throw ExitCode.failure
    }
    return files.count - passed
  }

  /// Writes a script's final screen as an SVG picture; says why on standard error and returns
  /// `false` when it cannot (the path, or a script that never started its app).
  @MainActor
  private func save(_ screen: Grid?, of file: String, to path: String) -> Bool {
    guard let screen else {
      FileHandle.standardError.write(
        Data("chaintui: no screen to save to \(path): \(file) did not start the explorer\n".utf8))
      return false
    }
    do throws(RecordingPathError) {
      try SVGScreenshot.write(screen, to: path)
      return true
    } catch {
      FileHandle.standardError.write(Data("chaintui: \(error)\n".utf8))
      return false
    }
  }
}
