// swift-tools-version: 6.1
// ChainKit's benchmarks: ChainKit against the floor and against what users would pick instead
// (a hand-written weak chain, Foundation's NotificationCenter, OpenCombine,
// AsyncStream and swift-async-algorithms' AsyncChannel), in one run.
// A package of its own so that `make test` never builds OpenCombine or runs the benchmarks.
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

// CHAINKIT_WITHOUT_MACROS (read by ChainKit's manifest too) leaves out the trigger cases and so
// swift-syntax: a release build of swift-syntax costs minutes that an Ir check of the core does
// not need. ChainKit's manifest leaves ChainTUI out of that mode too (it builds ChainKit and
// what the sanitizer passes test), so the ChainTUI cases go with it.
let withMacros = Context.environment["CHAINKIT_WITHOUT_MACROS"] == nil

let package = Package(
  name: "ChainKitBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "ChainKit", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
  ],
  targets: [
    .target(name: "CAllocCounter"),
    .target(name: "CCallgrind"),
    .executableTarget(
      name: "chainkit-bench",
      dependencies: [
        "CAllocCounter",
        "CCallgrind",
        .product(name: "ChainKit", package: "ChainKit"),
        .product(name: "ChainKitTracing", package: "ChainKit"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)

if withMacros, let bench = package.targets.first(where: { $0.name == "chainkit-bench" }) {
  bench.dependencies += ["ChainEvents", "ChainTUI", "ChainTUITesting"].map {
    .product(name: $0, package: "ChainKit")
  }
}
