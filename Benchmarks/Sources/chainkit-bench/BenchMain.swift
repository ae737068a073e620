import CCallgrind
import Foundation

/// `chainkit-bench`: measures ChainKit, the floor and the peers in one run and prints the tables.
@main
struct BenchMain {
  @MainActor
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard
      let options = Options.parse(arguments, environment: ProcessInfo.processInfo.environment)
    else {
      FileHandle.standardError.write(Data((Options.usage + "\n").utf8))
      exit(2)
    }
    let cases = Suite.cases().filter { options.selects($0.id) }
    if options.list {
      for benchCase in cases {
        let instructions = benchCase.referenceInstructions.map(String.init) ?? "-"
        print(
          "\(benchCase.id)\t\(benchCase.callgrindIterations)\t\(instructions)\t\(benchCase.label)")
      }
      return
    }
    if let iterations = options.iterations {
      runFixed(cases, iterations: iterations)
      return
    }
    runTimed(cases, options: options)
  }

  /// Instruction-count mode: each case warmed up, then run `iterations` times, untimed, inside
  /// callgrind's collection window (scripts/bench-callgrind.sh runs with --collect-atstart=no).
  @MainActor
  private static func runFixed(_ cases: [BenchCase], iterations: Int) {
    for benchCase in cases {
      let body = benchCase.make()
      body(16)
      chainkit_bench_window_begin()
      body(iterations)
      chainkit_bench_window_end()
    }
    let window = chainkit_bench_window_supported() ? "yes" : "no (valgrind headers missing)"
    let valgrind = chainkit_bench_under_valgrind() ? "yes" : "no"
    print("window\t\(window)\tunder valgrind\t\(valgrind)\tsink \(Sink.total & 1)")
  }

  @MainActor
  private static func runTimed(_ cases: [BenchCase], options: Options) {
    let harness = Harness(
      batches: options.quick ? 5 : 21,
      targetNanoseconds: options.quick ? 5e6 : 1e7
    )
    print("# chainkit-bench")
    print(Machine.describe())
    print(
      "batches: \(harness.batches) per case, ~\(Int(harness.targetNanoseconds / 1e6)) ms each,"
        + " median kept; cases of a group interleaved; thread CPU time"
    )
    if let warning = Machine.busyWarning() { print(warning) }
    print(AllocationCounter.verify())
    let started = ContinuousClock.now
    var ordered: [Measurement] = []
    var groups: [String] = []
    for benchCase in cases where !groups.contains(benchCase.group) {
      groups.append(benchCase.group)
    }
    for group in groups {
      ordered += harness.measure(cases.filter { $0.group == group })
    }
    let report = Report(
      measurements: Dictionary(uniqueKeysWithValues: ordered.map { ($0.benchCase.id, $0) }),
      ordered: ordered,
      knownIDs: Set(Suite.cases().map(\.id))
    )
    print("\n## Cases\n")
    print(report.casesTable())
    print("\n## ChainKit against the floor and the peers (ratio: ChainKit / peer)\n")
    print(report.comparisonsTable(Suite.comparisons))
    if !options.skipLongRuns && options.filter == nil && options.exactCase == nil {
      print("\n## Long runs\n")
      for line in LongRuns.run() { print(line) }
    }
    print("\ntotal time: \(started.duration(to: .now).formatted(.units(allowed: [.seconds])))")
  }
}
