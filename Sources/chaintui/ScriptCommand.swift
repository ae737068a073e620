import ArgumentParser
import ChainTUI
import Foundation

/// `chaintui script FILE...`: runs scripts headlessly and reports one line per script.
struct ScriptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "script",
    abstract: "Run scripts against the explorer without a terminal.",
    discussion: """
      Prints PASS or FAIL and the path for each script, the failure (file:line, the \
      expectation and the screen) or syntax error (file:line:column) after a FAIL, and a \
      closing line 'N passed, N failed'. Exits non-zero when any script fails. Golden \
      snapshots are re-recorded with --update-snapshots or CHAINTUI_UPDATE_SNAPSHOTS=1.
      """)

  @Argument(help: "Script files (.chaintui) to run, in order.")
  var files: [String]

  @Flag(help: "Write each snapshot's screen as its new golden file instead of comparing.")
  var updateSnapshots = false

  @Option(
    help: ArgumentHelp(
      "Write every script's dispatch records to this file as JSON Lines.", valueName: "file"))
  var trace: String?

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Give at least one script file.") }
  }

  func run() throws {
    let failed = try MainActor.assumeIsolated { try runScripts() }
    if failed > 0 { throw ExitCode.failure }
  }

  /// Runs every script, prints the results, writes the trace; returns how many failed.
  @MainActor
  private func runScripts() throws -> Int {
    let runner = ScriptRunner(
      updateSnapshots: updateSnapshots || SnapshotStore.updateRequestedByEnvironment,
      makeTarget: ExplorerScriptTarget.make)
    var passed = 0
    var reports: [ScriptReport] = []
    for file in files {
      let report = runner.run(fileAt: URL(fileURLWithPath: file), file: file)
      reports.append(report)
      if report.passed {
        passed += 1
        print("PASS \(file)")
      } else {
        print("FAIL \(file)")
        print(report.details)
      }
    }
    print("\(passed) passed, \(files.count - passed) failed")
    if let trace {
      do {
        try ScriptTraceFile.write(reports.flatMap(\.dispatches), to: URL(fileURLWithPath: trace))
      } catch {
        throw ValidationError("cannot write the trace to \(trace): \(error.localizedDescription)")
      }
    }
    return files.count - passed
  }
}
