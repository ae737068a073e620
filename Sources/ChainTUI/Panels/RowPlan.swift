/// How the rows inside a panel are shared between its body, its children and its log.
///
/// The order is the layout rule: first every child gets the rows it needs to stay open (its
/// border, title and key line), then the panel's body, then each child up to a comfortable
/// size, then the panel's log up to what it wants (at most half of what is left), and whatever is left goes to the children by
/// weight (or to the log when no child takes weight). When the rows do not cover what the
/// children need, children are shrunk to their floor, then collapsed to one row each, the
/// focused one's branch last; when even one row each does not fit, the last rows fold into one
/// `+N more` row.
struct RowPlan: Equatable {
  /// One child's claim, from ``PanelNeeds``.
  struct Part {
    var need: Int
    var floor: Int
    var comfort: Int
    var weight = 1
    /// A fixed length the child asks for when there is room.
    var length: Int?
    /// Whether the child is on the focused panel's branch: shrunk and collapsed last.
    var pinned = false
  }

  /// Rows of the panel's own body, at the top.
  var body = 0
  /// Rows of each child, in order; a collapsed child has 1, a folded one 0.
  var sizes: [Int]
  /// Whether each child is drawn as one collapsed row.
  var collapsed: [Bool]
  /// How many children, from the end, share the one `+N more` row (then the last row).
  var folded = 0
  /// Rows of the panel's own log, at the bottom.
  var log = 0

  /// Shares `rows` rows; the parts always sum to `rows` (for `rows >= 0`).
  static func plan(rows: Int, parts: [Part], bodyWant: Int, logWant: Int) -> RowPlan {
    let rows = max(0, rows)
    var plan = RowPlan(sizes: parts.map(\.need), collapsed: parts.map { _ in false })
    var left = rows - parts.reduce(0) { $0 + $1.need }
    if left < 0 {
      var deficit = -left
      // Shrink to floors, then collapse: last child first, the focused branch after the rest.
      // Loops over indices rather than built arrays: this runs for every panel on every frame.
      for pinned in [false, true] {
        for index in parts.indices.reversed() where parts[index].pinned == pinned {
          let cut = min(deficit, max(0, plan.sizes[index] - parts[index].floor))
          plan.sizes[index] -= cut
          deficit -= cut
        }
      }
      for pinned in [false, true] where deficit > 0 {
        for index in parts.indices.reversed() where parts[index].pinned == pinned && deficit > 0 {
          deficit -= plan.sizes[index] - 1
          plan.sizes[index] = 1
          plan.collapsed[index] = true
        }
      }
      guard deficit <= 0 else { return fold(rows: rows, count: parts.count) }
      left = -deficit
    }
    plan.body = min(max(0, bodyWant), left)
    left -= plan.body
    for pinned in [true, false] {
      for index in parts.indices where parts[index].pinned == pinned && !plan.collapsed[index] {
        let target = parts[index].length ?? parts[index].comfort
        let extra = min(left, max(0, target - plan.sizes[index]))
        plan.sizes[index] += extra
        left -= extra
      }
    }
    // The log takes at most half of what is left: the children, where keys act, keep the rest.
    plan.log = min(max(0, logWant), left / 2)
    left -= plan.log
    // The rest by weight among open children without a fixed length, remainders in order.
    var totalWeight = 0
    for index in parts.indices where plan.takesWeight(index, parts) {
      totalWeight += parts[index].weight
    }
    guard totalWeight > 0 else {
      plan.log += left
      return plan
    }
    let pool = left
    for index in parts.indices where plan.takesWeight(index, parts) {
      let extra = pool * parts[index].weight / totalWeight
      plan.sizes[index] += extra
      left -= extra
    }
    for index in parts.indices where left > 0 && plan.takesWeight(index, parts) {
      plan.sizes[index] += 1
      left -= 1
    }
    return plan
  }

  /// Whether a child shares the rows left by weight: open, without a fixed length, weighted.
  private func takesWeight(_ index: Int, _ parts: [Part]) -> Bool {
    !collapsed[index] && parts[index].length == nil && parts[index].weight > 0
  }

  /// Every child a collapsed row, the ones past the last row but one folded into it.
  private static func fold(rows: Int, count: Int) -> RowPlan {
    let kept = max(0, rows - 1)
    return RowPlan(
      sizes: (0..<count).map { $0 < kept ? 1 : 0 }, collapsed: (0..<count).map { $0 < kept },
      folded: count - kept)
  }
}
