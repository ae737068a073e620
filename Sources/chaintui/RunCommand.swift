import ArgumentParser
import ChainTUI
import Foundation

/// `chaintui run` (the default): the interactive explorer on the terminal.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Start the interactive explorer (the default).",
    discussion: """
      Keys: 1-6 switch scenes, Tab and arrows move focus, i opens the inspector, ? shows help,
      q or Ctrl-C quits. Colours are off with --no-color or when NO_COLOR is set.
      """
  )

  @Option(help: "The scene to start in: \(SceneCatalog.ids.joined(separator: ", ")).")
  var scene: String?

  @Option(
    help: ArgumentHelp("Write every trace record as JSON Lines to this file.", valueName: "file"))
  var trace: String?

  @Flag(help: "Draw without colours (as NO_COLOR does).")
  var noColor = false

  @Option(
    help: ArgumentHelp("Record the session's keys as a replayable script.", valueName: "file"))
  var record: String?

  func validate() throws {
    if let scene, !SceneCatalog.ids.contains(scene) {
      let known = SceneCatalog.ids.joined(separator: ", ")
      throw ValidationError("unknown scene '\(scene)'; expected one of: \(known)")
    }
  }

  func run() throws {
    // NB: ArgumentParser calls run() on the main thread, which is the main actor's executor.
    try MainActor.assumeIsolated { try runOnMainActor() }
  }

  @MainActor
  private func runOnMainActor() throws {
    let options = Explorer.Options(
      includesBuiltInScenes: true, colors: !noColor, traceFile: trace, recordFile: record)
    do {
      try Explorer.run([], options: options, startingAt: scene)
    } catch {
      fail(error.message)
    }
  }

  /// Prints a message on standard error and exits with status 1.
  private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("chaintui: \(message)\n".utf8))
    Foundation.exit(1)
  }
}
