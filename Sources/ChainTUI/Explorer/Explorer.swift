import ChainKit
import ChainKitTracing
import Foundation

/// Runs the ChainTUI explorer on your own scenes, in this process's terminal.
///
/// <!-- fragment: a program's entry line; it takes over the terminal, so no test runs it -->
/// ```swift
/// import ChainTUI
///
/// try await Explorer.run([InboxScene()])
/// ```
///
/// The explorer shows one tab per scene; the keys, the inspector and the help are those of
/// `chaintui`. Everything is checked before the terminal is touched (scene ids, the trace and
/// record and cast files), and the terminal is restored on every way out: `q`, Ctrl-C, SIGTERM, a thrown
/// error, a crash in a listener.
@MainActor
public enum Explorer {
  /// How the explorer runs.
  public struct Options: Sendable {
    /// Whether the six built-in scenes (Event chain, Router, ...) come before yours.
    public var includesBuiltInScenes: Bool
    /// Whether colours are drawn when the terminal has them (`NO_COLOR` turns them off too).
    public var colors: Bool
    /// Whether clicks and the wheel act (`NO_MOUSE` turns them off too); off, the terminal's own
    /// selection works.
    public var mouse: Bool
    /// A file to write every trace record to, as JSON Lines.
    public var traceFile: String?
    /// A file to write the session to as a script that replays it (see the Scripts article).
    public var recordFile: String?
    /// A file to write what the screen shows to, as an asciicast v2 recording (asciinema plays
    /// it).
    public var castFile: String?

    /// Creates options; by default only your scenes, in colour, with the mouse, without trace
    /// or recording.
    ///
    /// - Parameters:
    ///   - includesBuiltInScenes: Whether the built-in scenes come first.
    ///   - colors: Whether to draw colours.
    ///   - mouse: Whether the terminal reports the mouse to the explorer.
    ///   - traceFile: Where to write trace records as JSON Lines.
    ///   - recordFile: Where to record the session as a replayable script.
    ///   - castFile: Where to record the screen as an asciicast.
    public init(
      includesBuiltInScenes: Bool = false, colors: Bool = true, mouse: Bool = true,
      traceFile: String? = nil, recordFile: String? = nil, castFile: String? = nil
    ) {
      self.includesBuiltInScenes = includesBuiltInScenes
      self.colors = colors
      self.mouse = mouse
      self.traceFile = traceFile
      self.recordFile = recordFile
      self.castFile = castFile
    }
  }

  /// Runs the explorer on scenes until the user quits, showing the first.
  ///
  /// It runs on the main actor (ncurses is used from the main thread only) and suspends between
  /// polls for keys, so the main actor's other work, such as posts from other threads through a
  /// ``RemoteNode``, is delivered while the explorer waits.
  ///
  /// - Parameters:
  ///   - scenes: The scenes, in tab order; each is adopted by this run (see ``Scene``).
  ///   - options: Built-in scenes, colours, trace and recordings.
  /// - Throws: ``ExplorerError`` when there is no scene, two share an id, a file cannot be
  ///   written, or there is no usable terminal; the terminal is restored first.
  public static func run(_ scenes: [any Scene], options: Options = Options())
    async throws(ExplorerError)
  {
    try await run(scenes, options: options, startingAt: nil)
  }

  /// Runs the explorer, starting on the scene with an id (the first when `nil`).
  package static func run(_ scenes: [any Scene], options: Options, startingAt start: String?)
    async throws(ExplorerError)
  {
    let builtIns = options.includesBuiltInScenes ? SceneCatalog.ids : []
    try check(ids: builtIns + scenes.map(\.id), start: start)
    let traceWriter: JSONLinesTraceWriter?
    let recorder: SessionRecorder?
    let cast: AsciicastWriter?
    let clock = SystemLoopClock()
    do {
      traceWriter = try options.traceFile.map { try JSONLinesTraceWriter(path: $0) }
      recorder = try options.recordFile.map { try SessionRecorder(path: $0) }
      cast = try options.castFile.map {
        try AsciicastWriter(path: $0, clock: clock, timestamp: Int(Date().timeIntervalSince1970))
      }
    } catch {
      // NB: the errors' own sentences; `localizedDescription` of a Swift error is Foundation's
      // "The operation could not be completed" with a domain and a code.
      throw ExplorerError("\(error)")
    }
    let terminal: NcursesTerminal
    do {
      terminal = try NcursesTerminal(colors: options.colors, mouse: options.mouse)
    } catch {
      throw ExplorerError(error.description)
    }
    let app = App(
      size: terminal.size, colors: terminal.usesColor, trace: traceWriter,
      builtInScenes: options.includesBuiltInScenes, scenes: scenes)
    app.select(sceneID: start ?? scenes.first?.id ?? app.scene.id)
    app.screenshotFolder = "."
    let screen: any TerminalBackend =
      cast.map { CastingTerminal(terminal, recordingTo: $0) } ?? terminal
    do {
      try await AppRunner(app: app, terminal: screen, clock: clock, recorder: recorder).run()
      terminal.restore()
    } catch {
      terminal.restore()
      throw ExplorerError("\(error)")
    }
    if let failure = cast?.failure { throw ExplorerError(failure) }
  }

  /// Checks, before the terminal is touched, that there are scenes with unique ids and that
  /// the starting one exists.
  static func check(ids: [String], start: String?) throws(ExplorerError) {
    guard !ids.isEmpty else { throw ExplorerError("there is no scene to show") }
    var seen: Set<String> = []
    for id in ids where !seen.insert(id).inserted {
      throw ExplorerError("two scenes have the id '\(id)'; each scene needs its own")
    }
    if let start, !seen.contains(start) {
      throw ExplorerError(
        "unknown scene '\(start)'; expected one of: \(ids.joined(separator: ", "))")
    }
  }
}
