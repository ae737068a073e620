/// The long ChainKit runs of issue 8: 1,000,000 depth-8 bubbles (events per second) and
/// 1,000,000 mount/unmount cycles with resident memory before and after.
///
/// TODO: ChainKit's core has not landed on main yet; nothing is measured until it does.
@MainActor
enum LongRuns {
  /// Runs each long case and returns the lines to print.
  static func run() -> [String] {
    [
      "TODO 1,000,000 depth-8 bubbles: waiting for ChainKit's core (not on main yet)",
      "TODO mount/unmount churn, 1,000,000 cycles: waiting for ChainKit's core (not on main yet)",
    ]
  }
}
