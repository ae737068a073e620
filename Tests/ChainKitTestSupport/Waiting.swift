/// Yields the main actor until `condition` holds, at most `turns` turns (bounded by turns, not
/// by seconds; a million unless told); returns whether it held.
@MainActor
package func turnsUntil(turns limit: Int = 1_000_000, _ condition: @MainActor () -> Bool) async
  -> Bool
{
  var turns = 0
  while !condition() {
    guard turns < limit else { return false }
    turns += 1
    await Task.yield()
  }
  return true
}
