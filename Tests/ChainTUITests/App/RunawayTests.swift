import ChainKit
import ChainKitTracing
import Testing

@testable import ChainTUI

/// Issue 24, item 3: a refused or runaway dispatch shows why, in the target's log, the
/// inspector's row and its details; deep nesting stays readable.
@Suite("Runaways and refusals are visible")
@MainActor
struct RunawayTests {
  /// A listener at `loop` that re-posts the event it hears: ChainKit refuses the 65th level.
  static let runaway = """
    scene runaway "Runaway"
    panel top
      on ping handle
      panel loop
        key r "run" post ping
        on ping post ping
    """

  static func app(size: Size = Size(width: 140, height: 44)) throws -> App {
    let scene = try TreeTestSupport.scene(runaway)
    let app = App(size: size, colors: false, builtInScenes: false, scenes: [scene])
    #expect(app.focus(panelNamed: "loop"))
    app.press(.character("r"))
    return app
  }

  @Test("the refused dispatch's target logs the refusal and its reason")
  func targetLogSaysRefused() throws {
    let app = try Self.app()
    let log = try #require(app.log(ofPanel: "loop"))
    // Last: after the runaway's own lines, where the screen shows it.
    let refusal = try #require(log.last)
    #expect(refusal.hasPrefix("tgt ping: refused: 'ping' was not dispatched: nested work"))
  }

  @Test("a refusal's log line is drawn as an error is")
  func refusalLineIsRed() {
    let theme = Theme(colors: true)
    #expect(theme.logLine("tgt ping: refused: 'ping' was not dispatched").foreground == .red)
  }

  @Test("the inspector's row and details of the refused dispatch say refused, and why")
  func inspectorRowAndDetailsSayRefused() throws {
    let app = try Self.app()
    app.press(.character("i"))
    let screen = app.render().text
    #expect(screen.contains("refused: 'ping' was not dispatched"))
    #expect(screen.contains("refused, ran 0"))
  }

  @Test("each dispatch of a runaway that collected the refusal says so in its row")
  func enclosingRowsShowTheError() throws {
    let app = try Self.app()
    let outermost = try #require(app.dispatches.first)
    let text = InspectorRowText(capacity: 10).text(for: outermost)
    #expect(text.hops.contains("error: 'ping' was not dispatched"))
  }

  @Test("deep nesting is indented up to a cap, then numbered, and rows keep their text")
  func deepNestingIsCappedAndNumbered() throws {
    let app = try Self.app()
    app.press(.character("i"))
    // The deepest records are the newest; select one near the end and look at the list.
    app.press(.up)
    let rows = app.render().text.split(separator: "\n")
    // Rows of nested dispatches: the mark, maybe a depth, then the number and key.
    let nested = rows.filter { $0.contains("└") && $0.contains(" ping loop") }
    #expect(nested.count >= 5, "the list lost its rows:\n\(rows.joined(separator: "\n"))")
    let indent = String(repeating: "  ", count: InspectorView.maximumIndent)
    #expect(nested.contains { $0.contains(indent + "└6") }, "no depth number past the cap")
    #expect(!rows.contains { $0.contains(indent + "  └") }, "indented past the cap")
  }

  @Test("the inspector's depth of a long parent chain is found without recursion")
  func longParentChainDepth() {
    // A trace file may chain any number of records, each nested in the one before.
    let count = 100_000
    var items: [InspectorItem] = []
    for id in UInt64(1)...UInt64(count) {
      let record = DispatchRecord(
        id: id, parent: id == 1 ? nil : id - 1, key: "k", payload: "", origin: "n", path: ["n"])
      items.append(InspectorItem(seq: id, record: .dispatch(record)))
    }
    let entries = InspectorEntries(items: items[...], include: nil)
    #expect(entries.depth(at: count - 1) == count - 1)
  }
}
