import Foundation
import Testing

/// The door from a test to `swiftc`: compiles one source file against the modules this test run
/// built, with the toolchain that built them, so a test can hold a documented snippet to
/// compiling, or a misuse to its diagnostic.
package enum SnippetCompiler {
  /// How far the compiler goes.
  package enum Stage: Sendable {
    /// Type checking only (`-typecheck`).
    case typecheck
    /// Through SIL (`-emit-sil`).
    ///
    /// NB: the move checker and the check of escaping captures run on SIL, after type checking,
    /// so `-typecheck` alone accepts code they refuse (an `EventContext` kept by a listener).
    case sil
  }

  /// Compiles `source` as a file of its own in Swift 6 mode.
  ///
  /// - Parameters:
  ///   - source: The file's text, imports included.
  ///   - stage: `.typecheck`, or `.sil` for the checks that run after type checking.
  ///   - asLibrary: `true` for a file of declarations (`-parse-as-library`); `false` for a
  ///     program's main file, where top-level code is allowed.
  ///   - module: A module the source imports; the build's `Modules` directory is the one
  ///     holding it.
  ///   - searchPaths: More `-I` folders, relative to the package root (a module map).
  ///   - macroPlugins: Macro targets of this package whose built plugin (`NAME-tool`, beside the
  ///     `Modules` directory) the compiler loads, as SwiftPM does for a user's package.
  /// - Returns: The compiler's exit status and what it printed.
  /// - Throws: When the modules are not found beside the test binary, or `swiftc` cannot start.
  package static func compile(
    _ source: String, stage: Stage, asLibrary: Bool, importing module: String,
    searchPaths: [String] = [], macroPlugins: [String] = []
  ) throws -> ProcessResult {
    let modules = try #require(
      PackageLayout.modulesDirectory(holding: module),
      "no \(module).swiftmodule near the test binary")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-snippet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(asLibrary ? "Snippet.swift" : "main.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    var arguments = ["swiftc"]
    switch stage {
    case .typecheck: arguments += ["-typecheck"]
    case .sil: arguments += ["-emit-sil", "-o", "/dev/null"]
    }
    if asLibrary { arguments.append("-parse-as-library") }
    arguments +=
      [
        "-swift-version", "6", "-I", modules.path,
      ] + PackageLayout.cModuleMapArguments
    for path in searchPaths {
      arguments += ["-I", PackageLayout.root.appendingPathComponent(path).path]
    }
    for plugin in macroPlugins {
      let tool = modules.deletingLastPathComponent().appendingPathComponent("\(plugin)-tool")
      try #require(
        FileManager.default.isExecutableFile(atPath: tool.path), "no macro plugin at \(tool.path)")
      arguments += ["-load-plugin-executable", "\(tool.path)#\(plugin)"]
    }
    return try runProcess(arguments + [file.path])
  }
}
