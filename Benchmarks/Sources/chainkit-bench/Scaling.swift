/// A scaling table (issue 13, item 8): one operation at growing sizes, and whether its cost
/// grows faster than it should.
struct Scaling {
  /// How the cost of one operation should grow with the size.
  enum Shape {
    /// Proportional to the size: the cost per unit (hop, listener, descendant) stays flat.
    case linear

    /// Independent of the size: the cost per operation stays flat.
    case constant
  }

  /// The table's title.
  let title: String

  /// What the size counts, for the column header: "depth", "listeners", ...
  let sizeName: String

  /// What one unit of cost is, for the normalised column: "hop", "post", ...
  let unit: String

  /// How the cost should grow.
  let shape: Shape

  /// A row is flagged when its normalised cost exceeds the first row's by more than this.
  let limit: Double

  /// The cases, smallest size first.
  let rows: [(id: String, size: Int)]

  /// The cost of one row normalised by its shape: per unit for linear, per operation otherwise.
  func normalised(_ cost: Double, size: Int) -> Double {
    shape == .linear ? cost / Double(size) : cost
  }

  /// Growth of a row's normalised cost over the first row's, on one metric.
  func growth(_ figures: Figures, row: Int) -> Double? {
    guard let first = rows.first, let base = figures.cost(first.id),
      let cost = figures.cost(rows[row].id)
    else { return nil }
    return normalised(cost, size: rows[row].size) / normalised(base, size: first.size)
  }

  /// Every scaling table of the suite.
  @MainActor static let tables: [Scaling] = [
    Scaling(
      title: "post cost by depth (1 listener per level)", sizeName: "depth", unit: "hop",
      shape: .linear, limit: 1.5,
      rows: ScalingCases.depths.map { ("depth.\($0)", $0) }),
    Scaling(
      title: "post cost by listeners on the node", sizeName: "listeners", unit: "listener",
      shape: .linear, limit: 1.5,
      rows: ScalingCases.listenerCounts.map { ("listeners.\($0)", $0) }),
    Scaling(
      title: "depth-8 post by distinct keys in the chain (ancestors do not listen)",
      sizeName: "keys", unit: "post", shape: .constant, limit: 1.2,
      rows: ScalingCases.keyCounts.map { ("keys.\($0)", $0) }),
    Scaling(
      title: "share by descendants (1 subscriber each)", sizeName: "descendants",
      unit: "descendant", shape: .linear, limit: 1.5,
      rows: ScalingCases.shareSizes.map { ("share\($0).chainkit", $0) }),
    Scaling(
      title: "cancel + register beside N registrations on one node", sizeName: "registrations",
      unit: "cancel", shape: .constant, limit: 2,
      rows: ScalingCases.cancelSizes.map { ("cancelNode.\($0)", $0) }),
    Scaling(
      title: "cancel + subscribe beside N bus subscriptions", sizeName: "subscriptions",
      unit: "cancel", shape: .constant, limit: 2,
      rows: ScalingCases.cancelSizes.map { ("cancelBus.\($0)", $0) }),
    Scaling(
      title: "mount N children, then release them", sizeName: "children", unit: "child",
      shape: .linear, limit: 2,
      rows: ScalingCases.releaseSizes.map { ("release.\($0)", $0) }),
  ]
}
