import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// A tracer that keeps the dispatch records `keep` accepts (by their order of arrival) and
/// drops the others, so the recorder refills the storage of each dropped one.
@MainActor
private final class Keeper: Tracer {
  private(set) var kept: [DispatchRecord] = []
  /// A copy of each kept record made from its values when it arrived, sharing no storage.
  private(set) var snapshots: [DispatchRecord] = []
  private var seen = 0
  private let keep: (Int) -> Bool

  init(keep: @escaping (Int) -> Bool) {
    self.keep = keep
  }

  func receive(_ record: TraceRecord) {
    guard case .dispatch(let dispatch) = record else { return }
    defer { seen += 1 }
    guard keep(seen) else { return }
    kept.append(dispatch)
    snapshots.append(
      DispatchRecord(
        id: dispatch.id, parent: dispatch.parent, kind: dispatch.kind, key: dispatch.key,
        payload: dispatch.payload, origin: dispatch.origin, path: dispatch.path,
        hops: dispatch.hops, listenersRun: dispatch.listenersRun, stopped: dispatch.stopped,
        prevented: dispatch.prevented, answeredBy: dispatch.answeredBy, errors: dispatch.errors,
        elapsedNanoseconds: dispatch.elapsedNanoseconds))
  }
}

/// A payload whose instances the test can watch go away.
private final class Watched: CustomStringConvertible {
  let value: Int
  init(_ value: Int) { self.value = value }
  var description: String { "watched \(value)" }
}

private struct Thrown: Error, CustomStringConvertible {
  var description: String { "thrown" }
}

/// A dispatch record holds one reference to its fields' storage, which the recorder fills again
/// in place when nobody kept its last record: records stay values all the same.
@Suite("Dispatch record storage: reused when dropped, never changed when kept", .leakChecked)
@MainActor
struct DispatchRecordStorageTests {
  @Test("a kept record is unchanged after later traced posts refill the recorder's storage")
  func keptRecordsNeverChange() throws {
    let nodes = try chain("root", "mid", "leaf")
    // Every third record kept: the two dropped between them let the recorder refill storage.
    let keeper = Keeper { $0.isMultiple(of: 3) }
    nodes[0].install(keeper)
    nodes[0].on(Keys.ping) { _, _ in }
    nodes[1].on(Keys.ping) { ctx, value in
      if value.isMultiple(of: 4) { throw Thrown() }
      if value.isMultiple(of: 2) { ctx.stopPropagation() }
    }
    nodes[2].on(Keys.ping) { _, _ in }
    for value in 0..<12 { nodes[2].post(Keys.ping, value) }
    #expect(keeper.kept.count == 4)
    #expect(keeper.kept == keeper.snapshots)
    // Each field on its own, so a difference names the field.
    for (kept, snapshot) in zip(keeper.kept, keeper.snapshots) {
      #expect(kept.id == snapshot.id)
      #expect(kept.payload == snapshot.payload)
      #expect(kept.path == snapshot.path)
      #expect(kept.hops == snapshot.hops)
      #expect(kept.errors == snapshot.errors)
      #expect(kept.stopped == snapshot.stopped)
      #expect(kept.listenersRun == snapshot.listenersRun)
    }
    #expect(keeper.kept.map(\.payload) == ["0", "3", "6", "9"])
    #expect(Set(keeper.kept.map { ObjectIdentifier($0.storage) }).count == 4)
  }

  @Test("records kept while a tracer posts, and rewritten by interceptors, stay as they arrived")
  func keptRecordsOfTracerPostsNeverChange() throws {
    let nodes = try chain("root", "mid", "leaf")
    // Each post's record arrives first, then the record of the post its tracer makes: the
    // nested ones are kept, made while the recorder was free again during the outer hand-on.
    let keeper = Keeper { !$0.isMultiple(of: 2) }
    nodes[0].install(keeper)
    // A tracer that posts while its record is handed on: the recorder is free again by then,
    // and its nested dispatch records while the outer record's storage is still in use.
    final class Poster: Tracer {
      var post: () -> Void = {}
      var posting = false
      func receive(_ record: TraceRecord) {
        guard !posting else { return }
        posting = true
        post()
        posting = false
      }
    }
    let poster = Poster()
    poster.post = { [weak mid = nodes[1]] in mid?.post(Keys.ping, -1) }
    nodes[0].install(poster)
    nodes[1].intercept(Keys.ping) { _, value in value *= 10 }
    nodes[0].on(Keys.ping) { _, _ in }
    nodes[2].on(Keys.ping) { _, _ in }
    for value in 1...4 { nodes[2].post(Keys.ping, value) }
    #expect(keeper.kept.count == 4)
    #expect(keeper.kept == keeper.snapshots)
    let rewrites = keeper.kept.flatMap { $0.hops.compactMap(\.interceptedTo) }
    #expect(!rewrites.isEmpty)
    #expect(keeper.kept.map(\.payload) == ["-1", "-1", "-1", "-1"])
  }

  @Test("the recorder refills the storage of a record nobody kept, holding no payload between")
  func droppedRecordsStorageIsReused() throws {
    let nodes = try chain("root", "leaf")
    // Held weakly, so the test does not keep the storage from being refilled; freed storage
    // reads nil here even if new storage is allocated at its address.
    weak var first: DispatchRecordStorage?
    var seen = 0
    var refilled = 0
    final class Watcher: Tracer {
      var seen: (DispatchRecord) -> Void = { _ in }
      func receive(_ record: TraceRecord) {
        if case .dispatch(let dispatch) = record { seen(dispatch) }
      }
    }
    let watcher = Watcher()
    watcher.seen = { record in
      if seen == 0 {
        first = record.storage
      } else if record.storage === first {
        refilled += 1
      }
      seen += 1
    }
    nodes[0].install(watcher)
    nodes[1].on(Keys.watched) { _, _ in }
    weak var payload: Watched?
    for value in 0..<3 {
      let posted = Watched(value)
      payload = posted
      nodes[1].post(Keys.watched, posted)
    }
    // The payload lives no longer than its record: the spare storage does not hold it.
    #expect(payload == nil)
    #expect(seen == 3)
    #expect(refilled == 2, "the later records got new storage")
  }

  @Test("a record changed by its holder gets storage of its own; other copies keep theirs")
  func copiesChangeAlone() throws {
    let nodes = try chain("root", "leaf")
    let keeper = Keeper { _ in true }
    nodes[0].install(keeper)
    nodes[1].on(Keys.ping) { _, _ in }
    nodes[1].post(Keys.ping, 7)
    let original = try #require(keeper.kept.first)
    var changed = original
    changed.key = "renamed"
    changed.path = ["elsewhere"]
    changed.payload = "rewritten"
    #expect(original.key == "ping")
    #expect(original.path == ["leaf", "root"])
    #expect(original.origin == "leaf")
    #expect(original.payload == "7")
    #expect(changed.origin == "leaf", "the origin was named from the path it had")
    #expect(changed.hops.map(\.node) == original.hops.map(\.node))
    #expect(original == keeper.snapshots[0])
    #expect(changed != original)
  }

  @Test("a record detached for another thread shares no storage and no payload box with it")
  func detachedRecordsShareNothing() throws {
    let nodes = try chain("root", "mid", "leaf")
    // Kept detached, as a trace stream hands records to its writer thread.
    final class Detacher: Tracer {
      var originals: [DispatchRecord] = []
      var detached: [TraceRecord] = []
      func receive(_ record: TraceRecord) {
        guard case .dispatch(let dispatch) = record else { return }
        originals.append(dispatch)
        detached.append(record.detached())
      }
    }
    let detacher = Detacher()
    nodes[0].install(detacher)
    nodes[1].intercept(Keys.ping) { _, value in value *= 10 }
    nodes[0].on(Keys.ping) { _, _ in }
    nodes[2].post(Keys.ping, 3)
    nodes[2].post(Keys.ping, 4)
    try #require(detacher.detached.count == 2)
    for (original, record) in zip(detacher.originals, detacher.detached) {
      guard case .dispatch(let detached) = record else {
        Issue.record("a dispatch record detached into another kind")
        continue
      }
      #expect(detached.storage !== original.storage)
      #expect(detached.storage.box == nil, "the payload box is the recorder's to refill")
      #expect(detached.storage.kept.isEmpty)
      let texts = detached.hops.flatMap { [$0.interceptedFromText, $0.interceptedToText] }
      #expect(texts.allSatisfy { $0?.box == nil }, "a hop's text reads from the box")
      #expect(detached == original)
    }
    #expect(
      detacher.detached.map { $0.nodeNames } == [
        ["leaf", "mid", "root"], ["leaf", "mid", "root"],
      ])
  }

  @Test("storage whose kept hop names an extra it does not have is caught by the next write")
  func invariantCatchesAMissingExtra() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let storage = DispatchRecordStorage()
      var hop = RecordedHop(phase: .target, position: 0)
      hop.extra = 3
      storage.kept = [hop]
      var record = DispatchRecord(storage: storage)
      record.path = ["root"]
    }
    StorageInvariantTests.expectMessage("a kept hop's extra is missing", in: result)
  }
}

extension Keys {
  fileprivate static let watched = EventKey<Watched>("watched")
}
