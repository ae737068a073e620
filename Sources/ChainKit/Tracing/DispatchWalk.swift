/// The order in which a dispatch can visit the nodes of its path, as positions 0, 1, 2, ...
///
/// An event: the capture phase at each ancestor from the root end down, the target, then the
/// bubble phase at each ancestor from the target's parents up (if the key bubbles). A request:
/// the target, then each ancestor. `index` is a node's index in the path (target 0).
package struct DispatchWalk: Sendable {
  package let count: Int
  package let isRequest: Bool
  package let bubbles: Bool

  @inlinable
  package init(count: Int, isRequest: Bool, bubbles: Bool) {
    self.count = count
    self.isRequest = isRequest
    self.bubbles = bubbles
  }

  /// The last position of a walk that nothing stopped; -1 for an empty path.
  @inlinable @inline(__always)
  package var last: Int {
    guard count > 0 else { return -1 }
    if isRequest { return count - 1 }
    return bubbles ? 2 * (count - 1) : count - 1
  }

  /// The path index of the node at `position`.
  @inlinable @inline(__always)
  package func index(at position: Int) -> Int {
    if isRequest { return position }
    let target = count - 1
    return position < target ? target - position : position - target
  }

  /// The phase at `position`.
  @inlinable @inline(__always)
  package func phase(at position: Int) -> Phase {
    if isRequest { return position == 0 ? .target : .bubble }
    let target = count - 1
    return position < target ? .capture : position == target ? .target : .bubble
  }

  /// The positions of `phase`'s visits.
  @inlinable @inline(__always)
  package func positions(of phase: Phase) -> ClosedRange<Int>? {
    guard count > 0 else { return nil }
    let target = isRequest ? 0 : count - 1
    switch phase {
    case .capture: return isRequest || target == 0 ? nil : 0...(target - 1)
    case .target: return target...target
    case .bubble: return last > target ? (target + 1)...last : nil
    }
  }

  /// The position at which the walk visits the node at path `index` in `phase`, if it does.
  @inlinable
  package func position(of index: Int, in phase: Phase) -> Int? {
    guard index >= 0, index < count else { return nil }
    if isRequest {
      switch phase {
      case .capture: return nil
      case .target: return index == 0 ? 0 : nil
      case .bubble: return index > 0 ? index : nil
      }
    }
    let target = count - 1
    switch phase {
    case .capture: return index > 0 ? target - index : nil
    case .target: return index == 0 ? target : nil
    case .bubble: return index > 0 && bubbles ? target + index : nil
    }
  }

  /// Whether `position` is the last one at which a walk that ended at `end` reached its node,
  /// where a node the walk only passed gets its one passed (ChainKitTracing's `HopRecord.passed`) hop.
  @inlinable @inline(__always)
  package func isLastVisit(_ position: Int, endingAt end: Int) -> Bool {
    guard !isRequest, phase(at: position) == .capture, bubbles else { return true }
    // The same node's bubble position, reached too if the walk got that far.
    return 2 * (count - 1) - position > end
  }
}
