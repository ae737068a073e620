/// Hands out dispatch ids and remembers the innermost dispatch under way, whose id a nested
/// dispatch records as its parent.
@MainActor
@usableFromInline
enum DispatchIDs {
  /// The last id handed out.
  @exclusivity(unchecked) @usableFromInline static var last: UInt64 = 0
  /// The id of the innermost event or request under way; 0 when none is.
  @exclusivity(unchecked) @usableFromInline static var current: UInt64 = 0

  @inlinable
  static func next() -> UInt64 {
    last &+= 1
    return last
  }
}
