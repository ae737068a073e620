import ChainKitTestSupport
import Foundation
import Testing

/// The public API of ChainKit, ChainKitTracing, ChainEventsRuntime and ChainEvents, one
/// declaration a line, held to the fixtures in `Tests/Fixtures/PublicAPI` so that every change of
/// the public surface shows in a diff.
///
/// The list is read from the symbol graph of the module this test run built:
/// `swift-symbolgraph-extract` reads the built `.swiftmodule` and compiles nothing, so the test
/// stays cheap. `@_spi` declarations, underscored names and members synthesized from protocol
/// extensions are left out; what a module adds to another module's types is listed under that
/// module's name (`ChainKit.TraceLine.decode(_:)`), and conformances as `conformance Type:
/// Protocol` lines. The fixtures sit outside every target, so SwiftPM does not take them for
/// resources.
///
/// When the change is meant, re-record the fixture:
///
/// ```
/// CHAINKIT_UPDATE_API=1 swift test --disable-xctest --filter PublicAPISurveyTests
/// ```
///
/// A run that changes a fixture fails; the next run, without the variable, checks it.
@Suite("Public API survey")
struct PublicAPISurveyTests {
  @Test(
    "the public API matches its fixture",
    arguments: ["ChainKit", "ChainKitTracing", "ChainEventsRuntime"])
  func surfaceMatchesFixture(module: String) throws {
    try check(module)
  }

  /// `ChainEvents` is built only with the macro (not in the sanitizer runs, which set
  /// `CHAINKIT_WITHOUT_MACROS`), so its survey runs where its module is there.
  @Test(
    "ChainEvents' public API matches its fixture",
    .enabled(if: PackageLayout.modulesDirectory(holding: "ChainEvents") != nil))
  func chainEventsMatchesFixture() throws {
    try check("ChainEvents")
  }

  private func check(_ module: String) throws {
    let lines = try PublicAPISurvey.lines(of: module)
    let fixture = PackageLayout.root
      .appendingPathComponent("Tests/Fixtures/PublicAPI/\(module).txt")
    let current = lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["CHAINKIT_UPDATE_API"] != nil {
      let before = try? String(contentsOf: fixture, encoding: .utf8)
      guard before != current else { return }
      try current.write(to: fixture, atomically: true, encoding: .utf8)
      // A run that records fails, as the snapshot tests' do, so that only a run without the
      // variable passes: it checks what was recorded.
      Issue.record("re-recorded \(fixture.path); review the diff, then run again without it")
      return
    }
    let recorded = try #require(
      try? String(contentsOf: fixture, encoding: .utf8),
      "no fixture at \(fixture.path): record it with CHAINKIT_UPDATE_API=1")
    let recordedLines = recorded.split(separator: "\n").map(String.init)
    let removed = Set(recordedLines).subtracting(lines).sorted()
    let added = Set(lines).subtracting(recordedLines).sorted()
    let diff = (removed.map { "- \($0)" } + added.map { "+ \($0)" }).joined(separator: "\n")
    #expect(
      removed.isEmpty && added.isEmpty,
      """
      \(module)'s public API differs from \(fixture.lastPathComponent) \
      (re-record with CHAINKIT_UPDATE_API=1 if the change is meant):
      \(diff)
      """)
  }
}
