import ChainKitTestSupport
import Testing

/// The differential test's own parts: they must be able to fail, and to replay.
@Suite("The differential harness", .leakChecked)
@MainActor
struct HarnessTests {
  @Test("SplitMix64 gives its published sequence, so a seed names the same program everywhere")
  func splitMixIsTheReferenceSequence() {
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test("a seed always makes the same program")
  func programsReplay() {
    #expect(ProgramGenerator.program(seed: 42) == ProgramGenerator.program(seed: 42))
    #expect(ProgramGenerator.program(seed: 42) != ProgramGenerator.program(seed: 43))
  }

  @Test("a model that differs from ChainKit is caught: a nesting limit of 63 instead of 64")
  func aDifferentModelDiverges() {
    let echo = Program(steps: [
      .create(0), .listen(0, .a, capture: false, once: false, [.op(.post(0, .a, 1))]),
      .post(0, .a, 0),
    ])
    #expect(Differential.run(echo).firstDifference == nil)
    let model = ReferenceModel()
    model.nestingLimit = 63
    #expect(Differential.run(echo, model: model).firstDifference != nil)
  }

  @Test("the shrinker removes every step and effect the failure does not need")
  func shrinkerKeepsOnlyWhatFails() {
    let needed = Op.post(1, .b, 7)
    let program = Program(steps: [
      .create(0), .listen(0, .a, capture: true, once: true, [.stop, .op(needed), .prevent]),
      .post(0, .a, 1), .share(0, .x, 3),
    ])
    var shrinker = Shrinker { candidate in
      candidate.steps.contains { step in
        if case .listen(_, _, _, _, let script) = step { return script.contains(.op(needed)) }
        return false
      }
    }
    #expect(
      shrinker.shrink(program).steps == [
        .listen(0, .a, capture: true, once: false, [.op(needed)])
      ])
  }

  @Test("ChainKit's invariants are checked after every operation, nested ones included")
  func invariantsCheckedAfterEveryOperation() {
    let program = Program(steps: [
      .create(0), .create(1), .mount(1, 0),
      .listen(0, .a, capture: false, once: false, [.op(.share(1, .x, 2)), .op(.unmount(1, 0))]),
      .post(1, .a, 0),
    ])
    let world = ChainKitWorld()
    let log = Driver(world: world).run(program)
    #expect(log.contains("    share n1 x 2"))
    // Five steps, two nested operations, and the teardown's check.
    #expect(world.invariantChecks == 8)
  }
}
