import ChainKit
import ChainKitTestSupport
import ChainKitTracing
import Foundation
import Observation
import Testing

// The examples of ChainKit's symbol documentation, each copied line for line into a test that
// runs it and checks what it prints (DocExampleCoverageTests holds the copies to the docs). A
// test gives `print` a local shadow that collects the lines, so the example's own `print` is
// what is checked. The stream examples are in StreamDocExampleTests.

// EventKey's declaration example, as the doc writes it.
extension EventKey where Payload == Int {
  static let itemClicked = EventKey("itemClicked")
}

// DataKey's declaration example (also SharingData's).
extension DataKey where Value == String {
  static let photoText = DataKey("photo.text")
}

// RequestKey's declaration example.
extension RequestKey where Payload == Void, Response == String {
  static let channelID = RequestKey("channelID")
}

extension EventKey where Payload == Void {
  fileprivate static let refresh = EventKey("refresh")
}

extension EventKey where Payload == [String] {
  fileprivate static let rowsLoaded = EventKey("rowsLoaded")
}

extension RequestKey where Payload == String, Response == String {
  fileprivate static let thumbnail = RequestKey("thumbnail")
}

/// The screen HandlerTable's target-bound example registers from.
@MainActor
private final class ListScreen {
  let controller = Node("controller")
  private(set) var reloads = 0

  func reload() { reloads += 1 }

  func listen() {
    controller.handlers { table in
      table.on(.refresh, target: self) { me, ctx, _ in me.reload() }
    }
  }
}

/// What an example printed, line by line.
@MainActor
final class PrintedLines {
  private(set) var lines: [String] = []

  func append(_ items: [Any]) {
    lines.append(Self.line(items))
  }

  /// The line `print` writes for `items`.
  nonisolated static func line(_ items: [Any]) -> String {
    items.map { "\($0)" }.joined(separator: " ")
  }
}

/// The rows an example's task loads.
private func loadRows() async -> [String] { ["row 1", "row 2"] }

/// The thumbnails an example's responder loads.
private actor Thumbnails {
  func load(_ url: String) async -> String { "thumbnail of \(url)" }
}

/// Builds `root <- container <- content`, the tree of Node's example, for the examples that
/// only use it.
@MainActor
private func contentTree() throws -> (root: Node, container: Node, content: Node) {
  let root = Node("root")
  let container = Node("container")
  let content = Node("content")
  try container.mount(at: root)
  try content.mount(at: container)
  return (root, container, content)
}

@MainActor
@Suite("The symbol documentation's examples, run as written")
struct DocCommentExampleTests {
  @Test("Node: the root hears the content's click")
  func node() throws {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let root = Node("root")
    let container = Node("container")
    let content = Node("content")
    try container.mount(at: root)
    try content.mount(at: container)
    root.on(.itemClicked) { ctx, index in print("root heard \(index) from \(ctx.targetName)") }
    content.post(.itemClicked, 3)
    #expect(printed.lines == ["root heard 3 from content"])
  }

  @Test("EventKey: a listener on a declared key")
  func eventKey() {
    let printed = PrintedLines()
    // Typed: the module has two keys named itemClicked, this one of Int.
    func print(_ index: Int) { printed.append([index]) }
    let node = Node("list")
    node.on(.itemClicked) { ctx, index in print(index) }
    node.post(.itemClicked, 7)
    #expect(printed.lines == ["7"])
  }

  @Test("Params: a named event, decorated on the way up")
  func params() throws {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let controller = Node("controller")
    let table = Node("table")
    let cell = Node("cell")
    try table.mount(at: controller)
    try cell.mount(at: table)
    var sections: [Int?] = []
    controller.on("cellClicked") { _, params in sections.append(params["section", as: Int.self]) }
    cell.post("cellClicked", ["row": 3])
    table.decorate("cellClicked") { params in params["section"] = 1 }
    controller.on("cellClicked") { ctx, params in print(params["row", as: Int.self] ?? -1) }
    cell.post("cellClicked", ["row": 3])
    #expect(printed.lines == ["3"])
    #expect(sections == [nil, 1])
  }

  @Test("HandlerTable: a table of handlers on one node")
  func handlerTable() throws {
    let controller = Node("controller")
    let cell = Node("cell")
    try cell.mount(at: controller)
    var opened: [Int?] = []
    var reloads = 0
    func open(_ row: Int?) { opened.append(row) }
    func reload() { reloads += 1 }
    controller.handlers { table in
      table.on("cellClicked") { ctx, params in open(params["row", as: Int.self]) }
      table.on(.refresh) { ctx, _ in reload() }
    }
    cell.post("cellClicked", ["row": 2])
    cell.post(.refresh)
    #expect(opened == [2])
    #expect(reloads == 1)
  }

  @Test("HandlerTable: an entry bound to a target is handed it and keeps it alive no longer")
  func handlerTableTarget() throws {
    var screen: ListScreen? = ListScreen()
    weak let released = screen
    let cell = Node("cell")
    try cell.mount(at: try #require(screen?.controller))
    screen?.listen()
    cell.post(.refresh)
    #expect(screen?.reloads == 1)
    screen = nil
    #expect(released == nil)
  }

  @Test("DataKey: the descendant hears the shared value")
  func dataKey() throws {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let postItem = Node("postItem")
    let photo = Node("photo")
    try photo.mount(at: postItem)
    postItem.share("Liked", for: .photoText)
    photo.subscribe(.photoText) { text in print(text ?? "none") }
    postItem.share("Saved", for: .photoText)
    #expect(printed.lines == ["Liked", "Saved"])
  }

  @Test("RequestKey: the nearest responder answers")
  func requestKey() throws {
    let (_, container, content) = try contentTree()
    container.respond(to: .channelID) { _, _ in "channel-42" }
    let id = content.request(.channelID)
    #expect(id == "channel-42")
  }

  @Test("RemoteNode: a detached task posts what it loaded")
  func remoteNode() async throws {
    let (root, container, content) = try contentTree()
    defer { withExtendedLifetime((root, container)) {} }
    var heard: [[String]] = []
    content.on(.rowsLoaded) { _, rows in heard.append(rows) }
    let remote = content.remote
    Task.detached {
      let rows = await loadRows()
      remote.post(.rowsLoaded, rows)
    }
    #expect(await turnsUntil { !heard.isEmpty }, "the rows never arrived")
    #expect(heard == [["row 1", "row 2"]])
  }

  @Test("RemoteNode.settle: settle returns after every listener of the post has run")
  func remoteSettle() async throws {
    let printed = PrintedLines()
    // Called from a detached task too: the line reaches the main actor in order.
    @Sendable func print(_ items: Any...) {
      let line = PrintedLines.line(items)
      Task { @MainActor in printed.append([line]) }
    }
    let list = Node("list")
    list.on(.rowsLoaded) { _, rows in print("heard \(rows.count) rows") }
    let rows = ["row 1"]
    let remote = list.remote
    Task.detached {
      remote.post(.rowsLoaded, rows)
      await RemoteNode.settle()
      print("settled")  // after every listener of .rowsLoaded has run
    }
    #expect(await turnsUntil { printed.lines.count >= 2 }, "settle never returned")
    #expect(printed.lines == ["heard 1 rows", "settled"])
  }

  @Test("JSONLinesTraceWriter: a writer on the root writes the dispatches")
  func jsonLinesWriter() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ck-doc-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (root, container, content) = try contentTree()
    let writer = try JSONLinesTraceWriter(path: path)
    root.install(writer)
    content.post(.itemClicked, 3)
    let records = try TraceRecord.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(records.count == 1)
    withExtendedLifetime(container) {}
  }

  @Test("RemoteNode.request: a detached task asks and prints the answer")
  func remoteRequest() async throws {
    let printed = PrintedLines()
    // Called from a detached task too: the line reaches the main actor in order.
    @Sendable func print(_ items: Any...) {
      let line = PrintedLines.line(items)
      Task { @MainActor in printed.append([line]) }
    }
    let (root, container, content) = try contentTree()
    defer { withExtendedLifetime(container) {} }
    root.respond(to: .channelID) { _, _ in "channel-42" }
    let remote = content.remote
    Task.detached {
      let id = try await remote.request(.channelID, ())
      print(id ?? "no answer")
    }
    #expect(await turnsUntil { !printed.lines.isEmpty }, "the answer never came")
    #expect(printed.lines == ["channel-42"])
  }

  @Test("Node.respondAsync(to:): the responder awaits its answer")
  func asyncRespond() async throws {
    let node = Node("gallery")
    let thumbnails = Thumbnails()
    node.respondAsync(to: .thumbnail) { url in
      await thumbnails.load(url)
    }
    let answer = try await node.remote.request(.thumbnail, "a.png")
    #expect(answer == "thumbnail of a.png")
  }

  @Test("Node.observeActivity: each activity of the node, with its listeners")
  func observeActivity() throws {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let panel = Node("panel")
    panel.on(EventKey<Int>.itemClicked) { _, _ in }
    let token = panel.observeActivity { activity in
      print("\(activity.phase) \(activity.key): \(activity.listenersRun) ran")
    }
    panel.post(.itemClicked, 1)
    token.cancel()
    panel.post(.itemClicked, 2)
    #expect(printed.lines == ["target itemClicked: 1 ran"])
  }

  @Test("TraceLog: a filtered log on the root keeps the matching dispatches")
  func traceLog() throws {
    let (root, container, content) = try contentTree()
    defer { withExtendedLifetime(container) {} }
    let log = TraceLog(capacity: 500, filter: TraceFilter(keys: ["itemClicked"]))
    root.install(log)
    content.post(.itemClicked, 3)
    content.post("other")
    #expect(log.dispatches.map(\.key) == ["itemClicked"])
  }

  @Test("TraceLine: a mount record as one line of a trace")
  func traceLine() {
    let mount = MountRecord(node: "leaf", parent: "root", reason: .mounted)
    let line = TraceLine(time: 1_500, scope: "tests", .record(.mount(mount)))
    #expect(line.time == 1_500)
    #expect(line.scope == "tests")
  }

  @Test("Property.observe: the observer gets the old and the new value")
  func propertyObserve() {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let name = Property("", name: "userName")
    name.observe { old, new in print("\(old) -> \(new)") }
    name.value = "json"  // prints " -> json"
    #expect(printed.lines == [" -> json"])
  }

  @Test("ObservableProperty: Observation hears the property's write")
  func observableProperty() {
    let printed = PrintedLines()
    // Called on the main actor, in the write, but typed @Sendable for onChange.
    @Sendable func print(_ items: Any...) {
      let line = PrintedLines.line(items)
      MainActor.assumeIsolated { printed.append([line]) }
    }
    let name = Property("", name: "userName")
    withObservationTracking {
      print(name.observable.value)
    } onChange: {
      print("changed")
    }
    name.value = "json"  // prints "changed"
    #expect(printed.lines == ["", "changed"])
  }

  @Test("Hook: an observer sees each call's arguments and result (also Bindings)")
  func hook() {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let add = Hook<(Double, Double), Double>(name: "add") { i, j in i + j }
    add.observe { args, sum in print("\(args.0) + \(args.1) = \(sum)") }
    add(3.1, 4.1)  // prints "3.1 + 4.1 = 7.199999999999999"
    #expect(printed.lines == ["3.1 + 4.1 = 7.199999999999999"])
  }

  @Test("BindingMember: b is 100 × a and c, whichever is set (also Bindings)")
  func bindingMember() {
    let a = Property(1, name: "a")
    let b = Property(100, name: "b")
    let c = Property(1, name: "c")
    // b is always 100 × a and c, whichever of them is set.
    bind([
      BindingMember(a),
      BindingMember(b, toMember: { $0 * 100 }, fromMember: { $0 / 100 }),
      BindingMember(c),
    ])
    a.value = 2
    #expect([a.value, b.value, c.value] as [Int] == [2, 200, 2])
    b.value = 300
    #expect([a.value, b.value, c.value] as [Int] == [3, 300, 3])
    c.value = 4
    #expect([a.value, b.value, c.value] as [Int] == [4, 400, 4])
  }
}
