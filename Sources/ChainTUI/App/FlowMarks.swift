/// The marks a dispatch's path puts on the panels it reached, for one dispatch and one replay
/// step: what ``App/flowMarks`` gives and keeps.
struct FlowMarks {
  /// The dispatch's id.
  let id: UInt64
  /// The hops the replay shows, `nil` for the whole path.
  let step: Int?
  /// Each node's mark, from ``FlowPath/marks(upTo:)``.
  let marks: Marks
  /// Each node's mark and its outcome.
  typealias Marks = [String: (text: String, outcome: FlowPath.Outcome)]

  /// How many paths' marks ``AppCaches/recentFlowMarks`` keeps.
  static let recentKept = 4
  /// The node of the step being replayed, drawn with a pointer; `nil` otherwise.
  let current: String?
}
