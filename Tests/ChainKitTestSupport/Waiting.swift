/// Turns of the main actor until `condition` holds, at most `turns` of them (a count, not a
/// clock); returns whether it held.
///
/// The first 10,000 turns only yield: what runs on the main actor needs nothing more.
/// Each later turn also sleeps a moment, giving the processor away. What a test waits for may
/// need a thread of the shared pool (a detached task, a background lane), which other suites'
/// tests can hold for a long time on a loaded machine; yields alone, a few microseconds each,
/// would use up any count of turns before it ever starts. With the defaults the bound is at
/// least 100 seconds of waiting, and it returns as soon as the condition holds.
///
/// - Parameters:
///   - turns: The most turns to take.
///   - condition: What to wait for, checked before each turn.
/// - Returns: Whether `condition` held.
@MainActor
package func turnsUntil(turns: Int = 1_000_000, _ condition: @MainActor () -> Bool) async -> Bool {
  let yieldingTurns = 10_000
  var turn = 0
  while !condition() {
    guard turn < turns else { return false }
    turn += 1
    if turn <= yieldingTurns {
      await Task.yield()
    } else {
      // NB: not a guess at how long the work takes: the condition is checked after each
      // sleep, and the count, not the sleeps, bounds the wait.
      try? await Task.sleep(for: .microseconds(100))
    }
  }
  return true
}
