import CAllocCounter
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
    Run(cases: cases, options: options).perform()
  }

  /// The child of an instruction count: each case warmed up, then run `iterations` times,
  /// untimed, inside callgrind's collection window (the parent runs valgrind with
  /// --collect-atstart=no), then once more outside it with the allocation counter on.
  @MainActor
  private static func runFixed(_ cases: [BenchCase], iterations: Int) {
    var allocations = 0.0
    // Cases counted on every thread run with collection on throughout (see `Instructions`).
    let window = ProcessInfo.processInfo.environment["CHAINKIT_BENCH_EVERY_THREAD"] == nil
    for benchCase in cases {
      let body = benchCase.make()
      // NB: the big cases (100,000 children) run few iterations; 16 warm-ups would dominate.
      body(min(16, max(benchCase.callgrindIterations, 1)))
      if window { chainkit_bench_window_begin() }
      body(iterations)
      if window { chainkit_bench_window_end() }
      let counted = max(min(iterations, 1_000), 1)
      allocations = Harness.allocations(body, counted)
    }
    let supported = chainkit_bench_window_supported() ? "yes" : "no (valgrind headers missing)"
    let valgrind = chainkit_bench_under_valgrind() ? "yes" : "no"
    print(
      "window\t\(supported)\tunder valgrind\t\(valgrind)\tallocs\t\(allocations)"
        + "\tsink\t\(Sink.total & 1)")
  }
}

/// One run of the suite: the wall clock, then instructions, then the tables and the verdict on
/// whether the run may be published.
@MainActor
struct Run {
  /// The cases selected.
  let cases: [BenchCase]

  /// The command line.
  let options: Options

  /// Everything printed, for `--write`.
  private final class Output {
    var lines: [String] = []
  }

  private let output = Output()

  private func emit(_ line: String) {
    print(line)
    output.lines.append(line)
  }

  /// Runs and prints; exits with status 3 when publishing was asked for and refused.
  func perform() {
    let loadBefore = Machine.loadAverage() ?? 0
    if options.writePath != nil {
      refuseUnpublishable(loadBefore: loadBefore)
    }
    let started = ContinuousClock.now
    // NB: the stripped copy is made first, from the binary that is running now: a rebuild
    // during the wall-clock part would otherwise leave nothing to copy.
    let counter = options.instructions == .wallOnly ? nil : Instructions.prepare()
    if options.writePath != nil, case .failure(let failure) = counter {
      FileHandle.standardError.write(
        Data("chainkit-bench: not publishing: \(failure.message)\n".utf8))
      exit(3)
    }
    emit(Machine.describe())
    var wall: Figures?
    var othersLoad = loadBefore
    if options.instructions != .instructionsOnly {
      let timedStart = ContinuousClock.now
      wall = measureWall()
      let seconds = Double(timedStart.duration(to: .now).components.seconds)
      othersLoad = Machine.othersLoad(
        start: loadBefore, end: Machine.loadAverage() ?? loadBefore, seconds: seconds)
    }
    let instructions = counter.flatMap(measureInstructions)
    let report = Report(
      wall: wall, instructions: instructions, ordered: cases,
      knownIDs: Set(Suite.cases().map(\.id)))
    emit("\n## Cases\n")
    emit(report.casesTable())
    emit("\n## Gates: ChainKit against the floor and the peers (ratio: ChainKit / peer)\n")
    emit(
      "A gate holds only if it holds on both metrics of this run (`holds`); "
        + "`yes (one metric)` means the other was not measured.\n")
    emit(report.comparisonsTable(Suite.comparisons))
    let scaling = report.scalingTables(Scaling.tables)
    if !scaling.isEmpty {
      emit("\n## Scaling\n")
      emit(scaling)
    }
    if wall != nil && !options.skipLongRuns && options.filter == nil
      && options.exactCase == nil
    {
      emit("\n## Long runs\n")
      for line in LongRuns.run() { emit(line + "  ") }
    }
    let disturbed = max(loadBefore, othersLoad) >= Publish.busyLoad
    if wall != nil {
      emit(
        "\nLoad of other processes: \(TextTable.format(loadBefore, decimals: 2)) before the run,"
          + " about \(TextTable.format(othersLoad, decimals: 2)) during the timed part: "
          + (disturbed
            ? "DISTURBED (>= 1): do not publish these wall-clock figures; rerun when calm."
            : "calm (< 1)."))
    }
    print("\ntotal time: \(started.duration(to: .now).formatted(.units(allowed: [.seconds])))")
    if let path = options.writePath {
      write(to: path, disturbed: disturbed, loadBefore: loadBefore, othersLoad: othersLoad)
    }
  }

  /// Publishing needs the whole suite, both metrics and a calm machine.
  private func refuseUnpublishable(loadBefore: Double) {
    var problems: [String] = []
    if options.filter != nil || options.exactCase != nil || options.quick {
      problems.append("--write needs the whole suite at full length (no --filter/--case/--quick)")
    }
    if options.instructions != .both {
      problems.append("--write needs both metrics")
    }
    if Shell.which("valgrind") == nil {
      problems.append("--write needs valgrind for the instruction counts")
    }
    if loadBefore >= Publish.busyLoad && !options.allowBusy {
      problems.append(
        "the 1-minute load average is \(TextTable.format(loadBefore, decimals: 2)) (>= 1): "
          + "other processes would disturb the wall clock; rerun when calm (or --allow-busy)")
    }
    guard !problems.isEmpty else { return }
    for problem in problems {
      FileHandle.standardError.write(Data("chainkit-bench: not publishing: \(problem)\n".utf8))
    }
    exit(3)
  }

  private func write(to path: String, disturbed: Bool, loadBefore: Double, othersLoad: Double) {
    if disturbed && !options.allowBusy {
      FileHandle.standardError.write(
        Data(
          ("chainkit-bench: not writing \(path): other processes loaded the machine during the"
            + " run (see above); rerun when calm\n").utf8))
      exit(3)
    }
    var header = [
      "Generated from one run by `make bench-publish` at \(Publish.provenance()).",
      "Load average of other processes: \(TextTable.format(loadBefore, decimals: 2)) before, "
        + "about \(TextTable.format(othersLoad, decimals: 2)) during the timed part"
        + (disturbed ? " (>= 1)." : " (< 1: calm)."),
    ]
    if disturbed {
      header.append(
        "\n**DISTURBED RUN** (written with --allow-busy): the wall-clock figures and the "
          + "`holds ns` column are not to be trusted; the Ir columns are.")
    }
    // The run's sections sit one level below the file's "The run".
    let lines = output.lines.joined(separator: "\n").split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { Self.demoted(String($0)) }
    let body = (header + [""] + lines).joined(separator: "\n")
    do throws(Publish.Failure) {
      try Publish.write(body, to: path)
      print("wrote the generated section of \(path)")
    } catch {
      FileHandle.standardError.write(Data("chainkit-bench: \(error.message)\n".utf8))
      exit(1)
    }
  }

  /// `line` with its Markdown heading, if any, one level deeper.
  private static func demoted(_ line: String) -> String {
    line.hasPrefix("## ") || line.hasPrefix("### ") ? "#" + line : line
  }

  private func measureWall() -> Figures {
    let harness = Harness(
      batches: options.quick ? 5 : 21,
      targetNanoseconds: options.quick ? 5e6 : 1e7
    )
    emit(
      "wall clock: \(harness.batches) batches per case, ~\(Int(harness.targetNanoseconds / 1e6))"
        + " ms each, median kept; cases of a group interleaved; thread CPU time  ")
    if let warning = Machine.busyWarning() { emit(warning + "  ") }
    emit(AllocationCounter.verify() + "  ")
    var groups: [String] = []
    for benchCase in cases where !groups.contains(benchCase.group) {
      groups.append(benchCase.group)
    }
    var figures = Figures(unit: "ns")
    for group in groups {
      for measurement in Harness(
        batches: harness.batches, targetNanoseconds: harness.targetNanoseconds
      ).measure(cases.filter { $0.group == group }) {
        figures.record(
          measurement.benchCase, cost: measurement.nanoseconds,
          allocations: measurement.allocations)
      }
    }
    return figures
  }

  private func measureInstructions(_ counter: Result<Instructions, Instructions.Failure>)
    -> Figures?
  {
    switch counter {
    case .failure(let failure):
      emit("instructions: not counted (\(failure.message))  ")
      return nil
    case .success(let instructions):
      defer { instructions.cleanUp() }
      emit(
        "instructions: callgrind, SWIFT_DETERMINISTIC_HASHING=1, one process per case, only the"
          + " measured loop counted (client-request window)  ")
      var figures = Figures(unit: "Ir")
      for (index, benchCase) in cases.enumerated() {
        FileHandle.standardError.write(
          Data("callgrind \(index + 1)/\(cases.count): \(benchCase.id)\n".utf8))
        guard let measured = instructions.measure(benchCase) else { continue }
        figures.record(
          benchCase, cost: measured.instructions, allocations: measured.allocations)
      }
      return figures
    }
  }
}
