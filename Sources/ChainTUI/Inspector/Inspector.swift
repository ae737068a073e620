package import ChainKit

/// The inspector's state: whether it is shown, what it filters, whether it is paused, and
/// which dispatch is selected.
///
/// It holds no records of its own except the snapshot taken when paused; the scene's tracer is
/// the source, so the list is live.
package struct Inspector {
  /// What the list is narrowed to besides the typed filter.
  package enum Scope: String, CaseIterable, Sendable {
    /// Every dispatch.
    case all
    /// Dispatches whose path includes the focused panel.
    case focused
    /// Only events (no requests).
    case events
    /// Only requests.
    case requests
  }

  /// Whether the inspector is on screen.
  package var isVisible = false
  /// Whether the list is frozen; new dispatches are counted but not shown.
  package private(set) var isPaused = false
  /// The dispatches shown while paused.
  private var frozen: [DispatchRecord] = []
  /// Text a dispatch's key or one of its path's nodes must contain; empty for none.
  package var filterText = ""
  /// Whether keys are being typed into the filter.
  package var isEditingFilter = false
  /// The narrowing chosen with `f`.
  package var scope: Scope = .all
  /// The selected dispatch's id; `nil` follows the newest.
  package var selectedID: UInt64?

  /// Creates a hidden inspector.
  package init() {}

  /// Freezes or unfreezes the list.
  package mutating func togglePause(current: [DispatchRecord]) {
    isPaused.toggle()
    frozen = isPaused ? current : []
  }

  /// Moves to the next scope.
  package mutating func cycleScope() {
    let all = Scope.allCases
    let index = all.firstIndex(of: scope) ?? 0
    scope = all[(index + 1) % all.count]
  }

  /// The entries to show, oldest first, each with its nesting depth.
  ///
  /// - Parameters:
  ///   - records: The tracer's dispatches.
  ///   - focused: The focused panel's name, for the `focused` scope.
  /// - Returns: The entries that pass the filter and scope.
  package func entries(from records: [DispatchRecord], focused: String?) -> InspectorEntries {
    let needle = filterText.lowercased()
    let scope = scope
    guard scope != .all || !needle.isEmpty else {
      return InspectorEntries(records: isPaused ? frozen : records, include: nil)
    }
    return InspectorEntries(records: isPaused ? frozen : records) { record in
      switch scope {
      case .all: break
      case .focused: if let focused, !record.path.contains(focused) { return false }
      case .events: if record.kind != .event { return false }
      case .requests: if record.kind != .request { return false }
      }
      guard !needle.isEmpty else { return true }
      return record.key.lowercased().contains(needle)
        || record.path.contains { $0.lowercased().contains(needle) }
    }
  }

  /// How many dispatches arrived since the list was paused.
  package func unseenCount(of records: [DispatchRecord]) -> Int {
    guard isPaused else { return 0 }
    let shown = Set(frozen.map(\.id))
    return records.count { !shown.contains($0.id) }
  }

  /// Moves the selection by `delta` entries within `entries` (negative goes to older ones).
  package mutating func moveSelection(by delta: Int, in entries: [UInt64]) {
    guard !entries.isEmpty else { return }
    let current = selectedID.flatMap { entries.firstIndex(of: $0) } ?? (entries.count - 1)
    let next = min(max(0, current + delta), entries.count - 1)
    selectedID = next == entries.count - 1 && !isPaused ? nil : entries[next]
  }
}
