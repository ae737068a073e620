import Foundation

/// The `chaintui` executable that `swift build` put next to this test bundle.
enum ChainTUIBinary {
  /// The build products folder: where SwiftPM puts the test target's resource bundle, and every
  /// executable of the package.
  static var url: URL {
    Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("chaintui")
  }

  /// Whether the binary exists (it does after `swift build` or `swift test`).
  static var exists: Bool { FileManager.default.isExecutableFile(atPath: url.path) }
}
