/// The inspector's list rows as drawn cells, kept per item across frames: an entry's rows change
/// only when its nesting, its selection or the list's width does.
///
/// NB: the list is redrawn on every frame and every key while a key adds one or two entries, so
/// laying out each visible row's text cell by cell was most of a frame; a kept row is copied in.
@MainActor
final class InspectorRowCells {
  /// What an entry's rows were drawn for, besides the item itself.
  struct Layout: Equatable {
    /// How deeply the entry is nested.
    let depth: Int
    /// Whether it is the selected entry.
    let isSelected: Bool
    /// The list's width in columns.
    let width: Int
    /// The rows per entry: 1, or 2 with the hops.
    let lines: Int
    /// Whether colours are drawn.
    let colors: Bool
    /// Whether wall-clock timings are drawn, or `·` in their place.
    let showsTimings: Bool

    /// The same layout, selected or not.
    func selected(_ isSelected: Bool) -> Layout {
      Layout(
        depth: depth, isSelected: isSelected, width: width, lines: lines, colors: colors,
        showsTimings: showsTimings)
    }
  }

  /// An entry's rows as drawn: `layout.lines` rows of `layout.width` cells, top row first.
  struct Rows {
    /// What they were drawn for.
    var layout: Layout
    /// The cells.
    var cells: [Cell]
    /// The column after the header's text: left of it the text's style, from it the fill's.
    var headerEnd: Int
  }

  /// The most entries remembered; past it the older half is forgotten.
  private let capacity: Int
  private var rows: [UInt64: Rows] = [:]

  /// Creates an empty cache remembering up to `capacity` entries.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// The rows kept for an item, whatever their layout.
  func rows(forItem seq: UInt64) -> Rows? { rows[seq] }

  /// Keeps an item's rows in place of any kept before.
  func keep(_ drawn: Rows, forItem seq: UInt64) {
    if rows[seq] == nil, rows.count >= capacity { forget(before: seq &- UInt64(capacity / 2)) }
    rows[seq] = drawn
  }

  /// Changes the layout of an item's kept rows in place and lets `update` rewrite their cells
  /// for it, returning the rows then kept; `nil` when no rows are kept for the item.
  ///
  /// NB: in place, so the cells are not copied: a copy taken out of the cache and changed would
  /// share its cells with the kept rows and pay for a new array on every selection move.
  ///
  /// - Parameters:
  ///   - seq: The item.
  ///   - layout: The rows' new layout.
  ///   - update: Rewrites the rows' cells for `layout`.
  /// - Returns: The rows kept now.
  func relayout(
    forItem seq: UInt64, to layout: Layout, _ update: (inout Rows) -> Void
  ) -> Rows? {
    // Taken out while changed, so the cache holds no second reference to the cells.
    guard var kept = rows.removeValue(forKey: seq) else { return nil }
    kept.layout = layout
    update(&kept)
    rows[seq] = kept
    return kept
  }

  /// Forgets the rows of items numbered before `seq`.
  ///
  /// Items are numbered as they arrive and the list shows the newest, so the rows kept for the
  /// entries on screen survive; forgetting every row would have the next frame draw them all.
  private func forget(before seq: UInt64) {
    var old: [UInt64] = []
    for key in rows.keys where key < seq { old.append(key) }
    if old.isEmpty {
      rows.removeAll(keepingCapacity: true)
      return
    }
    for key in old { rows.removeValue(forKey: key) }
  }

  /// Forgets every row, so the next frame draws each again.
  func removeAll() {
    rows.removeAll()
  }
}
