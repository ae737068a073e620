package import Foundation

/// Reads tree files: parse, then check the whole file, collecting every problem.
package enum TreeFileLoader {
  /// Reads, parses and checks a tree file.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - file: The name locations use; the path when `nil`.
  ///   - reservedIDs: Scene ids the tree's may not take (the built-in scenes').
  /// - Returns: The tree, or every problem found, each with its file, line and column.
  package static func load(
    contentsOf url: URL, file: String? = nil, reservedIDs: [String] = SceneCatalog.ids
  ) -> Result<TreeFile, TreeFileErrors> {
    let name = file ?? url.path
    let bytes: [UInt8]
    do {
      bytes = Array(try Data(contentsOf: url))
    } catch {
      let location = SourceLocation(file: name, line: 1, column: 1)
      let message = "cannot read the tree file: \(readProblem(at: url, error))"
      return .failure(TreeFileErrors([ScriptSyntaxError(message, at: location)]))
    }
    return parse(
      bytes: bytes, file: name, defaultID: defaultID(for: url), reservedIDs: reservedIDs)
  }

  /// Reads a tree file and builds its scene.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - file: The name locations use; the path when `nil`.
  /// - Returns: The scene, or every problem found in the file.
  @MainActor
  package static func scene(contentsOf url: URL, file: String? = nil)
    -> Result<TreeScene, TreeFileErrors>
  {
    load(contentsOf: url, file: file).flatMap { tree in
      Result { () throws(TreeFileErrors) in try TreeScene(tree, file: url) }
    }
  }

  /// Parses and checks tree-file bytes, which must be UTF-8.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The name locations use.
  ///   - defaultID: The scene id when the file has no `scene` line.
  ///   - reservedIDs: Scene ids the tree's may not take.
  /// - Returns: The tree, or every problem found.
  package static func parse(
    bytes: [UInt8], file: String, defaultID: String, reservedIDs: [String] = SceneCatalog.ids
  ) -> Result<TreeFile, TreeFileErrors> {
    var parser = TreeFileParser(file: file, defaultID: defaultID)
    parser.parse(bytes: bytes)
    parser.checkWholeFile(reservedIDs: reservedIDs)
    guard parser.errors.isEmpty else {
      let ordered = parser.errors.sorted {
        ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
      }
      return .failure(TreeFileErrors(ordered))
    }
    return .success(parser.tree)
  }

  /// Why a file could not be read, in plain words.
  ///
  /// Foundation's own description of a directory is "The operation could not be completed.
  /// (NSCocoaErrorDomain error 256.)".
  static func readProblem(at url: URL, _ error: any Error) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      return "no such file"
    }
    if isDirectory.boolValue { return "it is a directory; give a tree file in it" }
    if !FileManager.default.isReadableFile(atPath: url.path) { return "permission denied" }
    return error.localizedDescription
  }

  /// A scene id from a file's name: `chat-window.tree` gives `chat-window`; characters a name
  /// may not hold become `-`.
  static func defaultID(for url: URL) -> String {
    let stem = url.deletingPathExtension().lastPathComponent
    let id = String(
      stem.prefix(64).map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    return id.isEmpty ? "tree" : id
  }
}

/// Every problem of a tree file, in the order of its lines.
package struct TreeFileErrors: Error, Sendable, Equatable, CustomStringConvertible {
  /// The problems, each `file:line:column: error: message`.
  package var errors: [ScriptSyntaxError]

  package init(_ errors: [ScriptSyntaxError]) {
    self.errors = errors
  }

  /// One line per problem.
  package var description: String {
    errors.map(\.description).joined(separator: "\n")
  }
}
