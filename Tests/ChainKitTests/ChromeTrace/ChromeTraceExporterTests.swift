import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// `ChromeTraceExporter`: a ChainKit trace as Chrome's Trace Event format.
@MainActor
@Suite("Chrome trace export", .leakChecked)
struct ChromeTraceExporterTests {
  /// A small fixed trace: a session, a mount, a posted event with a rewrite and an error (the
  /// schema's own example), an answered request, a share, a publish, a dead event and a binding.
  static let trace = """
    {"capacity":4096,"kind":"session","pid":4242,"program":"chainkit-example","scope":"","time":0,"version":1}
    {"kind":"mount","node":"list","parent":"window","reason":"mounted","scope":"chainkit-example","time":1200,"version":1}
    {"elapsedNanoseconds":5200,"errors":[],"hops":[{"answered":false,"elapsedNanoseconds":0,"errors":[],"listenersRun":0,"node":"cell","passed":true,"phase":"target","prevented":false,"stopped":false,"stoppedImmediately":false},{"answered":false,"elapsedNanoseconds":2100,"errors":[],"interceptedFrom":"item 3","interceptedTo":"item 103","listenersRun":1,"node":"list","passed":false,"phase":"bubble","prevented":false,"stopped":false,"stoppedImmediately":false},{"answered":false,"elapsedNanoseconds":900,"errors":["window (bubble) itemClicked: refused"],"listenersRun":1,"node":"window","passed":false,"phase":"bubble","prevented":false,"stopped":false,"stoppedImmediately":false}],"id":7,"key":"itemClicked","kind":"dispatch","listenersRun":2,"origin":"cell","parent":3,"path":["cell","list","window"],"payload":"item 3","prevented":false,"scope":"chainkit-example","stopped":false,"time":1520400,"version":1}
    {"answeredBy":"window","elapsedNanoseconds":800,"errors":[],"hops":[{"answered":false,"elapsedNanoseconds":0,"errors":[],"listenersRun":0,"node":"cell","passed":true,"phase":"target","prevented":false,"stopped":false,"stoppedImmediately":false},{"answered":true,"elapsedNanoseconds":500,"errors":[],"listenersRun":1,"node":"window","passed":false,"phase":"bubble","prevented":false,"stopped":false,"stoppedImmediately":false}],"id":8,"key":"channelID","kind":"request","listenersRun":1,"origin":"cell","path":["cell","window"],"payload":"()","prevented":false,"scope":"chainkit-example","stopped":false,"time":1530000,"version":1}
    {"action":"shared","key":"theme","kind":"share","node":"window","scope":"chainkit-example","subscribersNotified":2,"time":1540000,"value":"dark","version":1}
    {"bus":"default","errors":[],"event":"Progress(0.5)","kind":"publish","reason":"publish","scope":"chainkit-example","subscribersRun":3,"time":1550000,"type":"Progress","version":1}
    {"bus":"default","errors":[],"event":"Tick(1)","kind":"deadEvent","reason":"publish","scope":"chainkit-example","subscribersRun":0,"time":1560000,"type":"Tick","version":1}
    {"action":"update","group":"volume","groupID":4,"kind":"binding","member":"slider","new":"0.5","old":"0.2","scope":"chainkit-example","time":1570000,"version":1}
    """

  /// What `trace` exports to, checked by hand against the trace: the dispatch ends at its
  /// line's time and starts its elapsed time before; its hops follow one another from its
  /// start; the flow's steps sit at the hops' starts.
  static let golden = """
    {"displayTimeUnit":"ns","traceEvents":[
    {"args":{"name":"chainkit-example (pid 4242)"},"name":"process_name","ph":"M","pid":1,"tid":0,"ts":0},
    {"args":{"name":"list"},"name":"thread_name","ph":"M","pid":1,"tid":1,"ts":0},
    {"args":{"sort_index":1},"name":"thread_sort_index","ph":"M","pid":1,"tid":1,"ts":0},
    {"args":{"name":"cell"},"name":"thread_name","ph":"M","pid":1,"tid":2,"ts":0},
    {"args":{"sort_index":2},"name":"thread_sort_index","ph":"M","pid":1,"tid":2,"ts":0},
    {"args":{"name":"window"},"name":"thread_name","ph":"M","pid":1,"tid":3,"ts":0},
    {"args":{"sort_index":3},"name":"thread_sort_index","ph":"M","pid":1,"tid":3,"ts":0},
    {"args":{"name":"bus default"},"name":"thread_name","ph":"M","pid":1,"tid":4,"ts":0},
    {"args":{"sort_index":4},"name":"thread_sort_index","ph":"M","pid":1,"tid":4,"ts":0},
    {"args":{"name":"binding volume"},"name":"thread_name","ph":"M","pid":1,"tid":5,"ts":0},
    {"args":{"sort_index":5},"name":"thread_sort_index","ph":"M","pid":1,"tid":5,"ts":0},
    {"args":{"parent":"window","reason":"mounted"},"cat":"record","name":"mounted under window","ph":"i","pid":1,"s":"t","tid":1,"ts":1.2},
    {"args":{"id":7,"key":"itemClicked","listenersRun":2,"origin":"cell","parent":3,"path":["cell","list","window"],"payload":"item 3","prevented":false,"stopped":false},"cat":"event","dur":5.2,"name":"itemClicked","ph":"X","pid":1,"tid":2,"ts":1515.2},
    {"args":{"dispatch":7,"listenersRun":0,"node":"cell","outcome":"passed","phase":"target"},"cat":"hop","dur":0,"name":"itemClicked target","ph":"X","pid":1,"tid":2,"ts":1515.2},
    {"args":{"dispatch":7,"listenersRun":1,"node":"list","outcome":"rewrote","phase":"bubble","rewrote":"item 3 -> item 103"},"cat":"hop","dur":2.1,"name":"itemClicked bubble","ph":"X","pid":1,"tid":1,"ts":1515.2},
    {"args":{"dispatch":7,"errors":["window (bubble) itemClicked: refused"],"listenersRun":1,"node":"window","outcome":"threw","phase":"bubble"},"cat":"hop","dur":0.9,"name":"itemClicked bubble","ph":"X","pid":1,"tid":3,"ts":1517.3},
    {"cat":"path","id":"1.7","name":"itemClicked path","ph":"s","pid":1,"tid":2,"ts":1515.2},
    {"cat":"path","id":"1.7","name":"itemClicked path","ph":"t","pid":1,"tid":1,"ts":1515.2},
    {"bp":"e","cat":"path","id":"1.7","name":"itemClicked path","ph":"f","pid":1,"tid":3,"ts":1517.3},
    {"args":{"answeredBy":"window","id":8,"key":"channelID","listenersRun":1,"origin":"cell","path":["cell","window"],"payload":"()","prevented":false,"stopped":false},"cat":"request","id":"1.8","name":"request channelID","ph":"b","pid":1,"tid":2,"ts":1529.2},
    {"cat":"request","id":"1.8","name":"request channelID","ph":"e","pid":1,"tid":2,"ts":1530},
    {"args":{"dispatch":8,"listenersRun":0,"node":"cell","outcome":"passed","phase":"target"},"cat":"hop","dur":0,"name":"channelID target","ph":"X","pid":1,"tid":2,"ts":1529.2},
    {"args":{"dispatch":8,"listenersRun":1,"node":"window","outcome":"answered","phase":"bubble"},"cat":"hop","dur":0.5,"name":"channelID bubble","ph":"X","pid":1,"tid":3,"ts":1529.2},
    {"cat":"path","id":"1.8","name":"channelID path","ph":"s","pid":1,"tid":2,"ts":1529.2},
    {"bp":"e","cat":"path","id":"1.8","name":"channelID path","ph":"f","pid":1,"tid":3,"ts":1529.2},
    {"args":{"key":"theme","subscribersNotified":2,"value":"dark"},"cat":"record","name":"shared theme","ph":"i","pid":1,"s":"t","tid":3,"ts":1540},
    {"args":{"event":"Progress(0.5)","reason":"publish","subscribersRun":3,"type":"Progress"},"cat":"record","name":"publish Progress","ph":"i","pid":1,"s":"t","tid":4,"ts":1550},
    {"args":{"event":"Tick(1)","reason":"publish","subscribersRun":0,"type":"Tick"},"cat":"record","name":"dead event Tick","ph":"i","pid":1,"s":"t","tid":4,"ts":1560},
    {"args":{"action":"update","groupID":4,"member":"slider","new":"0.5","old":"0.2"},"cat":"record","name":"update slider","ph":"i","pid":1,"s":"t","tid":5,"ts":1570}
    ]}

    """

  @Test("the fixed trace exports to the checked golden")
  func goldenTrace() throws {
    let exported = try ChromeTraceExporter().export(jsonLines: Data(Self.trace.utf8))
    let text = String(decoding: exported, as: UTF8.self)
    #expect(text == Self.golden, "exported:\n\(text)")
  }

  @Test("the fixed trace follows the Trace Event format's rules")
  func goldenFollowsTheFormat() throws {
    let exported = try ChromeTraceExporter().export(jsonLines: Data(Self.trace.utf8))
    let events = try ChromeTraceFormat.events(of: exported)
    #expect(ChromeTraceFormat.problems(in: events) == [])
    #expect(!events.isEmpty)
  }

  @Test("a traced program's nested posts export to slices within slices, a flow per path")
  func tracedProgramFollowsTheFormat() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-chrome-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let root = Node("root")
    let list = Node("list")
    let leaf = Node("leaf")
    try list.mount(at: root)
    try leaf.mount(at: list)
    let writer = try JSONLinesTraceWriter(path: path)
    writer.scope = "chrome"
    root.install(writer)
    let inner = EventKey<Int>("inner")
    let outer = EventKey<Int>("outer")
    root.on(outer) { ctx, value in ctx.target?.post(inner, value + 1) }
    list.on(inner) { _, _ in }
    leaf.post(outer, 1)

    let exported = try ChromeTraceExporter().export(
      jsonLines: Data(contentsOf: URL(fileURLWithPath: path)))
    let events = try ChromeTraceFormat.events(of: exported)
    #expect(ChromeTraceFormat.problems(in: events) == [])
    let slices = events.filter { $0["ph"] as? String == "X" }
    let outerSlice = try #require(slices.first { $0["name"] as? String == "outer" })
    let innerSlice = try #require(slices.first { $0["name"] as? String == "inner" })
    // The inner post ran inside a listener of the outer one: its slice lies within.
    let span = { (event: [String: Any]) -> ClosedRange<Double> in
      let ts = (event["ts"] as? NSNumber)?.doubleValue ?? -1
      return ts...(ts + ((event["dur"] as? NSNumber)?.doubleValue ?? 0))
    }
    #expect(span(outerSlice).lowerBound <= span(innerSlice).lowerBound)
    #expect(span(innerSlice).upperBound <= span(outerSlice).upperBound)
    let hops = slices.filter { $0["cat"] as? String == "hop" }
    #expect(hops.map { $0["name"] as? String }.contains("outer bubble"))
    for hop in hops where hop["name"] as? String == "outer bubble" {
      #expect(span(outerSlice).contains(span(hop).lowerBound))
      #expect(span(hop).upperBound <= span(outerSlice).upperBound)
    }
    // Each dispatch visited three nodes: a flow of three steps each.
    let flowSteps = events.filter { ["s", "t", "f"].contains($0["ph"] as? String) }
    #expect(flowSteps.count == 6)
  }

  @Test("the doc comment's example: a trace file in, a Chrome trace file out")
  func docCommentExample() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-chrome-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let traceFile = folder.appendingPathComponent("trace.jsonl")
    let chromeFile = folder.appendingPathComponent("trace.json")
    try Self.trace.write(to: traceFile, atomically: true, encoding: .utf8)
    let chrome = try ChromeTraceExporter().export(jsonLines: Data(contentsOf: traceFile))
    try chrome.write(to: chromeFile)
    #expect(try String(contentsOf: chromeFile, encoding: .utf8) == Self.golden)
  }

  @Test(
    "each scope of each session is a process of its own, so equal node names never share a track")
  func scopesAndSessionsAreProcesses() throws {
    let lines = [
      TraceLine(
        time: 1, scope: "router",
        .record(.mount(MountRecord(node: "root", parent: "app", reason: .mounted)))),
      TraceLine(
        time: 2, scope: "domino",
        .record(.mount(MountRecord(node: "root", parent: "app", reason: .mounted)))),
      TraceLine(time: 3, scope: "", .session(TraceSession(program: "demo", pid: 77, capacity: 8))),
      TraceLine(
        time: 4, scope: "demo",
        .record(.mount(MountRecord(node: "root", parent: "app", reason: .mounted)))),
      TraceLine(time: 5, scope: "", .dropped(count: 2)),
    ]
    let events = try ChromeTraceFormat.events(of: ChromeTraceExporter().export(lines))
    #expect(ChromeTraceFormat.problems(in: events) == [])
    let processes = events.filter { $0["name"] as? String == "process_name" }
      .map {
        "\($0["pid"] as? Int ?? 0) \(($0["args"] as? [String: Any])?["name"] as? String ?? "")"
      }
    #expect(processes == ["1 router", "2 domino", "3 demo (pid 77)"])
    let mounts = events.filter { $0["name"] as? String == "mounted under app" }.map {
      $0["pid"] as? Int
    }
    #expect(mounts == [1, 2, 3])
    let dropped = events.filter { $0["name"] as? String == "dropped 2 records" }.map {
      $0["pid"] as? Int
    }
    #expect(dropped == [3])
  }

  @Test("a line that is not of the schema is named by its number")
  func badLineIsLocated() {
    let trace =
      Self.trace.split(separator: "\n").prefix(2).joined(separator: "\n") + "\n{not json\n"
    #expect {
      _ = try ChromeTraceExporter().export(jsonLines: Data(trace.utf8))
    } throws: { error in
      (error as? TraceDecodingError)?.line == 3
    }
  }
}
