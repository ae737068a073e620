import Foundation
import Testing

/// The Concurrency article's code blocks, put together in one file, compile against the ChainKit
/// this test run built (the mechanism of `EventContextEscapeTests`).
@Suite("The Concurrency article's code")
struct ConcurrencyArticleTests {
  static let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ChainKit/ChainKit.docc/Concurrency.md")

  /// The article's ```swift blocks, in order.
  static func blocks() throws -> [String] {
    let text = try String(contentsOf: article, encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if let lines = current, line == "```" {
        blocks.append(lines.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("every code block of the Concurrency article compiles")
  func everyBlockCompiles() throws {
    let blocks = try Self.blocks()
    #expect(blocks.count >= 4, "found \(blocks.count) swift blocks")
    let modules = try #require(
      EventContextEscapeTests.modulesDirectory(), "no ChainKit.swiftmodule near the test binary")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-concurrency-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("Article.swift")
    try (blocks.joined(separator: "\n\n") + "\n").write(
      to: source, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-emit-sil", "-o", "/dev/null", "-parse-as-library", "-swift-version", "6",
      "-I", modules.path, source.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0, "the article's code does not compile:\n\(output)")
    #expect(!output.contains("warning:"), "the article's code has warnings:\n\(output)")
  }
}
