/// Every case and every comparison of one run, with the targets of issues 8 and 13.
@MainActor
enum Suite {
  /// All cases, in measuring order; cases of one group are measured interleaved.
  static func cases() -> [BenchCase] {
    FloorCases.all() + LibraryPeerCases.all() + ChainKitCases.all() + ChainEventsCases.all()
      + BusCases.all()
      + DataCases.all() + ObservationCases.all() + TracingCases.all() + ScalingCases.all()
      + ChainTUICases.all() + StreamCases.all()
  }

  /// The rows of the comparison table; a row whose cases were filtered out is left out.
  static let comparisons: [Comparison] = [
    Comparison(
      title: "bubble depth 1 vs 1 direct call", subject: "bubble1.chainkit",
      peer: "bubble1.direct"),
    Comparison(
      title: "bubble depth 8 vs 8 direct calls", subject: "bubble8.chainkit",
      peer: "bubble8.direct", gate: .ratio(atMost: 5, "<= 5x (stretch 3x)")),
    Comparison(
      title: "bubble depth 8 vs the floor", subject: "bubble8.chainkit",
      peer: "bubble8.floor"),
    Comparison(
      title: "bubble depth 8 vs weak chain", subject: "bubble8.chainkit",
      peer: "bubble8.weak", gate: .ratio(atMost: 1.0 / 4, "<= 1/4 (4x faster)")),
    Comparison(
      title: "bubble depth 64 vs depth 8 (linear)", subject: "bubble64.chainkit",
      peer: "bubble8.chainkit", gate: .ratio(atMost: 10, "<= 10x (8x is linear)")),
    Comparison(
      title: "bubble depth 64 vs the floor", subject: "bubble64.chainkit",
      peer: "bubble64.floor"),
    Comparison(
      title: "bubble depth 64 vs weak chain", subject: "bubble64.chainkit",
      peer: "bubble64.weak", gate: .ratio(atMost: 1.0 / 7, "<= 1/7 (7x faster)")),
    Comparison(
      title: "7 skipped ancestors vs depth 1", subject: "bubble8.skip",
      peer: "bubble1.chainkit",
      gate: .perHop(
        subject: "bubble8.skip", peer: "bubble1.chainkit", hops: 7,
        atMostOneHopOf: "bubble8.floor", referenceHops: 8)),
    Comparison(
      title: "depth-8 post, 1,000 keys vs 1 key in the chain", subject: "keys.1000",
      peer: "keys.1", gate: .ratio(atMost: 1.2, "<= 1.2x")),
    Comparison(
      title: "depth-64 post after a mount elsewhere vs cached", subject: "bubble64.afterMount",
      peer: "bubble64.chainkit", subtracting: "bubble64.mountOnly",
      gate: .ratio(atMost: 1.1, "<= 1.1x", maxAllocations: nil)),
    Comparison(
      title: "cancel beside 100,000 vs beside 100 (node)", subject: "cancelNode.100000",
      peer: "cancelNode.100", gate: .ratio(atMost: 2, "<= 2x", maxAllocations: nil)),
    Comparison(
      title: "cancel beside 100,000 vs beside 100 (bus)", subject: "cancelBus.100000",
      peer: "cancelBus.100", gate: .ratio(atMost: 2, "<= 2x", maxAllocations: nil)),
    Comparison(
      title: "release 100,000 children vs 100 (per child)", subject: "release.100000",
      peer: "release.100", perDelivery: true,
      gate: .ratio(atMost: 2, "<= 2x per child", maxAllocations: nil)),
    Comparison(
      title: "request answered at depth 8 vs 8 calls", subject: "bubble8.request",
      peer: "bubble8.direct", gate: .allocationFree),
    Comparison(
      title: "1 listener vs NotificationCenter", subject: "bubble1.chainkit",
      peer: "bubble1.notification", perDelivery: true,
      gate: .ratio(atMost: 0.1, "<= 1/10 per call")),
    Comparison(
      title: "10 listeners vs NotificationCenter", subject: "fanout10.chainkit",
      peer: "fanout10.notification", perDelivery: true,
      gate: .ratio(atMost: 0.1, "<= 1/10 per call")),
    Comparison(
      title: "1 listener vs OpenCombine send", subject: "bubble1.chainkit",
      peer: "bubble1.combine", gate: .ratio(atMost: 0.1, "<= 1/10 per send")),
    Comparison(
      title: "10 listeners vs OpenCombine send", subject: "fanout10.chainkit",
      peer: "fanout10.combine", gate: .ratio(atMost: 0.1, "<= 1/10 per send")),
    Comparison(
      title: "10 listeners vs loop over closures", subject: "fanout10.chainkit",
      peer: "fanout10.loop", gate: .allocationFree),
    Comparison(
      title: "bus publish, 10 subscribers vs loop", subject: "fanout10.bus",
      peer: "fanout10.loop", gate: .ratio(atMost: 1.3, "<= 1.3x")),
    Comparison(
      title: "bus publish, 1 subscriber vs 1-listener bubble", subject: "bubble1.bus",
      peer: "bubble1.chainkit", gate: .ratio(atMost: 1.2, "<= 1.2x")),
    Comparison(
      title: "bus publish, 10 subscribers vs AsyncStream fan-out", subject: "fanout10.bus",
      peer: "fanout10.asyncstream"),
    Comparison(
      title: "bus publish, 1 subscriber vs NotificationCenter", subject: "bubble1.bus",
      peer: "bubble1.notification", perDelivery: true,
      gate: .ratio(atMost: 0.1, "<= 1/10 per call")),
    Comparison(
      title: "bus publish, 10 subscribers vs NotificationCenter", subject: "fanout10.bus",
      peer: "fanout10.notification", perDelivery: true,
      gate: .ratio(atMost: 0.1, "<= 1/10 per call")),
    Comparison(
      title: "bus publish, 1 subscriber vs OpenCombine", subject: "bubble1.bus",
      peer: "bubble1.combine", gate: .ratio(atMost: 0.1, "<= 1/10 per send")),
    Comparison(
      title: "bus publish, 10 subscribers vs OpenCombine", subject: "fanout10.bus",
      peer: "fanout10.combine", gate: .ratio(atMost: 0.1, "<= 1/10 per send")),
    Comparison(
      title: "producer subscribe + cancel vs OpenCombine", subject: "subscribe.chainkit",
      peer: "subscribe.combine", gate: .ratio(atMost: 1.0 / 6, "<= 1/6", maxAllocations: 2)),
    Comparison(
      title: "share to 1,000 descendants vs preorder loop",
      subject: "share1000.chainkit", peer: "share1000.preorder",
      gate: .ratio(atMost: 2, "<= 2x")),
    Comparison(
      title: "share to 100,000 descendants vs preorder loop",
      subject: "share100000.chainkit", peer: "share100000.preorder",
      gate: .ratioGrowth(
        atMost: 1.5, baseSubject: "share1000.chainkit", basePeer: "share1000.preorder",
        "<= 1.5x the 1,000 ratio")),
    Comparison(
      title: "3-way binding set vs setters", subject: "binding.chainkit",
      peer: "binding.setters", gate: .ratio(atMost: 40, "<= 40x (stretch 10x)")),
    Comparison(
      title: "3-way binding set vs Observation", subject: "binding.chainkit",
      peer: "binding.observation", gate: .ratio(atMost: 1, "faster (< 1x)")),
    Comparison(
      title: "3-way binding, x100 member vs setters", subject: "binding.transform",
      peer: "binding.setters", gate: .allocationFree),
    Comparison(
      title: "tracing on (a tracer on the root) vs off", subject: "bubble8.traced",
      peer: "bubble8.chainkit", gate: .ratio(atMost: 8, "<= 8x (stretch 3x)", maxAllocations: 2)),
    // NB: ChainKit cannot be built without its tracing code; these two rows bound parts of it
    // (see TracingCases).
    Comparison(
      title: "post: tracer on another tree vs none", subject: "tracing.elsewhere",
      peer: "tracing.off", gate: .ratio(atMost: 1.05, "<= 1.05x")),
    Comparison(
      title: "share: tracer on another tree vs none", subject: "tracing.shareElsewhere",
      peer: "tracing.shareOff", gate: .ratio(atMost: 1.05, "<= 1.05x")),
    Comparison(
      title: "node stream, 1 consumer vs AsyncStream", subject: "stream1.node",
      peer: "stream1.asyncStream", gate: .ratio(atMost: 0.15, "<= 0.15x", maxAllocations: nil)),
    Comparison(
      title: "node stream, 10 consumers vs AsyncStream", subject: "stream10.node",
      peer: "stream10.asyncStream", perDelivery: true,
      gate: .ratio(atMost: 0.15, "<= 0.15x per call", maxAllocations: nil)),
    Comparison(
      title: "bus stream, 1 consumer vs AsyncStream", subject: "stream1.bus",
      peer: "stream1.asyncStream"),
    Comparison(
      title: "bus stream, 10 consumers vs AsyncStream", subject: "stream10.bus",
      peer: "stream10.asyncStream", perDelivery: true),
    Comparison(
      title: "node stream, 1 consumer vs AsyncChannel", subject: "stream1.node",
      peer: "stream1.asyncChannel"),
    Comparison(
      title: "node stream, 10 consumers vs AsyncChannel", subject: "stream10.node",
      peer: "stream10.asyncChannel", perDelivery: true),
    Comparison(
      title: "post with an unconsumed stream vs without", subject: "streamIdle.stream",
      peer: "streamIdle.none", gate: .ratio(atMost: 1.5, "<= 1.5x")),
    .budget(
      "ChainTUI 200x60 frame vs 1 ms", subject: "tui.render", nanoseconds: 1e6, "< 1 ms"),
    .budget(
      "ChainTUI harness key vs 1/30,000 s", subject: "tui.keys", nanoseconds: 1e9 / 30_000,
      "> 30,000 keys/s"),
  ]
}
