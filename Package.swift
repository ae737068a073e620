// swift-tools-version: 6.1
// ChainKit: communication among objects in a hierarchy, and ChainTUI, the terminal explorer.
// The benchmarks live in their own package (Benchmarks/) so that `make test` never builds their
// peers (OpenCombine) or runs them.
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "ChainKit",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ChainKit", targets: ["ChainKit"]),
    .library(name: "ChainTUI", targets: ["ChainTUI"]),
    .library(name: "ChainTUITesting", targets: ["ChainTUITesting"]),
    .executable(name: "chaintui", targets: ["chaintui"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .systemLibrary(name: "CNcurses"),
    // CHAINKIT_INVARIANTS compiles in the executable invariant checks and the live-object
    // census the tests run (as swift-collections' COLLECTIONS_INTERNAL_CHECKS); release builds,
    // and so the benchmarks, leave them out.
    .target(
      name: "ChainKit",
      swiftSettings: strict + [.define("CHAINKIT_INVARIANTS", .when(configuration: .debug))]),
    .target(name: "ChainTUI", dependencies: ["ChainKit", "CNcurses"], swiftSettings: strict),
    .target(
      name: "ChainTUITesting", dependencies: ["ChainTUI", "ChainKit"], swiftSettings: strict),
    .executableTarget(
      name: "chaintui",
      dependencies: [
        "ChainTUI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(name: "chainkit-example", dependencies: ["ChainKit"], swiftSettings: strict),
    .executableTarget(
      name: "chaintui-example", dependencies: ["ChainTUI", "ChainKit"], swiftSettings: strict),
    .testTarget(name: "ChainKitTests", dependencies: ["ChainKit"], swiftSettings: strict),
    .testTarget(
      name: "ChainKitConcurrencyTests", dependencies: ["ChainKit"], swiftSettings: strict),
    // Imports ChainKit without @testable: what a user's program can do with the public API.
    .testTarget(
      name: "ChainKitPublicAPITests", dependencies: ["ChainKit"], swiftSettings: strict),
    // Randomized programs run against ChainKit and a small reference model, log against log.
    .testTarget(name: "ChainKitModelTests", dependencies: ["ChainKit"], swiftSettings: strict),
    // The web-platform-tests dom/events cases that apply to a tree without a browser.
    .testTarget(
      name: "ChainKitConformanceTests", dependencies: ["ChainKit"], swiftSettings: strict),
    .testTarget(
      name: "ChainTUITests",
      dependencies: ["ChainTUI", "ChainTUITesting", "ChainKit", "chaintui-example"],
      resources: [.copy("Scripts")],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
