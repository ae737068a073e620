/// The command palette's box, drawn over the screen below the tabs: the query, the matching
/// rows with the selected one reversed, and a footer that counts them or says none matched.
struct PaletteOverlay {
  let theme: Theme
  /// What is typed.
  let query: String
  /// The rows the query keeps, best first.
  let matches: [PaletteItem]
  /// The selected row among ``matches``.
  let selection: Int

  /// The box the palette takes on a grid of this size: under the tab bar, clear of the status
  /// line, as tall as its rows need.
  func box(in size: Size) -> Rect {
    let width = max(1, min(size.width - 2, 72))
    let height = max(1, min(size.height - 2, matches.count + 4, 16))
    return Rect(x: (size.width - width) / 2, y: 1, width: width, height: max(5, height))
  }

  /// How many rows of matches show at once on a grid of this size.
  func visibleRows(in size: Size) -> Int { max(1, box(in: size).height - 4) }

  func draw(into grid: inout Grid) {
    let box = box(in: grid.size)
    guard box.width >= 12, box.height >= 5 else { return }
    grid.fill(box)
    grid.drawBox(
      box, title: "Palette: a panel, scene or command",
      style: theme(Style(foreground: .cyan, bold: true)))
    let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
    grid.put(
      DisplayWidth.clipped("> " + query + "_", to: inner.width), at: inner.origin,
      style: theme.emphasis, maxWidth: inner.width)
    let rows = max(1, inner.height - 2)
    let first = selection >= rows ? selection - rows + 1 : 0
    for (offset, item) in matches.dropFirst(first).prefix(rows).enumerated() {
      let y = inner.y + 1 + offset
      let selected = first + offset == selection
      let style = selected ? theme(Style(reverse: true)) : .plain
      if selected { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style) }
      let key = item.key.isEmpty ? "" : " " + item.key
      let room = max(0, inner.width - DisplayWidth.of(key))
      grid.put(
        DisplayWidth.clipped(item.kind.padding(8) + item.label, to: room),
        at: Point(x: inner.x, y: y), style: style, maxWidth: room)
      grid.put(
        key, at: Point(x: inner.maxX - DisplayWidth.of(key), y: y),
        style: selected ? style : theme.hint, maxWidth: DisplayWidth.of(key))
    }
    let footer =
      matches.isEmpty
      ? "no match for \"\(query)\" · backspace edits · esc closes"
      : "\(selection + 1) of \(matches.count) · up/down select · enter go · esc close"
    grid.put(
      DisplayWidth.clipped(footer, to: inner.width),
      at: Point(x: inner.x, y: inner.maxY - 1), style: theme.hint, maxWidth: inner.width)
  }
}
