/// The left part of the status line: the focused panel's path and its keys, fitted to a width by
/// the layout rule (a cut line ends with `…`).
enum StatusText {
  /// The path and as many whole key hints as fit, in the panel's order.
  ///
  /// `…` stands for the hints left out, so no hint is shown cut (`g pageSiz` would read as a key
  /// that does something else). Only a path too long for even that is cut itself, with `…`.
  static func fitted(path: String, hints: [String], width: Int) -> String {
    let head = " " + path
    guard !hints.isEmpty else { return DisplayWidth.clipped(head, to: width) }
    let full = head + "  |  " + hints.joined(separator: "  ")
    if DisplayWidth.of(full) <= width { return full }
    var kept = head + "  |  "
    guard DisplayWidth.of(kept + "…") <= width else { return DisplayWidth.clipped(full, to: width) }
    for hint in hints {
      guard DisplayWidth.of(kept + hint + "  …") <= width else { break }
      kept += hint + "  "
    }
    return kept + "…"
  }
}
