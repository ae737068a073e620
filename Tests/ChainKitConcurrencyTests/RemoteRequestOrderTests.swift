import Foundation
import Synchronization
import Testing

@testable import ChainKit

extension EventKey where Payload == Int {
  fileprivate static let gate = EventKey("requestOrder.gate")
  fileprivate static let loaded = EventKey("requestOrder.loaded")
}

extension RequestKey where Payload == Void, Response == Int {
  fileprivate static let loadedCount = RequestKey("requestOrder.loadedCount")
}

/// What the gate's listener and the asking task tell each other.
private final class Signals: Sendable {
  let gateRunning = Atomic<Bool>(false)
  let posted = Atomic<Bool>(false)
}

/// The asker's side of one round.
///
/// Posts the gate, waits until its listener holds the main actor, posts five more and asks how
/// many arrived. Returns whether the gate's listener started, and the answer.
private func postThenAsk(
  _ remote: RemoteNode, _ signals: Signals, round: Int
) async throws -> (Bool, Int?) {
  remote.post(.gate, round)
  let started = await turns { signals.gateRunning.load(ordering: .acquiring) }
  for value in 0..<5 { remote.post(.loaded, value) }
  signals.posted.store(true, ordering: .releasing)
  return (started, try await remote.request(.loadedCount))
}

@MainActor
@Suite("A remote request keeps its place behind the asker's posts")
struct RemoteRequestOrderTests {
  /// A remote request joins the queue the asker's posts are in, behind them: it must not reach
  /// the main actor, or be walked there, before them.
  ///
  /// The posts and the request reach the queue while the main actor is held by a listener of an
  /// earlier post, so they wait there together: a request that jumped the queue (or ran on its
  /// own path into the main actor, ahead of the queue's drain) would answer before the posts
  /// were delivered. Several rounds, since the request joins the queue just after the listener
  /// is told to let go.
  @Test("a request from a detached task answers after every post that task made before it")
  func requestDoesNotOvertakeEarlierPosts() async throws {
    let node = Node("list")
    let signals = Signals()
    var loaded = 0
    var gateHeld = true
    node.on(.gate) { _, _ in
      signals.gateRunning.store(true, ordering: .releasing)
      gateHeld = spin { signals.posted.load(ordering: .acquiring) }
      // The asker calls `request` right after it set `posted`: let that call reach the queue.
      for _ in 0..<200 { usleep(100) }
    }
    node.on(.loaded) { _, _ in loaded += 1 }
    node.respond(to: .loadedCount) { _, _ in loaded }
    let remote = node.remote
    for round in 0..<5 {
      loaded = 0
      signals.gateRunning.store(false, ordering: .releasing)
      signals.posted.store(false, ordering: .releasing)
      let (started, answer) = try await Task.detached {
        try await postThenAsk(remote, signals, round: round)
      }.value
      #expect(started, "round \(round): the gate's listener never ran")
      #expect(gateHeld, "round \(round): the gate's listener never saw the posts made")
      #expect(
        answer == 5,
        "round \(round): the request answered \(answer.map(String.init) ?? "nil") before the 5 posts made before it were delivered"
      )
    }
  }
}
