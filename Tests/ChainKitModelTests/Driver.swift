/// Runs a program against one world and logs everything that happens.
///
/// Runs a ``Program`` against one ``World`` and records everything that happens in a log: each
/// step, each registration's call (node, phase, payload seen), each outcome, response, read and
/// data delivery. Two worlds agree when their logs are equal, line by line.
///
/// The driver is the same for ChainKit and the model: only the worlds differ. It bounds the
/// work of a program by counts, never by time: scripts perform at most ``effectBudget``
/// operations, and nest at most ``scriptDepthLimit`` calls deep (far past the nesting limit of
/// 64, so it only ever cuts a recursion that the world failed to cut).
@MainActor
final class Driver {
  static let effectBudget = 400
  static let scriptDepthLimit = 100

  let world: any World
  private(set) var log: [String] = []
  private var nextRegistration = 0
  private var generations: [Int: Int] = [:]
  private var effectsLeft = Driver.effectBudget
  private var depth = 0

  init(world: any World) {
    self.world = world
    world.host = self
  }

  /// Runs every step, then releases every node; returns the log.
  func run(_ program: Program) -> [String] {
    for (index, step) in program.steps.enumerated() {
      log.append("\(index): \(step)")
      perform(step)
    }
    log.append("teardown")
    world.releaseAll()
    afterEachStep()
    log.append("active tokens: \(world.activeTokenCount())")
    log.append("later nested posts work: \(world.laterNestedPostsWork())")
    return log
  }

  /// The hook run after every operation, top-level or nested: ChainKit's world checks the
  /// invariants of its internal storage here (see ``World/afterEachStep(topLevel:)``).
  func afterEachStep() {
    world.afterEachStep(topLevel: depth == 0)
  }

  /// Called by a world when one of its registrations runs: logs the call, runs the script, and
  /// returns what the script asked of the dispatch.
  func react(_ call: Call, script: Script) -> Reaction {
    var line = "\(indent)r\(call.registration) \(call.kind.rawValue) \(call.node)"
    if let phase = call.phase { line += " \(phase)" }
    if let target = call.target { line += " target=\(target)" }
    line += " \(call.value.map(String.init) ?? "nil")"
    log.append(line)
    guard depth < Self.scriptDepthLimit else {
      log.append("\(indent)  (driver: too deep, script skipped)")
      return Reaction()
    }
    depth += 1
    defer { depth -= 1 }
    var reaction = Reaction()
    for effect in script {
      switch effect {
      case .op(let op):
        guard effectsLeft > 0 else {
          log.append("\(indent)(driver: effect budget spent) \(op)")
          continue
        }
        effectsLeft -= 1
        log.append("\(indent)\(op)")
        perform(op)
      case .stop: reaction.stop = true
      case .stopImmediate: reaction.stopImmediate = true
      case .prevent: reaction.prevent = true
      case .rewrite(let delta): reaction.rewrite &+= delta
      case .answer(let response): reaction.response = response
      case .cancelSelf: world.cancel(call.registration)
      case .fail:
        reaction.threw = true
        return reaction
      }
    }
    return reaction
  }

  /// Two spaces a level, up to eight levels; deeper lines carry their depth instead.
  private var indent: String {
    depth < 8 ? String(repeating: "  ", count: depth + 1) : "                (\(depth)) "
  }

  private func note(_ text: String) {
    log.append("\(indent)= \(text)")
  }

  /// Performs one operation and logs its result.
  private func perform(_ op: Op) {
    defer { afterEachStep() }
    let missing = op.nodes.filter { !world.exists($0) }
    if case .create(let node) = op {
      guard missing == [node] else { return note("exists") }
      let generation = generations[node, default: 0]
      generations[node] = generation + 1
      world.create(node, name: generation == 0 ? "n\(node)" : "n\(node).\(generation)")
      return
    }
    guard missing.isEmpty else {
      return note("missing " + missing.map { "n\($0)" }.joined(separator: ", "))
    }
    performOnLiveNodes(op)
  }

  private func performOnLiveNodes(_ op: Op) {
    switch op {
    case .create: break
    case .mount(let child, let parent):
      if let error = world.mount(child, at: parent) { note("refused: \(error)") }
    case .unmount(let child, let parent): world.unmount(child, from: parent)
    case .unmountAll(let node): world.unmountAll(node)
    case .release(let node): world.release(node)
    case .listen(let node, let key, let capture, let once, let script):
      world.listen(node, key, capture: capture, once: once, id: newRegistration(), script: script)
    case .intercept(let node, let key, let script):
      world.intercept(node, key, id: newRegistration(), script: script)
    case .respond(let node, let script):
      world.respond(node, id: newRegistration(), script: script)
    case .subscribe(let node, let key, let script):
      world.subscribe(node, key, id: newRegistration(), script: script)
    case .cancel(let registration): world.cancel(registration)
    case .post(let node, let key, let payload):
      note("\(world.post(node, key, payload))")
    case .request(let node, let payload, all: false):
      note("response \(world.request(node, payload).map(String.init) ?? "nil")")
    case .request(let node, let payload, all: true):
      note("responses \(world.requestAll(node, payload))")
    case .share(let node, let key, let value): world.share(node, key, value)
    case .unshare(let node, let key): world.unshare(node, key)
    case .read(let node, let key):
      note("value \(world.read(node, key).map(String.init) ?? "nil")")
    case .inspect(let node):
      note("path \(world.path(node)), \(world.registrationCount(node)) registrations")
    }
  }

  private func newRegistration() -> Int {
    defer { nextRegistration += 1 }
    note("r\(nextRegistration)")
    return nextRegistration
  }
}

extension Op {
  /// The nodes the operation names.
  var nodes: [Int] {
    switch self {
    case .create(let node), .unmountAll(let node), .release(let node), .inspect(let node):
      [node]
    case .mount(let child, let parent), .unmount(let child, let parent): [child, parent]
    case .listen(let node, _, _, _, _), .intercept(let node, _, _), .respond(let node, _),
      .subscribe(let node, _, _), .post(let node, _, _), .request(let node, _, _),
      .share(let node, _, _), .unshare(let node, _), .read(let node, _):
      [node]
    case .cancel: []
    }
  }
}
