import ChainKit

/// Shared data and bindings: a share down to 1,000 descendants with a subscriber at each, and a
/// 3-way binding set.
@MainActor
enum DataCases {
  /// Every case of this file.
  static func all() -> [BenchCase] {
    [share(descendants: 1_000, callgrindIterations: 200), binding(), bindingWithTransform()]
  }

  /// The value shared down by the share cases.
  static let shared = DataKey<Int>("bench.shared")

  /// The same tree as the preorder peer (`TreeShape`), a subscriber at each descendant.
  static func share(descendants: Int, callgrindIterations: Int) -> BenchCase {
    BenchCase(
      id: "share\(descendants).chainkit",
      label: "ChainKit share to \(descendants.grouped) descendants, 1 subscriber each",
      deliveries: descendants, callgrindIterations: callgrindIterations
    ) {
      let tree = ShareTree(descendants: descendants)
      let root = tree.root
      return { iterations in
        for index in 0..<iterations { root.share(index, for: shared) }
        Sink.consume(tree.counter.pointee)
      }
    }
  }

  /// `bind([a, b, c])` of `Property<Int>`, one observer on each property as the peer's models
  /// have; each iteration sets `a` to a new value.
  private static func binding() -> BenchCase {
    BenchCase(
      id: "binding.chainkit", label: "ChainKit bind([a, b, c]), set a (b, c follow)",
      deliveries: 3
    ) {
      let fixture = BindingFixture()
      let token = bind([fixture.a, fixture.b, fixture.c])
      return setLoop(fixture, token)
    }
  }

  /// The peer's exact shape: `b` holds 100 times `a`, through a member with transforms.
  private static func bindingWithTransform() -> BenchCase {
    BenchCase(
      id: "binding.transform", label: "ChainKit bind of a, b (x100 member), c; set a",
      deliveries: 3
    ) {
      let fixture = BindingFixture()
      let token = bind([
        BindingMember(fixture.a),
        BindingMember(fixture.b, toMember: { $0 &* 100 }, fromMember: { $0 / 100 }),
        BindingMember(fixture.c),
      ])
      return setLoop(fixture, token)
    }
  }

  private static func setLoop(_ fixture: BindingFixture, _ token: Subscription) -> CaseBody {
    { iterations in
      let a = fixture.a
      for index in 0..<iterations { a.value = index }
      Sink.consume(fixture.c.value &+ fixture.counter.pointee)
      Sink.consume(token)
    }
  }
}

/// Three bound properties with one observer each, writing to a raw counter.
@MainActor
final class BindingFixture {
  let a = Property(0, name: "a")
  let b = Property(0, name: "b")
  let c = Property(0, name: "c")
  /// Where the observers accumulate; the chain fixture owns and frees it.
  let counter: UnsafeMutablePointer<Int>
  private let owner = ChainFixture(depth: 1)
  private var tokens: [Subscription] = []

  init() {
    counter = owner.counter
    let counter = counter
    for (step, property) in [a, b, c].enumerated() {
      let step = Sink.opaque(step | 1)
      tokens.append(property.observe { _, new in counter.pointee &+= new ^ step })
    }
  }
}
