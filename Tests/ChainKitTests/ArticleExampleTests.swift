import ChainKit
import ChainKitTestSupport
import ChainKitTracing
import Foundation
import Observation
import Testing

// The examples of the ChainKit articles, each copied line for line into a test that runs it and
// checks what it prints (DocExampleCoverageTests holds the copies to the articles). A test gives
// `print` a local shadow that collects the lines. The examples that declare things at file
// scope are in ChainKitArticleExample.swift and ConcurrencyArticleExample.swift; the stream
// examples are in StreamDocExampleTests.

extension EventKey where Payload == [String] {
  fileprivate static let rowsLoaded = EventKey("rowsLoaded")
}

/// A progress event, for the owner-bound subscription example.
private struct ProgressUpdated { var progress: Double }

/// The bus's owner-bound example: a controller that keeps the progress it hears.
@MainActor
private final class ProgressController {
  var progress = 0.0

  func listen(to bus: EventBus) {
    bus.subscribe(ProgressUpdated.self, owner: self) { controller, event in
      controller.progress = event.progress
    }
  }
}

/// A progress bar, as the bus's first example sets it.
@MainActor
private final class ProgressView {
  var progress = 0.0
}

private struct Tick { var count: Int }
private struct Location: Equatable { var latitude: Double }

/// The producer example's tracker.
@MainActor
private final class Tracker {
  var lastLocation: Location? = Location(latitude: 52.5)
}

/// The user model of the Observation example.
@Observable
@MainActor
private final class Profile {
  var name = ""
}

/// A row view that owns its node, as in the Tracing article.
@MainActor
private final class RowView {
  let node = Node("row")
  var lines: [String] = []
  func log(_ line: String) { lines.append(line) }
}

/// The rows Threading's example fetches.
private func fetchRows() async throws -> [String] { ["row 1"] }

@MainActor
@Suite("The ChainKit articles' examples, run as written")
struct ArticleExampleTests {
  @Test("ChainKit: the interceptor rewrites the click, the root hears it, the outcome says ran 1")
  func landingPage() throws {
    chainKitArticlePrinted = []
    try demo()
    #expect(chainKitArticlePrinted == ["root heard item 103 from cell", "ran 1"])
  }

  @Test("Concurrency: an async responder answers a remote request")
  func concurrencyRequest() async throws {
    let store = Node("store")
    let list = Node("list")
    try list.mount(at: store)
    serveRowCounts(store: store)
    #expect(await askRowCount(of: list.remote) == 4)
    let orphan = Node("orphan")
    #expect(await askRowCount(of: orphan.remote) == nil)
    withExtendedLifetime(orphan) {}
  }

  @Test("Concurrency: a remote request to a released node prints why there is no answer")
  func concurrencyRequestNoAnswer() async {
    // The node goes at the end of this line: nothing holds it.
    let remote = Node("released").remote
    #expect(await askRowCount(of: remote) == nil)
    #expect(
      await turnsUntil { !concurrencyArticlePrinted.lines.isEmpty }, "askRowCount printed nothing")
    #expect(
      concurrencyArticlePrinted.lines == [
        "no answer: node released was released before the request reached it"
      ])
  }

  @Test("Bindings: a two-way binding keeps the profile in step with the account")
  func twoWayBinding() {
    @MainActor final class Account {
      lazy var name = Property("", name: "Account.name", owner: self)
    }

    let account = Account()
    let profile = Property("", name: "profile")
    bind([account.name, profile])  // two-way
    account.name.value = "json"  // profile.value == "json"
    #expect(profile.value == "json")
    profile.value = "kim"
    #expect(account.name.value == "kim")
  }

  @Test("Bindings: Observations keep a property and an @Observable model equal both ways")
  func observationsBothWays() async {
    let profile = Profile()
    let userName = Property("", name: "userName")
    let toProperty = Task {
      for await name in Observations({ profile.name }) { userName.value = name }
    }
    let toModel = Task {
      for await name in Observations({ userName.observable.value }) { profile.name = name }
    }
    profile.name = "json"
    #expect(await turnsUntil { userName.value == "json" }, "the property never heard the model")
    userName.value = "kim"
    #expect(await turnsUntil { profile.name == "kim" }, "the model never heard the property")
    toProperty.cancel()
    toModel.cancel()
    await toProperty.value
    await toModel.value
    #expect(profile.name == "kim" && userName.value == "kim")
  }

  @Test("Sharing data: the photo reads the value its ancestor shares, and hears it")
  func sharingData() throws {
    let postItem = Node("postItem")
    let photo = Node("photo")
    try photo.mount(at: postItem)
    var rendered: [String] = []
    func render(_ text: String) { rendered.append(text) }
    postItem.share("Liked", for: .photoText)
    let text = photo.value(for: .photoText)  // "Liked"
    photo.subscribe(.photoText) { text in render(text ?? "") }
    #expect(text == "Liked")
    postItem.share("Saved", for: .photoText)
    #expect(rendered == ["Liked", "Saved"])
  }

  @Test("Threading: a detached task posts through the remote handle")
  func threading() async throws {
    let list = Node("list")
    var heard: [[String]] = []
    list.on(.rowsLoaded) { _, rows in heard.append(rows) }
    let remote = list.remote
    Task.detached {
      let rows = try await fetchRows()
      remote.post(.rowsLoaded, rows)  // rows is sent: Sendable, or not touched again
    }
    #expect(await turnsUntil { !heard.isEmpty }, "the rows never arrived")
    #expect(heard == [["row 1"]])
  }

  @Test("Event bus: a subscriber of the shared bus hears the published progress")
  func busSubscribe() {
    let progressView = ProgressView()
    struct ProgressUpdated { var progress: Double }

    let token = EventBus.default.subscribe(ProgressUpdated.self) { event in
      progressView.progress = event.progress
    }
    EventBus.default.publish(ProgressUpdated(progress: 0.5))
    token.cancel()
    #expect(progressView.progress == 0.5)
  }

  @Test("Event bus: an owner-bound subscriber is handed its owner")
  func busOwner() {
    let bus = EventBus(name: "progress")
    var controller: ProgressController? = ProgressController()
    controller?.listen(to: bus)
    bus.publish(ProgressUpdated(progress: 0.25))
    #expect(controller?.progress == 0.25)
    controller = nil
    #expect(bus.publish(ProgressUpdated(progress: 1)).listenersRun == 0)
  }

  @Test("Event bus: a subscriber cancels itself at the third tick")
  func busSelfCancel() {
    let bus = EventBus(name: "ticks")
    bus.subscribe(Tick.self) { tick, subscription in
      if tick.count == 3 { subscription.cancel() }
    }
    let ran = (1...4).map { bus.publish(Tick(count: $0)).listenersRun }
    #expect(ran == [1, 1, 1, 0])
  }

  @Test("Event bus: a producer hands a new subscriber the tracker's location")
  func busProducer() {
    let bus = EventBus(name: "locations")
    let tracker = Tracker()
    bus.produce(Location.self, owner: tracker) { tracker in tracker.lastLocation }
    var heard: [Location] = []
    let subscription = bus.subscribe(Location.self) { heard.append($0) }
    #expect(heard == [Location(latitude: 52.5)])
    subscription.cancel()
  }

  @Test("Tracing: a log on the root shows the click's path")
  func traceLogPath() throws {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let root = Node("root")
    let container = Node("container")
    let content = Node("content")
    try container.mount(at: root)
    try content.mount(at: container)
    let log = TraceLog(capacity: 1_000)
    let token = root.install(log)
    content.post(.itemClicked, 3)
    print(log.dispatches.last?.hops.map(\.node) ?? [])  // ["content", "container", "root"]
    token.cancel()  // uninstalls
    content.post(.itemClicked, 4)
    #expect(printed.lines == [#"["content", "container", "root"]"#])
    #expect(log.dispatches.count == 1)
  }

  @Test("Tracing: a filter by key and by node")
  func traceFilter() throws {
    let root = Node("root")
    let list = Node("list")
    let other = Node("other")
    try list.mount(at: root)
    try other.mount(at: root)
    let log = TraceLog(filter: TraceFilter(keys: ["itemClicked"], nodes: ["list"]))
    root.install(log)
    list.post(.itemClicked, 1)
    other.post(.itemClicked, 2)
    list.post("scrolled")
    #expect(log.dispatches.map(\.origin) == ["list"])
  }

  @Test("Tracing: a JSON Lines file, read back")
  func jsonLines() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ck-article-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let root = Node("root")
    let list = Node("list")
    try list.mount(at: root)
    let writer = try JSONLinesTraceWriter(path: path, filter: TraceFilter(nodes: ["list"]))
    root.install(writer)
    list.post(.itemClicked, 3)
    // later, elsewhere:
    let records = try TraceRecord.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(
      records.contains {
        if case .dispatch(let record) = $0 { record.origin == "list" } else { false }
      })
  }

  @Test("Tracing: a stream to a socket starts with its session line")
  func traceStream() throws {
    let listener = try TestSocketListener()
    let socketPath = listener.path
    let root = Node("root")
    root.install(try TraceStream(to: .socket(socketPath)))
    // or: CHAINKIT_TRACE=/tmp/chain.sock, with
    TraceStream.installFromEnvironment(on: root, buses: [.default])
    root.post("ping")
    #expect(listener.accept(), "the stream never connected")
    let lines = listener.readLines(1)
    #expect(lines.first?.contains(#""kind":"session""#) == true, "\(lines)")
  }

  @Test("TraceStream.settle: the records accepted are written before the stream closes")
  func traceStreamSettle() async throws {
    let listener = try TestSocketListener()
    let root = Node("root")
    let stream = try TraceStream(to: .socket(listener.path))
    root.install(stream)
    root.post("ping")
    await stream.settle()
    stream.close()
    #expect(listener.accept(), "the stream never connected")
    #expect(listener.readLines(2).count == 2)
  }

  @Test("Tracing: a row observes its own node")
  func observeRow() throws {
    let list = Node("list")
    let row = RowView()
    try row.node.mount(at: list)
    row.node.on(EventKey<Int>.itemClicked) { _, _ in }
    let token = row.node.observeActivity { [weak row] activity in
      row?.log("\(activity.phase) \(activity.key): \(activity.listenersRun) ran")
    }
    row.node.post(.itemClicked, 1)
    token.cancel()
    #expect(row.lines == ["target itemClicked: 1 ran"])
  }
}
