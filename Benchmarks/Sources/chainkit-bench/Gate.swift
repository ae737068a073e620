/// A target from issues 8 and 13 that a comparison must meet, judged on one metric.
///
/// A comparison is judged twice, once on nanoseconds and once on instructions of the same run,
/// and holds only if it holds on both (see `Report`).
struct Gate: Sendable {
  /// What a gate sees of one metric.
  struct Input {
    /// The comparison's ratio on this metric (subject over peer).
    let ratio: Double

    /// Heap allocations per operation of the subject, if counted.
    let allocations: Double?

    /// The cost of any case of the run on this metric.
    let cost: (String) -> Double?
  }

  /// The target as printed in the table.
  let text: String

  /// Whether the target holds on one metric.
  let holds: @Sendable (Input) -> Bool

  /// Steady-state posts allocate nothing; a stray allocation per 100 operations is noise.
  static let noAllocations = 0.01

  /// The ratio is at most `limit`, and the subject makes at most `maxAllocations` allocations
  /// per operation (none, if not given).
  static func ratio(
    atMost limit: Double, _ text: String, maxAllocations: Double? = 0
  ) -> Gate {
    let allocationText = maxAllocations.map {
      $0 == 0 ? ", 0 allocs" : ", <= \(TextTable.format($0, decimals: 0)) allocs"
    }
    return Gate(text: text + (allocationText ?? "")) { input in
      input.ratio <= limit && Self.allocations(input.allocations, atMost: maxAllocations)
    }
  }

  /// The subject does not allocate; the ratio is for information.
  static let allocationFree = Gate(text: "0 allocs") { input in
    allocations(input.allocations, atMost: 0)
  }

  /// Each of the `hops` extra hops of the subject over the peer costs at most one hop of the
  /// floor (`reference`, a walk of `referenceHops` hops that each call a closure): a skipped
  /// node costs no call, no lookup and no reference count.
  static func perHop(
    subject: String, peer: String, hops: Int, atMostOneHopOf reference: String,
    referenceHops: Int
  ) -> Gate {
    Gate(text: "per skipped hop <= 1 floor hop, 0 allocs") { input in
      guard let floor = input.cost(reference), let subjectCost = input.cost(subject),
        let peerCost = input.cost(peer)
      else { return false }
      let perHop = (subjectCost - peerCost) / Double(hops)
      return perHop <= floor / Double(referenceHops) && allocations(input.allocations, atMost: 0)
    }
  }

  /// The ratio `subject / peer` is at most `limit` times the ratio `baseSubject / basePeer`:
  /// growing the size does not make ChainKit fall further behind its peer.
  static func ratioGrowth(
    atMost limit: Double, baseSubject: String, basePeer: String, _ text: String
  ) -> Gate {
    Gate(text: text) { input in
      guard let subject = input.cost(baseSubject), let peer = input.cost(basePeer), peer > 0
      else { return false }
      return input.ratio <= limit * (subject / peer)
    }
  }

  private static func allocations(_ counted: Double?, atMost limit: Double?) -> Bool {
    guard let limit else { return true }
    guard let counted else { return false }
    return counted < limit + noAllocations
  }
}
