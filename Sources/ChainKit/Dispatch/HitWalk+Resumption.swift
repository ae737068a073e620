extension HitWalk {
  /// Where the walk over the hits takes over from a plan (a dispatch plan or a recording plan)
  /// whose last pass that ran was in `phase` at path index `pathIndex`: after that pass.
  ///
  /// Both plans leave for the hits by this one rule, so a dispatch resumed from either visits
  /// the nodes the hit walk alone would have visited after that pass.
  ///
  /// - Parameters:
  ///   - phase: The phase of the last pass that ran; `nil` if none ran.
  ///   - pathIndex: That pass's node, as an index into the path (0: the target).
  ///   - pathLength: The number of nodes on the path.
  /// - Returns: The path index the capture walk starts below (0: no capture walk), whether the
  ///   target's visit is still to come, and the path index the bubble walk starts from.
  @inlinable
  static func resumption(after phase: Phase?, at pathIndex: Int, pathLength: Int) -> (
    captureBelow: Int, visitsTarget: Bool, bubbleFrom: Int
  ) {
    switch phase {
    case nil: (pathLength, true, 1)
    case .capture: (pathIndex, true, 1)
    case .target: (0, false, 1)
    case .bubble: (0, false, pathIndex + 1)
    }
  }
}
