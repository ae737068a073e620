/// The app's notion of time: it moves only when told, and fires repeating timers as it passes
/// their deadlines.
///
/// The runner advances it by the real time that passed between polls; the scripted harness
/// advances it with `advance(by:)`, so a 1 Hz producer ticks exactly as often in a test as the
/// script says, with no sleeping.
@MainActor
package final class VirtualClock {
  private struct Timer {
    let id: Int
    let interval: Duration
    var deadline: Duration
    let action: @MainActor () -> Void
  }

  /// The time since the clock started.
  package private(set) var now: Duration = .zero
  private var timers: [Timer] = []
  private var nextID = 0

  /// Creates a clock at time zero with no timers.
  package init() {}

  /// Runs `action` every `interval`, first one interval from now.
  ///
  /// - Returns: An id for ``cancel(_:)``.
  @discardableResult
  package func every(_ interval: Duration, _ action: @escaping @MainActor () -> Void) -> Int {
    precondition(interval > .zero, "a timer's interval must be positive")
    nextID += 1
    timers.append(Timer(id: nextID, interval: interval, deadline: now + interval, action: action))
    return nextID
  }

  /// Stops a timer; unknown ids are ignored.
  package func cancel(_ id: Int) {
    timers.removeAll { $0.id == id }
  }

  /// Moves time forward, firing each timer once per deadline passed, in deadline order.
  ///
  /// - Returns: How many timer actions ran, so the runner knows whether to redraw.
  @discardableResult
  package func advance(by duration: Duration) -> Int {
    let target = now + max(.zero, duration)
    var fired = 0
    while let index = dueTimerIndex(before: target) {
      let timer = timers[index]
      now = timer.deadline
      timers[index].deadline = timer.deadline + timer.interval
      timer.action()
      fired += 1
    }
    now = target
    return fired
  }

  private func dueTimerIndex(before target: Duration) -> Int? {
    var best: Int?
    for index in timers.indices where timers[index].deadline <= target {
      if let current = best, timers[current].deadline <= timers[index].deadline { continue }
      best = index
    }
    return best
  }
}
