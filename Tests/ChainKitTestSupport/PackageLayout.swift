package import Foundation
import Testing

/// Where the package's files and this test run's build products are.
package enum PackageLayout {
  /// The package's root folder (the one holding Package.swift).
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folders of the module maps of the C targets ChainKit imports (CChainClock,
  /// CChainPrefetch): a compiler reading ChainKit's module outside SwiftPM (a snippet, the symbol
  /// graph) loads them too, so it searches here.
  package static var cModuleMaps: [URL] {
    ["CChainClock", "CChainPrefetch"].map {
      root.appendingPathComponent("Sources/\($0)/include")
    }
  }

  /// `-I` arguments for ``cModuleMaps``, for a compiler command line.
  package static var cModuleMapArguments: [String] {
    cModuleMaps.flatMap { ["-I", $0.path] }
  }

  /// The folder of the running test binary, where SwiftPM also puts the package's executables.
  package static var productsDirectory: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// The package's executable `name`, built beside the test binary.
  ///
  /// - Throws: A located failure that says to build it, when it is not there.
  package static func builtExecutable(_ name: String) throws -> URL {
    let executable = productsDirectory.appendingPathComponent(name)
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path),
      "build \(name) first (swift build): not at \(executable.path)")
    return executable
  }

  /// The `Modules` directory beside the running test binary (`.build/debug`, or the scratch path
  /// of a sanitizer run), when it holds `module`'s `.swiftmodule`.
  package static func modulesDirectory(holding module: String) -> URL? {
    var directory = productsDirectory
    for _ in 0..<6 {
      let candidate = directory.appendingPathComponent("Modules")
      let file = candidate.appendingPathComponent("\(module).swiftmodule")
      if FileManager.default.fileExists(atPath: file.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }
}
