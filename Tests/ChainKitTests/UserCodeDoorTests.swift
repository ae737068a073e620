import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// Every place where ChainKit calls user code, and the proof that each enters the
/// ``ReentryGuard`` (rule 14).
///
/// Two tables, of one case per path, named after it:
///
/// - `entersTheDoor`: the path's closure notes the guard's depth when it is called; every note
///   must be above 0, so what the closure starts nests inside it.
/// - `reenteringStopsAtTheLimit`: the closure triggers its own path again, and must stop well
///   below a cap of six times the limit (a path the limit does not reach would run to the cap,
///   or overflow the stack without it). Paths whose user code runs in a later main-actor job
///   are left out: re-triggered, they run again in a new job, which costs no stack.
///
/// The paths, by the source that calls the user's closure (Sources/ChainKit/…):
///
/// - `listener`, `captureListener`, `interceptor` (Dispatch/KeyedRegistrations+Visit.swift and,
///   along a plan, Dispatch/DispatchPlan+Run.swift) and `responder`
///   (Requests/NodeCore+Request.swift): inside the dispatch or request walk, which is admitted
///   and entered in Dispatch/NodeCore+Dispatch.swift and Requests/NodeCore+Request.swift.
/// - `nextTurnListener` (Delivery/NextTurnQueue.swift): each queued call is entered as a
///   top-level operation.
/// - `remotePost` and `busEnqueueFromAnyThread` (Delivery/RemotePostQueue.swift): the drain
///   dispatches or publishes, so the listener or subscriber runs inside that operation.
/// - `busSubscriber` (Bus/EventBus+Publish.swift `deliver`), `busSubscriberFirstValue`
///   (Bus/EventBus+Subscribe.swift `add`), `busProducerFirstDelivery` (Bus/EventBus+Produce.swift
///   `register`, through `deliver`), `busProducerValue` (the producer's closure, asked for its
///   value in `add` and `register` through `ReentryGuard.nested`).
/// - `busTracer`, `busTracerDeadEvent`, `busTracerProducerChange` (Bus/EventBus+Trace.swift,
///   through `Trace.emit`; a publish nobody hears is admitted first).
/// - `dataSubscriberOnShare`, `dataSubscriberOnRemoval`, `dataSubscriberOnMount`
///   (Data/NodeCore+DataDelivery.swift `deliver`, for shares, removals and re-resolution) and
///   `dataSubscriberFirstValue` (`deliverFirst`).
/// - `nodeTracerDispatch` (Tracing/DispatchRecorder.swift), `nodeTracerShare`
///   (Data/Node+Share.swift), `nodeTracerMount`, `nodeTracerUnmount` (Tree/Node+Mount.swift) and
///   `nodeTracerRelease` (Tree/Node.swift), all through `Trace.emit` (structural records through
///   `Trace.emitChange`, which admits first); `traceWriterOnError` (JSONLinesTraceWriter's
///   `onError`, called from its `receive`).
/// - `activityObserver` (Tracing/ActivityObserver.swift): run at the depth of the dispatch that
///   caused the activity (`ReentryGuard.runNested`).
/// - `propertyObserver` (Bindings/Property.swift `notify`), `hookObserver` and
///   `hookPostPayload` (Bindings/Hook.swift `notify`), `bindingTransform` and `boundHookBody`
///   (Bindings/BindingGroup.swift `propagate`), `bindingFirstTransform` (`start`, through
///   `ReentryGuard.nested`), `bindingTracer` (`BindingGroup.trace`, through `Trace.emit`).
///
/// Not in the table, because ChainKit does not call them on its own: a hook's function when the
/// program calls the hook (`call`, `callSilently`: the program's own call), the writer's
/// `onError` from `flush()` (the program's own call), payload descriptions
/// (`CustomStringConvertible`, read when a record is read), and background listeners
/// (`delivery: .background`), which run off the main actor where the guard does not apply;
/// what they post back comes through `remotePost`.
@MainActor
@Suite("Every call of user code enters the re-entrancy door (rule 14)", .leakChecked)
struct UserCodeDoorTests {
  enum Path: String, CaseIterable, CustomTestStringConvertible {
    case listener, captureListener, interceptor, responder, nextTurnListener, remotePost
    case busSubscriber, busSubscriberFirstValue, busProducerValue, busProducerFirstDelivery
    case busTracer, busTracerDeadEvent, busTracerProducerChange, busEnqueueFromAnyThread
    case dataSubscriberOnShare, dataSubscriberOnRemoval, dataSubscriberOnMount
    case dataSubscriberFirstValue
    case nodeTracerDispatch, nodeTracerShare, nodeTracerMount, nodeTracerUnmount
    case nodeTracerRelease, traceWriterOnError, activityObserver
    case propertyObserver, hookObserver, hookPostPayload, bindingTransform, boundHookBody
    case bindingFirstTransform, bindingTracer

    var testDescription: String { rawValue }

    /// Whether the user code runs in a later main-actor job: re-triggered, it runs again in
    /// another job, a new top-level operation, which costs no stack.
    var isDeferred: Bool {
      [.nextTurnListener, .remotePost, .busEnqueueFromAnyThread].contains(self)
    }
  }

  struct Ping: Sendable { var value = 0 }
  struct Unheard {}
  static let count = DataKey<Int>("count")

  /// Notes the guard's depth each time user code runs; when re-entering, runs the path's
  /// trigger again from inside the user code, up to `cap` times.
  @MainActor
  final class Probe {
    /// Far above any runaway the limit lets through, far below a stack overflow.
    static let cap = 6 * ReentryGuard.defaultNestingLimit
    let reentering: Bool
    var depths: [Int] = []
    var again: (() -> Void)?
    init(reentering: Bool = false) { self.reentering = reentering }
    func note() {
      depths.append(ChainRuntime.main.depth)
      if depths.count < Self.cap, let again { again() }
    }
    /// Runs the trigger, and keeps it to run again from the user code when re-entering.
    func start(_ trigger: @escaping () -> Void) {
      if reentering { again = trigger }
      trigger()
    }
  }

  /// A tracer that notes the depth for the records `accepts` picks.
  @MainActor
  final class ProbeTracer: Tracer {
    let probe: Probe
    let accepts: (TraceRecord) -> Bool
    init(_ probe: Probe, accepts: @escaping (TraceRecord) -> Bool = { _ in true }) {
      self.probe = probe
      self.accepts = accepts
    }
    func receive(_ record: TraceRecord) { if accepts(record) { probe.note() } }
  }

  @Test(
    "rule 14: each path that calls user code calls it inside the door", arguments: Path.allCases)
  func entersTheDoor(_ path: Path) async throws {
    let probe = Probe()
    try await trigger(path, probe)
    #expect(!probe.depths.isEmpty, "\(path) never called its closure")
    #expect(
      probe.depths.allSatisfy { $0 > 0 }, "\(path) called user code at depths \(probe.depths)")
    #expect(ChainRuntime.main.depth == 0)
  }

  @Test(
    "rule 14: each path whose user code re-triggers it stops at the nesting limit",
    arguments: Path.allCases.filter { !$0.isDeferred })
  func reenteringStopsAtTheLimit(_ path: Path) async throws {
    let probe = Probe(reentering: true)
    try await trigger(path, probe)
    probe.again = nil
    #expect(probe.depths.count > 1, "\(path) did not call its closure again")
    #expect(
      probe.depths.count < Probe.cap,
      "\(path) re-entered \(probe.depths.count) times: the nesting limit never applied")
    #expect(ChainRuntime.main.depth == 0 && !ChainRuntime.main.runaway)
  }

  /// Waits for main-actor jobs (a next-turn drain, a remote drain) by a count of yields.
  func settle(_ probe: Probe) async {
    for _ in 0..<10_000 where probe.depths.isEmpty { await Task.yield() }
  }

  func trigger(_ path: Path, _ probe: Probe) async throws {
    switch path {
    case .listener, .captureListener, .interceptor, .responder, .nextTurnListener, .remotePost:
      try await triggerEvent(path, probe)
    case .busSubscriber, .busSubscriberFirstValue, .busProducerValue, .busProducerFirstDelivery,
      .busTracer, .busTracerDeadEvent, .busTracerProducerChange, .busEnqueueFromAnyThread:
      await triggerBus(path, probe)
    case .dataSubscriberOnShare, .dataSubscriberOnRemoval, .dataSubscriberOnMount,
      .dataSubscriberFirstValue:
      try triggerData(path, probe)
    case .nodeTracerDispatch, .nodeTracerShare, .nodeTracerMount, .nodeTracerUnmount,
      .nodeTracerRelease, .traceWriterOnError, .activityObserver:
      try triggerTracing(path, probe)
    case .propertyObserver, .hookObserver, .hookPostPayload, .bindingTransform, .boundHookBody,
      .bindingFirstTransform, .bindingTracer:
      triggerBinding(path, probe)
    }
  }

  func triggerEvent(_ path: Path, _ probe: Probe) async throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    switch path {
    case .listener: root.on(Keys.ping) { _, _ in probe.note() }
    case .captureListener: root.on(Keys.ping, capture: true) { _, _ in probe.note() }
    case .interceptor: root.intercept(Keys.ping) { _, _ in probe.note() }
    case .responder:
      root.respond(to: Keys.channelID) { _, _ in
        probe.note()
        return "answer"
      }
      probe.start { _ = leaf.request(Keys.channelID) }
      return
    case .nextTurnListener: root.on(Keys.ping, delivery: .nextTurn) { _ in probe.note() }
    case .remotePost:
      root.on(Keys.ping) { _, _ in probe.note() }
      leaf.remote.post(Keys.ping, 1)
      await settle(probe)
      return
    default: Issue.record("\(path) is not an event path")
    }
    if path.isDeferred {
      leaf.post(Keys.ping, 1)
      await settle(probe)
    } else {
      probe.start { leaf.post(Keys.ping, 1) }
    }
  }

  func triggerBus(_ path: Path, _ probe: Probe) async {
    let bus = EventBus(name: "door")
    switch path {
    case .busSubscriber:
      bus.subscribe(Ping.self) { _ in probe.note() }
      probe.start { bus.publish(Ping()) }
    case .busSubscriberFirstValue:
      bus.produce(Ping.self) { Ping() }
      probe.start { bus.subscribe(Ping.self) { _ in probe.note() } }
    case .busProducerValue:
      probe.start {
        bus.produce(Ping.self) {
          probe.note()
          return Ping()
        }
      }
    case .busProducerFirstDelivery:
      bus.subscribe(Ping.self) { _ in probe.note() }
      probe.start { bus.produce(Ping.self) { Ping() } }
    case .busTracer:
      bus.subscribe(Ping.self) { _ in }
      bus.install(ProbeTracer(probe))
      probe.start { bus.publish(Ping()) }
    case .busTracerDeadEvent:
      bus.install(ProbeTracer(probe))
      probe.start { bus.publish(Unheard()) }
    case .busTracerProducerChange:
      bus.install(ProbeTracer(probe))
      probe.start { bus.produce(Unheard.self) { nil } }
    case .busEnqueueFromAnyThread:
      bus.subscribe(Ping.self) { _ in probe.note() }
      bus.enqueue(Ping())
      await settle(probe)
    default: Issue.record("\(path) is not a bus path")
    }
  }

  func triggerData(_ path: Path, _ probe: Probe) throws {
    let root = Node("root")
    let leaf = Node("leaf")
    switch path {
    case .dataSubscriberOnShare:
      try leaf.mount(at: root)
      leaf.subscribe(Self.count) { _ in probe.note() }
      probe.start { root.share(probe.depths.count, for: Self.count) }
    case .dataSubscriberOnRemoval:
      try leaf.mount(at: root)
      root.share(1, for: Self.count)
      leaf.subscribe(Self.count) { value in if value == nil { probe.note() } }
      probe.start {
        root.share(1, for: Self.count)
        root.removeShared(Self.count)
      }
    case .dataSubscriberOnMount:
      root.share(1, for: Self.count)
      leaf.subscribe(Self.count) { value in if value != nil { probe.note() } }
      probe.start {
        leaf.unmount(from: root)
        try? leaf.mount(at: root)
      }
    case .dataSubscriberFirstValue:
      try leaf.mount(at: root)
      root.share(1, for: Self.count)
      probe.start { leaf.subscribe(Self.count) { _ in probe.note() } }
    default: Issue.record("\(path) is not a data path")
    }
  }

  func triggerTracing(_ path: Path, _ probe: Probe) throws {
    let root = Node("root")
    switch path {
    case .nodeTracerDispatch:
      root.install(ProbeTracer(probe) { if case .dispatch = $0 { true } else { false } })
      probe.start { root.post(Keys.ping, 1) }
    case .nodeTracerShare:
      root.install(ProbeTracer(probe) { if case .share = $0 { true } else { false } })
      probe.start { root.share(probe.depths.count, for: Self.count) }
    case .nodeTracerMount:
      root.install(ProbeTracer(probe) { if case .mount = $0 { true } else { false } })
      var grown: [Node] = []
      defer { grown.removeAll() }
      probe.start {
        let child = Node("child")
        grown.append(child)
        try? child.mount(at: root)
      }
    case .nodeTracerUnmount:
      let child = Node("child")
      try child.mount(at: root)
      root.install(ProbeTracer(probe) { if case .unmount = $0 { true } else { false } })
      probe.start {
        try? child.mount(at: root)
        child.unmount(from: root)
      }
    case .nodeTracerRelease:
      root.install(
        ProbeTracer(probe) {
          if case .unmount(let record) = $0 { record.reason == .released } else { false }
        })
      probe.start { try? Node("child").mount(at: root) }
    case .traceWriterOnError:
      guard let full = FileHandle(forWritingAtPath: "/dev/full") else {
        Issue.record("no /dev/full to fail a write")
        return
      }
      defer { try? full.close() }
      let writer = JSONLinesTraceWriter(handle: full)
      writer.onError = { _ in probe.note() }
      root.install(writer)
      probe.start { root.post(Keys.ping, 1) }
    case .activityObserver:
      root.observeActivity { _ in probe.note() }
      probe.start { root.post(Keys.ping, 1) }
    default: Issue.record("\(path) is not a tracing path")
    }
  }

  func triggerBinding(_ path: Path, _ probe: Probe) {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    switch path {
    case .propertyObserver:
      a.observe { _, _ in probe.note() }
      probe.start { a.value = probe.depths.count + 1 }
    case .hookObserver:
      let hook = Hook<Int, Int> { $0 }
      hook.observe { _, _ in probe.note() }
      probe.start { hook.call(1) }
    case .hookPostPayload:
      let node = Node("posted")
      let hook = Hook<Int, Int> { $0 }
      hook.post(on: node, Keys.ping) { args, _ in
        probe.note()
        return args
      }
      probe.start { hook.call(1) }
    case .bindingTransform:
      let token = bind(a, to: b) { value in
        probe.note()
        return value
      }
      probe.start { a.value = probe.depths.count + 1 }
      token.cancel()
    case .boundHookBody:
      let hook = Hook<Int, Void> { _ in probe.note() }
      let token = bind([BindingMember(a), BindingMember(hook)])
      probe.start { a.value = probe.depths.count + 1 }
      token.cancel()
    case .bindingFirstTransform:
      var tokens: [Subscription] = []
      defer { for token in tokens { token.cancel() } }
      probe.start {
        tokens.append(
          bind([
            BindingMember(
              a,
              toMember: { $0 },
              fromMember: { value in
                probe.note()
                return value
              }),
            BindingMember(b),
          ]))
      }
    case .bindingTracer:
      let token = bind(a, to: b, tracer: ProbeTracer(probe)) { $0 }
      probe.start { a.value = probe.depths.count + 1 }
      token.cancel()
    default: Issue.record("\(path) is not a binding path")
    }
  }
}
