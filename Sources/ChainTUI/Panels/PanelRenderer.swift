/// Draws a scene's panels where a ``PanelLayout`` put them: a box per panel, its body, its
/// children, its log.
///
/// The layout chose every rectangle; the renderer only fills them with what the panels show
/// now. A log left without a row still says how many lines it hides, and a log that hides lines
/// says how many (the layout rule of <doc:UsingTheExplorer>).
@MainActor
struct PanelRenderer {
  let theme: Theme
  /// Whether each log line starts with the app-clock time it was noted at.
  let showsTimestamps: Bool
  /// Every panel placed, parents before children, with its title as drawn.
  private(set) var placed: [PanelPlace] = []
  /// The search whose matches are highlighted in one panel's log, with its current match.
  var search: (panel: ObjectIdentifier, search: LogSearch, current: LogSearch.Match?)?

  init(theme: Theme, showsTimestamps: Bool = false) {
    self.theme = theme
    self.showsTimestamps = showsTimestamps
  }

  /// Draws every piece of a layout, in order.
  mutating func draw(_ layout: PanelLayout, into grid: inout Grid) {
    placed = layout.places
    for piece in layout.pieces { draw(piece, of: layout, into: &grid) }
  }

  /// Draws the pieces of a layout that changed since the frame `last` describes, whose cells
  /// `grid` holds; every piece when there is no such frame (`grid` is then blank).
  ///
  /// A piece is drawn again when its panel's counters moved, when a box drawn before it in
  /// this frame covers it (a box is cleared first), and a box whose top border the lit path
  /// marked gets that row again unless its mark stays (`keepingMarks`); the rest of the grid
  /// is the last frame's.
  ///
  /// - Parameters:
  ///   - layout: The layout to draw.
  ///   - grid: The grid, blank or holding the frame `last` describes.
  ///   - last: What the last frame drew, if `grid` holds it.
  ///   - setting: What this frame is drawn with besides the panels.
  ///   - keepingMarks: The places whose mark in `last` this frame puts there again.
  /// - Returns: What each piece shows now, for the next frame, with the marked places whose
  ///   top rows were left as they were (``PanelDamage/keptMarks``).
  mutating func draw(
    _ layout: PanelLayout, into grid: inout Grid, over last: PanelDamage?,
    setting: PanelDamage.Setting, keepingMarks: PlaceSet = PlaceSet()
  ) -> PanelDamage {
    placed = layout.places
    let last = last.flatMap {
      $0.setting == setting && $0.signatures.count == layout.pieces.count ? $0 : nil
    }
    // The last frame's arrays, read out of the optional once: reading them through it in the
    // loop copied the whole damage, and retained and released its arrays, for every piece.
    let lastSignatures = last?.signatures
    let lastLogRows = last?.logRows ?? []
    let lastMarked = last?.marked ?? []
    var signatures: [PanelDamage.Signature] = []
    signatures.reserveCapacity(layout.pieces.count)
    var logRows: [PanelDamage.LogRows?] = Array(repeating: nil, count: layout.pieces.count)
    var cleared: [Rect] = []
    var keptMarks = PlaceSet()
    var drawn = 0
    // NB: by index, the piece read in place: most pieces are unchanged, and copying each out
    // of the array (as a loop over its elements does) retained and released its panel.
    for index in layout.pieces.indices {
      let area = Self.area(ofPiece: index, in: layout)
      // NB: a loop, not `contains(where:)`: a main-actor closure there checks the executor.
      var isCleared = false
      for rect in cleared where !rect.intersection(area).isEmpty { isCleared = true }
      let shown = Self.signature(ofPiece: index, in: layout)
      if let lastSignatures, !isCleared, lastSignatures[index] == shown {
        if let place = Self.boxPlace(ofPiece: index, in: layout), Self.has(lastMarked, place) {
          // NB: a mark that stays is left in the row: the lit path would draw it again there.
          if keepingMarks.contains(place) {
            keptMarks.insert(place)
          } else {
            drawBoxTop(layout.pieces[index], place: layout.places[place], into: &grid)
          }
        }
        signatures.append(shown)
        logRows[index] = lastLogRows.indices.contains(index) ? lastLogRows[index] : nil
        continue
      }
      let piece = layout.pieces[index]
      switch piece {
      case .box, .zoomedBox: cleared.append(area)
      case .body: if lastSignatures != nil, !isCleared { grid.fill(area) }
      case .log(let panel, _):
        // The area holds the last frame's rows of this log unless a box drawn above cleared it.
        let holdsLast = lastSignatures != nil && !isCleared
        let kept = holdsLast && lastLogRows.indices.contains(index)
        logRows[index] = drawLog(
          panel, in: area, into: &grid, over: kept ? lastLogRows[index] : nil,
          isBlank: !holdsLast)
      case .dots, .collapsed, .folded: break
      }
      if case .log = piece {} else { draw(piece, of: layout, into: &grid) }
      drawn += 1
      // Read after drawing: drawing a log notes its height, which counts as a change.
      signatures.append(Self.signature(ofPiece: index, in: layout))
    }
    var damage = PanelDamage(setting: setting, signatures: signatures, marked: [], drawn: drawn)
    damage.logRows = logRows
    damage.keptMarks = keptMarks
    return damage
  }

  /// Whether a mark of the last frame is at a place.
  ///
  /// NB: a loop, not `contains(where:)`: a main-actor closure there checks the executor.
  private static func has(_ marks: [PanelDamage.Mark], _ place: Int) -> Bool {
    for mark in marks where mark.place == place { return true }
    return false
  }

  /// The rectangle the piece at an index draws in.
  private static func area(ofPiece index: Int, in layout: PanelLayout) -> Rect {
    switch layout.pieces[index] {
    case .box(_, let index, _), .zoomedBox(_, let index), .collapsed(_, let index, _, _):
      layout.places[index].rect
    case .body(_, let area), .log(_, let area): area
    case .dots(let row), .folded(_, _, let row): row
    }
  }

  /// The place of the piece at an index when it is an open box, which the lit path may mark.
  private static func boxPlace(ofPiece index: Int, in layout: PanelLayout) -> Int? {
    switch layout.pieces[index] {
    case .box(_, let index, _), .zoomedBox(_, let index): index
    default: nil
    }
  }

  /// The counters of what the piece at an index shows: its panel's, and the log length a box's
  /// border or a collapsed row states.
  private static func signature(ofPiece index: Int, in layout: PanelLayout)
    -> PanelDamage.Signature
  {
    switch layout.pieces[index] {
    case .box(let panel, let index, _):
      let counted = layout.places[index].logRows == 0 ? panel.log.lines.count : -1
      return PanelDamage.Signature(version: panel.drawVersions.box, count: counted)
    case .zoomedBox(let panel, _):
      return PanelDamage.Signature(version: panel.drawVersions.box)
    case .collapsed(let panel, _, _, _):
      return PanelDamage.Signature(version: panel.drawVersions.box, count: panel.log.lines.count)
    case .body(let panel, _):
      return PanelDamage.Signature(version: panel.drawVersions.body)
    case .log(let panel, _):
      return PanelDamage.Signature(version: panel.log.version)
    case .dots, .folded:
      return PanelDamage.Signature()
    }
  }

  /// Draws the top border of a box as its whole box draws it: corners, rule and title.
  private func drawBoxTop(_ piece: PanelLayout.Piece, place: PanelPlace, into grid: inout Grid) {
    let (panel, focused): (Panel, Bool)
    switch piece {
    case .box(let boxed, _, let isFocused): (panel, focused) = (boxed, isFocused)
    case .zoomedBox(let boxed, _): (panel, focused) = (boxed, true)
    default: return
    }
    let rect = place.rect
    grid.drawBox(
      Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), title: place.title,
      style: theme.border(accent: panel.accent, focused: focused),
      titleStyle: theme.title(accent: panel.accent, focused: focused))
  }

  /// Draws one piece of a layout.
  private mutating func draw(
    _ piece: PanelLayout.Piece, of layout: PanelLayout, into grid: inout Grid
  ) {
    switch piece {
    case .box(let panel, let index, let focused):
      drawBox(panel, place: layout.places[index], focused: focused, into: &grid)
    case .zoomedBox(let panel, let index):
      drawZoomedBox(panel, place: layout.places[index], into: &grid)
    case .body(let panel, let area):
      drawLines(panel.body, in: area, into: &grid)
    case .dots(let row):
      grid.putRun(Cell("·", style: theme.hint), at: row.origin, count: row.width)
    case .log(let panel, let area):
      drawLog(panel, in: area, into: &grid, over: nil, isBlank: true)
    case .collapsed(let panel, let index, let focused, let inside):
      placed[index].title = drawCollapsed(
        panel, in: layout.places[index].rect, focused: focused, inside: inside, into: &grid)
    case .folded(_, let indexes, let row):
      // The row names the folded panels by title, which the layout cut to fit.
      grid.fill(row)
      grid.put(
        layout.places[indexes.lowerBound].title, at: row.origin, style: theme.hint,
        maxWidth: row.width)
    }
  }

  /// The box of a zoomed panel, with its key line.
  private func drawZoomedBox(_ panel: Panel, place: PanelPlace, into grid: inout Grid) {
    let rect = place.rect
    grid.fill(rect)
    grid.drawBox(
      rect, title: place.title, style: theme.border(accent: panel.accent, focused: true),
      titleStyle: theme.title(accent: panel.accent, focused: true))
    // Zoomed or not, a panel's box keeps its key line in the bottom border (the layout rule).
    drawKeyHints(panel, in: rect, width: rect.width - 4, focused: true, into: &grid)
  }

  /// An open box: border, title, key line, and the count of lines a log without a row hides.
  private func drawBox(
    _ panel: Panel, place: PanelPlace, focused isFocused: Bool, into grid: inout Grid
  ) {
    let rect = place.rect
    grid.fill(rect)
    grid.drawBox(
      rect, title: place.title, style: theme.border(accent: panel.accent, focused: isFocused),
      titleStyle: theme.title(accent: panel.accent, focused: isFocused))
    // A log left without a row still says what it hides, in the bottom border.
    let hiddenCount = place.logRows == 0 ? panel.log.lines.count : 0
    let marker = hiddenCount > 0 ? Self.borderMarker(hiddenCount, width: rect.width - 6) : ""
    let markerWidth = DisplayWidth.of(marker)
    drawKeyHints(
      panel, in: rect, width: rect.width - 4 - markerWidth, focused: isFocused, into: &grid)
    if markerWidth > 0 {
      grid.put(
        marker, at: Point(x: rect.maxX - 1 - markerWidth, y: rect.maxY - 1),
        style: theme.emphasis, maxWidth: markerWidth)
    }
  }

  /// The count of log lines a panel with no log row hides, as it fits in its bottom border.
  static func borderMarker(_ count: Int, width: Int) -> String {
    [" +\(count) log ", "+\(count)"].first { DisplayWidth.of($0) * 2 <= width }
      ?? (DisplayWidth.of("+\(count)") <= width ? "+\(count)" : "")
  }

  /// One row standing for a panel and everything in it: `▸ title`, what it holds, and how to
  /// open it (focus it, or a panel inside it, and the layout opens its branch first); returns
  /// the text drawn.
  private func drawCollapsed(
    _ panel: Panel, in row: Rect, focused: Bool, inside: Int, into grid: inout Grid
  ) -> String {
    var text = "▸ \(panel.title)"
    if inside > 0 { text += " +\(inside) panel\(inside == 1 ? "" : "s")" }
    if !panel.log.lines.isEmpty { text += " · \(panel.log.lines.count) log" }
    text += " · focus to open"
    let shown = DisplayWidth.clipped(text, to: row.width)
    let style = focused ? theme.title(accent: panel.accent, focused: true) : theme.hint
    grid.fill(row)
    grid.put(shown, at: row.origin, style: style, maxWidth: row.width)
    return shown
  }

  private func drawLines(_ lines: [StyledLine], in area: Rect, into grid: inout Grid) {
    for (offset, line) in lines.prefix(area.height).enumerated() {
      // A cut line ends with "…", so nobody takes a clipped value for the whole one; so does
      // the last row shown of lines cut below it, or a change there would go unseen.
      let isCutBelow = offset == area.height - 1 && lines.count > area.height
      grid.put(
        DisplayWidth.clipped(isCutBelow ? line.text + " …" : line.text, to: area.width),
        at: Point(x: area.x, y: area.y + offset), style: theme(line.style), maxWidth: area.width)
    }
  }

  /// Puts the panel's keys in its bottom border, like " l load  r ask ", cut with "…".
  private func drawKeyHints(
    _ panel: Panel, in rect: Rect, width: Int, focused: Bool, into grid: inout Grid
  ) {
    guard !panel.keys.isEmpty, width >= 3 else { return }
    let keys = panel.keys.map { "\($0.displayName) \($0.label)" }.joined(separator: "  ")
    // In three columns the trailing blank goes first, so a key still shows (" l…", not " … ").
    let line =
      width >= 4
      ? " " + DisplayWidth.clipped(keys, to: width - 2) + " "
      : " " + DisplayWidth.clipped(keys, to: width - 1)
    grid.put(
      line,
      at: Point(x: rect.x + 2, y: rect.maxY - 1),
      style: focused ? theme.emphasis : theme.hint, maxWidth: width)
  }
}
