import Foundation
import Testing

/// ChainKit depends on nothing but the standard library, Synchronization and Observation: what
/// needs Foundation (JSON Lines, trace streams) lives in ChainKitTracing (issue 26, item 4).
@Suite("ChainKit imports no Foundation")
struct CoreImportsTests {
  static let core = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ChainKit")
  /// The modules ChainKit must not import.
  static let forbidden = ["Foundation", "FoundationEssentials", "Dispatch"]

  @Test("no source of the ChainKit target imports Foundation or Dispatch")
  func coreImportsNoFoundation() throws {
    let walker = try #require(FileManager.default.enumerator(atPath: Self.core.path))
    var scanned = 0
    var offenders: [String] = []
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      scanned += 1
      let text = try String(contentsOf: Self.core.appendingPathComponent(relative), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({
            ["public", "package", "internal", "@preconcurrency", "@_exported"].contains($0)
          })
        else { continue }
        if Self.forbidden.contains(String(words[index + 1])) {
          offenders.append("Sources/ChainKit/\(relative):\(number + 1): \(line)")
        }
      }
    }
    #expect(scanned > 50, "the scan found too few sources: \(scanned)")
    #expect(offenders == [], "ChainKit imports only the standard library and its own peers")
  }
}
