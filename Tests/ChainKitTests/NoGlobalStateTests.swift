import Foundation
import Testing

/// ChainKit keeps what it shares between calls in one object, the main actor's `ChainRuntime`
/// (`ChainRuntime.main`, a `static let`): no other mutable global may appear, so that every
/// piece of state has one owner a test can inspect and two trees can be reasoned about apart.
@Suite("No global mutable state in ChainKit")
struct NoGlobalStateTests {
  /// Declarations the scan allows, by file and a text the line contains, each with its reason.
  static let allowed: [(file: String, text: String, reason: String)] = [
    (
      "LiveObjectCensus.swift", "@TaskLocal static var current",
      "test support: the leak census of the calling task, a task-local value, not shared state"
    )
  ]

  /// The declarations of mutable globals in the Swift files under `root`, as `file:line: text`.
  ///
  /// A stored `static var` (or `class var`), a `nonisolated(unsafe)` static or top-level
  /// variable, or a top-level `var`. A computed `static var x: T { ... }` holds no state.
  static func offenders(under root: URL) throws -> [String] {
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var found: [String] = []
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let line = code(of: String(rawLine))
        guard declaresGlobalVariable(line) else { continue }
        let file = url.lastPathComponent
        if allowed.contains(where: { $0.file == file && line.contains($0.text) }) { continue }
        found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    return found.sorted()
  }

  /// The line without its `//` comment (a declaration is never inside a string here).
  static func code(of line: String) -> String {
    guard let comment = line.range(of: "//") else { return line }
    return String(line[..<comment.lowerBound])
  }

  /// Whether `line` declares a stored static or top-level variable.
  static func declaresGlobalVariable(_ line: String) -> Bool {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let varIndex = words.firstIndex(of: "var") else { return false }
    let modifiers = words[..<varIndex]
    let isStatic = modifiers.contains("static") || modifiers.contains("class")
    let isTopLevel = !line.hasPrefix(" ") && !line.hasPrefix("\t")
    guard isStatic || isTopLevel else { return false }
    // Stored unless a body (`{`) comes before any initializer (`=`).
    guard let name = line.range(of: "var ") else { return false }
    let rest = line[name.upperBound...]
    guard let brace = rest.firstIndex(of: "{") else { return true }
    if let equals = rest.firstIndex(of: "="), equals < brace { return true }
    return false
  }

  @Test("ChainKit declares no mutable global but its runtime")
  func noGlobalState() throws {
    let sources = ArchitectureDocTests.root.appending(path: "Sources/ChainKit")
    let offenders = try Self.offenders(under: sources)
    #expect(
      offenders.isEmpty,
      "mutable global state outside ChainRuntime (move it into the runtime):\n\(offenders.joined(separator: "\n"))"
    )
  }

  @Test("the scan finds stored globals and passes computed ones")
  func scanFindsGlobals() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "chainkit-globals-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = """
      var counter = 0
      enum A {
        static var stored = 0
        @exclusivity(unchecked) private static var typed: Int?
        nonisolated(unsafe) static var shared: [Int] = []
        static var computed: Int { 1 }
        static var accessors: Int {
          get { 1 }
        }
        static let constant = 1
        var instance = 0
        func f() { var local = 0; local += 1 }
        // static var inAComment = 0
        static var observed = 0 { didSet {} }
      }
      let constant = 2
      """
    try source.write(to: folder.appending(path: "X.swift"), atomically: true, encoding: .utf8)
    #expect(
      Set(try Self.offenders(under: folder)) == [
        "X.swift:1: var counter = 0",
        "X.swift:3: static var stored = 0",
        "X.swift:4: @exclusivity(unchecked) private static var typed: Int?",
        "X.swift:5: nonisolated(unsafe) static var shared: [Int] = []",
        "X.swift:14: static var observed = 0 { didSet {} }",
      ])
  }
}
