import Foundation
import Testing

/// ChainKit keeps what it shares between calls in one object, the main actor's `ChainRuntime`
/// (`ChainRuntime.main`, a `static let`): no other mutable global may appear, neither a stored
/// `static var` nor a `static let` of an object, so that every piece of state has one owner a
/// test can inspect and two trees can be reasoned about apart.
///
/// The few shared objects that are not main-actor state are listed in ``allowed``, each with why
/// it is not the runtime's.
@Suite("No global mutable state in ChainKit")
struct NoGlobalStateTests {
  /// Declarations the scan allows, by file and a text the line contains, each with its reason.
  static let allowed: [(file: String, text: String, reason: String)] = [
    (
      "LiveObjectCensus.swift", "@TaskLocal package static var current",
      "test support: the leak census of the calling task, a task-local value, not shared state"
    ),
    (
      "BackgroundLane.swift", "@TaskLocal static var isRunning",
      "whether the calling task is a background listener's call: a task-local value, not shared"
        + " state"
    ),
    (
      "ChainRuntime.swift", "static let main = ChainRuntime()",
      "the one root: everything ChainKit shares on the main actor lives in it"
    ),
    (
      "KeyRegistry.swift", "static let shared = KeyRegistry()",
      "keys are made on any thread (usually as static constants) and a key's id must mean the"
        + " same to every runtime; not main-actor state, so not the runtime's; its table is"
        + " behind a lock"
    ),
    (
      "RemotePostQueue.swift", "static let shared = RemotePostQueue()",
      "the door from other threads into the main actor: reached from threads that cannot read"
        + " the main actor's runtime; its queue is behind a lock, its counter atomic"
    ),
    (
      "EventBus.swift", "static let `default` = EventBus(",
      "public API (Tolo's default bus), reachable from any thread for `enqueue(_:)`; its state"
        + " is main-actor isolated like any bus's"
    ),
    (
      "PathCache.swift", "static let empty = PathCache(",
      "the path of a node not yet or no longer in use: no node on it, so no hits to cache; a"
        + " node computes its own path before any dispatch walks it"
    ),
  ]

  /// Types whose instances are mutable whatever they are declared in: a `static let` of one is
  /// shared mutable state as much as a `static var`.
  static let mutableTypes: Set<String> = [
    "Locked", "Mutex", "Atomic", "AtomicLazyReference", "ManagedBuffer",
  ]

  /// The declarations of mutable globals in the Swift files under `root`, as `file:line: text`.
  ///
  /// A stored `static var` (or `class var`), a `nonisolated(unsafe)` static or top-level
  /// variable, or a top-level `var`. A computed `static var x: T { ... }` holds no state. Also a
  /// stored `static let` (or top-level `let`) of an object: one of a class or actor declared
  /// under `root`, or of one of ``mutableTypes``; a constant reference to a mutable object is
  /// as global as a variable.
  static func offenders(under root: URL) throws -> [String] {
    var sources: [(file: String, text: String)] = []
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      sources.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
    }
    let objectTypes = mutableTypes.union(sources.flatMap { classNames(in: $0.text) })
    var found: [String] = []
    for (file, text) in sources {
      for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let line = code(of: String(rawLine))
        guard declaresGlobalVariable(line) || declaresSharedObject(line, of: objectTypes)
        else { continue }
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

  /// The classes and actors `text` declares.
  static func classNames(in text: String) -> [String] {
    text.split(separator: "\n").flatMap { line in
      code(of: String(line)).matches(of: /(?:^|[\s(])(?:class|actor)\s+([A-Z]\w*)/).map {
        String($0.output.1)
      }
    }
  }

  /// Whether `line` declares a stored static or top-level constant whose type, or the type its
  /// initializer constructs, is one of `types`.
  static func declaresSharedObject(_ line: String, of types: Set<String>) -> Bool {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let letIndex = words.firstIndex(of: "let") else { return false }
    let isStatic = words[..<letIndex].contains("static") || words[..<letIndex].contains("class")
    let isTopLevel = !line.hasPrefix(" ") && !line.hasPrefix("\t")
    guard isStatic || isTopLevel, let name = line.range(of: "let ") else { return false }
    let declaration = line[name.upperBound...]
    // `let name: Type = …` or `let name = Type(…)`, `Type<…>(…)`, `Type.init(…)`.
    if let annotated = declaration.firstMatch(of: /^`?\w+`?\s*:\s*([A-Z]\w*)/),
      types.contains(String(annotated.output.1))
    {
      return true
    }
    if let constructed = declaration.firstMatch(
      of: /=\s*([A-Z]\w*)\s*(?:<[^=]*>)?\s*(?:\(|\.init\b)/),
      types.contains(String(constructed.output.1))
    {
      return true
    }
    return false
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

  @Test("ChainKit declares no mutable global and no shared object but its runtime and the allowed")
  func noGlobalState() throws {
    let sources = ArchitectureDocTests.root.appending(path: "Sources/ChainKit")
    let offenders = try Self.offenders(under: sources)
    #expect(
      offenders.isEmpty,
      "mutable global state outside ChainRuntime (move it into the runtime, or allow it with a reason):\n\(offenders.joined(separator: "\n"))"
    )
  }

  @Test("the scan finds stored globals and shared objects, and passes computed ones and values")
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
      final class Box {
        var count = 0
      }
      enum B {
        static let box = Box()
        nonisolated static let typed: Box = .init()
        static let generic = Locked<Int>(0)
        static let viaInit = Box.init()
        static let number = 1
        static let key = Key<Int>("x")
        static let boxes: [Box] = []
        let instanceBox = Box()
        // static let inAComment = Box()
      }
      let topLevelBox = Box()
      struct Key<T> { init(_ name: String) {} }
      """
    try source.write(to: folder.appending(path: "X.swift"), atomically: true, encoding: .utf8)
    #expect(
      Set(try Self.offenders(under: folder)) == [
        "X.swift:1: var counter = 0",
        "X.swift:3: static var stored = 0",
        "X.swift:4: @exclusivity(unchecked) private static var typed: Int?",
        "X.swift:5: nonisolated(unsafe) static var shared: [Int] = []",
        "X.swift:14: static var observed = 0 { didSet {} }",
        "X.swift:21: static let box = Box()",
        "X.swift:22: nonisolated static let typed: Box = .init()",
        "X.swift:23: static let generic = Locked<Int>(0)",
        "X.swift:24: static let viaInit = Box.init()",
        "X.swift:31: let topLevelBox = Box()",
      ])
  }
}
