import ChainKit
import ChainKitTracing

/// The chain's cases: bubbles, a skipped ancestor, ten listeners on one node, a request, tracing.
///
/// The bus, producers, shared data, bindings, tracing proxies and ChainTUI have their own files
/// (BusCases; DataCases for sharing and bindings; TracingCases; ChainTUICases).
@MainActor
enum ChainKitCases {
  /// Every ChainKit case.
  static func all() -> [BenchCase] {
    [
      bubble(depth: 1), bubble(depth: 8), bubble(depth: 64), skippedAncestors(), fanout(),
      request(), traced(),
    ]
  }

  /// Depth `depth`, one listener per level, posted at the deepest node.
  static func bubble(depth: Int, id: String? = nil) -> BenchCase {
    BenchCase(
      id: id ?? "bubble\(depth).chainkit",
      label: "ChainKit bubble, depth \(depth), 1 listener per level", deliveries: depth
    ) {
      let chain = ChainFixture(depth: depth)
      for node in chain.nodes { chain.listen(BenchKeys.click, at: node) }
      return postLoop(chain, at: chain.leaf)
    }
  }

  private static func skippedAncestors() -> BenchCase {
    BenchCase(id: "bubble8.skip", label: "ChainKit depth 8, 7 ancestors listen to another key") {
      let chain = ChainFixture(depth: 8)
      chain.listen(BenchKeys.click, at: chain.leaf)
      for node in chain.nodes.dropLast() { chain.listen(BenchKeys.other, at: node) }
      return postLoop(chain, at: chain.leaf)
    }
  }

  private static func fanout() -> BenchCase {
    BenchCase(
      id: "fanout10.chainkit", label: "ChainKit post, 10 listeners on one node", deliveries: 10
    ) {
      let chain = ChainFixture(depth: 1)
      chain.listen(BenchKeys.click, at: chain.leaf, count: 10)
      return postLoop(chain, at: chain.leaf)
    }
  }

  private static func request() -> BenchCase {
    BenchCase(id: "bubble8.request", label: "ChainKit request answered at depth 8 (root)") {
      let chain = ChainFixture(depth: 8)
      chain.respond(at: chain.root)
      let leaf = chain.leaf
      return { iterations in
        var result = 0
        for index in 0..<iterations {
          result &+= leaf.request(BenchKeys.lookup, ChainFixture.click(index)) ?? 1
        }
        Sink.consume(result)
        Sink.consume(chain)
      }
    }
  }

  private static func traced() -> BenchCase {
    BenchCase(
      id: "bubble8.traced", label: "ChainKit bubble, depth 8, a tracer on the root", deliveries: 8,
      callgrindIterations: 1_000
    ) {
      let chain = ChainFixture(depth: 8)
      for node in chain.nodes { chain.listen(BenchKeys.click, at: node) }
      let token = chain.root.install(DiscardingTracer())
      let body = postLoop(chain, at: chain.leaf)
      return { iterations in
        body(iterations)
        Sink.consume(token)
      }
    }
  }

  /// Posts `BenchKeys.click` at `node` once per iteration.
  static func postLoop(_ chain: ChainFixture, at node: Node) -> CaseBody {
    { iterations in
      var listenersRun = 0
      for index in 0..<iterations {
        listenersRun &+= node.post(BenchKeys.click, ChainFixture.click(index)).listenersRun
      }
      Sink.consume(listenersRun &+ chain.counter.pointee)
    }
  }
}

/// A tracer that drops every record: the cost of tracing on, without a log's own cost.
@MainActor
final class DiscardingTracer: Tracer {
  func receive(_ record: TraceRecord) {}
}
