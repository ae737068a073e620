import ChainKitTestSupport
import Testing

/// Programs on which ChainKit and the model once disagreed, one per class.
///
/// The smallest programs the differential test found where ChainKit and the reference model
/// disagreed, one per class, named by the rule at stake. ChainKit and the model agree on each
/// now; `swift test --filter KnownDivergenceTests` shows both logs if one comes back.
@Suite("Divergences found by the differential test", .leakChecked)
@MainActor
struct KnownDivergenceTests {
  private static func onA(_ node: Int, capture: Bool = false, _ script: Script) -> Op {
    .listen(node, .a, capture: capture, once: false, script)
  }

  private func expectAgreement(_ steps: [Op]) {
    let program = Program(steps: steps)
    let run = Differential.run(program)
    guard run.firstDifference != nil else { return }
    let report = Differential.report(seed: 0, program: program, original: steps.count, full: true)
    Issue.record(Comment(rawValue: report))
  }

  @Test("rule 10: a listener an interceptor adds at the target runs from the next event")
  func listenerAddedByInterceptorWaits() {
    expectAgreement([
      .create(0), .intercept(0, .event(.a), [.op(Self.onA(0, []))]), .post(0, .a, 5),
    ])
  }

  @Test("rule 10: a listener an interceptor adds at an ancestor runs from the next event")
  func listenerAddedByAncestorInterceptorWaits() {
    expectAgreement([
      .create(0), .create(1), .mount(1, 0), .intercept(0, .event(.a), [.op(Self.onA(0, []))]),
      .post(1, .a, 5),
    ])
  }

  @Test("rule 12: an interceptor's stopPropagation at the target lets the target's listeners run")
  func interceptorStopAtTargetLetsListenersRun() {
    expectAgreement([
      .create(0), Self.onA(0, []), .intercept(0, .event(.a), [.stop]), .post(0, .a, 9),
    ])
  }

  @Test("rule 17: a rewrite at one parent is not seen through the target's other parent")
  func branchesStartFromTheirOwnPayload() {
    expectAgreement([
      .create(0), .create(1), .create(2), .mount(2, 0), .mount(2, 1), Self.onA(1, []),
      .intercept(0, .event(.a), [.rewrite(40)]), .post(2, .a, 2),
    ])
  }

  @Test("rule 17 for requests: a rewrite at one parent is not seen through another parent")
  func requestBranchesStartFromTheirOwnPayload() {
    expectAgreement([
      .create(0), .create(1), .create(2), .mount(2, 0), .mount(2, 1), .respond(1, []),
      .intercept(0, .request, [.rewrite(40)]), .request(2, 2, all: true),
    ])
  }

  @Test("rule 19: a responder's stopImmediatePropagation skips the node's other responders")
  func responderStopImmediateSkipsTheRest() {
    expectAgreement([
      .create(0), .respond(0, [.stopImmediate]), .respond(0, []), .request(0, 5, all: true),
    ])
  }

  @Test("rule 19: an interceptor's stopImmediatePropagation skips the node's responders")
  func interceptorStopImmediateSkipsResponders() {
    expectAgreement([
      .create(0), .respond(0, [.answer(1)]), .intercept(0, .request, [.stopImmediate]),
      .request(0, 9, all: false),
    ])
  }

  @Test("rule 14: a subscriber's first call on subscribe counts against the nesting limit")
  func firstDeliveryIsANestingLevel() {
    expectAgreement([
      .create(0), .share(0, .x, 1), .subscribe(0, .x, [.op(.share(0, .x, 2))]),
    ])
  }

  @Test("rule 14: a delivery cut at the limit inside a post leaves later nested posts working")
  func dataRunawayInsidePostDoesNotOutliveIt() {
    expectAgreement([
      .create(0), .create(1), .mount(1, 0), .create(2),
      .subscribe(0, .x, [.op(.share(2, .x, 77))]),
      .listen(0, .b, capture: false, once: false, [.op(.share(0, .x, 36))]),
      .subscribe(2, .x, [.op(.post(1, .b, 3))]), .post(1, .b, 5),
    ])
  }

  @Test("rule 10: an interceptor added ahead of the walk, at a node without the key, runs")
  func interceptorAddedAheadRuns() {
    expectAgreement([
      .create(0), .create(1), .mount(1, 0), .create(3), .mount(3, 1),
      Self.onA(
        1, capture: true, [.op(.intercept(1, .event(.a), [.op(.intercept(0, .event(.a), []))]))]),
      .post(3, .a, 3),
    ])
  }

  /// A release during a share's pass re-resolves a subscriber the pass has not reached yet.
  ///
  /// NB: the release of n3 re-resolves n4 (still under n0) while the share's pass is under
  /// way: n4 is told at once, inside the release, and the pass, reaching it later, finds it up
  /// to date. ChainKit used to skip the re-resolution (nothing resolved had changed) and let the
  /// pass tell it.
  @Test("rule 28: a subscriber the pass under way has not reached yet is told of a release at once")
  func releaseDuringAPassReResolvesAtOnce() {
    expectAgreement([
      .create(0), .create(1), .create(3), .mount(3, 1), .mount(3, 0), .create(4),
      .mount(4, 0), .mount(4, 3), .subscribe(3, .x, [.op(.release(3))]),
      .subscribe(4, .x, []), .share(0, .x, 18),
    ])
  }

  /// A subscriber left behind by a refused pass hears its value at the teardown's releases.
  ///
  /// It shares in response to itself and runs into the nesting limit; the last share's pass is
  /// refused and leaves it behind its value. The teardown's releases re-resolve it: it hears the
  /// value then, though no release changed what it resolves to.
  @Test("rule 28: a subscriber a cut pass left behind hears the value at the next re-resolution")
  func staleSubscriberCatchesUp() {
    expectAgreement([
      .create(1), .create(2), .mount(2, 1), .create(4), .mount(4, 2),
      .subscribe(4, .x, [.op(.share(4, .x, 95))]), .share(2, .x, 67),
    ])
  }
}
