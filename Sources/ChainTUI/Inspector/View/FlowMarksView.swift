/// Lights up a dispatch's path on the panels: a mark in the top border of each panel the
/// dispatch reached, saying the phase and what happened there, coloured by outcome.
///
/// Drawn over the panels after they are drawn, so the panel renderer knows nothing of it.
struct FlowMarksView {
  let theme: Theme

  /// Puts the marks in the top borders of the open panels that have one, after the title:
  /// a long title is cut (with "…") to make room, but keeps its first letters.
  ///
  /// - Parameters:
  ///   - marks: Each node's mark, from ``FlowPath/marks(upTo:)``.
  ///   - current: The node of the step being replayed, drawn with a pointer; `nil` otherwise.
  ///   - placed: The panels placed, with their rectangles and drawn titles.
  ///   - kept: The places whose top rows still show the mark this frame puts there (the last
  ///     frame drew it and nothing drew over it since); they are left as they are.
  ///   - grid: The grid.
  /// - Returns: The marks of the open panels that have one, by place.
  @discardableResult
  func draw(
    _ marks: FlowMarks.Marks, current: String?, over placed: [PanelPlace],
    leaving kept: PlaceSet = PlaceSet(),
    into grid: inout Grid
  ) -> [PanelDamage.Mark] {
    var marked: [PanelDamage.Mark] = []
    marked.reserveCapacity(marks.count)
    // NB: by index, each place read in place: a path marks a few of the panels placed, and
    // copying every place out of the array retained and released its name and title.
    for index in placed.indices where !placed[index].isCollapsed {
      guard let mark = Self.mark(of: placed[index].name, in: marks) else { continue }
      let text = placed[index].name == current ? "▶ " + mark.text : mark.text
      marked.append(PanelDamage.Mark(place: index, text: text, outcome: mark.outcome))
      if kept.contains(index) { continue }
      let place = placed[index]
      let rect = place.rect
      let titleWidth = DisplayWidth.of(place.title)
      // " " + at least ten columns of title (or all of it) + " ", after the corner and a dash.
      let titleFloor = rect.x + 2 + 2 + min(titleWidth, Self.titleKept)
      let room = rect.maxX - 2 - titleFloor
      guard room >= 5 else { continue }
      // Laid as "[", the text, "]" one after another, without building that string: the text
      // starts with a phase's tag or the pointer, which nothing before it joins.
      let clipped = DisplayWidth.clipped(text, to: room - 2)
      let x = rect.maxX - 2 - (DisplayWidth.of(clipped) + 2)
      if x < rect.x + 4 + titleWidth {
        // The title runs under the mark: cut it so it ends before the mark.
        let kept = DisplayWidth.clipped(place.title, to: x - rect.x - 4)
        let titleStyle = grid.cell(at: Point(x: rect.x + 3, y: rect.y))?.style ?? .plain
        grid.put(
          " " + kept + " ", at: Point(x: rect.x + 2, y: rect.y), style: titleStyle,
          maxWidth: x - rect.x - 2)
      }
      let markStyle = style(of: mark.outcome)
      var end = grid.put("[", at: Point(x: x, y: rect.y), style: markStyle)
      end = grid.put(clipped, at: Point(x: end, y: rect.y), style: markStyle)
      grid.put("]", at: Point(x: end, y: rect.y), style: markStyle)
    }
    return marked
  }

  /// The places of the last frame's marks that this frame marks the same way: the same text
  /// (pointer included) and outcome at the same place of the same layout.
  ///
  /// - Parameters:
  ///   - last: The marks the last frame drew.
  ///   - marks: Each node's mark this frame.
  ///   - current: The node of the step being replayed, if any.
  ///   - placed: The panels placed, the same layout as the last frame's.
  /// - Returns: The places whose mark stays.
  static func unchanged(
    _ last: [PanelDamage.Mark], marks: FlowMarks.Marks, current: String?,
    over placed: [PanelPlace]
  ) -> PlaceSet {
    var same = PlaceSet()
    for old in last where placed.indices.contains(old.place) && !placed[old.place].isCollapsed {
      let name = placed[old.place].name
      guard let mark = Self.mark(of: name, in: marks), mark.outcome == old.outcome else {
        continue
      }
      let isCurrent = name == current
      // The text compared without building the pointer's copy of it.
      let sameText =
        isCurrent
        ? old.text.hasPrefix("▶ ") && old.text.dropFirst(2) == mark.text[...]
        : old.text == mark.text
      if sameText { same.insert(old.place) }
    }
    return same
  }

  /// A panel's mark, found by comparing names while the path is short.
  ///
  /// NB: a path marks a few of the panels placed, and hashing every placed panel's name to
  /// look it up costs more than comparing it with those few.
  private static func mark(
    of name: String, in marks: [String: (text: String, outcome: FlowPath.Outcome)]
  ) -> (text: String, outcome: FlowPath.Outcome)? {
    guard marks.count <= 8 else { return marks[name] }
    for (marked, mark) in marks where marked == name { return mark }
    return nil
  }

  /// Title columns a mark never covers.
  static let titleKept = 10

  /// Green handled, yellow decorated or rewrote, red stopped or threw, cyan answered, dim passed; every mark
  /// but "passed" is reversed, so the path reads in monochrome too.
  func style(of outcome: FlowPath.Outcome) -> Style {
    switch outcome {
    case .handled: theme(Style(foreground: .green, bold: true, reverse: true))
    case .decorated, .rewrote: theme(Style(foreground: .yellow, bold: true, reverse: true))
    case .stopped, .threw: theme(Style(foreground: .red, bold: true, reverse: true))
    case .answered, .declined: theme(Style(foreground: .cyan, bold: true, reverse: true))
    case .passed: theme(Style(dim: true))
    }
  }
}
