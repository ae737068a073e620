/// Runs `chaintui inspect` against a terminal: between keys (polled with a short timeout) it
/// reads what the trace source has, so records show up as they arrive and the screen is
/// redrawn only when a key or a record came.
///
/// Between turns it yields the main actor, as ``AppRunner`` does.
@MainActor
package final class InspectRunner {
  private let inspector: TraceInspector
  private let source: any TraceSource
  private let terminal: any TerminalBackend

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - inspector: The inspector to feed and draw.
  ///   - source: Where records come from.
  ///   - terminal: Where frames go and keys come from.
  package init(inspector: TraceInspector, source: any TraceSource, terminal: any TerminalBackend) {
    self.inspector = inspector
    self.source = source
    self.terminal = terminal
  }

  /// Runs until the user quits.
  ///
  /// - Throws: What the terminal throws when input can never arrive again.
  package func run() async throws {
    let app = inspector.app
    app.resize(to: terminal.size)
    _ = source.poll(into: inspector)
    terminal.present(app.render())
    while !app.isFinished {
      let key = try terminal.nextKey(timeout: AppRunner.pollInterval)
      if let key { app.press(key) }
      let arrived = source.poll(into: inspector)
      if key != nil || arrived { terminal.present(app.render()) }
      await Task.yield()
    }
  }
}
