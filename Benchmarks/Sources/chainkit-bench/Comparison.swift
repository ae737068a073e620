/// One row of the results table: a ChainKit case against a peer or the floor, and its gate.
struct Comparison {
  /// What is compared.
  let title: String

  /// The ChainKit case (or, for linearity, the larger ChainKit case).
  let subject: String

  /// The case it is compared with.
  let peer: String

  /// A case whose cost is taken off the subject's: what the subject does besides the measured
  /// operation (a mount before a post, say).
  var subtracting: String?

  /// Compare the cost per delivered listener call instead of per operation.
  var perDelivery = false

  /// The target, if this row has one.
  var gate: Gate?

  /// A fixed budget in ns/op that stands in for the peer (`peer` then names the budget).
  ///
  /// The ratio is the subject's time over it, and the gate holds when the ratio is at most 1. It
  /// has no instruction-count counterpart: such a row is judged on the wall clock alone.
  var budget: Double?

  /// A row that holds `subject` to a fixed budget of `nanoseconds` per operation.
  static func budget(
    _ title: String, subject: String, nanoseconds: Double, _ text: String
  ) -> Comparison {
    Comparison(
      title: title, subject: subject, peer: "budget",
      gate: .ratio(atMost: 1, text, maxAllocations: nil),
      budget: nanoseconds)
  }

  /// Every case the row reads.
  var cases: [String] {
    [subject] + (budget == nil ? [peer] : []) + [subtracting].compactMap { $0 }
  }

  /// The subject's cost on one metric, less the subtracted case's.
  func subjectCost(_ figures: Figures) -> Double? {
    guard let cost = figures.cost(subject, perDelivery: perDelivery) else { return nil }
    guard let subtracting else { return cost }
    guard let other = figures.cost(subtracting, perDelivery: perDelivery) else { return nil }
    return cost - other
  }

  /// The peer's cost on one metric (the budget, for budget rows on the wall clock).
  func peerCost(_ figures: Figures) -> Double? {
    if let budget { return figures.unit == "ns" ? budget : nil }
    return figures.cost(peer, perDelivery: perDelivery)
  }

  /// Whether the gate holds on one metric, or `nil` when the metric cannot judge this row.
  func judge(_ figures: Figures) -> Bool? {
    guard let gate, let subject = subjectCost(figures), let peer = peerCost(figures), peer > 0
    else { return nil }
    return gate.holds(
      Gate.Input(
        ratio: subject / peer, allocations: figures.allocations[self.subject],
        cost: { figures.cost($0) }))
  }
}
