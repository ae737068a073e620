/// The command line of `chainkit-bench`.
struct Options {
  /// Only cases whose id contains this text, and the comparisons they appear in.
  var filter: String?

  /// Fewer, shorter batches: a quick look, not a figure to publish.
  var quick = false

  /// Only the case with exactly this id.
  var exactCase: String?

  /// Print the case ids and stop (the callgrind script uses it).
  var list = false

  /// Instruction-count mode: run each selected case a fixed number of times, untimed.
  var iterations: Int?

  /// Skip the long ChainKit runs (1,000,000 bubbles, mount/unmount churn).
  var skipLongRuns = false

  /// Whether instructions are counted (under callgrind) beside the wall clock.
  var instructions = Metrics.both

  /// Regenerate this Markdown file's generated section from the run (BENCHMARKS.md).
  var writePath: String?

  /// Write even when the machine was busy, with the figures flagged as disturbed.
  var allowBusy = false

  /// Which metrics a run measures.
  enum Metrics {
    /// Wall clock and, when valgrind is installed, instructions: every gate judged on both.
    case both

    /// Wall clock only (`--no-instructions`): a quick look, gates judged on one metric.
    case wallOnly

    /// Instructions only (`make bench-callgrind`): independent of the load.
    case instructionsOnly
  }

  static let usage = """
    usage: chainkit-bench [--filter TEXT] [--case ID] [--quick] [--list] [--skip-long]
                          [--no-instructions | --instructions-only] [--write FILE [--allow-busy]]
                          [--iterations N]
      --filter TEXT   only cases whose id contains TEXT (see --list)
      --quick         5 batches of ~5 ms instead of 21 of ~10 ms
      --case ID       only the case ID
      --list          print each case: id, callgrind iterations, notes Ir, operation
      --iterations N  run each selected case N times after 16 warm-up iterations, untimed, for
                      callgrind (also CHAINKIT_BENCH_ITERATIONS=N)
      --skip-long     skip the 1,000,000-event and mount/unmount churn runs
      --no-instructions     time only; do not count instructions under callgrind
      --instructions-only   count instructions only (make bench-callgrind)
      --write FILE    replace FILE's generated section (BENCHMARKS.md) with this run's tables;
                      refused when the 1-minute load average of other processes is >= 1
      --allow-busy    with --write: write anyway, every table marked as disturbed
    """

  /// Parses `arguments` (without the program name) and the environment.
  static func parse(_ arguments: [String], environment: [String: String]) -> Options? {
    var options = Options()
    options.iterations = environment["CHAINKIT_BENCH_ITERATIONS"].flatMap { Int($0) }
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--filter":
        guard let value = rest.popFirst() else { return nil }
        options.filter = value
      case "--case":
        guard let value = rest.popFirst() else { return nil }
        options.exactCase = value
      case "--quick":
        options.quick = true
      case "--list":
        options.list = true
      case "--iterations":
        guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 0 else { return nil }
        options.iterations = value
      case "--skip-long":
        options.skipLongRuns = true
      case "--no-instructions":
        options.instructions = .wallOnly
      case "--instructions-only":
        options.instructions = .instructionsOnly
      case "--write":
        guard let value = rest.popFirst() else { return nil }
        options.writePath = value
      case "--allow-busy":
        options.allowBusy = true
      default:
        return nil
      }
    }
    return options
  }

  /// Whether a case id is selected.
  func selects(_ id: String) -> Bool {
    if let exactCase { return id == exactCase }
    guard let filter, !filter.isEmpty else { return true }
    return id.contains(filter)
  }
}
