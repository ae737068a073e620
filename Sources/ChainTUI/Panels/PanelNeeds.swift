/// The rows and columns a panel asks for, measured bottom-up once per frame before anything is
/// placed, so placing a panel's children never measures their subtrees again.
///
/// The layout rule (see <doc:UsingTheExplorer>) is built from these: every open panel gets at
/// least ``PanelNeeds/leastRows`` rows (its border, title and key line around one row inside), a
/// panel that cannot get them is collapsed to one marked row, and logs only take what is left.
struct PanelNeeds {
  /// The fewest rows of an open panel: top border (title), one row inside, bottom border (keys).
  static let leastRows = 3
  /// The fewest columns of an open panel: its border, a few letters of title and of key line.
  static let leastColumns = 10

  /// Rows for the panel with every panel below it open at its least.
  var rows: Int
  /// Rows for the panel with its children collapsed to a row each; placing gives no less
  /// before collapsing the panel itself.
  var floor: Int
  /// Rows for a comfortable panel: its body and one log row, its children comfortable too.
  var comfort: Int
  /// Columns with the children stacked, the narrowest the panel can be drawn open.
  var columns: Int
  /// The panels in the subtree, this one included.
  var count: Int

  /// Measures every panel under `root`, children before parents, without recursion (a tree
  /// file's depth is the user's to choose).
  @MainActor
  static func measure(_ root: Panel) -> [ObjectIdentifier: PanelNeeds] {
    var needs: [ObjectIdentifier: PanelNeeds] = Dictionary(minimumCapacity: 32)
    var stack: [(panel: Panel, expanded: Bool)] = [(root, false)]
    while let (panel, expanded) = stack.popLast() {
      if !expanded, !panel.children.isEmpty {
        stack.append((panel, true))
        for child in panel.children.reversed() { stack.append((child, false)) }
        continue
      }
      needs[ObjectIdentifier(panel)] = measureOne(panel, children: needs)
    }
    return needs
  }

  @MainActor
  private static func measureOne(_ panel: Panel, children: [ObjectIdentifier: PanelNeeds])
    -> PanelNeeds
  {
    guard !panel.children.isEmpty else {
      let inside = min(panel.body.count, 4) + (panel.showsLog ? 1 : 0)
      return PanelNeeds(
        rows: leastRows, floor: leastRows, comfort: max(leastRows, 2 + inside),
        columns: leastColumns, count: 1)
    }
    // One pass over the children, building no arrays: this runs for every panel every frame.
    var sum = (rows: 0, comfort: 0)
    var most = (rows: 1, floor: 1, comfort: 1, columns: 0)
    var count = 1
    for child in panel.children {
      guard let part = children[ObjectIdentifier(child)] else { continue }
      sum = (sum.rows + part.rows, sum.comfort + part.comfort)
      most = (
        max(most.rows, part.rows), max(most.floor, part.floor), max(most.comfort, part.comfort),
        max(most.columns, part.columns)
      )
      count += part.count
    }
    let own = min(panel.body.count, 3) + (panel.logRows > 0 ? 1 : 0)
    let columns = max(leastColumns, 2 + most.columns)
    switch panel.axis {
    case .vertical:
      return PanelNeeds(
        rows: 2 + sum.rows, floor: 2 + panel.children.count, comfort: 2 + own + sum.comfort,
        columns: columns, count: count)
    case .horizontal:
      return PanelNeeds(
        rows: 2 + most.rows, floor: 2 + most.floor, comfort: 2 + own + most.comfort,
        columns: columns, count: count)
    }
  }
}
