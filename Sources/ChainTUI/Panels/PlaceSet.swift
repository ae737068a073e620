/// A set of places of a panel layout (indexes into its places) held in one word: places from 64
/// on are never in it.
///
/// NB: a frame asks which of a few marked places keep their marks; an array for those few
/// cost an allocation per frame. A place missing from the set is only drawn again.
struct PlaceSet: Equatable {
  private var bits: UInt64 = 0

  /// Adds a place; a place from 64 on is left out.
  mutating func insert(_ place: Int) {
    guard (0..<64).contains(place) else { return }
    bits |= 1 << UInt64(place)
  }

  /// Whether the set holds a place.
  func contains(_ place: Int) -> Bool {
    (0..<64).contains(place) && bits & (1 << UInt64(place)) != 0
  }
}
