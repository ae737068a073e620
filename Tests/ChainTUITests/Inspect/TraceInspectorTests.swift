import ChainKit
import ChainKitTracing
import Foundation
import Testing

@testable import ChainTUI

@MainActor
@Suite("chaintui inspect: reading a trace")
struct TraceInspectorTests {
  func inspector(_ size: Size = Size(width: 100, height: 30)) -> TraceInspector {
    TraceInspector(size: size, colors: false, source: "test")
  }

  @Test("the tree is rebuilt from mounts, records reach the panels' logs, the root counts them")
  func rebuildsTreeLogsAndCounts() throws {
    let inspector = inspector()
    inspector.feed(Array(InspectFixtures.program(pings: 3).utf8))
    let scene = try #require(inspector.app.scene as? TraceScene)
    #expect(scene.root.children.map(\.name) == ["window"])
    #expect(scene.panel(for: "window").children.map(\.name) == ["list"])
    #expect(scene.panel(for: "list").children.map(\.name) == ["cell"])
    #expect(inspector.counts.records == 5)
    #expect(inspector.counts.dispatches == 3)
    #expect(inspector.app.log(ofPanel: "list")?.filter { $0.contains("bub ping") }.count == 3)
    #expect(inspector.app.log(ofPanel: "cell")?.last == "tgt ping: passed")
    let screen = inspector.app.render().text
    #expect(screen.contains("shop (pid 7)"))
    #expect(screen.contains("5 records, 3 dispatches, 0 dropped, 0 skipped"))
    #expect(inspector.app.dispatches.map(\.id) == [1, 2, 3])
  }

  @Test("a node first seen in a path is placed under the next node of the path")
  func pathsPlaceUnknownNodes() throws {
    let inspector = inspector()
    inspector.feed(Array((InspectFixtures.ping(1) + "\n").utf8))
    let scene = try #require(inspector.app.scene as? TraceScene)
    #expect(scene.root.children.map(\.name) == ["window"])
    #expect(scene.panel(for: "list").children.map(\.name) == ["cell"])
  }

  @Test("the inspector lists the incoming dispatches and shows the selected one's hops")
  func inspectorShowsIncomingRecords() {
    let inspector = inspector(Size(width: 160, height: 40))
    inspector.feed(Array(InspectFixtures.program(pings: 2).utf8))
    inspector.app.press(.character("i"))
    let screen = inspector.app.render().text
    #expect(screen.contains("Inspector: 4 records"))
    #expect(screen.contains("#2 ping cell>list>window"))
  }

  @Test("the inspector's pause and filter work on incoming records as on the explorer's")
  func pauseAndFilterOnIncomingRecords() {
    let inspector = inspector(Size(width: 160, height: 40))
    inspector.feed(Array(InspectFixtures.program(pings: 2).utf8))
    inspector.app.press(.character("i"))
    inspector.app.press(.character("p"))
    inspector.feed(Array((InspectFixtures.ping(3) + "\n" + InspectFixtures.ping(4) + "\n").utf8))
    #expect(inspector.app.render().text.contains("Inspector: 4 records, paused (2 new)"))
    inspector.app.press(.character("p"))
    for key in ["/", "z", "z"] { inspector.app.press(.character(Character(key))) }
    inspector.app.press(.enter)
    #expect(inspector.app.render().text.contains("Inspector: 0 of 6 records"))
  }

  @Test("bad lines are skipped with a clear message each, and reading goes on")
  func badInputIsSkipped() {
    let inspector = inspector()
    let huge = "{\"kind\":\"" + String(repeating: "x", count: 3_000) + "\"}"
    let input =
      [
        InspectFixtures.session(pid: 7),
        "\u{1}\u{2}garbage\u{FF}",
        #"{"kind":"teleport","version":1}"#,
        #"{"kind":"mount","node":"a","parent":"b","reason":"mounted","version":9}"#,
        huge,
        InspectFixtures.ping(1),
      ].joined(separator: "\n") + "\n" + #"{"kind":"mount","node":"#
    let small = TraceInspector(
      size: Size(width: 100, height: 30), colors: false, source: "t", maxLineLength: 1_000)
    small.feed(Array(input.utf8))
    small.endOfStream("end of t")
    #expect(small.problems.count == 5, "\(small.problems)")
    #expect(small.problems[0].contains("line 2") && small.problems[0].contains("not JSON"))
    #expect(small.problems[1].contains(#"unknown kind "teleport""#))
    #expect(small.problems[2].contains("schema version 9 is not supported"))
    #expect(small.problems[3].contains("line 5: 3011 bytes, longer than 1000; skipped"))
    #expect(small.problems[4].contains("line 7: truncated"))
    #expect(small.counts.dispatches == 1)
    #expect(small.counts.skipped == 5)
    #expect(small.app.log(ofPanel: "session 1")?.contains { $0.contains("skipped") } == true)
    _ = inspector
  }

  @Test("a second session line, or input after the stream ended, starts a new session tab")
  func reconnectStartsANewSession() {
    let inspector = inspector()
    inspector.feed(Array(InspectFixtures.program(pid: 7, pings: 1).utf8))
    inspector.feed(Array(InspectFixtures.program(pid: 8, pings: 2).utf8))
    #expect(inspector.sessionCount == 2)
    #expect(inspector.counts.dispatches == 2)
    inspector.endOfStream("the program disconnected")
    inspector.feed(Array((InspectFixtures.ping(9) + "\n").utf8))
    #expect(inspector.sessionCount == 3)
    #expect(inspector.app.scenes.count == 3)
    let tabs = inspector.app.render().row(0)
    #expect(tabs.contains("1 shop 7") && tabs.contains("2 shop 8") && tabs.contains("3 test"))
  }

  @Test("over-long and unfinished lines are cut without keeping more than one line")
  func splitterBoundsItsMemory() {
    var splitter = TraceLineSplitter(maxLength: 4)
    #expect(
      splitter.feed(Array("ab\nabcdefgh\ncd".utf8)) == [.line(Array("ab".utf8)), .tooLong(8)])
    #expect(splitter.finish() == 2)
    #expect(splitter.finish() == nil)
  }
}
