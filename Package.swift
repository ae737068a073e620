// swift-tools-version: 6.1
// ChainKit: communication among objects in a hierarchy, and ChainTUI, the terminal explorer.
// The benchmarks live in their own package (Benchmarks/) so that `make test` never builds their
// peers (OpenCombine) or runs them.
import CompilerPluginSupport
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

// `make test`'s sanitizer passes test ChainKit alone; they set CHAINKIT_WITHOUT_MACROS so that
// their scratch builds do not compile swift-syntax twice more (minutes each on 2 cores).
let withMacros = Context.environment["CHAINKIT_WITHOUT_MACROS"] == nil
let macroNames: Set<String> = [
  "ChainEventsMacros", "ChainEvents", "ChainEventsMacrosTests", "ChainEventsTests",
]

let package = Package(
  name: "ChainKit",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ChainKit", targets: ["ChainKit"]),
    // Traces out of the process: JSON Lines files and streams (the part of tracing that needs
    // Foundation), so that ChainKit itself imports nothing but the standard library.
    .library(name: "ChainKitTracing", targets: ["ChainKitTracing"]),
    // @ChainEvents: its own product, so a user of plain ChainKit never builds swift-syntax.
    .library(name: "ChainEvents", targets: ["ChainEvents"]),
    .library(name: "ChainTUI", targets: ["ChainTUI"]),
    .library(name: "ChainTUITesting", targets: ["ChainTUITesting"]),
    .executable(name: "chaintui", targets: ["chaintui"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
  ],
  targets: [
    .systemLibrary(name: "CNcurses"),
    // CHAINKIT_INVARIANTS compiles in the executable invariant checks and the live-object
    // census the tests run (as swift-collections' COLLECTIONS_INTERNAL_CHECKS); release builds,
    // and so the benchmarks, leave them out.
    .target(
      name: "ChainKit",
      swiftSettings: strict + [.define("CHAINKIT_INVARIANTS", .when(configuration: .debug))]),
    .target(name: "ChainKitTracing", dependencies: ["ChainKit"], swiftSettings: strict),
    .macro(
      name: "ChainEventsMacros",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ChainEvents", dependencies: ["ChainKit", "ChainEventsMacros"], swiftSettings: strict),
    .target(
      name: "ChainTUI", dependencies: ["ChainKit", "ChainKitTracing", "CNcurses"],
      swiftSettings: strict),
    .target(
      name: "ChainTUITesting", dependencies: ["ChainTUI", "ChainKit"], swiftSettings: strict),
    .executableTarget(
      name: "chaintui",
      dependencies: [
        "ChainTUI", "ChainKitTracing",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "chainkit-example", dependencies: ["ChainKit", "ChainKitTracing"],
      swiftSettings: strict),
    .executableTarget(
      name: "chaintui-example", dependencies: ["ChainTUI", "ChainKit"], swiftSettings: strict),
    .testTarget(
      name: "ChainKitTests", dependencies: ["ChainKit", "ChainKitTracing"], swiftSettings: strict),
    // The macro's expansions and diagnostics, pinned as text.
    .testTarget(
      name: "ChainEventsMacrosTests",
      dependencies: [
        "ChainEventsMacros",
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ],
      swiftSettings: strict
    ),
    // The macro as a user package uses it: through the ChainEvents product only.
    .testTarget(name: "ChainEventsTests", dependencies: ["ChainEvents"], swiftSettings: strict),
    .testTarget(
      name: "ChainKitConcurrencyTests", dependencies: ["ChainKit", "ChainKitTracing"],
      swiftSettings: strict),
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
      dependencies: [
        "ChainTUI", "ChainTUITesting", "ChainKit", "ChainKitTracing", "chaintui-example",
      ],
      resources: [.copy("Scripts")],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)

if !withMacros {
  package.targets.removeAll { macroNames.contains($0.name) }
  package.products.removeAll { $0.name == "ChainEvents" }
  package.dependencies.removeAll {
    if case .sourceControl(_, let location, _) = $0.kind {
      return location.contains("swift-syntax")
    }
    return false
  }
}
