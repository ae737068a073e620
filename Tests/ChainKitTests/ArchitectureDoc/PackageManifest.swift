import Foundation

/// The targets of Package.swift, read from its text (not by running SwiftPM, whose answer would
/// depend on `CHAINKIT_WITHOUT_MACROS`): each `.target(`, `.testTarget(`, `.executableTarget(`,
/// `.macro(` and `.systemLibrary(` call, its `name:`, `path:` and `dependencies:`.
enum PackageManifest {
  struct Target {
    var name: String
    var folder: String
    /// Target names, and product names for `.product(name:package:)`.
    var dependencies: Set<String>
  }

  static let kinds = [
    ".target(", ".testTarget(", ".executableTarget(", ".macro(", ".systemLibrary(",
  ]

  static func targets(in manifest: URL) throws -> [Target] {
    try targets(inText: String(contentsOf: manifest, encoding: .utf8))
  }

  static func targets(inText text: String) -> [Target] {
    var targets: [Target] = []
    for kind in kinds {
      var searchStart = text.startIndex
      while let range = text.range(of: kind, range: searchStart..<text.endIndex) {
        searchStart = range.upperBound
        let call = balanced(text, from: text.index(before: range.upperBound), open: "(", close: ")")
        guard let name = firstString(after: "name:", in: call) else { continue }
        let folder =
          firstString(after: "path:", in: call)
          ?? (kind == ".testTarget(" ? "Tests/\(name)" : "Sources/\(name)")
        var dependencies: Set<String> = []
        if let start = call.range(of: "dependencies: [") {
          var list = balanced(
            call, from: call.index(before: start.upperBound), open: "[", close: "]")
          // `.product(name: "X", package: "Y")` names the product X.
          while let product = list.range(of: ".product(") {
            let inner = balanced(
              list, from: list.index(before: product.upperBound), open: "(", close: ")")
            if let productName = firstString(after: "name:", in: inner) {
              dependencies.insert(productName)
            }
            list.removeSubrange(
              product
                .lowerBound..<list.index(
                  product.lowerBound, offsetBy: inner.count + ".product".count))
          }
          dependencies.formUnion(strings(in: list))
        }
        targets.append(Target(name: name, folder: folder, dependencies: dependencies))
      }
    }
    return targets
  }

  /// The text from `start` (an opening bracket) through its matching close.
  static func balanced(_ text: String, from start: String.Index, open: Character, close: Character)
    -> String
  {
    var depth = 0
    var index = start
    while index < text.endIndex {
      if text[index] == open { depth += 1 }
      if text[index] == close {
        depth -= 1
        if depth == 0 { return String(text[start...index]) }
      }
      index = text.index(after: index)
    }
    return String(text[start...])
  }

  static func firstString(after label: String, in text: String) -> String? {
    guard let range = text.range(of: label) else { return nil }
    return strings(in: String(text[range.upperBound...])).first
  }

  /// The string literals of `text`, in order.
  static func strings(in text: String) -> [String] {
    text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }
}
