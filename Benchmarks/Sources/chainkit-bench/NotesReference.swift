/// Reference figures from shared/notes/performance.md (this machine kind, median of 10 processes),
/// printed beside each case so that a harness error shows up as a figure far from its reference.
enum NotesReference {
  /// ns, instructions and heap allocations per operation, by case id.
  static let figures: [String: (nanoseconds: Double, instructions: Int, allocations: Int)] = [
    "bubble1.direct": (1.65, 16, 0),
    "bubble8.direct": (9.7, 84, 0),
    "bubble8.floor": (14.6, 141, 0),
    "bubble8.unowned": (130, 1_250, 0),
    "bubble8.weak": (356, 3_637, 0),
    "bubble1.notification": (289, 3_880, 3),
    "fanout10.notification": (894, 12_318, 7),
    "bubble1.combine": (130, 1_545, 0),
    "fanout10.combine": (1_360, 16_186, 0),
    "subscribe.combine": (1_279, 16_472, 12),
    "fanout10.loop": (70, 609, 0),
  ]
}
