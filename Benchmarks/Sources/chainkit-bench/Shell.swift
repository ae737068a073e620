import Foundation

/// The few external tools the benchmark runs: valgrind, strip, git, swift.
enum Shell {
  /// The path of `tool` in PATH, if it is installed.
  static func which(_ tool: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
      separator: ":")
    return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `tool` (looked up in PATH) and returns its status and standard output.
  static func run(
    _ tool: String, _ arguments: [String], environment: [String: String] = [:]
  ) -> (status: Int32, output: String) {
    guard let path = which(tool) else { return (127, "") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return (126, "") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The first line of a tool's standard output, or `nil` if it failed.
  static func firstLine(_ tool: String, _ arguments: [String]) -> String? {
    let result = run(tool, arguments)
    guard result.status == 0 else { return nil }
    return result.output.split(separator: "\n").first.map(String.init)
  }
}
