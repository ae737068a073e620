import Foundation
import Testing

/// ARCHITECTURE.md stays true: every folder and file it names exists.
@Suite("ARCHITECTURE.md")
struct ArchitectureDocTests {
  static let root = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The paths in backticks: `Sources/…`, `Tests/…`, or a path inside a target (`Events/…`).
  static func namedPaths(in text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { $0.contains("/") && !$0.contains(" ") && !$0.hasPrefix("../") }
  }

  static func exists(_ path: String) -> Bool {
    let bases = ["", "Sources/ChainKit/", "Sources/ChainTUI/"]
    return bases.contains { base in
      FileManager.default.fileExists(atPath: root.appending(path: base + path).path)
    }
  }

  @Test("every folder and file ARCHITECTURE.md names exists")
  func namedPathsExist() throws {
    let text = try String(contentsOf: Self.root.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
    let paths = Self.namedPaths(in: text)
    #expect(paths.count > 30)
    let missing = paths.filter { !Self.exists($0) }
    #expect(missing.isEmpty, "ARCHITECTURE.md names paths that do not exist: \(missing)")
  }

  @Test("every ChainKit folder is in ARCHITECTURE.md")
  func everyFolderIsNamed() throws {
    let text = try String(contentsOf: Self.root.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appending(path: "Sources/ChainKit").path
    ).filter { !$0.hasSuffix(".swift") && !$0.hasSuffix(".docc") }
    #expect(folders.count >= 10)
    let unnamed = folders.filter { !text.contains("Sources/ChainKit/\($0)/") }
    #expect(unnamed.isEmpty, "folders missing from ARCHITECTURE.md: \(unnamed)")
  }
}
