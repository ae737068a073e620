extension Grid {
  /// The screen as a golden file holds it: the text, then the style of every run of cells that
  /// is not plain, row by row, so that a lost highlight or phase colour shows in a diff.
  ///
  /// ```
  /// ┌ root ──────┐
  /// │ tgt ping 1 │
  ///
  /// -- styles --
  /// 0: 0-13 fg:cyan
  /// 1: 2-4 bold fg:green
  /// ```
  package var snapshotText: String {
    let styles = (0..<height).compactMap(styleLine)
    guard !styles.isEmpty else { return text + "\n" }
    return text + "\n\n-- styles --\n" + styles.joined(separator: "\n") + "\n"
  }

  /// One row's runs of equally styled cells that are not plain, as
  /// `y: first-last style; first-last style`, or `nil` if the whole row is plain.
  ///
  /// - Parameter y: The row, counted from 0 at the top.
  /// - Returns: The row's styled runs, columns counted from 0.
  func styleLine(_ y: Int) -> String? {
    var runs: [String] = []
    var start = 0
    let rowCells = cells[(y * width)..<((y + 1) * width)]
    var current = rowCells.first?.style ?? .plain
    for (offset, cell) in rowCells.enumerated().dropFirst() where cell.style != current {
      if current != .plain { runs.append("\(start)-\(offset - 1) \(current.snapshotName)") }
      start = offset
      current = cell.style
    }
    if current != .plain { runs.append("\(start)-\(width - 1) \(current.snapshotName)") }
    return runs.isEmpty ? nil : "\(y): " + runs.joined(separator: "; ")
  }
}

extension Style {
  /// A short readable name: the attributes, then the colours that are not the default, as in
  /// `bold reverse fg:cyan bg:blue`.
  var snapshotName: String {
    var parts: [String] = []
    if bold { parts.append("bold") }
    if dim { parts.append("dim") }
    if reverse { parts.append("reverse") }
    if underline { parts.append("underline") }
    if foreground != .default { parts.append("fg:\(foreground)") }
    if background != .default { parts.append("bg:\(background)") }
    return parts.joined(separator: " ")
  }
}
