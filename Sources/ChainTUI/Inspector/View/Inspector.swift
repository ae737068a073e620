/// The inspector's state: whether it is shown, what it filters, whether it is paused, and
/// which record is selected.
///
/// It holds no records of its own except the snapshot taken when paused; the scene's tracer is
/// the source, so the list is live.
package struct Inspector {
  /// What the list is narrowed to besides the typed filter.
  package enum Scope: String, CaseIterable, Sendable {
    /// Every record.
    case all
    /// Records that involve the focused panel: dispatches whose path includes it, its shares
    /// and mounts.
    case focused
    /// Only event dispatches.
    case events
    /// Only requests.
    case requests
    /// Only bus publishes, dead events and producer changes.
    case bus
    /// Only data shares.
    case data
    /// Only binding updates.
    case bindings
    /// Only mounts and unmounts.
    case mounts

    /// The kind this scope keeps, `nil` for `all` and `focused`.
    var kind: InspectorItem.Kind? {
      switch self {
      case .all, .focused: nil
      case .events: .event
      case .requests: .request
      case .bus: .bus
      case .data: .data
      case .bindings: .binding
      case .mounts: .mount
      }
    }
  }

  /// Whether the inspector is on screen.
  package var isVisible = false
  /// Whether it takes the whole scene area (`I`) instead of sitting beside the panels.
  package var fillsScreen = false
  /// Whether the list is frozen; new dispatches are counted but not shown.
  package private(set) var isPaused = false
  /// The items shown while paused.
  private var frozen: ArraySlice<InspectorItem> = []
  /// Text a dispatch's key or one of its path's nodes (another record's summary) must contain;
  /// empty for none.
  package var filterText = ""
  /// Whether keys are being typed into the filter.
  package var isEditingFilter = false
  /// The narrowing chosen with `f`.
  package var scope: Scope = .all
  /// The selected item's number; `nil` follows the newest.
  package var selectedID: UInt64?
  /// The panel whose listeners the details explain (`w`); `nil` shows the dispatch's hops.
  package var whyPanel: String?

  /// Creates a hidden inspector.
  package init() {}

  /// Freezes or unfreezes the list.
  package mutating func togglePause(current: ArraySlice<InspectorItem>) {
    isPaused.toggle()
    frozen = isPaused ? current : []
  }

  /// Moves to the next scope, or with a negative `step` to the previous one.
  package mutating func cycleScope(by step: Int = 1) {
    let all = Scope.allCases
    let index = all.firstIndex(of: scope) ?? 0
    scope = all[((index + step) % all.count + all.count) % all.count]
  }

  /// The entries to show, oldest first, each with its nesting depth.
  ///
  /// - Parameters:
  ///   - items: The tracer's items, of every kind.
  ///   - focused: The focused panel's name, for the `focused` scope.
  /// - Returns: The entries that pass the filter and scope.
  package func entries(from items: ArraySlice<InspectorItem>, focused: String?) -> InspectorEntries
  {
    let needle = filterText.lowercased()
    let scope = scope
    guard scope != .all || !needle.isEmpty else {
      return InspectorEntries(items: isPaused ? frozen : items, include: nil)
    }
    return InspectorEntries(items: isPaused ? frozen : items) { item in
      if let kind = scope.kind, item.kind != kind { return false }
      if scope == .focused, let focused, !item.involves(focused) { return false }
      return needle.isEmpty || item.matches(needle)
    }
  }

  /// How many items arrived since the list was paused.
  package func unseenCount(of items: ArraySlice<InspectorItem>) -> Int {
    guard isPaused else { return 0 }
    let newest = frozen.last?.seq ?? 0
    return items.count { $0.seq > newest }
  }

  /// Selects the oldest entry (Home).
  package mutating func selectOldest(in entries: [UInt64]) {
    selectedID = entries.first
  }

  /// Selects the newest entry and follows new ones again (End).
  package mutating func selectNewest(in entries: [UInt64]) {
    selectedID = isPaused ? entries.last : nil
  }

  /// Moves the selection by `delta` entries within `entries` (negative goes to older ones).
  package mutating func moveSelection(by delta: Int, in entries: [UInt64]) {
    guard !entries.isEmpty else { return }
    let current = selectedID.flatMap { entries.firstIndex(of: $0) } ?? (entries.count - 1)
    let next = min(max(0, current + delta), entries.count - 1)
    selectedID = next == entries.count - 1 && !isPaused ? nil : entries[next]
  }
}
