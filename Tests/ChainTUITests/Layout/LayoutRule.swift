@testable import ChainTUI

/// The explorer's layout rule, checked on a rendered screen (UsingTheExplorer.md, "The layout
/// rule"): every panel of the scene is an open box with its border unbroken, its title in the
/// top border and its key line in the bottom one, or one marked row (`▸`), or inside a panel
/// that is; a log that hides lines shows how many.
@MainActor
enum LayoutRule {
  /// What breaks the rule on the app's screen now; empty when it holds.
  ///
  /// Screens where the
  /// scene is not drawn (too small, covered by the inspector or the help) have nothing to check
  /// but the status line; a zoomed screen has its one box.
  static func violations(_ app: App) -> [String] {
    let grid = app.render()
    let places = app.currentHits().panels
    var problems = statusLine(app, grid) + staleness(app)
    guard !places.isEmpty, !app.showsHelp else { return problems }
    if let zoomed = app.zoomedPanel {
      // The zoomed panel is the one box on screen, and keeps the rule as any box does.
      if let place = places.first(where: { $0.name == zoomed.name }) {
        problems += box(zoomed, place, grid).map { "\(zoomed.name) (zoomed): \($0)" }
      }
      return problems
    }
    var byName: [String: PanelPlace] = [:]
    for place in places where byName[place.name] == nil { byName[place.name] = place }
    for panel in app.scene.allPanels {
      guard let place = byName[panel.name] else {
        var above = panel.parent
        while let candidate = above, byName[candidate.name] == nil { above = candidate.parent }
        if above.flatMap({ byName[$0.name] })?.isCollapsed != true {
          problems.append("\(panel.name) is neither drawn nor inside a collapsed panel")
        }
        continue
      }
      if place.isCollapsed {
        if text(grid, place.rect.origin, 1) != "▸" {
          problems.append("\(panel.name)'s collapsed row lacks its ▸ marker")
        }
        continue
      }
      problems += box(panel, place, grid).map { "\(panel.name): \($0)" }
    }
    return problems
  }

  /// Where the kept layout differs from one made afresh: a state change that moves things
  /// on screen but did not invalidate the layout.
  static func staleness(_ app: App) -> [String] {
    let kept = app.layout
    let fresh = app.freshLayout()
    var problems: [String] = []
    if kept.panels.places != fresh.panels.places {
      problems.append("kept layout is stale: \(kept.panels.places) vs \(fresh.panels.places)")
    }
    if kept.sceneArea != fresh.sceneArea || kept.inspectorArea != fresh.inspectorArea
      || kept.isTooSmall != fresh.isTooSmall
    {
      problems.append("kept areas are stale")
    }
    if kept.tabs.map(\.columns) != fresh.tabs.map(\.columns) {
      problems.append("kept tab columns are stale")
    }
    return problems
  }

  private static func box(_ panel: Panel, _ place: PanelPlace, _ grid: Grid) -> [String] {
    let rect = place.rect
    var problems: [String] = []
    if rect.height < 3 || rect.width < 4 { problems.append("box \(rect) is too small") }
    let corners = [
      ((rect.x, rect.y), "┌"), ((rect.maxX - 1, rect.y), "┐"), ((rect.x, rect.maxY - 1), "└"),
      ((rect.maxX - 1, rect.maxY - 1), "┘"),
    ]
    for ((x, y), glyph) in corners where text(grid, Point(x: x, y: y), 1) != glyph {
      problems.append("corner \(glyph) missing at \(x),\(y)")
    }
    for y in (rect.y + 1)..<max(rect.y + 1, rect.maxY - 1) {
      for x in [rect.x, rect.maxX - 1] where text(grid, Point(x: x, y: y), 1) != "│" {
        problems.append("side broken at \(x),\(y)")
      }
    }
    for y in [rect.y, rect.maxY - 1] where text(grid, Point(x: rect.x + 1, y: y), 1) != "─" {
      problems.append("edge broken at \(rect.x + 1),\(y)")
    }
    let title = String(panel.title.prefix(3))
    let shownTitle = text(grid, Point(x: rect.x + 3, y: rect.y), title.count)
    if shownTitle != title, !(shownTitle.hasSuffix("…") && title.hasPrefix(shownTitle.dropLast())) {
      problems.append("title \"\(panel.title)\" not shown: \(shownTitle)")
    }
    if let key = panel.keys.first {
      let first = String(key.displayName.prefix(1))
      if text(grid, Point(x: rect.x + 3, y: rect.maxY - 1), 1) != first {
        problems.append("key line not shown: \(grid.row(rect.maxY - 1))")
      }
    }
    if let rows = place.logRows, !panel.log.lines.isEmpty {
      let hidden = rows == 0 ? (0, panel.log.lines.count) : panel.log.hidden(height: rows)
      let inside = (rect.y..<rect.maxY).map {
        text(grid, Point(x: rect.x, y: $0), rect.width)
      }
      for count in [hidden.0, hidden.1] where count > 0 {
        if !inside.contains(where: { $0.contains("+\(count)") }) {
          problems.append("\(count) hidden log lines but no +\(count) in \(rows) log rows")
        }
      }
    }
    return problems
  }

  /// The status line's own text (the cells before the bold reminder): the focused panel's path
  /// and key hints whole, or cut with `…`; never a hint cut short without one (`g pageSiz`).
  static func statusLine(_ app: App, _ grid: Grid) -> [String] {
    guard grid.width >= App.minimumSize.width, grid.height >= App.minimumSize.height,
      !app.showsHelp, app.statusLead == nil
    else { return [] }
    let y = grid.height - 1
    var shown = ""
    for x in 0..<grid.width {
      guard let cell = grid.cell(at: Point(x: x, y: y)), !cell.style.bold else { break }
      if !cell.isContinuation { shown.append(cell.character) }
    }
    while shown.last == " " { shown.removeLast() }
    let path = app.focusedPanel?.titlePath.joined(separator: " > ") ?? ""
    let hints = app.statusHints
    let full = " " + path + (hints.isEmpty ? "" : "  |  " + hints.joined(separator: "  "))
    guard shown != full, !(shown.hasSuffix("…") && full.hasPrefix(shown.dropLast())) else {
      return []
    }
    return ["status line \"\(shown)\" is neither \"\(full)\" nor cut with …"]
  }

  /// The characters of `count` cells from a point (a wide glyph once).
  static func text(_ grid: Grid, _ point: Point, _ count: Int) -> String {
    var result = ""
    for x in point.x..<(point.x + count) {
      guard let cell = grid.cell(at: Point(x: x, y: point.y)) else { break }
      if !cell.isContinuation { result.append(cell.character) }
    }
    return result
  }
}
