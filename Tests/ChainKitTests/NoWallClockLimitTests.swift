import Foundation
import Testing

/// CI runs on two busy cores: a test bounds its work by counts, never by a wall-clock limit that
/// a slow run trips while the code is right.
@Suite("No wall-clock limits in tests")
struct NoWallClockLimitTests {
  /// What a wall-clock limit looks like in a test source: Swift Testing's trait, or a deadline
  /// read from a clock.
  static let limits = [
    ".timeLimit(", "clock.now + ", "Date().addingTimeInterval", ".now.advanced(",
  ]

  /// Every test source with the lines that set a limit.
  static func offenders(under root: URL) throws -> [String] {
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var found: [String] = []
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift", url.lastPathComponent != "NoWallClockLimitTests.swift"
      else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated() where limits.contains(where: { line.contains($0) })
      {
        found.append("\(url.lastPathComponent):\(number + 1): \(line)")
      }
    }
    return found
  }

  @Test("no test source sets a wall-clock limit")
  func noLimits() throws {
    let tests = ArchitectureDocTests.root.appending(path: "Tests")
    #expect(try Self.offenders(under: tests).isEmpty)
  }

  @Test("the scan finds a limit where there is one")
  func scanFindsALimit() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "chainkit-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = "@Suite(\"x\", .timeLimit(.minutes(1)))\nstruct X {}\n"
    try source.write(to: folder.appending(path: "X.swift"), atomically: true, encoding: .utf8)
    #expect(try Self.offenders(under: folder) == ["X.swift:1: \(source.prefix(36))"])
  }
}
