import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainKit

extension EventKey where Payload == Int {
  fileprivate static let again = EventKey("again")
  fileprivate static let beside = EventKey("beside")
}

extension RequestKey where Payload == String, Response == String {
  fileprivate static let whose = RequestKey("whose")
}

/// A tick on a bus.
private struct Tick {}

/// Two runtimes driven side by side share nothing.
///
/// Every node, bus, property and hook holds the runtime it was made in, and reaches no other.
/// Both runtimes here are made fresh, so each test fails if any of them read the main actor's
/// runtime instead of its own (the two would then share it).
@Suite("Two runtimes side by side keep their state apart", .leakChecked)
struct TwoRuntimesTests {
  @Test("a runaway in one runtime leaves the other's door untouched")
  @MainActor
  func runawayStaysInItsRuntime() {
    let one = ChainRuntime()
    let other = ChainRuntime()
    one.limit = 4
    let looping = Node("looping", runtime: one)
    let beside = Node("beside", runtime: other)
    let total = Property(0, name: "total", owner: nil, isEqual: nil, runtime: other)
    let bus = EventBus(name: "other's bus", runtime: other)
    // The depth each of `other`'s callbacks runs at, and the main actor's runtime's meanwhile.
    var depths: [String] = []
    beside.on(.beside) { _, level in
      depths.append("beside \(level): \(other.depth), main \(ChainRuntime.main.depth)")
    }
    total.observe { _, level in depths.append("total \(level): \(other.depth)") }
    let tick = bus.subscribe(Tick.self) { _ in depths.append("tick: \(other.depth)") }
    var besideErrors: [String] = []
    looping.on(.again) { [unowned looping] _, level in
      besideErrors += beside.post(.beside, level).errors.map { "\($0)" }
      total.value = level
      besideErrors += bus.publish(Tick()).errors.map { "\($0)" }
      looping.post(.again, level + 1)
    }

    let outcome = looping.post(.again, 1)

    #expect(
      outcome.errors.compactMap { $0 as? ChainError } == [.nestingTooDeep(key: "again", limit: 4)]
    )
    // `one` admits four levels; every call into `other`, even at `one`'s limit and during its
    // runaway, starts at `other`'s depth 0.
    #expect(
      depths == (1...4).flatMap { ["beside \($0): 1, main 0", "total \($0): 1", "tick: 1"] })
    #expect(besideErrors.isEmpty)
    #expect(other.depth == 0 && !other.runaway && other.refusalCount == 0)
    #expect(one.depth == 0 && !one.runaway && one.refusalCount == 0)
    one.checkInvariants()
    other.checkInvariants()
    tick.cancel()
  }

  @Test("a refusal in one runtime is counted there and reaches no dispatch of the other")
  @MainActor
  func refusalCountStaysInItsRuntime() {
    let one = ChainRuntime()
    let other = ChainRuntime()
    one.limit = 3
    let looping = Node("looping", runtime: one)
    let outer = Node("outer", runtime: other)
    // The refusal counts of both runtimes (and the main one's) at each level of `one` whose
    // nested post came back refused: the deepest, and each enclosing one, which collects it.
    var counts: [String] = []
    looping.on(.again) { [unowned looping] _, level in
      let nested = looping.post(.again, level + 1)
      if !nested.errors.isEmpty {
        counts.append(
          "one \(one.refusalCount), other \(other.refusalCount), main \(ChainRuntime.main.refusalCount)"
        )
      }
    }
    var inner: Outcome?
    outer.on(.beside) { [unowned looping] _, _ in inner = looping.post(.again, 1) }

    let outcome = outer.post(.beside, 0)

    #expect(counts == Array(repeating: "one 1, other 0, main 0", count: 3))
    #expect(
      inner?.errors.compactMap { $0 as? ChainError } == [.nestingTooDeep(key: "again", limit: 3)])
    #expect(
      outcome.errors.isEmpty, "the refusal is `one`'s, not the enclosing dispatch's of `other`")
    #expect(outcome.listenersRun == 1)
    #expect(one.refusalCount == 0 && other.refusalCount == 0)
  }

  @Test("an async responder's handoff is stored and read on its own runtime only")
  @MainActor
  func asyncHandoffStaysInItsRuntime() async throws {
    let one = ChainRuntime()
    let other = ChainRuntime()
    let root = Node("root", runtime: one)
    let leaf = Node("leaf", runtime: one)
    try leaf.mount(at: root)
    let elsewhere = Node("elsewhere", runtime: other)
    var seen: [String] = []
    leaf.respond(to: .whose) { _, _ in
      seen.append(
        "handoff on one \(one.asyncRequestHandoff != nil), other \(other.asyncRequestHandoff != nil), main \(ChainRuntime.main.asyncRequestHandoff != nil)"
      )
      // A synchronous request in `other` while `one`'s walk has its handoff out: `other`'s
      // async responder finds no handoff on its runtime, so it does not answer (both runtimes
      // number their dispatches from 1, so a handoff read across would match this one's id).
      seen.append("other answers \(elsewhere.request(.whose, "sync") ?? "nothing")")
      return nil
    }
    root.respondAsync(to: .whose) { text in "one's answer to \(text)" }
    elsewhere.respondAsync(to: .whose) { text in "other's answer to \(text)" }

    let remote = leaf.remote
    let answer = try await Task.detached { try await remote.request(.whose, "remote") }.value
    let otherRemote = elsewhere.remote
    let otherAnswer = try await Task.detached { try await otherRemote.request(.whose, "remote") }
      .value

    #expect(answer == "one's answer to remote")
    #expect(otherAnswer == "other's answer to remote")
    #expect(seen == ["handoff on one true, other false, main false", "other answers nothing"])
    #expect(one.asyncRequestHandoff == nil && other.asyncRequestHandoff == nil)
  }

  @Test("mounting a node of one runtime at a node of another traps with a message")
  func mountAcrossRuntimesTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let child = Node("child", runtime: ChainRuntime())
        let parent = Node("parent")
        try? child.mount(at: parent)
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "cannot mount 'child' at 'parent': the two nodes belong to different runtimes"),
      "\(output)")
  }

  @Test("binding properties of two runtimes traps with a message")
  func bindingAcrossRuntimesTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let mine = Property(0, name: "mine")
        let theirs = Property(0, name: "theirs", owner: nil, isEqual: nil, runtime: ChainRuntime())
        bind([BindingMember(mine), BindingMember(theirs)]).cancel()
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains("cannot bind 'theirs': the binding's members belong to different runtimes"),
      "\(output)")
  }
}
