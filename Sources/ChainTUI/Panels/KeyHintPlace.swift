/// Where one of a panel's key hints (`l load`) sits in the key line of its bottom border, so a
/// click on it presses the key.
struct KeyHintPlace: Equatable {
  /// The border's row.
  var row: Int
  /// The columns of the hint as drawn: the whole hint, or the part before a `…` that cuts it.
  var columns: Range<Int>
  /// The hint's index in the panel's keys.
  var key: Int

  /// The hints of a key line as ``PanelRenderer`` draws it: from the third column of a box,
  /// after a blank, two blanks apart, in `width` columns less the blanks at both ends, cut
  /// with `…`.
  ///
  /// - Parameters:
  ///   - hints: Each key's hint text, in the panel's order.
  ///   - rect: The panel's box.
  ///   - width: The columns the key line may take in the bottom border.
  /// - Returns: The places of the hints that show, at least in part.
  static func line(_ hints: [String], in rect: Rect, width: Int) -> [KeyHintPlace] {
    guard !hints.isEmpty, width >= 3 else { return [] }
    let room = width >= 4 ? width - 2 : width - 1
    let whole = DisplayWidth.of(hints.joined(separator: "  "))
    // A cut line keeps its last column for the ellipsis.
    let end = rect.x + 3 + (whole <= room ? room : room - 1)
    var x = rect.x + 3
    var places: [KeyHintPlace] = []
    for (index, hint) in hints.enumerated() {
      let shownEnd = min(x + DisplayWidth.of(hint), end)
      guard shownEnd > x else { break }
      places.append(KeyHintPlace(row: rect.maxY - 1, columns: x..<shownEnd, key: index))
      x += DisplayWidth.of(hint) + 2
    }
    return places
  }
}
