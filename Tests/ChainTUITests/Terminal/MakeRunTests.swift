import ChainKitTestSupport
import Foundation
import Testing

/// `make run` shows the explorer first: SwiftPM's fetch and build lines stay in a log unless
/// the build fails, one line shows the latest build step meanwhile, and Ctrl-C ends it without
/// an error from make.
@Suite("make run")
struct MakeRunTests {
  static let root = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `make run` with a stand-in `swift` that prints what SwiftPM prints on a fresh clone,
  /// then exits with `buildStatus`; its `chaintui` (/bin/echo) prints APP.
  ///
  /// The build's log goes to a file of this run's own (`RUN_LOG`): the tests of this suite run
  /// side by side, and with the clone's one log one run's `cat` could show the other's build.
  func makeRun(buildStatus: Int, progress: String = "auto") throws -> (
    output: String, status: Int32, log: String
  ) {
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
    // NB: nothing this test writes is executed. A file just written can fail to exec with
    // ETXTBSY ("Text file busy") while a process another test forks at that moment still holds
    // the writing descriptor; so the stand-in `swift` runs as `/bin/sh FILE`, and the app is a
    // link to /bin/echo that prints its arguments (ARGS=APP).
    let fakeApp = directory.appendingPathComponent("chaintui")
    try FileManager.default.createSymbolicLink(
      atPath: fakeApp.path, withDestinationPath: "/bin/echo")
    let log = directory.appendingPathComponent("run-log.txt")
    let run = try runProcess([
      "make", "-s", "-C", Self.root.path, "run", "SWIFT=/bin/sh \(fakeSwift.path)",
      "RUN_LOG=\(log.path)", "RUN_PROGRESS=\(progress)", "ARGS=APP",
    ])
    return (run.output, run.status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
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

  @Test("the build's output goes to the log RUN_LOG names, not to a file the clone shares")
  func logGoesWhereRunLogSays() throws {
    let run = try makeRun(buildStatus: 0)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.log.contains("Compiling ChainKit Node.swift"), "the log held:\n\(run.log)")
  }

  @Test("a build that fails shows its output and does not start the app")
  func loudWhenTheBuildFails() throws {
    let run = try makeRun(buildStatus: 1)
    #expect(run.status != 0)
    #expect(run.output.contains("error: the build broke"))
    #expect(!run.output.contains("APP"))
  }

  @Test("with a progress line, each build step is drawn over the last on one line")
  func progressOnOneLine() throws {
    let run = try makeRun(buildStatus: 0, progress: "line")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("\r\u{1B}[K[12/80] Compiling ChainKit Node.swift"), "\(run.output)")
    #expect(!run.output.contains("Compiling ChainKit Node.swift\n"), "\(run.output)")
    #expect(!run.output.contains("Fetching"), "\(run.output)")
    #expect(run.output.contains("APP"))
    #expect(run.log.contains("Fetching https://github.com/apple/swift-argument-parser from cache"))
  }
}
