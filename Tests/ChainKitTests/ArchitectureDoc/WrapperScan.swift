import Foundation

/// The calls of the storage folder's unsafe wrappers made outside it, by the names
/// ARCHITECTURE.md's call-site table uses.
///
/// `Unretained` and `uncheckedCast` are safe to call only when their caller keeps a promise (the
/// object stays alive for the access; the object is of the type named), and a `FixedBuffer` to
/// read only when its owner keeps each index below its count, so each file that uses them is a
/// place where unsafe code's invariant is kept and is listed with what it relies on.
enum WrapperScan {
  /// The folder whose types wrap the unsafe constructs.
  static let storage = "Sources/ChainKit/Runtime/Storage/"

  /// Each wrapper's name in the table, and what it matches in code.
  static var wrappers: [(name: String, pattern: Regex<Substring>)] {
    [
      ("Unretained", #/\bUnretained\b|\bwithUnretained\b/#),
      ("uncheckedCast", #/\buncheckedCast\b/#),
      ("FixedBuffer", #/\bFixedBuffer\b/#),
    ]
  }

  /// The wrapper names called in `code`.
  static func wrappers(in code: String) -> Set<String> {
    Set(
      wrappers.filter { code.contains($0.pattern.wordBoundaryKind(.simple)) }.map(\.name))
  }

  /// Each file under `folder` but outside the storage folder that calls a wrapper, with the
  /// wrappers it calls.
  static func files(under root: URL, in folder: String) throws -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for file in try SourceLines.files(under: root, folder) where !file.path.hasPrefix(storage) {
      let found = wrappers(in: file.code.joined(separator: "\n"))
      if !found.isEmpty { result[file.path] = found }
    }
    return result
  }
}
