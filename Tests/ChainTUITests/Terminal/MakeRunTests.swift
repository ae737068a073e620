import ChainKitTestSupport
import Foundation
import Testing

/// `make run` shows the explorer first: SwiftPM's fetch and build lines stay in a log unless
/// the build fails.
@Suite("make run")
struct MakeRunTests {
  static let root = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `make run` with a stand-in `swift` that prints what SwiftPM prints on a fresh clone,
  /// then exits with `buildStatus`; its `chaintui` prints APP.
  func makeRun(buildStatus: Int) throws -> (output: String, status: Int32) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("make-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fakeSwift = directory.appendingPathComponent("swift")
    try """
    #!/bin/sh
    if [ "$2" = "--show-bin-path" ]; then echo "\(directory.path)"; exit 0; fi
    echo "Fetching https://github.com/apple/swift-argument-parser from cache"
    echo "Fetched https://github.com/apple/swift-argument-parser from cache (0.52s)"
    echo "Computed https://github.com/apple/swift-argument-parser at 1.6.1 (0.01s)"
    echo "[12/80] Compiling ChainKit Node.swift"
    if [ \(buildStatus) -ne 0 ]; then echo "error: the build broke" >&2; fi
    exit \(buildStatus)
    """.write(to: fakeSwift, atomically: true, encoding: .utf8)
    let fakeApp = directory.appendingPathComponent("chaintui")
    try "#!/bin/sh\necho APP\n".write(to: fakeApp, atomically: true, encoding: .utf8)
    for file in [fakeSwift, fakeApp] {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }
    let run = try runProcess(["make", "-s", "-C", Self.root.path, "run", "SWIFT=\(fakeSwift.path)"])
    return (run.output, run.status)
  }

  @Test("a build that works prints none of SwiftPM's lines before the app")
  func quietWhenTheBuildWorks() throws {
    let run = try makeRun(buildStatus: 0)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("APP"))
    for line in ["Fetching", "Fetched", "Computed", "Compiling"] {
      #expect(!run.output.contains(line), "make run printed '\(line)':\n\(run.output)")
    }
  }

  @Test("a build that fails shows its output and does not start the app")
  func loudWhenTheBuildFails() throws {
    let run = try makeRun(buildStatus: 1)
    #expect(run.status != 0)
    #expect(run.output.contains("error: the build broke"))
    #expect(!run.output.contains("APP"))
  }
}
