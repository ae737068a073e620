/// One metric of one run: a figure per operation for each case, and how it is printed.
///
/// A run has up to two: nanoseconds from the thread clock (`make bench`) and instructions from
/// callgrind (`make bench-callgrind`, and `make bench` when valgrind is installed). Tables and
/// gates read both through this one shape, so that no figure is copied by hand.
struct Figures {
  /// The unit as printed: "ns" or "Ir".
  let unit: String

  /// Cost of one operation, by case id.
  var perOperation: [String: Double] = [:]

  /// Heap allocation calls per operation, by case id.
  var allocations: [String: Double] = [:]

  /// Listener calls per operation, by case id.
  var deliveries: [String: Int] = [:]

  /// Whether the case was measured.
  func has(_ id: String) -> Bool { perOperation[id] != nil }

  /// Cost of one operation of `id`, or of one delivered call when `perDelivery`.
  func cost(_ id: String, perDelivery: Bool = false) -> Double? {
    guard let value = perOperation[id] else { return nil }
    return perDelivery ? value / Double(max(deliveries[id] ?? 1, 1)) : value
  }

  /// Records the figure of one case.
  mutating func record(_ benchCase: BenchCase, cost: Double, allocations: Double?) {
    perOperation[benchCase.id] = cost
    deliveries[benchCase.id] = benchCase.deliveries
    if let allocations { self.allocations[benchCase.id] = allocations }
  }
}
