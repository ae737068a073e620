/// The explorer's run loop: polls the terminal for a key with a short timeout (so timers fire),
/// moves the app's virtual clock by the time that passed, hands the key to the app, presents a new
/// frame after every key or timer, and yields the main actor between turns, so the work queued on
/// it meanwhile (remote posts, next-turn listeners, a scene's tasks) runs while the explorer
/// waits for keys.
///
/// It is the one driver. The interactive explorer runs it on an ncurses terminal with the system
/// clock; the headless harness runs the same loop, step by step, on a ``HeadlessTerminal`` with a
/// ``ManualLoopClock`` (the way swift-nio's `EmbeddedEventLoop` drives the real event loop), so
/// what a script does is what a person does.
///
/// Time reaches the app in whole milliseconds; the remainder is carried to the next poll. A
/// recording therefore holds exactly the time the app saw, and its replay fires the same timers
/// between the same keys.
///
/// The runner does not own the terminal's lifetime: whoever opened the terminal restores it,
/// on return and on a thrown error alike (`NcursesTerminal` also restores on signals and exit).
@MainActor
package final class AppRunner {
  /// How long one poll waits for a key; also the finest timer resolution.
  package static let pollInterval = Duration.milliseconds(50)

  /// The app the loop drives.
  package let app: App
  private let terminal: any TerminalBackend
  private let clock: any LoopClock
  private let recorder: SessionRecorder?
  /// The clock's reading at the last poll.
  private var last: Duration = .zero
  /// Time read from the clock but not yet handed to the app (less than a millisecond).
  private var carried: Duration = .zero
  private var hasStarted = false

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - app: The app to run.
  ///   - terminal: Where frames go and keys come from.
  ///   - clock: Where elapsed time is read; the system clock unless a harness injects its own.
  ///   - recorder: Writes each key as a replayable script line, for `--record`.
  package init(
    app: App, terminal: any TerminalBackend, clock: any LoopClock = SystemLoopClock(),
    recorder: SessionRecorder? = nil
  ) {
    self.app = app
    self.terminal = terminal
    self.clock = clock
    self.recorder = recorder
  }

  /// Runs until the app asks to quit, then writes the recording's final screen.
  ///
  /// Between turns it yields the main actor (`Task.yield`), so other main-actor jobs run; it
  /// never blocks the main actor for longer than one poll.
  ///
  /// - Throws: What the terminal throws when input can never arrive again, or a recorder's
  ///   write error.
  package func run() async throws {
    try start()
    while !app.isFinished {
      try step()
      await Task.yield()
    }
    try finish()
  }

  /// Lays the app out at the terminal's size and presents the first frame; does nothing the
  /// second time.
  ///
  /// - Throws: A recorder's write error.
  package func start() throws {
    guard !hasStarted else { return }
    hasStarted = true
    last = clock.now
    app.resize(to: terminal.size)
    try recorder?.begin(size: terminal.size, scene: app.scene.id, trees: app.sceneFiles)
    present()
  }

  /// One turn of the loop: waits up to ``pollInterval`` for a key, moves the app's clock by the
  /// time that passed, handles the key, and presents a frame if anything happened.
  ///
  /// - Returns: Whether a key was handled.
  /// - Throws: What the terminal throws when input can never arrive again, or a recorder's
  ///   write error.
  @discardableResult
  package func step() throws -> Bool {
    try start()
    let key = try terminal.nextKey(timeout: Self.pollInterval)
    let fired = try advanceAppClock()
    if let key {
      try recorder?.record(key)
      app.press(key)
    }
    if key != nil || fired > 0 { present() }
    return key != nil
  }

  /// Presents the app's current screen, such as after a harness moved focus by name.
  package func present() {
    terminal.present(app.render())
  }

  /// Writes the recording's closing expectations: the screen the session ended on, with `·` for
  /// the inspector's timings, as a replay draws them.
  ///
  /// - Throws: A recorder's write error.
  package func finish() throws {
    try recorder?.end(screen: app.render(showingTimings: false))
  }

  /// Hands the time since the last poll to the app's clock in whole milliseconds.
  private func advanceAppClock() throws -> Int {
    let now = clock.now
    let elapsed = carried + max(.zero, now - last)
    last = now
    let whole = Duration.milliseconds(elapsed.wholeMilliseconds)
    carried = elapsed - whole
    guard whole > .zero else { return 0 }
    recorder?.elapsed(whole)
    return app.clock.advance(by: whole)
  }
}

extension Duration {
  /// The whole milliseconds in the duration, rounded down.
  var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
