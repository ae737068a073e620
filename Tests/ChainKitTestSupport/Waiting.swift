/// Yields the main actor until `condition` holds, at most a million turns (bounded by turns, not
/// by seconds); returns whether it held.
@MainActor
package func turnsUntil(_ condition: @MainActor () -> Bool) async -> Bool {
  var turns = 0
  while !condition() {
    guard turns < 1_000_000 else { return false }
    turns += 1
    await Task.yield()
  }
  return true
}
