import Foundation

/// How many programs the differential test runs, read from the environment.
///
/// - `CHAINKIT_FUZZ_COUNT`: programs to run, seeds `0..<count` (default 2,000: `make test`;
///   `make fuzz` sets 100,000).
/// - `CHAINKIT_FUZZ_SEED`: run this one seed only and print its program and both logs.
/// - `CHAINKIT_FUZZ_REPORTS`: how many divergent seeds to shrink and print (default 3).
struct FuzzConfiguration {
  var count = 2_000
  var seed: UInt64?
  var reports = 3

  static func fromEnvironment() -> FuzzConfiguration {
    let environment = ProcessInfo.processInfo.environment
    var configuration = FuzzConfiguration()
    if let count = environment["CHAINKIT_FUZZ_COUNT"].flatMap({ Int($0) }), count > 0 {
      configuration.count = count
    }
    configuration.seed = environment["CHAINKIT_FUZZ_SEED"].flatMap { UInt64($0) }
    if let reports = environment["CHAINKIT_FUZZ_REPORTS"].flatMap({ Int($0) }), reports >= 0 {
      configuration.reports = reports
    }
    return configuration
  }
}
