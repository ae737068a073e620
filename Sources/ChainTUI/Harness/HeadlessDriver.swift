import ChainKit
package import ChainKitTracing

/// The explorer's run loop without a terminal: the ``AppRunner`` over a ``HeadlessTerminal``
/// and a ``ManualLoopClock``, turned one step at a time by a script or a test.
///
/// Every input goes through the runner as it would from a terminal: a key or a resize is queued
/// on the terminal and the loop turns once; a tick moves the injected clock and the loop turns
/// once, firing the timers that fall due. The screen is the frame the runner last presented, so
/// expectations see what a person at a terminal of the same size would see.
@MainActor
package final class HeadlessDriver: ScriptTarget {
  /// The app under the loop.
  package let app: App
  /// The terminal the loop reads and presents to.
  package let terminal: HeadlessTerminal
  private let clock = ManualLoopClock()
  private let runner: AppRunner

  /// Starts the loop on an app at its size and presents the first frame.
  ///
  /// - Parameter app: The app; the terminal takes its size.
  package init(app: App) {
    self.app = app
    // Wall-clock timings differ from run to run; a script's screen shows `·` for them.
    app.showsTimings = false
    terminal = HeadlessTerminal(size: app.size)
    runner = AppRunner(app: app, terminal: terminal, clock: clock)
    turn { try runner.start() }
  }

  /// The screen size the app lays out for.
  package var size: Size { app.size }

  /// Queues a key on the terminal and turns the loop once; after the app quit, nothing happens,
  /// as nothing reaches a program that has exited.
  package func press(_ key: Key) {
    guard !app.isFinished else { return }
    terminal.enqueue(key)
    turn { try runner.step() }
  }

  /// Feeds bytes to the terminal, which decodes them as a real one does, and turns the loop once
  /// per key they make (once when they make none); bytes that end mid-sequence are ended as the
  /// real terminal ends them when no more arrive.
  package func feed(bytes: [UInt8]) {
    guard !app.isFinished else { return }
    terminal.feed(bytes: bytes)
    repeat {
      turn { try runner.step() }
    } while !app.isFinished && (terminal.pendingCount > 0 || terminal.hasPendingBytes)
  }

  /// Resizes the terminal (which queues the resize event) and turns the loop once.
  package func resize(to size: Size) {
    guard !app.isFinished else { return }
    terminal.resize(to: size)
    turn { try runner.step() }
  }

  /// Moves the loop's clock and turns the loop once, which fires the timers that fell due.
  package func advance(by duration: Duration) {
    guard !app.isFinished else { return }
    clock.advance(by: duration)
    turn { try runner.step() }
  }

  /// The frame the loop presented last.
  package func render() -> Grid {
    terminal.lastFrame ?? app.render()
  }

  /// Moves focus by name (a harness shortcut, not a key) and presents the result.
  package func focus(panelNamed name: String) -> Bool {
    guard app.focus(panelNamed: name) else { return false }
    runner.present()
    return true
  }

  /// The lines of a panel's log, the scene on screen first.
  package func log(ofPanel name: String) -> [String]? { app.log(ofPanel: name) }

  /// The scene's panels and its focus stops, in layout order.
  package var panelNames: (all: [String], focusable: [String]) {
    (app.scene.allPanels.map(\.name), app.focusStops.map(\.name))
  }

  /// The inspector's "why" for a panel of the scene on screen, for the newest dispatch a
  /// pattern matches or else the selected or newest one.
  package func why(ofPanel name: String, dispatch: EventPattern?) -> [String]? {
    app.why(ofPanel: name, dispatch: dispatch)
  }

  /// The dispatches of the scene on screen.
  package var dispatches: [DispatchRecord] { app.dispatches }

  /// The highest dispatch id of the scene on screen.
  package var highestDispatchID: UInt64? { app.highestDispatchID }

  /// Whether the app asked to quit.
  package var isFinished: Bool { app.isFinished }

  /// The screen on show in colour (scripts run without colours, as their checks read text).
  package func screenshot() -> Grid { app.renderInColor() }

  /// Records every frame the loop presents from now on, the one on screen first, at the times
  /// of the loop's hand-moved clock: a script's cast is the same on every run.
  package func startCast(path: String) throws(RecordingPathError) {
    let cast = try AsciicastWriter(path: path, clock: clock)
    cast.frame(render())
    terminal.presented = { cast.frame($0) }
  }

  /// Runs one turn of the loop.
  ///
  /// NB: the headless terminal never throws and there is no
  /// script recorder, so a turn cannot fail; if one ever does, that is a bug in the harness.
  private func turn(_ body: () throws -> Void) {
    do {
      try body()
    } catch {
      preconditionFailure("a headless turn of the run loop failed: \(error)")
    }
  }
}
