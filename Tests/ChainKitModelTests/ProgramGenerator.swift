import ChainKitTestSupport

/// Makes a random ``Program`` from a seed: a small graph with diamonds, then steps that post,
/// request, register, share and change the tree, with scripts that do the same from inside.
struct ProgramGenerator {
  /// Node ids run over `0..<nodeIDs`; some are created late or never, some are released.
  static let nodeIDs = 6

  /// Which operations programs favour.
  enum Mix {
    /// Every operation, interceptors and requests included.
    case standard
    /// Posts, repeated on the same few nodes, between and during registrations, cancels,
    /// mounts, unmounts and releases, with interceptors rare: the posts walk dispatch plans,
    /// which every one of those changes makes stale.
    case plans
  }

  private var random: SplitMix64
  private let mix: Mix
  /// Roughly how many registrations exist, so that `cancel` mostly names a real one.
  private var registrations = 0
  /// The ids the generator expects to be live, so that most steps name a real node.
  private var live: [Int] = []

  init(seed: UInt64, mix: Mix = .standard) {
    random = SplitMix64(seed: seed)
    self.mix = mix
  }

  static func program(seed: UInt64, mix: Mix = .standard) -> Program {
    var generator = ProgramGenerator(seed: seed, mix: mix)
    return generator.make()
  }

  mutating func make() -> Program {
    var steps: [Op] = []
    let initial = random.within(3...6)
    live = Array(0..<initial)
    for node in 0..<initial {
      steps.append(.create(node))
      if node == 0 { continue }
      // One parent, sometimes two (a diamond), always older: no cycle yet.
      steps.append(.mount(node, random.below(node)))
      if node > 1, random.chance(60) { steps.append(.mount(node, random.below(node))) }
    }
    let count = mix == .plans ? random.within(16...40) : random.within(6...28)
    for _ in 0..<count { steps.append(step()) }
    return Program(steps: steps)
  }

  /// Mostly a node expected to be live; sometimes any id.
  private mutating func node() -> Int {
    live.isEmpty || random.chance(8) ? random.below(Self.nodeIDs) : live[random.below(live.count)]
  }

  private mutating func released() -> Op {
    let node = node()
    live.removeAll { $0 == node }
    return .release(node)
  }

  private mutating func created() -> Op {
    let node = random.below(Self.nodeIDs)
    if !live.contains(node) { live.append(node) }
    return .create(node)
  }

  private mutating func eventName() -> EventName {
    [EventName.a, .a, .b, .c][random.below(4)]
  }

  private mutating func dataName() -> DataName { random.chance(70) ? .x : .y }

  /// A post, in the plans mix mostly to one of the first three nodes, so that posts repeat.
  private mutating func post() -> Op {
    let target = mix == .plans && random.chance(70) ? random.below(3) : node()
    return .post(target, eventName(), random.below(10))
  }

  private mutating func step() -> Op {
    let weights =
      mix == .plans
      ? [36, 18, 1, 2, 2, 2, 2, 7, 7, 8, 3, 2, 1, 1, 3, 2]
      : [24, 18, 10, 6, 7, 5, 5, 5, 4, 4, 2, 2, 4, 2, 2, 4]
    return switch random.pick(weights) {
    case 0: post()
    case 1: listen(depth: 0)
    case 2:
      .intercept(
        node(), random.chance(75) ? .event(eventName()) : .request, script(.interceptor, depth: 0))
    case 3: respond(depth: 0)
    case 4: .request(node(), random.below(10), all: random.chance(40))
    case 5: subscribe(depth: 0)
    case 6: .share(node(), dataName(), random.below(100))
    case 7: .mount(node(), node())
    case 8: .unmount(node(), node())
    case 9: .cancel(random.below(registrations + 2))
    case 10: released()
    case 11: created()
    case 12: .unshare(node(), dataName())
    case 13: .read(node(), dataName())
    case 14: .unmountAll(node())
    default: .inspect(node())
    }
  }

  private mutating func listen(depth: Int) -> Op {
    registrations += 1
    return .listen(
      node(), eventName(), capture: random.chance(35), once: random.chance(20),
      script(.listener, depth: depth))
  }

  private mutating func respond(depth: Int) -> Op {
    registrations += 1
    return .respond(node(), script(.responder, depth: depth))
  }

  private mutating func subscribe(depth: Int) -> Op {
    registrations += 1
    return .subscribe(node(), dataName(), script(.data, depth: depth))
  }

  /// A script for a registration of `kind`; `depth` counts the scripts it is nested in.
  private mutating func script(_ kind: Call.Kind, depth: Int) -> Script {
    var script: Script = []
    for _ in 0..<[0, 1, 1, 2, 2, 3][random.below(6)] {
      script.append(effect(kind, depth: depth))
    }
    if kind == .interceptor, random.chance(70) {
      script.insert(.rewrite(random.within(1...9) * 10), at: 0)
    }
    if kind == .responder, random.chance(70) {
      let answer = Effect.answer(random.chance(85) ? random.below(100) : nil)
      script.insert(answer, at: random.chance(75) ? 0 : random.below(script.count + 1))
    }
    return script
  }

  private mutating func effect(_ kind: Call.Kind, depth: Int) -> Effect {
    let weights =
      mix == .plans
      ? [8, 4, 4, 4, 12, 14, 10, 6, 8, 8, 3, 1, 1, 1, 1]
      : [10, 6, 4, 5, 14, 12, 6, 6, 5, 5, 3, 4, 4, 3, 2]
    return switch random.pick(weights) {
    case 0: .stop
    case 1: .stopImmediate
    case 2: .prevent
    case 3: .fail
    case 4:
      kind == .interceptor
        ? .rewrite(random.within(1...9) * 10) : .op(.post(node(), eventName(), random.below(10)))
    case 5: .op(.post(node(), eventName(), random.below(10)))
    case 6: depth < 2 ? .op(listen(depth: depth + 1)) : .cancelSelf
    case 7: .cancelSelf
    case 8: .op(.cancel(random.below(registrations + 2)))
    case 9: random.chance(50) ? .op(.mount(node(), node())) : .op(.unmount(node(), node()))
    case 10: .op(released())
    case 11: .op(.share(node(), dataName(), random.below(100)))
    case 12: .op(.request(node(), random.below(10), all: random.chance(40)))
    case 13:
      depth < 2
        ? .op(.intercept(node(), .event(eventName()), script(.interceptor, depth: depth + 1)))
        : .prevent
    default: depth < 2 ? .op(subscribe(depth: depth + 1)) : .op(.unshare(node(), dataName()))
    }
  }
}
