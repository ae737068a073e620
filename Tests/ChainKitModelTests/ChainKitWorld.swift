@testable import ChainKit

/// ChainKit behind the ``World`` interface: one `Node` per program id, held only here (the
/// program is the owner), and one token per registration.
///
/// NB: an operation holds its node for the duration of the call (`withExtendedLifetime`), as any
/// Swift caller holds the receiver of a call; the ``ReferenceModel`` holds it the same way, so a
/// listener that releases the node being posted to sees it leave the tree when the post returns.
@MainActor
final class ChainKitWorld: World {
  weak var host: Driver?
  private var nodes: [Int: Node] = [:]
  private var tokens: [Int: Subscription] = [:]

  static let eventKeys: [EventName: EventKey<Int>] = [
    .a: EventKey("fuzz.a"), .b: EventKey("fuzz.b"), .c: EventKey("fuzz.c", bubbles: false),
  ]
  static let query = RequestKey<Int, Int>("fuzz.q")
  static let dataKeys: [DataName: DataKey<Int>] = [.x: DataKey("fuzz.x"), .y: DataKey("fuzz.y")]

  func exists(_ node: Int) -> Bool { nodes[node] != nil }

  func create(_ node: Int, name: String) { nodes[node] = Node(name) }

  /// Calls `body` with the node, keeping it alive until `body` returns.
  private func with<T>(_ id: Int, _ body: (Node) -> T) -> T {
    guard let node = nodes[id] else { preconditionFailure("the driver checks that n\(id) exists") }
    return withExtendedLifetime(node) { body(node) }
  }

  func mount(_ child: Int, at parent: Int) -> String? {
    with(child) { child in
      with(parent) { parent in
        do {
          try child.mount(at: parent)
          return nil
        } catch {
          return Self.describe(error)
        }
      }
    }
  }

  func unmount(_ child: Int, from parent: Int) {
    with(child) { child in with(parent) { child.unmount(from: $0) } }
  }

  func unmountAll(_ node: Int) { with(node) { $0.unmountFromAll() } }

  /// NB: the node deinitializes (and ChainKit runs data deliveries from its deinit) after the
  /// dictionary access has ended; `nodes[node] = nil` would run them inside it.
  func release(_ node: Int) { _ = nodes.removeValue(forKey: node) }

  func listen(_ node: Int, _ key: EventName, capture: Bool, once: Bool, id: Int, script: Script) {
    let kind: Call.Kind = capture ? .capture : .listener
    tokens[id] = with(node) {
      $0.on(Self.key(key), capture: capture, once: once) { [weak self] ctx, payload in
        let call = Call(
          kind: kind, registration: id, node: ctx.currentName, phase: ctx.phase.rawValue,
          target: ctx.targetName, value: payload)
        guard let reaction = self?.host?.react(call, script: script) else { return }
        try Self.apply(reaction, to: &ctx, registration: id)
      }
    }
  }

  func intercept(_ node: Int, _ key: Intercepted, id: Int, script: Script) {
    let body: @MainActor (inout EventContext, inout Int) throws -> Void = {
      [weak self] ctx, payload in
      let call = Call(
        kind: .interceptor, registration: id, node: ctx.currentName, phase: ctx.phase.rawValue,
        target: ctx.targetName, value: payload)
      guard let reaction = self?.host?.react(call, script: script) else { return }
      payload &+= reaction.rewrite
      try Self.apply(reaction, to: &ctx, registration: id)
    }
    tokens[id] = with(node) { node in
      switch key {
      case .event(let name): node.intercept(Self.key(name), body)
      case .request: node.intercept(Self.query, body)
      }
    }
  }

  func respond(_ node: Int, id: Int, script: Script) {
    tokens[id] = with(node) {
      $0.respond(to: Self.query) { [weak self] ctx, payload in
        let call = Call(
          kind: .responder, registration: id, node: ctx.currentName, phase: ctx.phase.rawValue,
          target: ctx.targetName, value: payload)
        guard let reaction = self?.host?.react(call, script: script) else { return nil }
        try Self.apply(reaction, to: &ctx, registration: id)
        return reaction.response
      }
    }
  }

  func subscribe(_ node: Int, _ key: DataName, id: Int, script: Script) {
    tokens[id] = with(node) { node in
      let name = node.name
      return node.subscribe(Self.key(key)) { [weak self] value in
        let call = Call(kind: .data, registration: id, node: name, value: value)
        _ = self?.host?.react(call, script: script)
      }
    }
  }

  func cancel(_ registration: Int) { tokens[registration]?.cancel() }

  func post(_ node: Int, _ key: EventName, _ payload: Int) -> OutcomeSummary {
    let outcome = with(node) { $0.post(Self.key(key), payload) }
    return OutcomeSummary(
      prevented: outcome.isPrevented, stopped: outcome.isStopped,
      listenersRun: outcome.listenersRun, errors: outcome.errors.map(Self.describe))
  }

  func request(_ node: Int, _ payload: Int) -> Int? {
    with(node) { $0.request(Self.query, payload) }
  }

  func requestAll(_ node: Int, _ payload: Int) -> [Int] {
    with(node) { $0.requestAll(Self.query, payload) }
  }

  func share(_ node: Int, _ key: DataName, _ value: Int) {
    with(node) { $0.share(value, for: Self.key(key)) }
  }

  func unshare(_ node: Int, _ key: DataName) { with(node) { $0.removeShared(Self.key(key)) } }

  func read(_ node: Int, _ key: DataName) -> Int? { with(node) { $0.value(for: Self.key(key)) } }

  func path(_ node: Int) -> [String] { with(node) { $0.pathNames } }

  func registrationCount(_ node: Int) -> Int { with(node) { $0.registrationCount } }

  func activeTokenCount() -> Int { tokens.values.count { $0.isActive } }

  func releaseAll() {
    for id in nodes.keys.sorted() { release(id) }
  }

  /// Checks the invariants of every live node's links, registrations, data slots and cached
  /// path after every operation, nested ones included; after a top-level one, also that the
  /// re-entrancy guard is idle with nothing deferred. (Each check traps with a message; they are
  /// compiled in by `CHAINKIT_INVARIANTS`, which Package.swift defines for debug builds.)
  func afterEachStep(topLevel: Bool) {
    invariantChecks += 1
    for id in nodes.keys.sorted() { nodes[id]?.core.checkInvariants() }
    if topLevel { ChainRuntime.main.checkInvariants() }
  }

  /// How many times ``afterEachStep(topLevel:)`` ran: the harness tests check it is called.
  private(set) var invariantChecks = 0

  func laterNestedPostsWork() -> Bool { ProcessCanary.nestedPostWorks() }

  private static func key(_ name: EventName) -> EventKey<Int> {
    eventKeys[name] ?? EventKey("fuzz.\(name.rawValue)", bubbles: name.bubbles)
  }

  private static func key(_ name: DataName) -> DataKey<Int> {
    dataKeys[name] ?? DataKey("fuzz.\(name.rawValue)")
  }

  private static func apply(
    _ reaction: Reaction, to ctx: inout EventContext, registration: Int
  ) throws {
    if reaction.stop { ctx.stopPropagation() }
    if reaction.stopImmediate { ctx.stopImmediatePropagation() }
    if reaction.prevent { ctx.preventDefault() }
    if reaction.threw { throw ScriptError(registration: registration) }
  }

  /// `a` for `fuzz.a`; `data` for ChainKit's name of a data delivery pass.
  private static func short(_ key: String) -> String {
    if key.hasPrefix("fuzz.") { return String(key.dropFirst(5)) }
    return key == "shared data" ? "data" : key
  }

  /// The same text the model writes for the same error.
  private static func describe(_ error: any Error) -> String {
    switch error {
    case let error as ListenerError:
      "\(error.node)/\(error.phase.rawValue)/\(short(error.key))/\(error.underlying)"
    case ChainError.nestingTooDeep(let key, _): "nesting(\(short(key)))"
    case let error as MountCycleError: "cycle(\(error.child), \(error.parent))"
    default: "\(error)"
    }
  }
}
