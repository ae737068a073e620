/// Runs the app against a terminal: polls for keys with a short timeout (so timers fire and the
/// main actor is never blocked), advances the virtual clock by the real time that passed, and
/// presents a new frame after every key or timer.
///
/// The runner does not own the terminal's lifetime: whoever opened the terminal restores it,
/// on return and on a thrown error alike (`NcursesTerminal` also restores on signals and exit).
@MainActor
package final class AppRunner {
  /// How long one poll waits for a key; also the finest timer resolution.
  package static let pollInterval = Duration.milliseconds(50)

  private let app: App
  private let terminal: any TerminalBackend
  private let recorder: SessionRecorder?

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - app: The app to run.
  ///   - terminal: Where frames go and keys come from.
  ///   - recorder: Writes each key as a replayable script line, for `--record`.
  package init(app: App, terminal: any TerminalBackend, recorder: SessionRecorder? = nil) {
    self.app = app
    self.terminal = terminal
    self.recorder = recorder
  }

  /// Runs until the app asks to quit.
  ///
  /// - Throws: What the terminal throws when input can never arrive again, or a recorder's
  ///   write error.
  package func run() throws {
    app.resize(to: terminal.size)
    try recorder?.begin(size: terminal.size, scene: app.scene.id)
    terminal.present(app.render())
    let clock = ContinuousClock()
    var last = clock.now
    while !app.isFinished {
      let key = try terminal.nextKey(timeout: Self.pollInterval)
      let now = clock.now
      let fired = app.clock.advance(by: now - last)
      recorder?.elapsed(now - last)
      last = now
      if let key {
        try recorder?.record(key)
        app.press(key)
      }
      if key != nil || fired > 0 { terminal.present(app.render()) }
    }
  }
}
