/// One row of the results table: a ChainKit case against a peer or the floor, and its gate.
struct Comparison {
  /// What is compared.
  let title: String

  /// The ChainKit case (or, for linearity, the larger ChainKit case).
  let subject: String

  /// The case it is compared with.
  let peer: String

  /// Compare ns per delivered listener call instead of ns per operation.
  var perDelivery = false

  /// The target from issue 8, if this row has one.
  var gate: Gate?

  /// A fixed budget in ns/op that stands in for the peer (`peer` then names the budget): the
  /// ratio is the subject's time over it, and the gate holds when the ratio is at most 1.
  var budget: Double?

  /// A row that holds `subject` to a fixed budget of `nanoseconds` per operation.
  static func budget(
    _ title: String, subject: String, nanoseconds: Double, _ text: String
  ) -> Comparison {
    Comparison(
      title: title, subject: subject, peer: "budget",
      gate: .ratio(atMost: 1, text, allocationFree: false),
      budget: nanoseconds)
  }

  /// subject time over peer time: below 1 means the subject is faster.
  func ratio(_ subject: Measurement, _ peer: Measurement) -> Double {
    perDelivery
      ? subject.nanosecondsPerDelivery / peer.nanosecondsPerDelivery
      : subject.nanoseconds / peer.nanoseconds
  }
}

/// A target from issue 8 that a comparison must meet.
struct Gate: Sendable {
  /// The target as printed in the table.
  let text: String

  /// Whether the target holds for a subject, its peer and their ratio; `all` has every
  /// measurement of the run, for targets that involve a third case.
  let holds:
    @Sendable (
      _ subject: Measurement, _ peer: Measurement, _ ratio: Double,
      _ all: [String: Measurement]
    ) -> Bool

  /// Steady-state posts allocate nothing; a stray allocation per 100 operations is noise.
  static let noAllocations = 0.01

  /// The ratio is at most `limit` and, if `allocationFree`, the subject does not allocate.
  static func ratio(atMost limit: Double, _ text: String, allocationFree: Bool = true) -> Gate {
    Gate(text: text + (allocationFree ? ", 0 allocs" : "")) { subject, _, ratio, _ in
      ratio <= limit && (!allocationFree || subject.allocations < noAllocations)
    }
  }

  /// The subject does not allocate; the ratio is for information.
  static let allocationFree = Gate(text: "0 allocs") { subject, _, _, _ in
    subject.allocations < noAllocations
  }

  /// Each of the `hops` extra hops of the subject over the peer costs at most one hop of the
  /// floor (`reference`, a walk of `referenceHops` hops that each call a closure): a skipped
  /// node costs no call, no lookup and no reference count.
  static func perHop(hops: Int, atMostOneHopOf reference: String, referenceHops: Int) -> Gate {
    Gate(text: "per skipped hop <= 1 floor hop, 0 allocs") { subject, peer, _, all in
      guard let floor = all[reference] else { return false }
      let perHop = (subject.nanoseconds - peer.nanoseconds) / Double(hops)
      return perHop <= floor.nanoseconds / Double(referenceHops)
        && subject.allocations < noAllocations
    }
  }
}
