import ChainKitTestSupport
import Foundation
import Testing

/// The README's example is the program in Sources/chainkit-example.
///
/// What the README shows as its output is what it prints. Here, not in ChainKitTests, because the example declares its
/// events with @ChainEvents: without the macro (CHAINKIT_WITHOUT_MACROS) it is not built.
@Suite("README example")
struct ReadmeExampleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The fenced block of `language` that follows the heading `heading` in the README.
  func block(_ language: String, after heading: String) throws -> String {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "\n\(heading)\n"), "no '\(heading)' in README.md")
    let rest = readme[section.upperBound...]
    let open = try #require(rest.range(of: "```\(language)\n"), "no ```\(language) block")
    let close = try #require(rest[open.upperBound...].range(of: "\n```\n"), "unclosed block")
    return String(rest[open.upperBound..<close.lowerBound]) + "\n"
  }

  @Test("the README's example is Sources/chainkit-example/main.swift, line for line")
  func exampleIsTheProgram() throws {
    let program = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/chainkit-example/main.swift"),
      encoding: .utf8)
    #expect(try block("swift", after: "## Example") == program)
  }

  @Test("the output the README shows is what chainkit-example prints")
  func outputIsWhatItPrints() throws {
    let executable = try PackageLayout.builtExecutable("chainkit-example")
    let process = Process()
    process.executableURL = executable
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: printed, as: UTF8.self) == (try block("text", after: "## Example")))
  }
}
