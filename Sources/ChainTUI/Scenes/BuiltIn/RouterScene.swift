import ChainKit

/// The responder-chain router: cells post named events, the table decorates their params,
/// the controller handles the events it has entries for in one handler table, and anything
/// else passes on to the app at the root.
@MainActor
final class RouterScene: Scene {
  let id = "router"
  let title = "Router"
  let root = Panel("app", title: "app (root)")
  let controller = Panel("controller", title: "controller (handler table)")
  let table = Panel("table", title: "table (decorates params)")
  let cells: [Panel]
  let flow = [
    "cell -> table -> controller -> app.",
    "The table adds section and list to every event's params.",
    "The controller's handler table knows cellTapped and likeTapped;",
    "shareTapped is not in it, so it passes on to the app.",
  ]
  private let messages = ["Ann: lunch at one?", "Bo: build is green", "Cy: see the trace"]
  private var likes: [Int]
  private var opened: String = "nothing yet"
  private var unhandled = 0

  init(context: SceneContext) {
    cells = (0..<3).map { Panel("cell\($0)") }
    likes = Array(repeating: 0, count: cells.count)
    root.axis = .vertical
    root.accent = .magenta
    controller.axis = .vertical
    controller.accent = .cyan
    table.accent = .green
    root.add(controller)
    controller.add(table)
    for cell in cells { table.add(cell) }
    route()
    bindKeys()
    refresh()
  }

  private func route() {
    for name in ["cellTapped", "likeTapped", "shareTapped"] {
      table.node.decorate(name) { params in
        params["section"] = 0
        params["list"] = "inbox"
      }
    }
    controller.node.handlers { table in
      table.on("cellTapped") { [weak self] _, params in
        self?.opened = "row \(params["row", as: Int.self] ?? -1) of \(params["list"] ?? "?")"
        self?.refresh()
      }
      table.on("likeTapped") { [weak self] _, params in
        guard let self, let row = params["row", as: Int.self], likes.indices.contains(row)
        else { return }
        likes[row] += 1
        refresh()
      }
    }
    root.node.on("shareTapped") { [weak self] _, _ in
      self?.unhandled += 1
      self?.refresh()
    }
  }

  private func bindKeys() {
    for (row, cell) in cells.enumerated() {
      cell.keys = [
        PanelKey(.enter, "open") { [unowned cell] in cell.node.post("cellTapped", ["row": row]) },
        PanelKey(.character("l"), "like") { [unowned cell] in
          cell.node.post("likeTapped", ["row": row])
        },
        PanelKey(.character("s"), "share") { [unowned cell] in
          cell.node.post("shareTapped", ["row": row])
        },
      ]
    }
  }

  /// Shows the state the listeners keep; called from them.
  private func refresh() {
    root.body = ["events nobody below handled: \(unhandled)"]
    controller.body = ["opened: \(opened)"]
    table.body = ["adds section: 0, list: inbox"]
    for (row, cell) in cells.enumerated() {
      cell.body = [
        StyledLine(messages[row]),
        StyledLine("likes \(likes[row])", style: Style(foreground: .red, bold: likes[row] > 0)),
      ]
    }
  }
}
