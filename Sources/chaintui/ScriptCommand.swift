import ArgumentParser

/// `chaintui script`: runs explorer scripts headlessly. A placeholder: the harness replaces it.
struct ScriptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "script",
    abstract: "Run explorer scripts headlessly and check their expectations."
  )

  @Argument(help: "The script files to run.")
  var files: [String] = []

  @Flag(help: "Re-record the snapshots the scripts compare against.")
  var updateSnapshots = false

  @Option(
    help: ArgumentHelp("Write every trace record as JSON Lines to this file.", valueName: "file"))
  var trace: String?

  func run() throws {
    throw ValidationError("the script runner is not built into this binary yet")
  }
}
