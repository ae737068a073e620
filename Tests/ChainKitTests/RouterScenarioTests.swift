import ChainKitTestSupport
import Testing

@testable import ChainKit

/// The responder-chain router's article, as a test: cell -> table -> controller, a handler table
/// (the strategy) at the controller and a decorator at each level on the way up.
@Suite("The responder-chain router's scenario", .leakChecked)
@MainActor
struct RouterScenarioTests {
  @Test("a handler table at the controller and decorators adding keys at each level")
  func routerArticle() throws {
    let controller = Node("controller")
    let table = Node("table")
    let cell = Node("cell")
    let root = Node("window")
    try controller.mount(at: root)
    try table.mount(at: controller)
    try cell.mount(at: table)
    let log = Log()

    cell.decorate("kTHCellClickedEvent") { params in params["cellClass"] = "THCell" }
    table.decorate("kTHCellClickedEvent") { params in params["newParam"] = "new param" }
    controller.handlers { handlers in
      handlers.on("kTHCellClickedEvent") { _, userInfo in log.add("ticketEvent: \(userInfo)") }
      handlers.on("kTHCellLongPressEvent") { ctx, userInfo in
        log.add("long press \(userInfo)")
        // Handled here: do not pass it on (the article's "don't call super").
        ctx.stopPropagation()
      }
    }
    root.on("kTHCellClickedEvent") { _, _ in log.add("window saw click") }
    root.on("kTHUnknownEvent") { _, userInfo in log.add("window got unknown \(userInfo)") }
    root.on("kTHCellLongPressEvent") { _, _ in log.add("window saw long press") }

    cell.post("kTHCellClickedEvent", ["key": "clicked", "value": "2"])
    cell.post("kTHCellLongPressEvent", ["key": "pressed"])
    cell.post("kTHUnknownEvent", ["key": "other"])

    #expect(
      log.entries == [
        "ticketEvent: [cellClass: THCell, key: clicked, newParam: new param, value: 2]",
        "window saw click",
        "long press [key: pressed]",
        "window got unknown [key: other]",
      ])
  }
}
