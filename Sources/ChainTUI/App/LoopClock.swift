/// Where the run loop reads how much time passed: the system's monotonic clock in the terminal,
/// a hand-moved clock in the headless harness (as swift-nio's `EmbeddedEventLoop` is driven).
///
/// The runner is the only reader. It turns the time between two reads into whole milliseconds
/// on the app's ``VirtualClock``, so timers fire the same way whichever clock is injected.
@MainActor
package protocol LoopClock: AnyObject {
  /// The time since an origin of the clock's choosing; it never goes backwards.
  var now: Duration { get }
}

/// The system's monotonic clock, for the interactive explorer.
@MainActor
package final class SystemLoopClock: LoopClock {
  private let origin = ContinuousClock.now

  /// Creates a clock whose origin is now.
  package init() {}

  /// The time since this clock was created.
  package var now: Duration { ContinuousClock.now - origin }
}

/// A clock that moves only when told: the headless harness's, and tests'.
@MainActor
package final class ManualLoopClock: LoopClock {
  /// The time since the clock was created, as far as it was advanced.
  package private(set) var now: Duration = .zero

  /// Creates a clock at time zero.
  package init() {}

  /// Moves the clock forward; a negative duration is ignored.
  package func advance(by duration: Duration) {
    now += max(.zero, duration)
  }
}
