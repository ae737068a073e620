// The `chaintui` executable: argument parsing only; the explorer lives in the ChainTUI library.
import ArgumentParser
import ChainTUI

/// `chaintui`: the interactive ChainKit explorer, and the scripted harness behind `script`.
@main
struct ChainTUICommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chaintui",
    abstract: "Explore ChainKit in the terminal: nested panels whose events you can watch flow.",
    // NB: ArgumentParser wraps each line to the terminal's width itself, so prose is written
    // one line per paragraph (`\` joins the source lines) and the table's lines stay short.
    discussion: """
      With no subcommand, `run` starts the explorer:
        chaintui [run] [--tree FILE]... [--scene NAME] [--trace FILE]
                 [--no-color] [--no-mouse] [--record FILE] [--cast FILE]
        --tree FILE     open a tree file as a scene beside the built-in ones
        --scene NAME    start in a scene: a built-in one or a tree's
        --trace FILE    write every trace record as JSON Lines to FILE
        --no-color      draw without colours (NO_COLOR does the same)
        --no-mouse      leave the mouse to the terminal (NO_MOUSE too)
        --record FILE   record the session as a script that replays it
        --cast FILE     record the screen as an asciicast v2 file (asciinema)
      The built-in scenes: \(SceneCatalog.ids.joined(separator: ", ")).

      `chaintui script FILE...` runs scripts headlessly; `chaintui check FILE...` checks \
      tree files. `chaintui inspect FILE [--follow]` or `chaintui inspect --listen SOCKET` \
      shows a ChainKit program's trace the same way; `chaintui export FILE --format chrome \
      -o OUT.json` converts a trace for Perfetto and chrome://tracing.
      """,
    subcommands: [
      RunCommand.self, ScriptCommand.self, CheckCommand.self, InspectCommand.self,
      ExportCommand.self,
    ],
    defaultSubcommand: RunCommand.self
  )
}
