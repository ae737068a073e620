import ChainKitTestSupport
import Testing

@testable import ChainKit

/// Issue 12, item 4: seeded random programs run against ChainKit and the reference model must
/// log the same calls, outcomes, responses and deliveries.
@Suite("ChainKit against the reference model", .leakChecked)
@MainActor
struct DifferentialTests {
  @Test("seeded random programs log the same calls in ChainKit and in the reference model")
  func randomProgramsAgree() async {
    let configuration = FuzzConfiguration.fromEnvironment()
    if let seed = configuration.seed { return replay(seed) }
    var divergent: [UInt64] = []
    for seed in 0..<UInt64(configuration.count) {
      // Lets other main-actor tests run now and then; nothing here waits on them.
      if seed % 100 == 0 { await Task.yield() }
      if Differential.diverges(ProgramGenerator.program(seed: seed)) { divergent.append(seed) }
    }
    print(
      "differential: \(configuration.count) programs, \(divergent.count) diverge")
    guard !divergent.isEmpty else { return }
    let summary =
      "\(divergent.count) of \(configuration.count) programs diverge; first seeds: "
      + divergent.prefix(20).map(String.init).joined(separator: ", ")
    Issue.record(Comment(rawValue: summary))
    for seed in divergent.prefix(configuration.reports) {
      let original = ProgramGenerator.program(seed: seed)
      var shrinker = Shrinker(stillFails: Differential.diverges)
      let shrunk = shrinker.shrink(original)
      let report = Differential.report(
        seed: seed, program: shrunk, original: original.steps.count, full: false)
      Issue.record(Comment(rawValue: report))
    }
  }

  @Test("programs that register, cancel, mount and unmount between and during posts agree")
  func plannedProgramsAgree() async {
    let configuration = FuzzConfiguration.fromEnvironment()
    if configuration.seed != nil { return }
    let runtime = ChainRuntime.main
    let plansBefore = runtime.plansMade
    let count = max(1, configuration.count / 2)
    var divergent: [UInt64] = []
    for seed in 0..<UInt64(count) {
      if seed % 100 == 0 { await Task.yield() }
      let program = ProgramGenerator.program(seed: seed, mix: .plans)
      if Differential.diverges(program) { divergent.append(seed) }
    }
    #expect(
      runtime.plansMade - plansBefore > count,
      "the programs' posts walked too few dispatch plans: \(runtime.plansMade - plansBefore)")
    guard !divergent.isEmpty else { return }
    Issue.record(
      Comment(
        rawValue: "\(divergent.count) of \(count) programs of the plans mix diverge; first seeds: "
          + divergent.prefix(20).map(String.init).joined(separator: ", ")))
    for seed in divergent.prefix(configuration.reports) {
      let original = ProgramGenerator.program(seed: seed, mix: .plans)
      var shrinker = Shrinker(stillFails: Differential.diverges)
      let shrunk = shrinker.shrink(original)
      Issue.record(
        Comment(
          rawValue: Differential.report(
            seed: seed, program: shrunk, original: original.steps.count, full: false)))
    }
  }

  /// One seed: prints its program and both logs in full, and fails if they differ.
  private func replay(_ seed: UInt64) {
    let program = ProgramGenerator.program(seed: seed)
    let run = Differential.run(program)
    print("seed \(seed):\n\(program)")
    print("--- ChainKit log ---\n" + run.chainKit.joined(separator: "\n"))
    print("--- model log ---\n" + run.model.joined(separator: "\n"))
    guard let first = run.firstDifference else { return print("the logs are equal") }
    var shrinker = Shrinker(stillFails: Differential.diverges)
    let shrunk = shrinker.shrink(program)
    let report = Differential.report(
      seed: seed, program: shrunk, original: program.steps.count, full: true)
    print(report)
    Issue.record("seed \(seed): the logs differ from line \(first)\n\(report)")
  }
}
