import Foundation
import Testing

/// Unsafe code lives in `Sources/ChainKit/Runtime/Storage/`, in small audited types whose
/// `checkInvariants()` runs from their own mutating operations in builds with invariants; a scan
/// of the sources fails, naming file and line, on an unsafe construct anywhere else.
@Suite("Unsafe code only in Runtime/Storage, and where the allowlist says why")
struct UnsafeAllowlistTests {
  /// The folder that may hold unsafe constructs.
  static let storage = "Sources/ChainKit/Runtime/Storage/"

  /// The constructs the scan looks for.
  static let constructs = [
    "unowned(unsafe)", "Unmanaged", "unsafeDowncast", "unsafeBitCast", "@unchecked Sendable",
    "nonisolated(unsafe)", "withUnsafe", "_withUnsafeGuaranteedRef", "UnsafePointer",
    "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer", "UnsafeBufferPointer",
    "UnsafeMutableBufferPointer", "UnsafeRawBufferPointer", "UnsafeMutableRawBufferPointer",
    "UnsafeContinuation",
  ]

  /// Files outside the storage folder allowed a construct, each with why.
  ///
  /// The scan fails when a listed construct is no longer there, so the list only shrinks.
  static let allowed: [String: [String: String]] = [
    "Sources/ChainKit/Tracing/DescriptionBox.swift": [
      "@unchecked Sendable":
        "trace records are Sendable while payloads need not be: the box's payloads are read only"
        + " on the thread that made it, its texts and hops only under its lock"
    ],
    "Sources/ChainKit/Dispatch/PathCache.swift": [
      "Unmanaged":
        "every post reads the path's nodes and each key's hits without reference counting; the"
        + " path owns its nodes, and a node owns its registrations for as long as it lives",
      "UnsafeMutableBufferPointer":
        "a key's hits are a buffer the dispatch indexes unretained while nested posts add other"
        + " keys' hits; freed with the path, which a dispatch keeps until the outermost returns",
    ],
    "Sources/ChainKit/Dispatch/HitWalk.swift": [
      "Unmanaged":
        "the walk holds its path and runtime unretained: the target's core keeps the path (a"
        + " replaced one is kept until the outermost operation returns) and every node its runtime",
      "UnsafeMutableBufferPointer":
        "the hits being walked, owned by the path or, when found afresh, by the walk itself",
    ],
  ]

  static let root = ArchitectureDocTests.root

  /// Every Swift file under `folder` (a path from the package root), with its text.
  static func sources(under folder: String) throws -> [(path: String, text: String)] {
    let base = root.appending(path: folder)
    let walker = try #require(FileManager.default.enumerator(atPath: base.path))
    var files: [(String, String)] = []
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      let text = try String(contentsOf: base.appending(path: relative), encoding: .utf8)
      files.append((folder + relative, text))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// The code of a line: nothing if it is a comment, else the line without a trailing comment.
  static func code(of line: Substring) -> Substring {
    let trimmed = line.drop { $0 == " " }
    if trimmed.hasPrefix("//") { return "" }
    if let comment = line.firstRange(of: "// ") { return line[..<comment.lowerBound] }
    return line
  }

  /// Every violation in `files`, as `path:line: what`, with `allowed` the files allowed a
  /// construct.
  static func violations(
    in files: [(path: String, text: String)], allowed: [String: [String: String]] = allowed
  ) -> [String] {
    var found: [String] = []
    var used: [String: Set<String>] = [:]
    for file in files {
      let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
      let inStorage = file.path.hasPrefix(storage)
      for (index, line) in lines.enumerated() {
        let code = code(of: line)
        let place = "\(file.path):\(index + 1)"
        if !inStorage {
          let present = constructs.filter { code.contains($0) }
          for construct in present where allowed[file.path]?[construct] != nil {
            used[file.path, default: []].insert(construct)
          }
          if let construct = present.first(where: { allowed[file.path]?[$0] == nil }) {
            found.append("\(place): \(construct) outside \(storage)")
          }
        }
      }
    }
    for (path, constructs) in allowed {
      for construct in constructs.keys where used[path]?.contains(construct) != true {
        found.append("\(path): allowlisted \(construct) is gone; take it off the list")
      }
    }
    return found.sorted()
  }

  @Test("no unsafe construct outside Runtime/Storage")
  func unsafeOnlyInStorage() throws {
    let files = try Self.sources(under: "Sources/ChainKit/")
    #expect(files.count > 100, "the scan found too few sources: \(files.count)")
    let found = Self.violations(in: files)
    #expect(found == [], "\(found.joined(separator: "\n"))")
  }

  @Test("the scan names the file and line of a violation, and asks no comment of anything")
  func scanFindsAViolation() {
    let files: [(path: String, text: String)] = [
      (
        "Sources/ChainKit/Tree/Bad.swift",
        """
        // unowned(unsafe) in a comment is fine
        final class Bad {
          unowned(unsafe) let owner: AnyObject
          @exclusivity(unchecked) var count = 0
        }
        """
      ),
      (Self.storage + "Good.swift", "struct Good { let raw: UnsafeMutableRawPointer }"),
    ]
    #expect(
      Self.violations(in: files, allowed: [:]) == [
        "Sources/ChainKit/Tree/Bad.swift:3: unowned(unsafe) outside \(Self.storage)"
      ])
  }
}
