import ArgumentParser
import ChainKitTracing
import ChainTUI
import Foundation

/// `chaintui inspect FILE [--follow]` and `chaintui inspect --listen SOCKET`: the explorer's
/// panels and inspector on any ChainKit program's trace.
struct InspectCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Inspect a ChainKit program's trace: a file, a growing file, or a live socket.",
    discussion: """
      The traced program writes JSON Lines of the ChainKit trace schema, for instance with \
      CHAINKIT_TRACE=/tmp/chain.sock and TraceStream.installFromEnvironment(on:). The node tree \
      is rebuilt from its mounts and paths; each run or reconnect of the program is a new tab. \
      Nodes released when the program exits stay in the tree, dimmed and titled (released). \
      Lines that are not of the schema are skipped with a message in the session's root panel. \
      Keys are the explorer's: Tab and arrows move focus, i opens the inspector, ? shows help, \
      q quits.
      """)

  @Argument(help: "A trace file (JSON Lines) to open.")
  var file: String?

  @Flag(help: "Keep reading the file as it grows.")
  var follow = false

  @Option(
    help: ArgumentHelp(
      "Listen on this Unix domain socket for a program's trace stream.", valueName: "socket"))
  var listen: String?

  @Flag(help: "Draw without colours (as NO_COLOR does).")
  var noColor = false

  @Flag(help: "Leave the mouse to the terminal, for its selection (as NO_MOUSE does).")
  var noMouse = false

  func validate() throws {
    switch (file, listen) {
    case (nil, nil): throw ValidationError("Give a trace FILE, or --listen SOCKET.")
    case (.some, .some): throw ValidationError("Give a trace FILE or --listen SOCKET, not both.")
    case (nil, .some) where follow: throw ValidationError("--follow is for a FILE.")
    default: break
    }
  }

  func run() async throws {
    // NB: on the main actor, so ncurses runs on the main thread; the runner suspends between
    // polls, so the main actor's other jobs run while it waits for keys.
    try await runOnMainActor()
  }

  @MainActor
  private func runOnMainActor() async throws {
    let source: any TraceSource
    let name: String
    do {
      if let listen {
        source = try TraceSocketServer(path: listen)
        name = listen
      } else {
        let path = file ?? ""
        source = try TraceFileSource(path: path, follow: follow)
        name = path
      }
    } catch {
      fail("\(error)")
    }
    let terminal: NcursesTerminal
    do {
      terminal = try NcursesTerminal(colors: !noColor, mouse: !noMouse)
    } catch {
      fail("\(error)")
    }
    let inspector = TraceInspector(size: terminal.size, colors: terminal.usesColor, source: name)
    do {
      try await InspectRunner(inspector: inspector, source: source, terminal: terminal).run()
      terminal.restore()
    } catch {
      terminal.restore()
      fail("\(error)")
    }
    for problem in inspector.problems.suffix(20) {
      FileHandle.standardError.write(Data("chaintui inspect: skipped \(problem)\n".utf8))
    }
  }

  /// Prints a message on standard error and exits with status 1.
  private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("chaintui inspect: \(message)\n".utf8))
    Foundation.exit(1)
  }
}
