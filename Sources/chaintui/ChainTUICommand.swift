// The `chaintui` executable: argument parsing only; the explorer lives in the ChainTUI library.
import ArgumentParser

/// `chaintui`: the interactive ChainKit explorer, and the scripted harness behind `script`.
@main
struct ChainTUICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chaintui",
    abstract: "Explore ChainKit in the terminal: nested panels whose events you can watch flow.",
    subcommands: [RunCommand.self, ScriptCommand.self],
    defaultSubcommand: RunCommand.self
  )
}
