import ChainKit
import Foundation
import Testing

@testable import ChainTUI

/// `--trace` and `--record` paths that cannot be written fail at start, before the terminal is
/// touched, with a sentence naming the path: no Foundation error domain or code.
@Suite("Output paths that cannot be written")
@MainActor
struct OutputPathTests {
  let directory = FileManager.default.temporaryDirectory.path
  let missing = "/nonexistent-chaintui-\(UUID().uuidString)/out"

  @Test("a recording to a directory or into a missing folder is refused plainly")
  func recorderRefusesPlainly() {
    #expect(throws: RecordingPathError("cannot record to \(directory): it is a directory")) {
      try SessionRecorder(path: directory)
    }
    #expect(throws: RecordingPathError("cannot record to \(missing): No such file or directory")) {
      try SessionRecorder(path: missing)
    }
  }

  @Test(
    "the explorer refuses a bad --trace or --record path before it opens the terminal",
    arguments: [true, false])
  func explorerRefusesBeforeTheTerminal(trace: Bool) async {
    let options = Explorer.Options(
      includesBuiltInScenes: true, colors: false, traceFile: trace ? directory : nil,
      recordFile: trace ? nil : directory)
    do {
      try await Explorer.run([], options: options, startingAt: nil)
      Issue.record("the explorer ran")
    } catch {
      // No terminal in tests: had it been opened first, its error would be the one thrown.
      let verb = trace ? "trace" : "record"
      #expect(error.message == "cannot \(verb) to \(directory): it is a directory")
    }
  }
}
