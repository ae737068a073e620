import ChainKit
import ChainKitTracing
import Foundation
import Testing

@testable import ChainTUI

/// Issue 24, items 5 and 6: the trace of a program that exited keeps its tree, and no trace
/// crashes or hangs the inspector.
@MainActor
@Suite("chaintui inspect: finished programs and huge traces")
struct FinishedProgramTests {
  static func release(_ node: String, from parent: String) -> String {
    InspectFixtures.text(
      TraceLine(
        time: 3, scope: "shop",
        .record(.unmount(MountRecord(node: node, parent: parent, reason: .released)))))
  }

  @Test("nodes released at exit stay in the tree, dimmed and titled released, with their logs")
  func releasedNodesStay() throws {
    let inspector = TraceInspector(
      size: Size(width: 100, height: 30), colors: false, source: "test")
    let exit = [Self.release("cell", from: "list"), Self.release("list", from: "window")]
    inspector.feed(
      Array((InspectFixtures.program(pings: 2) + exit.joined(separator: "\n") + "\n").utf8))
    let scene = try #require(inspector.app.scene as? TraceScene)
    #expect(scene.root.children.map(\.name) == ["window"])
    #expect(scene.panel(for: "window").children.map(\.name) == ["list"])
    #expect(scene.isReleased("cell") && scene.isReleased("list") && !scene.isReleased("window"))
    #expect(inspector.app.log(ofPanel: "cell")?.contains("tgt ping: passed") == true)
    #expect(inspector.app.log(ofPanel: "cell")?.last == "released (under list)")
    let screen = inspector.app.render().text
    #expect(screen.contains("cell (released)"))
    #expect(inspector.app.scene.panel(named: "cell")?.accent == .black)
  }

  @Test("a released node's name seen again in a later path shows as live")
  func releasedNameComesBack() throws {
    let inspector = TraceInspector(
      size: Size(width: 100, height: 30), colors: false, source: "test")
    inspector.feed(
      Array(
        (InspectFixtures.program(pings: 1) + Self.release("cell", from: "list") + "\n"
          + InspectFixtures.ping(9) + "\n").utf8))
    let scene = try #require(inspector.app.scene as? TraceScene)
    #expect(!scene.isReleased("cell"))
    #expect(scene.panel(for: "cell").title == "cell")
  }

  @Test("a refused dispatch read from a trace logs why at its target")
  func refusedDispatchFromATrace() {
    let inspector = TraceInspector(
      size: Size(width: 100, height: 30), colors: false, source: "test")
    let refused = DispatchRecord(
      id: 5, key: "ping", payload: "", origin: "cell", path: ["cell", "list"],
      errors: ["'ping' was not dispatched: too deep"])
    inspector.feed(
      Array(
        (InspectFixtures.text(TraceLine(time: 1, scope: "shop", .record(.dispatch(refused))))
          + "\n").utf8))
    #expect(
      inspector.app.log(ofPanel: "cell") == [
        "tgt ping: refused: 'ping' was not dispatched: too deep"
      ])
    #expect(inspector.app.log(ofPanel: "list") == [])
  }

  @Test("a dispatch whose path has 100,000 nodes is read, drawn and explained")
  func hundredThousandNodePath() throws {
    let count = 100_000
    let path = (0..<count).map { "n\($0)" }
    let record = DispatchRecord(
      id: 1, key: "deep", payload: "", origin: path[0], path: path,
      hops: [HopRecord(node: path[0], phase: .target, listenersRun: 1)], listenersRun: 1)
    // The line is about 1.5 MB, over the default limit of 1 MB.
    let inspector = TraceInspector(
      size: Size(width: 120, height: 40), colors: false, source: "test", maxLineLength: 1 << 24)
    inspector.feed(
      Array(
        (InspectFixtures.text(TraceLine(time: 1, scope: "p", .record(.dispatch(record)))) + "\n")
          .utf8))
    let scene = try #require(inspector.app.scene as? TraceScene)
    #expect(scene.root.children.map(\.name) == [path[count - 1]])
    #expect(scene.panel(for: path[1]).children.map(\.name) == [path[0]])
    #expect(inspector.app.log(ofPanel: path[count - 1])?.last?.hasSuffix("passed") == true)
    #expect(inspector.app.focus(panelNamed: path[0]))
    inspector.app.press(.character("i"))
    inspector.app.press(.character("w"))
    let screen = inspector.app.render().text
    #expect(screen.contains("why n0 for #1 deep"))
    // Every key the explorer has, on the deepest panel, finishes.
    for key: Key in [.tab, .up, .down, .left, .right, .character("z"), .character("n"), .escape] {
      inspector.app.press(key)
      _ = inspector.app.render()
    }
  }
}
