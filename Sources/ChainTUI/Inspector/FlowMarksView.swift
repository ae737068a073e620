/// Lights up a dispatch's path on the panels: a mark in the top border of each panel the
/// dispatch reached, saying the phase and what happened there, coloured by outcome.
///
/// Drawn over the panels after they are drawn, so the panel renderer knows nothing of it.
struct FlowMarksView {
  let theme: Theme

  /// Puts the marks in the top borders of the drawn panels that have one.
  ///
  /// - Parameters:
  ///   - marks: Each node's mark, from ``FlowPath/marks(upTo:)``.
  ///   - current: The node of the step being replayed, drawn with a pointer; `nil` otherwise.
  ///   - drawn: The panels drawn, with their rectangles.
  ///   - grid: The grid.
  func draw(
    _ marks: [String: (text: String, outcome: FlowPath.Outcome)], current: String?,
    over drawn: [(rect: Rect, name: String)], into grid: inout Grid
  ) {
    for (rect, name) in drawn {
      guard let mark = marks[name], rect.width >= 12 else { continue }
      let text = (name == current ? "▶ " : "") + mark.text
      let shown = "[" + text + "]"
      let width = min(DisplayWidth.of(shown), rect.width - 6)
      grid.put(
        shown, at: Point(x: rect.maxX - 2 - width, y: rect.y), style: style(of: mark.outcome),
        maxWidth: width)
    }
  }

  /// Green handled, yellow rewrote, red stopped or threw, cyan answered, dim passed; every mark
  /// but "passed" is reversed, so the path reads in monochrome too.
  func style(of outcome: FlowPath.Outcome) -> Style {
    switch outcome {
    case .handled: theme(Style(foreground: .green, bold: true, reverse: true))
    case .rewrote: theme(Style(foreground: .yellow, bold: true, reverse: true))
    case .stopped, .threw: theme(Style(foreground: .red, bold: true, reverse: true))
    case .answered, .declined: theme(Style(foreground: .cyan, bold: true, reverse: true))
    case .passed: theme(Style(dim: true))
    }
  }
}
