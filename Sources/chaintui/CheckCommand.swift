import ArgumentParser
import ChainTUI
import Foundation

/// `chaintui check FILE...`: checks tree files without opening them, and reports every problem.
struct CheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check tree files and report every problem in them.",
    discussion: """
      Prints each problem as file:line:column: error: message, all of them, not just the \
      first; for a file without problems, 'OK file: ...' with what it describes. Exits \
      non-zero when any file has a problem.
      """)

  @Argument(help: "Tree files to check.")
  var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Give at least one tree file.") }
  }

  func run() async throws {
    // NB: the root command is async, so ArgumentParser may call run() off the main thread.
    let failed = await checkFiles()
    if failed > 0 { throw ExitCode.failure }
  }

  /// Checks every file and prints the results; returns how many have problems.
  @MainActor
  private func checkFiles() -> Int {
    var failed = 0
    for file in files {
      switch TreeFileLoader.scene(contentsOf: URL(fileURLWithPath: file), file: file) {
      case .success(let scene):
        print("OK \(file): \(TreeFileSummary(scene.tree).description)")
      case .failure(let errors):
        failed += 1
        print(errors.description)
      }
    }
    if files.count > 1 { print("\(files.count - failed) ok, \(failed) with problems") }
    return failed
  }
}
