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

extension StatusText {
  /// The path, a lead (a flash or the mode's state) and as many whole key hints as fit.
  ///
  /// Without a lead, the same as ``fitted(path:hints:width:)``. With one, the lead is what the
  /// line is for: the hints go first (`…` in their place), then the path loses its first
  /// components (`… > table > cell0`, the focused panel's name stays), and only then is the
  /// lead itself cut with `…`.
  static func fitted(path: [String], lead: String?, hints: [String], width: Int) -> String {
    let joined = path.joined(separator: " > ")
    guard let lead else { return fitted(path: joined, hints: hints, width: width) }
    let whole = fitted(path: joined, hints: [lead] + hints, width: width)
    if whole.contains("  |  " + lead) { return whole }
    // The longest end of the path that fits, found from the focused panel outwards: a path
    // may have any number of nodes, so it is never joined once per way of cutting it.
    let rest = hints.isEmpty ? "" : "  …"
    var used = DisplayWidth.of(" … > " + "  |  " + lead + rest)
    var kept: [String] = []
    for component in path.dropFirst().reversed() {
      let added = DisplayWidth.of(component) + (kept.isEmpty ? 0 : 3)
      guard used + added <= width else { break }
      used += added
      kept.append(component)
    }
    if !kept.isEmpty {
      let shortened = "… > " + kept.reversed().joined(separator: " > ")
      return fitted(path: shortened, hints: [lead] + hints, width: width)
    }
    let head = " " + (path.count > 1 ? "… > " : "") + (path.last ?? "") + "  |  "
    guard DisplayWidth.of(head) < width else {
      return DisplayWidth.clipped(" " + joined, to: width)
    }
    return head + DisplayWidth.clipped(lead, to: width - DisplayWidth.of(head))
  }
}
