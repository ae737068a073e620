import ArgumentParser
import ChainTUI
import Foundation

/// `chaintui run` (the default): the interactive explorer on the terminal.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Start the interactive explorer (the default).",
    discussion: """
      Keys: 1-9 or F1-F12 switch scenes (in a text field digits type; F-keys still \
      switch), Tab and arrows move focus, i opens the inspector, ? shows help, Ctrl-X saves \
      the screen as an SVG picture, q or Ctrl-C quits. Colours are off with --no-color or \
      when NO_COLOR is set; the mouse is off (the terminal selects text) with --no-mouse or \
      when NO_MOUSE is set.
      """
  )

  @Option(
    help: ArgumentHelp(
      "The scene to start in: \(SceneCatalog.ids.joined(separator: ", ")), or a tree's id.",
      valueName: "name"))
  var scene: String?

  @Option(
    name: .customLong("tree"),
    help: ArgumentHelp(
      "Open a tree file as a scene after the built-in ones (repeatable); the first is shown.",
      valueName: "file"))
  var trees: [String] = []

  @Option(
    help: ArgumentHelp("Write every trace record as JSON Lines to this file.", valueName: "file"))
  var trace: String?

  @Flag(help: "Draw without colours (as NO_COLOR does).")
  var noColor = false

  @Flag(help: "Leave the mouse to the terminal, for its selection (as NO_MOUSE does).")
  var noMouse = false

  @Option(
    help: ArgumentHelp("Record the session as a replayable script.", valueName: "file"))
  var record: String?

  @Option(
    help: ArgumentHelp(
      "Record what the screen shows as an asciicast v2 file (asciinema plays it).",
      valueName: "file"))
  var cast: String?

  func run() async throws {
    // NB: on the main actor, so ncurses runs on the main thread; the explorer suspends between
    // polls, so the main actor's other jobs run while it waits for keys.
    try await runOnMainActor()
  }

  /// Checks every tree file before the terminal is touched, then runs the explorer.
  @MainActor
  private func runOnMainActor() async throws {
    var scenes: [any Scene] = []
    var problems: [String] = []
    for path in trees {
      switch TreeFileLoader.scene(contentsOf: URL(fileURLWithPath: path), file: path) {
      case .success(let scene): scenes.append(scene)
      case .failure(let errors): problems += errors.errors.map(\.description)
      }
    }
    guard problems.isEmpty else {
      FileHandle.standardError.write(Data((problems.joined(separator: "\n") + "\n").utf8))
      throw ExitCode.failure
    }
    let options = Explorer.Options(
      includesBuiltInScenes: true, colors: !noColor, mouse: !noMouse, traceFile: trace,
      recordFile: record, castFile: cast)
    do {
      try await Explorer.run(scenes, options: options, startingAt: scene ?? scenes.first?.id)
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
