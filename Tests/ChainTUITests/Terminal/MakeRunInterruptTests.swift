import Foundation
import Testing

/// Ctrl-C under `make run`, during the build or in the explorer, ends the run without an error
/// from make (`make: *** [Makefile:…: run] Interrupt`, `Error 130`, or `wait: No child
/// processes` when make's own signal handler loses a race with its wait).
///
/// Each case types `make run` into a shell in a tmux pane and presses Ctrl-C there, so the
/// signal goes where a terminal sends it: to the foreground process group.
@Suite(
  "make run and Ctrl-C",
  .enabled(if: Tmux.isInstalled, "tmux is not installed; `make setup` installs it"))
struct MakeRunInterruptTests {
  /// What the stand-in `swift build` does until Ctrl-C.
  enum Build {
    /// Ends at once, so Ctrl-C comes in the explorer.
    case quick
    /// Waits, and dies by SIGINT as SwiftPM does.
    case waits
    /// Waits, catches SIGINT and exits 130 itself: bash then takes the signal as handled and
    /// runs no trap of its own.
    case catchesInterrupt
  }

  /// Runs `make run` in a terminal, presses Ctrl-C once the step to interrupt waits, and returns
  /// the screen.
  ///
  /// A stand-in `swift` builds as `build` says; the explorer (`chaintui`) is a link to `sleep`.
  /// The screen ends with `END-` and make's status.
  func interruptedRun(_ build: Build) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("make-run-int-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Seconds, in a form `sleep` accepts, that names this run's `sleep` among all processes.
    let duration = "1000.\(UInt32.random(in: 100_000...999_999))"
    let waiting =
      switch build {
      case .quick: ""
      case .waits: "exec sleep \(duration)"
      case .catchesInterrupt: "trap 'kill $!; exit 130' INT; sleep \(duration) & wait"
      }
    let fakeSwift = directory.appendingPathComponent("swift")
    try """
    #!/bin/sh
    if [ "$2" = "--show-bin-path" ]; then echo "\(directory.path)"; exit 0; fi
    echo "[12/80] Compiling ChainKit Node.swift"
    \(waiting)
    exit 0
    """.write(to: fakeSwift, atomically: true, encoding: .utf8)
    // NB: nothing this test writes is executed (ETXTBSY under parallel tests): `/bin/sh FILE`,
    // and links to system programs.
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("chaintui").path, withDestinationPath: "/bin/sleep")

    let tmux = try Tmux()
    defer { tmux.stop() }
    let make = [
      "make", "-s", "-C", MakeRunTests.root.path, "run", "'SWIFT=/bin/sh \(fakeSwift.path)'",
      "RUN_LOG=\(directory.appendingPathComponent("log").path)", "ARGS=\(duration)",
    ].joined(separator: " ")
    // The pane stays after its shell ends, so that a shell cut short by the signal still leaves
    // its screen to read.
    try tmux.start("\(make); echo END-$?; sleep 1000", width: 120, height: 20)
    try tmux.run(["set-option", "-w", "-t", tmux.session, "remain-on-exit", "on"])

    let started = poll { Self.sleepIsRunning(duration) }
    guard started else {
      Issue.record("no `sleep \(duration)` started (the step to interrupt)")
      return try tmux.capture()
    }
    try tmux.send(["C-c"])
    // The shell that runs the line ends early if the signal reaches it too: then no `END-`.
    let ended = try poll {
      try tmux.capture().contains("END-")
        || tmux.run(["display-message", "-p", "-t", tmux.session, "#{pane_dead}"]).hasPrefix("1")
    }
    let screen = try tmux.capture()
    if !ended { Issue.record("make run did not end after Ctrl-C:\n\(screen)") }
    if !screen.contains("END-") {
      Issue.record("the shell never got to END-: the Ctrl-C for make run reached it too")
    }
    return screen
  }

  /// Whether a process runs `sleep DURATION` (the build's, or the explorer's through the
  /// `chaintui` link): its command line, read from /proc, changes at `exec`, so a match is
  /// `sleep` itself, with SIGINT's default action.
  static func sleepIsRunning(_ duration: String) -> Bool {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.contains { pid in
      guard pid.allSatisfy(\.isNumber),
        let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
      else { return false }
      return line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.dropFirst()
        == [duration]
    }
  }

  @Test("Ctrl-C during the build ends make run with status 0 and no error from make")
  func interruptDuringTheBuild() throws {
    let screen = try interruptedRun(.waits)
    #expect(screen.contains("chaintui: interrupted"), "\(screen)")
    #expect(screen.contains("END-0"), "\(screen)")
    #expect(!screen.contains("make:"), "\(screen)")
  }

  @Test("Ctrl-C during a build that catches it and exits 130 still reads as an interrupt")
  func interruptDuringABuildThatCatchesIt() throws {
    let screen = try interruptedRun(.catchesInterrupt)
    #expect(screen.contains("chaintui: interrupted"), "\(screen)")
    #expect(screen.contains("END-0"), "\(screen)")
    #expect(!screen.contains("make:"), "\(screen)")
  }

  @Test("Ctrl-C in the explorer ends make run with status 0 and no error from make")
  func interruptInTheExplorer() throws {
    let screen = try interruptedRun(.quick)
    #expect(screen.contains("END-0"), "\(screen)")
    #expect(!screen.contains("make:"), "\(screen)")
  }
}
