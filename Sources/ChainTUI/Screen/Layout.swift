/// Splits a rectangle into adjacent parts by weight, honouring minimum sizes first.
///
/// The parts always tile the rectangle exactly (their lengths sum to its length) and there is
/// always one part per share, possibly empty, so callers can destructure the result safely at
/// any terminal size.
public enum Layout {
  /// The direction in which parts follow each other.
  public enum Axis: Sendable, Hashable {
    /// Parts sit side by side, left to right (columns).
    case horizontal
    /// Parts are stacked, top to bottom (rows).
    case vertical
  }

  /// One part's claim on the space: a minimum length, then a weight for what is left.
  public struct Share: Sendable, Hashable {
    /// The proportion of the leftover space this part gets; negative counts as 0.
    public var weight: Int
    /// The length this part gets before any leftover is shared; negative counts as 0.
    public var minimum: Int

    /// Creates a share.
    ///
    /// - Parameters:
    ///   - weight: The proportion of the leftover space.
    ///   - minimum: The length granted first.
    public init(weight: Int = 1, minimum: Int = 0) {
      self.weight = max(0, weight)
      self.minimum = max(0, minimum)
    }

    /// A part of exactly this length (when there is room), for fixed bars and borders.
    ///
    /// - Parameter length: The length.
    /// - Returns: A share with no weight.
    public static func fixed(_ length: Int) -> Share { Share(weight: 0, minimum: length) }
  }

  /// Splits a rectangle along an axis.
  ///
  /// Minimums are granted in order until the space runs out (later parts then get 0); the rest is
  /// shared by weight, remainders going to the earliest parts; with no weight at all the rest goes
  /// to the last part.
  ///
  /// - Parameters:
  ///   - rect: The rectangle to split.
  ///   - axis: The direction in which parts follow each other.
  ///   - shares: One share per part.
  /// - Returns: One rectangle per share, in order.
  public static func split(_ rect: Rect, _ axis: Axis, _ shares: [Share]) -> [Rect] {
    let lengths = distribute(axis == .horizontal ? rect.width : rect.height, shares)
    var offset = 0
    return lengths.map { length in
      defer { offset += length }
      switch axis {
      case .horizontal:
        return Rect(x: rect.x + offset, y: rect.y, width: length, height: rect.height)
      case .vertical:
        return Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: length)
      }
    }
  }

  /// The length of each part; they sum to `total` whenever there is at least one share.
  static func distribute(_ total: Int, _ shares: [Share]) -> [Int] {
    guard !shares.isEmpty else { return [] }
    var left = max(0, total)
    var lengths = shares.map { share in
      let granted = min(share.minimum, left)
      left -= granted
      return granted
    }
    let totalWeight = shares.reduce(0) { $0 + $1.weight }
    guard totalWeight > 0 else {
      lengths[lengths.count - 1] += left
      return lengths
    }
    let pool = left
    for index in shares.indices {
      let extra = pool * shares[index].weight / totalWeight
      lengths[index] += extra
      left -= extra
    }
    // Integer division leaves fewer than `shares.count` cells; hand them out in order.
    for index in shares.indices where left > 0 && shares[index].weight > 0 {
      lengths[index] += 1
      left -= 1
    }
    return lengths
  }
}
