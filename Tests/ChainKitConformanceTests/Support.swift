import ChainKit

/// Collects what listeners saw, in order, like the `log` arrays of the WPT tests.
@MainActor
final class Recorder {
  private(set) var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
}
