import ChainKit

/// The payload of the benchmark events: a four-word struct, passed as a concrete generic value.
struct Click: Sendable {
  let index: Int
  let x: Int
  let y: Int
  let buttons: Int
}

/// Keys and requests used by the ChainKit cases.
enum BenchKeys {
  /// The event every listener of the bubble cases hears.
  static let click = EventKey<Click>("bench.click")

  /// Another key: the skipped ancestors listen to this one, not to `click`.
  static let other = EventKey<Click>("bench.other")

  /// The request answered at the root of a depth-8 chain.
  static let lookup = RequestKey<Click, Int>("bench.lookup")
}

/// A chain of ChainKit nodes, root first, and where the listeners write.
///
/// Listeners add to `counter`, a raw pointer: a write through it costs a few instructions and no
/// exclusivity check, like the pure closures of the peers, and the optimiser cannot drop it.
@MainActor
final class ChainFixture {
  /// The nodes, root first; the fixture owns them.
  let nodes: [Node]

  /// Where listeners accumulate.
  let counter: UnsafeMutablePointer<Int>

  /// Tokens of every registration, kept so that the fixture can be checked and torn down.
  private(set) var subscriptions: [Subscription] = []

  /// The deepest node, where events are posted.
  var leaf: Node { nodes[nodes.count - 1] }

  /// The root.
  var root: Node { nodes[0] }

  /// Builds `depth` nodes, each mounted under the previous one.
  init(depth: Int) {
    counter = .allocate(capacity: 1)
    counter.initialize(to: 0)
    var nodes: [Node] = []
    for level in 0..<depth {
      let node = Node("level\(level)")
      if let parent = nodes.last {
        do { try node.mount(at: parent) } catch { preconditionFailure("mount failed: \(error)") }
      }
      nodes.append(node)
    }
    self.nodes = nodes
  }

  isolated deinit { counter.deallocate() }

  /// Registers `count` listeners for `key` at `node`, each adding its own step.
  ///
  /// NB: `@inline(never)`, so that every case's listeners are made here, with one closure
  /// context and forwarder. Inlined into a case, the closure was made there with a forwarder of
  /// its own, and the same depth-8 post cost 986 Ir in one case and 946 in another.
  @inline(never)
  func listen(_ key: EventKey<Click>, at node: Node, count: Int = 1) {
    let counter = counter
    for step in 0..<count {
      let step = Sink.opaque(step | 1)
      subscriptions.append(
        node.on(key) { _, click in counter.pointee &+= click.index ^ step })
    }
  }

  /// Registers a responder for `BenchKeys.lookup` at `node` that always answers.
  @inline(never)
  func respond(at node: Node) {
    let step = Sink.opaque(7)
    subscriptions.append(node.respond(to: BenchKeys.lookup) { _, click in click.index &+ step })
  }

  /// The payload of the `index`th post.
  static func click(_ index: Int) -> Click {
    Click(index: index, x: 3, y: 4, buttons: 1)
  }
}
