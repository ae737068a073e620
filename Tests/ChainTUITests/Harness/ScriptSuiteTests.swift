import Foundation
import Testing

@testable import ChainTUI

/// Runs every script in Tests/ChainTUITests/Scripts against the explorer.
///
/// Scripts are read from the test bundle (the target copies the folder); goldens are read from
/// and, with `CHAINTUI_UPDATE_SNAPSHOTS=1`, written to the source tree, so re-recording changes
/// files under version control rather than a build folder.
@Suite("Scripts")
@MainActor
struct ScriptSuiteTests {
  /// The Scripts folder in the source tree, located from this file.
  nonisolated static let sourceFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts")

  /// The Scripts folder in the test bundle.
  nonisolated static var bundleFolder: URL? {
    Bundle.module.url(forResource: "Scripts", withExtension: nil)
  }

  /// The script file names, sorted, so each is its own test case.
  nonisolated static var names: [String] {
    guard let folder = bundleFolder,
      let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else { return [] }
    return files.filter { $0.hasSuffix(".chaintui") }.sorted()
  }

  @Test("the Scripts folder has scripts")
  func hasScripts() {
    #expect(
      Self.names.count >= 5, "found \(Self.names) in \(Self.bundleFolder?.path ?? "no bundle")")
  }

  @Test("each script passes against the explorer", arguments: names)
  func script(name: String) throws {
    let folder = try #require(Self.bundleFolder)
    let stem = String(name.dropLast(".chaintui".count))
    let goldens =
      FileManager.default.fileExists(atPath: Self.sourceFolder.path)
      ? Self.sourceFolder : folder
    let runner = ScriptRunner(
      updateSnapshots: SnapshotStore.updateRequestedByEnvironment,
      makeTarget: ExplorerScriptTarget.make)
    let report = runner.run(
      fileAt: folder.appendingPathComponent(name), file: "Scripts/\(name)",
      snapshotDirectory: goldens.appendingPathComponent("snapshots").appendingPathComponent(stem))
    #expect(report.passed, "\(report.details)")
  }

  @Test("the same script run twice gives the same screens and event flow")
  func deterministic() throws {
    let folder = try #require(Self.bundleFolder)
    let runner = ScriptRunner(makeTarget: ExplorerScriptTarget.make)
    let url = folder.appendingPathComponent("domino.chaintui")
    let first = runner.run(fileAt: url, snapshotDirectory: nil)
    let second = runner.run(fileAt: url, snapshotDirectory: nil)
    let shape = { (report: ScriptReport) in
      report.dispatches.map { "\($0.key) \($0.path) \($0.hops.map(\.node)) \($0.answeredBy ?? "")" }
    }
    #expect(first.passed && second.passed)
    #expect(shape(first) == shape(second))
  }
}
