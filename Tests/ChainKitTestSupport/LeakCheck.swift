package import Testing

@testable import ChainKit

/// Runs each test in a live-object census of its own and fails it if it leaves ChainKit objects
/// alive (cores, registrations, bus and data subscribers, observers) or the re-entrancy guard
/// not idle: rule 21's "no registration outlives its owner", checked after every test.
///
/// Every test target of ChainKit's rules uses this one trait (`.leakChecked` on a suite), so
/// what "idle" means is written once.
package struct LeakCheck: SuiteTrait, TestTrait, TestScoping {
  package var isRecursive: Bool { true }

  package func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else {
      try await function()
      return
    }
    let census = LiveObjectCensus()
    try await LiveObjectCensus.$current.withValue(census) { try await function() }
    let live = census.live
    if !live.isEmpty {
      let kinds = live.sorted { $0.key.rawValue < $1.key.rawValue }
        .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
      Issue.record("the test left ChainKit objects alive: \(kinds)")
    }
    let idle = await MainActor.run {
      let runtime = ChainRuntime.main
      return runtime.depth == 0 && !runtime.runaway && runtime.refusalCount == 0
        && runtime.retired.isEmpty && runtime.pendingCompactions.isEmpty
        && runtime.pendingActivities.isEmpty && !runtime.outerWillDeliverActivities
    }
    if !idle { Issue.record("the test left the re-entrancy guard with work under way") }
  }
}

extension Trait where Self == LeakCheck {
  /// Fails each test that leaves ChainKit objects alive or the re-entrancy guard busy.
  package static var leakChecked: Self { LeakCheck() }
}
