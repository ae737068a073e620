import ChainKitTestSupport
import Foundation
import Testing

/// Reduces a module's symbol graph to a sorted list of its public declarations.
enum PublicAPISurvey {
  /// The public declarations and conformances of `module`, sorted.
  ///
  /// - Parameter module: A module of this package built beside the test binary.
  /// - Returns: One line a declaration (`kind path: declaration`), then one a conformance.
  /// - Throws: When the module or `swift-symbolgraph-extract` is not found, or it fails.
  static func lines(of module: String) throws -> [String] {
    let modules = try #require(
      PackageLayout.modulesDirectory(holding: module), "no \(module).swiftmodule near the test")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var arguments =
      [
        "swift-symbolgraph-extract", "-module-name", module, "-I", modules.path,
        "-minimum-access-level", "public", "-output-dir", directory.path,
      ] + PackageLayout.cModuleMapArguments
    #if os(Linux)
      arguments += ["-target", "\(hostArchitecture)-unknown-linux-gnu"]
    #endif
    let result = try runProcess(arguments)
    try #require(result.status == 0, "swift-symbolgraph-extract failed: \(result.output)")
    // `M.symbols.json` holds the module's own declarations; `M@Other.symbols.json` what it adds
    // to another module's types, listed under that module's name.
    var lines: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
      guard file.hasSuffix(".symbols.json") else { continue }
      let stem = file.dropLast(".symbols.json".count)
      let extended = stem.split(separator: "@").dropFirst().first.map { "\($0)." } ?? ""
      let data = try Data(contentsOf: directory.appendingPathComponent(file))
      lines += reduce(try JSONDecoder().decode(SymbolGraph.self, from: data), prefix: extended)
    }
    let conformances = lines.filter { $0.hasPrefix("conformance ") }
    return lines.filter { !$0.hasPrefix("conformance ") }.sorted() + conformances.sorted()
  }

  private static var hostArchitecture: String {
    #if arch(x86_64)
      "x86_64"
    #elseif arch(arm64)
      "aarch64"
    #else
      "unknown"
    #endif
  }

  private static func reduce(_ graph: SymbolGraph, prefix: String) -> [String] {
    let kept = graph.symbols.filter { symbol in
      !symbol.identifier.precise.contains("::SYNTHESIZED::")
        && !symbol.pathComponents.contains { $0.hasPrefix("_") }
    }
    var paths: [String: String] = [:]
    for symbol in kept {
      paths[symbol.identifier.precise] = prefix + symbol.pathComponents.joined(separator: ".")
    }
    let declarations = kept.map { symbol in
      let kind = symbol.kind.identifier.replacingOccurrences(of: "swift.", with: "")
      var text = squeeze(symbol.declarationFragments.map(\.spelling).joined())
      if let constraints = symbol.swiftExtension?.constraints, !constraints.isEmpty {
        text += " (in extension where \(constraints.map(\.description).joined(separator: ", ")))"
      }
      return "\(kind) \(prefix)\(symbol.pathComponents.joined(separator: ".")): \(text)"
    }
    let conformances = graph.relationships.compactMap { relation -> String? in
      guard relation.kind == "conformsTo", let source = paths[relation.source] else { return nil }
      let target = paths[relation.target] ?? relation.targetFallback ?? relation.target
      return "conformance \(source): \(target)"
    }
    return Array(Set(declarations)).sorted() + Array(Set(conformances)).sorted()
  }

  /// Collapses runs of whitespace (a multi-line default value) into one space.
  private static func squeeze(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

/// The parts of a symbol graph file the survey reads.
private struct SymbolGraph: Decodable {
  struct Symbol: Decodable {
    struct Kind: Decodable { var identifier: String }
    struct Identifier: Decodable { var precise: String }
    struct Fragment: Decodable { var spelling: String }
    struct Extension: Decodable { var constraints: [Constraint]? }
    var kind: Kind
    var identifier: Identifier
    var pathComponents: [String]
    var declarationFragments: [Fragment]
    var swiftExtension: Extension?
  }

  struct Constraint: Decodable, CustomStringConvertible {
    var kind: String
    var lhs: String
    var rhs: String
    var description: String { "\(lhs)\(kind == "sameType" ? " ==" : ":") \(rhs)" }
  }

  struct Relationship: Decodable {
    var kind: String
    var source: String
    var target: String
    var targetFallback: String?
  }

  var symbols: [Symbol]
  var relationships: [Relationship]
}
