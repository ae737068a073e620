import ChainKit

/// Checks that nested posts still work after a program, then settles the state.
///
/// Checks, after a program, that ChainKit's process-wide dispatch state still works: a nested
/// post must run. Then it heals that state through the public API, so that one broken program
/// cannot make every later program (or a shrinker's candidates) diverge for a reason that lies
/// in an earlier one.
@MainActor
enum ProcessCanary {
  static let key = EventKey<Int>("fuzz.canary")

  /// Whether a nested post runs now; afterwards, the state is settled again.
  ///
  /// NB: the listener cancels a registration while the post runs, which makes ChainKit tidy up
  /// (clearing a stale runaway flag among the rest) when the post returns.
  static func nestedPostWorks() -> Bool {
    let node = Node("canary")
    var nestedRan = false
    let spare = node.on(key) { _, _ in }
    node.on(key) { [weak node] _, depth in
      guard depth == 0 else {
        nestedRan = true
        return
      }
      spare.cancel()
      node?.post(key, 1)
    }
    node.post(key, 0)
    return nestedRan
  }
}
