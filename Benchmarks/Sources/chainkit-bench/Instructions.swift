import Foundation

/// Instruction counts per operation, measured by running this binary under valgrind's callgrind
/// once per case.
///
/// Each child run builds the case's fixture, runs 16 warm-up iterations, then the case's
/// `callgrindIterations` inside a collection window opened and closed with callgrind client
/// requests (`--collect-atstart=no`, see the CCallgrind target), with deterministic hashing:
/// Ir per op = Ir in the window / iterations, repeatable to the instruction and independent of
/// the load. The child also counts heap allocations over the same iterations, outside the window.
struct Instructions {
  /// A copy of this binary without debug information.
  ///
  /// NB: valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 emits and aborts on it; a copy
  /// stripped with `strip -g` runs, and callgrind needs no symbols to count instructions.
  let binary: String

  /// Where the child runs write their callgrind output.
  private let directory: String

  /// Prepares a stripped copy of this executable, or explains why instructions cannot be
  /// counted on this machine.
  static func prepare() -> Result<Instructions, Failure> {
    guard Shell.which("valgrind") != nil else {
      return .failure(Failure(message: "valgrind is not installed: no instruction counts"))
    }
    guard Shell.which("strip") != nil else {
      return .failure(Failure(message: "strip (binutils) is not installed"))
    }
    let directory = NSTemporaryDirectory() + "chainkit-bench-\(getpid())"
    let binary = directory + "/chainkit-bench"
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      try? FileManager.default.removeItem(atPath: binary)
      let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      try FileManager.default.copyItem(atPath: executable, toPath: binary)
    } catch {
      return .failure(Failure(message: "cannot copy the benchmark binary: \(error)"))
    }
    guard Shell.run("strip", ["-g", binary]).status == 0 else {
      return .failure(Failure(message: "strip -g failed on \(binary)"))
    }
    return .success(Instructions(binary: binary, directory: directory))
  }

  /// Why instruction counts are unavailable.
  struct Failure: Error {
    /// For the reader of the report.
    let message: String
  }

  /// Instructions and allocations per operation of one case.
  ///
  /// A case whose work runs on other threads too (`clock: .process`) is counted differently:
  /// callgrind's collection window is per thread (a client request toggles the calling thread's
  /// collection only), so the window would see the producing thread alone. Such a case runs
  /// twice with collection on from the start and no window, `iterations` and `iterations / 2`
  /// times; Ir per op is the difference over the difference in iterations, every thread counted.
  func measure(_ benchCase: BenchCase) -> (instructions: Double, allocations: Double)? {
    let iterations = benchCase.callgrindIterations
    guard benchCase.clock == .process else { return run(benchCase, iterations, everyThread: false) }
    let half = max(iterations / 2, 1)
    guard half < iterations,
      let full = run(benchCase, iterations, everyThread: true),
      let part = run(benchCase, half, everyThread: true)
    else { return nil }
    let perOp =
      (full.instructions * Double(iterations) - part.instructions * Double(half))
      / Double(iterations - half)
    return (perOp, full.allocations)
  }

  /// One child run under callgrind; Ir per op over `iterations` (the window's, or, for
  /// `everyThread`, the whole run's).
  private func run(_ benchCase: BenchCase, _ iterations: Int, everyThread: Bool) -> (
    instructions: Double, allocations: Double
  )? {
    let output = directory + "/callgrind.out"
    var environment = ["SWIFT_DETERMINISTIC_HASHING": "1"]
    if everyThread { environment["CHAINKIT_BENCH_EVERY_THREAD"] = "1" }
    let result = Shell.run(
      "valgrind",
      [
        "--tool=callgrind", "--collect-atstart=\(everyThread ? "yes" : "no")",
        "--callgrind-out-file=\(output)", binary, "--case", benchCase.id, "--iterations",
        String(iterations),
      ],
      environment: environment)
    guard result.status == 0,
      let report = result.output.split(separator: "\n").last(where: {
        $0.hasPrefix("window\t")
      })
    else {
      FileHandle.standardError.write(Data("callgrind failed for \(benchCase.id)\n".utf8))
      return nil
    }
    let fields = report.split(separator: "\t").map(String.init)
    // window <yes|no> under valgrind <yes|no> allocs <per op> sink <bit>
    guard fields.count >= 6, fields[1] == "yes", fields[3] == "yes",
      let allocations = Double(fields[5]),
      let text = try? String(contentsOfFile: output, encoding: .utf8),
      let total = Self.total(text)
    else {
      FileHandle.standardError.write(
        Data("callgrind: no collection window for \(benchCase.id): \(report)\n".utf8))
      return nil
    }
    return (total / Double(max(iterations, 1)), allocations)
  }

  /// Removes the stripped copy and the callgrind output.
  func cleanUp() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The `summary:` (or `totals:`) Ir of a callgrind output file.
  private static func total(_ text: String) -> Double? {
    for line in text.split(separator: "\n")
    where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
      return line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
    }
    return nil
  }
}
