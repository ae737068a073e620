/// SplitMix64: a tiny seeded generator whose sequence is the same on every run and platform, so a
/// seed names one program, one tree or one run of keys for good.
///
/// It is a `RandomNumberGenerator`, so `Int.random(in:using:)` and `shuffled(using:)` take it;
/// but what a recorded seed must keep meaning goes through the helpers below.
///
/// NB: the helpers derive bounded values by plain modulo, not through the standard library's
/// `Int.random(in:using:)`, whose algorithm may change between Swift versions and would then
/// silently renumber every recorded seed.
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0).
  package mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A number in `range`.
  package mutating func within(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// `true` with probability `percent` / 100.
  package mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// An index into `weights`, each chosen in proportion to its weight.
  package mutating func pick(_ weights: [Int]) -> Int {
    var roll = below(weights.reduce(0, +))
    for (index, weight) in weights.enumerated() {
      if roll < weight { return index }
      roll -= weight
    }
    return weights.count - 1
  }
}
