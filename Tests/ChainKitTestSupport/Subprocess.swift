import Foundation

/// What a finished child process said: its exit status and everything it wrote.
package struct ProcessResult: Sendable {
  /// The exit status (0: success).
  package var status: Int32
  /// Standard output and standard error, interleaved as written.
  package var output: String
}

/// Runs `arguments` through `/usr/bin/env` (so a command is looked up on the `PATH`), waits for
/// it to exit and returns its status and its output, standard error included.
package func runProcess(_ arguments: [String]) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  // NB: read to the end before waiting: a child that fills the pipe would otherwise block
  // on its write while this waits for its exit.
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}
