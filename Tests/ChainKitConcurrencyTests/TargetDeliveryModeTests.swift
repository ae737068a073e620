import ChainKit
import ChainKitTestSupport
import Foundation
import Testing

extension EventKey where Payload == Int {
  fileprivate static let itemClicked = EventKey("itemClicked")
  fileprivate static let drained = EventKey("drained")
}

/// Returns once every next-turn call queued before it has run.
@MainActor
private func nextTurnDrained() async {
  let probe = Node("probe")
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    probe.on(.drained, delivery: .nextTurn) { _ in continuation.resume() }
    probe.post(.drained, 0)
  }
}

/// A list screen whose clicks open an item on the next turn (the doc's example).
@MainActor
private final class ListScreen {
  let node = Node("list")
  private(set) var opened: [Int] = []

  func open(_ index: Int) { opened.append(index) }

  func listen() {
    node.on(.itemClicked, target: self, delivery: .nextTurn) { me, event in
      me.open(event.payload)
    }
  }
}

/// A background target: an actor, so it may be handed to a listener off the main actor.
private actor Recorder {
  private var seen: [Int] = []
  private let sink: AsyncStream<(Int, Bool)>.Continuation

  init(_ sink: AsyncStream<(Int, Bool)>.Continuation) { self.sink = sink }

  func record(_ value: Int) {
    seen.append(value)
    sink.yield((value, Thread.isMainThread))
  }
}

@MainActor
@Suite("Delivery modes on target-bound listeners")
struct TargetDeliveryModeTests {
  @Test("rule 25: a target-bound next-turn listener runs after the post returns, handed its target")
  func nextTurnTargetListenerIsHandedItsTarget() async {
    let screen = ListScreen()
    screen.listen()
    screen.node.post(.itemClicked, 3)
    #expect(screen.opened == [], "ran during the post")
    await nextTurnDrained()
    #expect(screen.opened == [3])
  }

  @Test("rule 25: a target gone before the next turn: its queued call does not run, it is removed")
  func nextTurnTargetGoneBeforeTheTurn() async {
    let node = Node("node")
    var screen: ListScreen? = ListScreen()
    weak let released = screen
    var opened: [Int] = []
    let token = node.on(.itemClicked, target: screen ?? ListScreen(), delivery: .nextTurn) {
      _, event in
      opened.append(event.payload)
    }
    node.post(.itemClicked, 1)
    screen = nil
    #expect(released == nil, "the listener kept its target alive")
    await nextTurnDrained()
    node.post(.itemClicked, 2)
    await nextTurnDrained()
    #expect(opened == [])
    #expect(!token.isActive)
    #expect(node.registrationCount == 0)
  }

  @Test("rule 25: a target-bound background listener runs off the main actor, in order")
  func backgroundTargetListenerRunsOffMainInOrder() async {
    let node = Node("node")
    let (calls, sink) = AsyncStream.makeStream(of: (Int, Bool).self)
    let recorder = Recorder(sink)
    let token = node.on(.itemClicked, target: recorder, delivery: .background) { recorder, event in
      await recorder.record(event.payload)
    }
    for value in 0..<100 { node.post(.itemClicked, value) }
    let taken = await take(100, from: calls)
    token.cancel()
    #expect(taken.map(\.0) == Array(0..<100))
    #expect(taken.filter(\.1).isEmpty)
  }

  @Test("rule 25: a background listener's target gone: the listener is removed at the next event")
  func backgroundTargetGone() async {
    let node = Node("node")
    let (_, sink) = AsyncStream.makeStream(of: (Int, Bool).self)
    var recorder: Recorder? = Recorder(sink)
    weak let released = recorder
    let token = node.on(
      .itemClicked, target: recorder ?? Recorder(sink), delivery: .background
    ) { recorder, event in
      await recorder.record(event.payload)
    }
    recorder = nil
    #expect(released == nil, "the listener kept its target alive")
    let outcome = node.post(.itemClicked, 1)
    #expect(outcome.listenersRun == 0)
    #expect(!token.isActive)
    #expect(node.registrationCount == 0)
  }

  @Test("rule 22: one listener per target, key and phase: next-turn replaces immediate")
  func targetListenerReplacedAcrossDeliveryModes() async {
    let node = Node("node")
    let screen = ListScreen()
    var log: [String] = []
    let immediate = node.on(.itemClicked, target: screen) { _, _, value in
      log.append("now:\(value)")
    }
    node.on(.itemClicked, target: screen, delivery: .nextTurn) { _, event in
      log.append("later:\(event.payload)")
    }
    node.post(.itemClicked, 1)
    await nextTurnDrained()
    #expect(!immediate.isActive)
    #expect(log == ["later:1"])
    #expect(node.registrationCount == 1)
  }

  @Test("rule 25: a named next-turn listener bound to a target runs after the post, handed it")
  func namedNextTurnTargetListener() async {
    let screen = ListScreen()
    let token = screen.node.on("rowOpened", target: screen, delivery: .nextTurn) { me, event in
      me.open(event.payload["index", as: Int.self] ?? -1)
    }
    screen.node.post("rowOpened", ["index": 4])
    #expect(screen.opened == [], "ran during the post")
    await nextTurnDrained()
    #expect(screen.opened == [4])
    token.cancel()
  }

  @Test("rule 25: a named background listener bound to a target runs off the main actor")
  func namedBackgroundTargetListener() async {
    let node = Node("node")
    let (calls, sink) = AsyncStream.makeStream(of: (Int, Bool).self)
    let recorder = Recorder(sink)
    let token = node.on("rowOpened", target: recorder, delivery: .background) { recorder, event in
      await recorder.record(event.payload["index", as: Int.self] ?? -1)
    }
    node.post("rowOpened", ["index": 5])
    let taken = await take(1, from: calls)
    token.cancel()
    #expect(taken.map(\.0) == [5])
    #expect(taken.filter(\.1).isEmpty)
  }

  @Test("rule 22: a named listener bound to a target replaces the target's immediate one")
  func namedTargetListenerReplacesAcrossModes() async {
    let node = Node("node")
    let screen = ListScreen()
    var log: [String] = []
    let immediate = node.on("rowOpened", target: screen) { _, _, _ in log.append("now") }
    let later = node.on("rowOpened", target: screen, delivery: .nextTurn) { _, _ in
      log.append("later")
    }
    node.post("rowOpened")
    await nextTurnDrained()
    #expect(!immediate.isActive)
    #expect(log == ["later"])
    #expect(node.registrationCount == 1)
    later.cancel()
  }
}
