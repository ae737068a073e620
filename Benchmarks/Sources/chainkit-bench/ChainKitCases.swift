/// The ChainKit cases.
///
/// TODO: ChainKit's core has not landed on main yet (Sources/ChainKit holds only a placeholder
/// `Node`). No case is measured until it does; the comparison table prints TODO for each row.
@MainActor
enum ChainKitCases {
  /// Every ChainKit case.
  static func all() -> [BenchCase] {
    []
  }
}
