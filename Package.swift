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
    // The CPU's cycle counter, read inline (a C header: Swift has no intrinsic for it): a traced
    // dispatch times its hops with it, converted to the clock's time between the dispatch's two
    // clock readings.
    .target(name: "CChainClock"),
    // A cache prefetch hint as an inline C function (Swift has no intrinsic for it): a share
    // over a large tree asks for the subscribers' closure contexts a few deliveries ahead. Its own
    // target, not the clock's: the two have nothing in common but being C.
    .target(name: "CChainPrefetch"),
    // CHAINKIT_INVARIANTS compiles in the executable invariant checks and the live-object
    // census the tests run (as swift-collections' COLLECTIONS_INTERNAL_CHECKS); release builds,
    // and so the benchmarks, leave them out.
    .target(
      name: "ChainKit", dependencies: ["CChainClock", "CChainPrefetch"],
      swiftSettings: strict + [.define("CHAINKIT_INVARIANTS", .when(configuration: .debug))]),
    // The record types, their coding, the recorder and the tracers: all of tracing but the hook
    // ChainKit calls. The recorder checks its free list under the same flag as ChainKit.
    .target(
      name: "ChainKitTracing", dependencies: ["ChainKit"],
      swiftSettings: strict + [.define("CHAINKIT_INVARIANTS", .when(configuration: .debug))]),
    .macro(
      name: "ChainEventsMacros",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ],
      swiftSettings: strict
    ),
    // What the code @ChainEvents generates calls (ChainEventSet, Node.trigger, subscribe,
    // intercept): no swift-syntax, so code that holds an expansion checked in builds without it.
    .target(name: "ChainEventsRuntime", dependencies: ["ChainKit"], swiftSettings: strict),
    .target(
      name: "ChainEvents", dependencies: ["ChainKit", "ChainEventsRuntime", "ChainEventsMacros"],
      swiftSettings: strict),
    // The Event chain scene's events are the checked-in expansion of their @ChainEvents
    // protocols (ChainEventsMacrosTests holds the two equal), so ChainTUI needs only the runtime:
    // `make run` never builds swift-syntax.
    .target(
      name: "ChainTUI",
      dependencies: ["ChainKit", "ChainKitTracing", "ChainEventsRuntime", "CNcurses"],
      swiftSettings: strict),
    .target(
      name: "ChainTUITesting", dependencies: ["ChainTUI", "ChainKit", "ChainKitTracing"],
      swiftSettings: strict),
    .executableTarget(
      name: "chaintui",
      dependencies: [
        "ChainTUI", "ChainKitTracing",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "chainkit-example", dependencies: ["ChainKit", "ChainKitTracing", "ChainEvents"],
      swiftSettings: strict),
    .executableTarget(
      name: "chaintui-example", dependencies: ["ChainTUI", "ChainKit"], swiftSettings: strict),
    // What the test targets share: the leak census trait, the seeded generator, the door to
    // swiftc for snippets, common trees. A regular target only test targets depend on.
    .target(
      name: "ChainKitTestSupport", dependencies: ["ChainKit"], path: "Tests/ChainKitTestSupport",
      swiftSettings: strict),
    .testTarget(
      name: "ChainKitTests",
      dependencies: ["ChainKit", "ChainKitTracing", "ChainKitTestSupport"],
      swiftSettings: strict),
    // The macro's expansions and diagnostics, pinned as text; the Event chain scene's checked-in
    // expansion held equal to the macro's.
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
    .testTarget(
      name: "ChainEventsTests", dependencies: ["ChainEvents", "ChainKitTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "ChainKitConcurrencyTests",
      dependencies: ["ChainKit", "ChainKitTracing", "ChainKitTestSupport"],
      swiftSettings: strict),
    // Imports ChainKit without @testable: what a user's program can do with the public API.
    .testTarget(
      name: "ChainKitPublicAPITests", dependencies: ["ChainKit", "ChainKitTestSupport"],
      swiftSettings: strict),
    // Randomized programs run against ChainKit and a small reference model, log against log.
    .testTarget(
      name: "ChainKitModelTests", dependencies: ["ChainKit", "ChainKitTestSupport"],
      swiftSettings: strict),
    // The web-platform-tests dom/events cases that apply to a tree without a browser.
    .testTarget(
      name: "ChainKitConformanceTests", dependencies: ["ChainKit", "ChainKitTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "ChainTUITests",
      dependencies: [
        "ChainTUI", "ChainTUITesting", "ChainKit", "ChainKitTracing", "chaintui-example",
        "ChainKitTestSupport",
      ],
      resources: [.copy("Scripts")],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Without the macro, every target that reaches swift-syntax goes, and so does every target that
// depends on one that goes (transitively), with the products built from them; ncurses goes too
// (the sanitizer passes test ChainKit, not the explorer), and with it ChainTUI: what is left is
// ChainKit and its tests. Computed from the graph above, so a new dependency needs no list.
if !withMacros {
  func names(_ target: Target) -> [String] {
    target.dependencies.compactMap {
      switch $0 {
      case .targetItem(let name, _), .byNameItem(let name, _): name
      case .productItem(let name, let package, _, _): package.map { "\($0)/\(name)" } ?? name
      @unknown default: nil
      }
    }
  }
  var removed: Set<String> = ["CNcurses"]
  var grew = true
  while grew {
    grew = false
    for target in package.targets where !removed.contains(target.name) {
      let needs = names(target)
      if needs.contains(where: { removed.contains($0) || $0.hasPrefix("swift-syntax/") }) {
        removed.insert(target.name)
        grew = true
      }
    }
  }
  package.targets.removeAll { removed.contains($0.name) }
  package.products.removeAll {
    let built = ($0 as? Product.Library)?.targets ?? ($0 as? Product.Executable)?.targets ?? []
    return !removed.isDisjoint(with: built)
  }
  // A package no remaining target uses goes too (SwiftPM warns about an unused dependency).
  let used = Set(package.targets.flatMap(names).compactMap { $0.split(separator: "/").first })
  package.dependencies.removeAll {
    guard case .sourceControl(_, let location, _) = $0.kind else { return false }
    return !used.contains(where: { location.hasSuffix("/\($0)") })
  }
}
