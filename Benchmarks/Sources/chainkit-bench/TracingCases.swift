import ChainKit
import ChainKitTracing

/// Tracing off against "no tracing code", as near as this build allows.
///
/// ChainKit cannot be built without its tracing code, so these cases bound two parts of it:
/// - `tracing.off` / `tracing.elsewhere`: the same depth-8 post with no tracer installed
///   anywhere, and with a tracer installed on an unrelated tree (installed when each batch
///   starts, removed when it ends, so the other case never runs with it). Both run the same
///   per-post tracing checks (the path's cached tracer list fetched and tested, a nil recorder
///   passed to each hop); the ratio shows what a tracer elsewhere adds, not what those checks
///   cost.
/// - `tracing.observed`: the same depth-8 post with one activity observer (a panel hearing its
///   own node, ``Node/observeActivity(_:)``) on the root: what an observed path costs.
/// - `tracing.shareOff` / `tracing.shareElsewhere`: a share of an `Int` to one subscriber with no
///   tracer anywhere, and with a tracer on an unrelated tree. (`share` used to describe its value
///   for the trace record even with tracing off; it now describes it only for a tracer.)
@MainActor
enum TracingCases {
  /// Every case of this file.
  static func all() -> [BenchCase] {
    [off(), elsewhere(), observed(), shareOff(), shareElsewhere()]
  }

  private static func off() -> BenchCase {
    BenchCase(
      id: "tracing.off", label: "depth-8 post, no tracer installed anywhere", deliveries: 8
    ) {
      let chain = ChainFixture(depth: 8)
      for node in chain.nodes { chain.listen(BenchKeys.click, at: node) }
      return ChainKitCases.postLoop(chain, at: chain.leaf)
    }
  }

  private static func elsewhere() -> BenchCase {
    BenchCase(
      id: "tracing.elsewhere", label: "depth-8 post, a tracer on an unrelated tree",
      deliveries: 8
    ) {
      let chain = ChainFixture(depth: 8)
      for node in chain.nodes { chain.listen(BenchKeys.click, at: node) }
      let body = ChainKitCases.postLoop(chain, at: chain.leaf)
      let unrelated = Node("tracing.unrelated")
      let tracer = DiscardingTracer()
      return { iterations in
        let token = unrelated.install(tracer)
        body(iterations)
        token.cancel()
      }
    }
  }

  private static func observed() -> BenchCase {
    BenchCase(
      id: "tracing.observed", label: "depth-8 post, an activity observer on the root",
      deliveries: 8, callgrindIterations: 1_000
    ) {
      let chain = ChainFixture(depth: 8)
      for node in chain.nodes { chain.listen(BenchKeys.click, at: node) }
      let counter = chain.counter
      let token = chain.root.observeActivity { activity in
        counter.pointee &+= activity.listenersRun
      }
      let body = ChainKitCases.postLoop(chain, at: chain.leaf)
      return { iterations in
        body(iterations)
        Sink.consume(token)
      }
    }
  }

  private static func shareOff() -> BenchCase {
    BenchCase(id: "tracing.shareOff", label: "share an Int to 1 subscriber, tracing off") {
      let tree = ShareTree(descendants: 1)
      let root = tree.root
      return { iterations in
        for index in 0..<iterations { root.share(index, for: DataCases.shared) }
        Sink.consume(tree.counter.pointee)
      }
    }
  }

  private static func shareElsewhere() -> BenchCase {
    BenchCase(
      id: "tracing.shareElsewhere", label: "share an Int to 1 subscriber, a tracer elsewhere"
    ) {
      let tree = ShareTree(descendants: 1)
      let root = tree.root
      let unrelated = Node("tracing.unrelated")
      let tracer = DiscardingTracer()
      return { iterations in
        let token = unrelated.install(tracer)
        for index in 0..<iterations { root.share(index, for: DataCases.shared) }
        token.cancel()
        Sink.consume(tree.counter.pointee)
      }
    }
  }
}
