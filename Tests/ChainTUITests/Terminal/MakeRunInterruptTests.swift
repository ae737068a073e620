import Foundation
import Testing

/// Ctrl-C under `make run`, during the build or in the explorer, ends the run without an error
/// from make (`make: *** [Makefile:…: run] Interrupt`, or `Error 130`).
///
/// Ctrl-C signals the terminal's whole foreground process group; here `make run` starts in a
/// process group of its own (`setsid`), and the test signals that group as the terminal would.
@Suite("make run and Ctrl-C")
struct MakeRunInterruptTests {
  /// How many times the test looks for a step before it fails; between looks it yields a
  /// little, so the bound is a count of tries, not a time.
  static let tries = 2_000

  /// Runs `make run` with a stand-in `swift` whose build (`duringBuild`) or explorer (otherwise)
  /// waits to be interrupted; once it is waiting, sends SIGINT to make's process group.
  func interruptedRun(duringBuild: Bool) throws -> (output: String, status: Int32) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("make-run-int-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let marker = directory.appendingPathComponent("group")
    // The stand-in writes its process group to `marker` when the step to interrupt starts:
    // in the build it then sleeps; for the explorer, `chaintui` is a link to /bin/sleep.
    let fakeSwift = directory.appendingPathComponent("swift")
    try """
    #!/bin/sh
    group() { cut -d' ' -f5 /proc/$$/stat >"\(marker.path).tmp" && mv "\(marker.path).tmp" "\(marker.path)"; }
    if [ "$2" = "--show-bin-path" ]; then echo "\(directory.path)"; \(duringBuild ? "" : "group;") exit 0; fi
    echo "[12/80] Compiling ChainKit Node.swift"
    \(duringBuild ? "group; sleep 1000" : "")
    exit 0
    """.write(to: fakeSwift, atomically: true, encoding: .utf8)
    // NB: nothing this test writes is executed (ETXTBSY under parallel tests): `/bin/sh FILE`,
    // and links to system programs.
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("chaintui").path, withDestinationPath: "/bin/sleep")
    let outputFile = directory.appendingPathComponent("output")
    #expect(FileManager.default.createFile(atPath: outputFile.path, contents: nil))
    let output = try FileHandle(forWritingTo: outputFile)
    defer { try? output.close() }

    let make = Process()
    make.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    make.arguments = [
      "make", "-s", "-C", MakeRunTests.root.path, "run", "SWIFT=/bin/sh \(fakeSwift.path)",
      "RUN_LOG=\(directory.appendingPathComponent("log").path)", "ARGS=1000",
    ]
    make.standardOutput = output
    make.standardError = output
    try make.run()

    var group: pid_t?
    for _ in 0..<Self.tries where group == nil {
      if let text = try? String(contentsOf: marker, encoding: .utf8) {
        group = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      } else {
        usleep(10_000)
      }
    }
    guard let group, group > 1, group != getpgrp() else {
      killpg(group ?? make.processIdentifier, SIGKILL)
      Issue.record("the stand-in never reported its process group (or reported the test's)")
      return (try String(contentsOf: outputFile, encoding: .utf8), -1)
    }
    killpg(group, SIGINT)
    for _ in 0..<Self.tries where make.isRunning { usleep(10_000) }
    if make.isRunning {
      killpg(group, SIGKILL)
      Issue.record("make run was still running after Ctrl-C")
    }
    make.waitUntilExit()
    return (try String(contentsOf: outputFile, encoding: .utf8), make.terminationStatus)
  }

  @Test("Ctrl-C during the build ends make run without an error from make")
  func interruptDuringTheBuild() throws {
    let run = try interruptedRun(duringBuild: true)
    #expect(!run.output.contains("make:"), "\(run.output)")
    #expect(!run.output.contains("Error"), "\(run.output)")
    #expect(run.output.contains("chaintui: interrupted"), "\(run.output)")
  }

  @Test("Ctrl-C in the explorer ends make run without an error from make")
  func interruptInTheExplorer() throws {
    let run = try interruptedRun(duringBuild: false)
    #expect(!run.output.contains("make:"), "\(run.output)")
    #expect(!run.output.contains("Error"), "\(run.output)")
  }
}
