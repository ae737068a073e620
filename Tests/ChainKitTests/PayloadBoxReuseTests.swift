import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// A tracer that keeps the dispatch records `keep` accepts (by their order of arrival), reading
/// each one's payload as it arrives, and notes every record's box.
@MainActor
private final class BoxWatcher: Tracer {
  private(set) var kept: [DispatchRecord] = []
  /// The payload of each record as read when it arrived.
  private(set) var payloadsOnArrival: [String] = []
  /// Each record's box, weakly: a box still alive reads the same here when it is refilled.
  private(set) var boxes: [WeakBox] = []
  /// How many values each record's box held when it arrived.
  private(set) var valueCounts: [Int] = []
  private var seen = 0
  private let keep: (Int) -> Bool

  struct WeakBox {
    weak var box: DescriptionBox?
  }

  init(keep: @escaping (Int) -> Bool) {
    self.keep = keep
  }

  func receive(_ record: TraceRecord) {
    guard case .dispatch(let dispatch) = record else { return }
    defer { seen += 1 }
    boxes.append(WeakBox(box: dispatch.storage.box))
    valueCounts.append(dispatch.storage.box?.valueCount ?? 0)
    payloadsOnArrival.append(dispatch.payload)
    guard keep(seen) else { return }
    kept.append(dispatch)
  }

  /// How many records had the box of the record before them.
  var refilled: Int {
    zip(boxes, boxes.dropFirst()).filter { pair in
      guard let earlier = pair.0.box, let later = pair.1.box else { return false }
      return earlier === later
    }.count
  }
}

/// A payload whose instances the test can watch go away.
private final class Watched: CustomStringConvertible {
  let value: Int
  init(_ value: Int) { self.value = value }
  var description: String { "watched \(value)" }
}

/// The payload box of a traced dispatch whose record nobody kept is refilled by the next event of
/// its payload type, if that type holds no references, instead of a new one being allocated:
/// records stay values all the same, and a payload that holds references lives no longer than its
/// records.
@Suite("Payload boxes: refilled when no record holds them", .leakChecked)
@MainActor
struct PayloadBoxReuseTests {
  @Test("the box of a record nobody kept is refilled by the next dispatch of its payload type")
  func droppedRecordsBoxIsRefilled() throws {
    let nodes = try chain("root", "leaf")
    let watcher = BoxWatcher { _ in false }
    nodes[0].install(watcher)
    nodes[1].on(Keys.ping) { _, _ in }
    for value in 0..<4 { nodes[1].post(Keys.ping, value) }
    #expect(watcher.refilled == 3, "each later dispatch made a box of its own")
  }

  @Test("a refilled box holds only its own dispatch's rewrites")
  func refilledBoxHoldsItsOwnRewrites() throws {
    let nodes = try chain("root", "leaf")
    let watcher = BoxWatcher { _ in false }
    nodes[0].install(watcher)
    nodes[0].intercept(Keys.ping) { _, value in value *= 10 }
    nodes[0].on(Keys.ping) { _, _ in }
    for value in 1...3 { nodes[1].post(Keys.ping, value) }
    #expect(watcher.refilled == 2, "each later dispatch made a box of its own")
    // The payload as posted, then the interceptor's before and after.
    #expect(watcher.valueCounts == [3, 3, 3])
  }

  @Test("a kept record's box is not refilled: its payload reads as posted, described or not")
  func keptRecordsBoxIsNotRefilled() throws {
    let nodes = try chain("root", "leaf")
    // Every other record kept, its payload read as it arrives: the text made then must stay.
    let watcher = BoxWatcher { $0.isMultiple(of: 2) }
    nodes[0].install(watcher)
    nodes[1].on(Keys.ping) { _, _ in }
    for value in 0..<6 { nodes[1].post(Keys.ping, value) }
    #expect(watcher.payloadsOnArrival == ["0", "1", "2", "3", "4", "5"])
    #expect(watcher.kept.map(\.payload) == ["0", "2", "4"])
    #expect(watcher.refilled == 2, "the dropped records' boxes were not refilled")
  }

  @Test("a box that kept hops still read is not refilled, though nobody kept their record")
  func boxOfKeptHopsIsNotRefilled() throws {
    let nodes = try chain("root", "leaf")
    // Keeps each record's hops, not the record: a rewritten hop reads its texts from the box.
    final class HopKeeper: Tracer {
      var hops: [[HopRecord]] = []
      func receive(_ record: TraceRecord) {
        if case .dispatch(let dispatch) = record { hops.append(dispatch.hops) }
      }
    }
    let keeper = HopKeeper()
    nodes[0].install(keeper)
    nodes[0].intercept(Keys.ping) { _, value in value *= 10 }
    nodes[0].on(Keys.ping) { _, _ in }
    for value in 1...3 { nodes[1].post(Keys.ping, value) }
    let rewrites = keeper.hops.map { hops in
      hops.compactMap { hop in hop.interceptedFrom.map { "\($0) -> \(hop.interceptedTo ?? "")" } }
    }
    #expect(rewrites == [["1 -> 10"], ["2 -> 20"], ["3 -> 30"]])
  }

  @Test("another payload type gets a box of its own; a payload with references is never kept")
  func otherPayloadTypesGetTheirOwnBox() throws {
    let nodes = try chain("root", "leaf")
    let watcher = BoxWatcher { _ in false }
    nodes[0].install(watcher)
    nodes[1].on(Keys.ping) { _, _ in }
    nodes[1].on(Keys.watched) { _, _ in }
    weak var payload: Watched?
    for value in 0..<3 {
      nodes[1].post(Keys.ping, value)
      let posted = Watched(value)
      payload = posted
      nodes[1].post(Keys.watched, posted)
    }
    #expect(
      watcher.payloadsOnArrival == ["0", "watched 0", "1", "watched 1", "2", "watched 2"])
    // Only a payload with no references waits in a spare box.
    #expect(payload == nil, "a spare box still holds the payload of a record nobody holds")
  }

  @Test("a spare made on another thread is refilled, and its payload read, on the main actor's")
  func spareFromAnotherThread() async {
    // The main actor's jobs need not all run on one thread (on Linux, once the thread pool
    // drains the main queue): a spare's next dispatch may run on another than made it. Each
    // step traps if it fails, so the child's exit says whether all held.
    await #expect(processExitsWith: .success) {
      let box: DescriptionBox = await Task.detached { PayloadBox(0) }.value
      try await PayloadBoxReuseTests.postTracedWithSpare(box)
    }
  }

  /// Posts a traced `Keys.ping` with `box` as the runtime's spare, and checks the record's
  /// payload reads as posted from the refilled box.
  private static func postTracedWithSpare(_ box: DescriptionBox) throws {
    let nodes = try chain("root", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    nodes[0].core.runtime.spareBox = box
    nodes[1].post(Keys.ping, 41)
    let record = log.dispatches.last
    precondition(record?.storage.box === box, "the spare was not refilled")
    precondition(record?.payload == "41", "the refilled payload read \(record?.payload ?? "none")")
  }
}

extension Keys {
  fileprivate static let watched = EventKey<Watched>("box.watched")
}
