import ChainKitTestSupport
import Testing

@testable import ChainKit

extension RequestKey where Payload == String, Response == Int {
  fileprivate static let length = RequestKey("length")
}

extension EventKey where Payload == Int {
  fileprivate static let stored = EventKey("stored")
}

/// Builds root <- leaf; the caller owns both.
@MainActor
private func rootAndLeaf() throws -> (Node, Node) {
  let root = Node("root")
  let leaf = Node("leaf")
  try leaf.mount(at: root)
  return (root, leaf)
}

@MainActor
@Suite("Requests from any actor (rule 41)", .leakChecked)
struct AsyncRequestTests {
  @Test("A remote request from a detached task returns the first answer on the path")
  func remoteRequestReturnsFirstAnswer() async throws {
    let (root, leaf) = try rootAndLeaf()
    var asked: [String] = []
    leaf.respond(to: .length) { _, text in
      asked.append("leaf")
      return nil
    }
    root.respond(to: .length) { _, text in
      asked.append("root")
      return text.count
    }
    root.respond(to: .length) { _, _ in
      asked.append("root second")
      return -1
    }
    let remote = leaf.remote
    let answer = try await Task.detached { try await remote.request(.length, "four") }.value
    #expect(answer == 4)
    #expect(asked == ["leaf", "root"])
  }

  @Test("A remote request nobody answers returns nil")
  func remoteRequestNobodyAnswersReturnsNil() async throws {
    let (_, leaf) = try rootAndLeaf()
    let remote = leaf.remote
    let answer = try await Task.detached { try await remote.request(.length, "x") }.value
    #expect(answer == nil)
  }

  @Test("A remote request to a released node throws nodeReleased")
  func remoteRequestToReleasedNodeThrows() async throws {
    var node: Node? = Node("gone")
    let remote = try #require(node).remote
    node = nil
    await #expect {
      _ = try await Task.detached { try await remote.request(.length, "x") }.value
    } throws: { error in
      guard case RequestError.nodeReleased(let name) = error else { return false }
      return name == "gone"
    }
  }

  @Test("A remote request sees what the asking thread posted before it")
  func remoteRequestSeesEarlierPosts() async throws {
    let (root, leaf) = try rootAndLeaf()
    var stored = 0
    root.on(.stored) { _, value in stored = value }
    root.respond(to: .length) { _, _ in stored }
    let remote = leaf.remote
    let answer = try await Task.detached {
      remote.post(.stored, 7)
      return try await remote.request(.length, "")
    }.value
    #expect(answer == 7)
  }

  @Test("An async responder answers; the responders after it are not called")
  func asyncResponderAnswersAndEndsTheWalk() async throws {
    let (root, leaf) = try rootAndLeaf()
    var asked: [String] = []
    leaf.respond(to: .length) { _, _ in
      asked.append("leaf declines")
      return nil
    }
    root.respondAsync(to: .length) { (text: String) async in
      asked.append("root async")
      await Task.yield()
      return text.count * 10
    }
    root.respond(to: .length) { _, _ in
      asked.append("root after")
      return 1
    }
    let remote = leaf.remote
    let answer = try await Task.detached { try await remote.request(.length, "abc") }.value
    #expect(answer == 30)
    #expect(asked == ["leaf declines", "root async"])
  }

  @Test("A synchronous request passes an async responder by")
  func synchronousRequestPassesAsyncResponderBy() throws {
    let (root, leaf) = try rootAndLeaf()
    leaf.respondAsync(to: .length) { (_: String) async in 99 }
    root.respond(to: .length) { _, text in text.count }
    #expect(leaf.request(.length, "ab") == 2)
    #expect(leaf.requestAll(.length, "ab") == [2])
    // With no synchronous responder behind it, a synchronous request answers nil.
    let alone = Node("alone")
    alone.respondAsync(to: .length) { (_: String) async in 99 }
    #expect(alone.request(.length, "ab") == nil)
    #expect(alone.requestAll(.length, "ab") == [])
  }

  @Test("An async responder's error reaches the asker as responderFailed")
  func asyncResponderErrorReachesAsker() async throws {
    struct Broken: Error {}
    let (_, leaf) = try rootAndLeaf()
    leaf.respondAsync(to: .length) { (_: String) async throws -> Int in throw Broken() }
    let remote = leaf.remote
    await #expect {
      _ = try await Task.detached { try await remote.request(.length, "x") }.value
    } throws: { error in
      guard case RequestError.responderFailed(let key, let node, let thrown) = error else {
        return false
      }
      return key == "length" && node == "leaf" && thrown is Broken
    }
  }

  @Test("Cancelling the asking task cancels the async responder and drops its answer")
  func cancellingTheAskerCancelsTheAnswer() async throws {
    let (_, leaf) = try rootAndLeaf()
    var started = false
    var sawCancellation = false
    leaf.respondAsync(to: .length) { (_: String) async -> Int in
      started = true
      do { try await untilCancelled() } catch { sawCancellation = true }
      return 1
    }
    let remote = leaf.remote
    let asking = Task.detached { () async throws -> Int? in
      try await remote.request(.length, "x")
    }
    #expect(await turnsUntil { started }, "the async responder never started")
    asking.cancel()
    let result = await asking.result
    guard case .failure(let error) = result, error is CancellationError else {
      Issue.record("the request ended with \(result), not CancellationError")
      return
    }
    #expect(await turnsUntil { sawCancellation }, "the responder's task was not cancelled")
  }

  @Test("A request cancelled before it reaches the main actor runs no responder")
  func requestCancelledBeforeReachingMainActorRunsNothing() async throws {
    let (_, leaf) = try rootAndLeaf()
    var asked = 0
    leaf.respond(to: .length) { _, _ in
      asked += 1
      return 1
    }
    let remote = leaf.remote
    let asking = Task.detached { () async throws -> Int? in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await remote.request(.length, "x")
    }
    let result = await asking.result
    await queueReached()
    guard case .failure(let error) = result, error is CancellationError else {
      Issue.record("the request ended with \(result), not CancellationError")
      return
    }
    #expect(asked == 0)
  }

  @Test("A cancelled request is caught by catch is CancellationError")
  func cancelledRequestIsCaughtAsCancellationError() async throws {
    let (_, leaf) = try rootAndLeaf()
    var started = false
    leaf.respondAsync(to: .length) { (_: String) async throws -> Int in
      started = true
      try await untilCancelled()
      return 1
    }
    let remote = leaf.remote
    let asking = Task.detached { () -> String in
      do {
        let answer = try await remote.request(.length, "x")
        return "answered \(String(describing: answer))"
      } catch is CancellationError {
        return "cancelled"
      } catch {
        return "other error: \(error)"
      }
    }
    #expect(await turnsUntil { started }, "the async responder never started")
    asking.cancel()
    #expect(await asking.value == "cancelled")
  }

  /// An object for target-bound responders.
  final class Answerer {
    let prefix: Int
    init(prefix: Int) { self.prefix = prefix }
  }

  @Test("A target-bound async responder answers for its target and goes with it")
  func targetBoundAsyncResponderGoesWithItsTarget() async throws {
    let (root, leaf) = try rootAndLeaf()
    var answerer: Answerer? = Answerer(prefix: 100)
    let token = root.respondAsync(to: .length, target: try #require(answerer)) { answerer, text in
      answerer.prefix + text.count
    }
    let remote = leaf.remote
    #expect(try await remote.request(.length, "four") == 104)
    answerer = nil
    #expect(!token.isActive)
    #expect(try await remote.request(.length, "four") == nil)
  }
}
