import ChainKit

/// The cases of the scaling tables (issue 13, item 8): the same operation at growing sizes, so
/// that a cost that grows faster than the size shows up as a flagged row.
///
/// Group names are the table's: the cases of one table are measured interleaved.
@MainActor
enum ScalingCases {
  /// Every case of this file.
  static func all() -> [BenchCase] {
    depths.map { ChainKitCases.bubble(depth: $0, id: "depth.\($0)") }
      + listenerCounts.map(listeners) + keyCounts.map(keys)
      + shareSizes.filter { $0 != 1_000 }.flatMap(shares)
      + cancelSizes.map(cancelOnNode) + cancelSizes.map(cancelOnBus)
      + releaseSizes.map(release) + [afterMount(), mountOnly()]
  }

  /// Depths of the bubble table.
  static let depths = [1, 8, 64, 512]

  /// Listeners on the posting node.
  static let listenerCounts = [1, 10, 100, 1_000]

  /// Distinct keys registered across a depth-8 chain: 64 and 65 straddle the old 64-bit mask.
  static let keyCounts = [1, 64, 65, 1_000]

  /// Descendants a value is shared down to.
  static let shareSizes = [10, 1_000, 100_000]

  /// Registrations beside the one cancelled.
  static let cancelSizes = [100, 10_000, 100_000]

  /// Children of the node whose children are released.
  static let releaseSizes = [100, 10_000, 100_000]

  private static func listeners(_ count: Int) -> BenchCase {
    BenchCase(
      id: "listeners.\(count)", label: "ChainKit post, \(count) listener(s) on one node",
      deliveries: count, callgrindIterations: max(10_000 / count, 20)
    ) {
      let chain = ChainFixture(depth: 1)
      chain.listen(BenchKeys.click, at: chain.leaf, count: count)
      return ChainKitCases.postLoop(chain, at: chain.leaf)
    }
  }

  /// A depth-8 post heard only at the leaf, while the ancestors listen to `count - 1` other
  /// distinct keys between them: the key count must not matter (issue 13, item 1).
  private static func keys(_ count: Int) -> BenchCase {
    BenchCase(
      id: "keys.\(count)",
      label: "ChainKit depth-8 post, \(count) distinct key(s) registered in the chain"
    ) {
      let chain = ChainFixture(depth: 8)
      chain.listen(BenchKeys.click, at: chain.leaf)
      let ancestors = chain.nodes.dropLast()
      for index in 0..<(count - 1) {
        let node = ancestors[ancestors.startIndex + index % ancestors.count]
        chain.listen(EventKey<Click>("bench.key.\(index)"), at: node)
      }
      return ChainKitCases.postLoop(chain, at: chain.leaf)
    }
  }

  /// ChainKit and the preorder peer at one size; the 1,000 pair is in the main suite.
  private static func shares(_ size: Int) -> [BenchCase] {
    let iterations = max(200_000 / size, 4)
    return [
      BenchCase(
        id: "share\(size).preorder", label: "preorder loop over \(size.grouped) descendants",
        deliveries: size, callgrindIterations: iterations
      ) {
        let tree = PreorderTree(descendants: size)
        return { iterations in
          var result = 0
          for index in 0..<iterations { result = tree.share(result ^ index) }
          Sink.consume(result)
        }
      },
      DataCases.share(descendants: size, callgrindIterations: iterations),
    ]
  }

  /// One cancel beside `count` registrations on one node.
  ///
  /// Each operation cancels the oldest registration and registers a new one, so the node keeps
  /// `count`. Cancelling the oldest is the worst case for a list that removes by shifting.
  private static func cancelOnNode(_ count: Int) -> BenchCase {
    BenchCase(
      id: "cancelNode.\(count)",
      label: "cancel the oldest of \(count.grouped) registrations on a node, register one",
      callgrindIterations: 2_000
    ) {
      let node = Node("cancel.node")
      let step = Sink.opaque(1)
      let register = { node.on(BenchKeys.click) { _, click in Sink.consume(click.index ^ step) } }
      var ring = (0..<count).map { _ in register() }
      var oldest = 0
      return { iterations in
        for _ in 0..<iterations {
          ring[oldest].cancel()
          ring[oldest] = register()
          oldest = oldest + 1 == count ? 0 : oldest + 1
        }
        // NB: not `node.registrationCount`, which counts every registration: O(count) per
        // batch, it made the cancel itself look superlinear.
        Sink.consume(node)
        Sink.consume(oldest)
      }
    }
  }

  /// The bus's counterpart of `cancelOnNode`: `count` subscriptions to one event type.
  private static func cancelOnBus(_ count: Int) -> BenchCase {
    BenchCase(
      id: "cancelBus.\(count)",
      label: "cancel the oldest of \(count.grouped) bus subscriptions, subscribe one",
      callgrindIterations: 2_000
    ) {
      let bus = EventBus(name: "bench.cancel")
      let step = Sink.opaque(1)
      let subscribe = { bus.subscribe(Click.self) { click in Sink.consume(click.index ^ step) } }
      var ring = (0..<count).map { _ in subscribe() }
      var oldest = 0
      return { iterations in
        for _ in 0..<iterations {
          ring[oldest].cancel()
          ring[oldest] = subscribe()
          oldest = oldest + 1 == count ? 0 : oldest + 1
        }
        // NB: not `subscriberCount(for:)`, which walks every subscription (see above).
        Sink.consume(bus)
        Sink.consume(oldest)
      }
    }
  }

  /// Mounts `count` new children under a new node, then releases them all (issue 13, item 3).
  ///
  /// NB: the mounts are inside the figure; the table's growth column is what matters.
  private static func release(_ count: Int) -> BenchCase {
    BenchCase(
      id: "release.\(count)",
      label: "mount \(count.grouped) children under a node, then release them",
      deliveries: count, callgrindIterations: max(100_000 / count, 1)
    ) {
      { iterations in
        for _ in 0..<iterations {
          let parent = Node("release.parent")
          var children: [Node] = []
          children.reserveCapacity(count)
          for _ in 0..<count {
            let child = Node("release.child")
            do { try child.mount(at: parent) } catch { preconditionFailure("mount: \(error)") }
            children.append(child)
          }
          children.removeAll()
          Sink.consume(parent)
        }
      }
    }
  }

  /// A mount and an unmount in one tree, then a post in another, depth-64 tree (issue 13, item
  /// 2): less `mountOnly`, the post must cost what `bubble64.chainkit` costs.
  private static func afterMount() -> BenchCase {
    BenchCase(
      id: "bubble64.afterMount",
      label: "mount + unmount in one tree, then a depth-64 post in another", deliveries: 64
    ) {
      let chain = ChainFixture(depth: 64)
      for node in chain.nodes { chain.listen(BenchKeys.click, at: node) }
      let (parent, child, leaf) = (Node("mount.parent"), Node("mount.child"), chain.leaf)
      return { iterations in
        var listenersRun = 0
        for index in 0..<iterations {
          remount(child, at: parent)
          listenersRun &+= leaf.post(BenchKeys.click, ChainFixture.click(index)).listenersRun
        }
        Sink.consume(listenersRun &+ chain.counter.pointee)
        Sink.consume(parent)
      }
    }
  }

  /// The mount and unmount of `afterMount` alone, with the post loop's own overhead.
  private static func mountOnly() -> BenchCase {
    BenchCase(id: "bubble64.mountOnly", label: "mount + unmount in one tree (no post)") {
      let (parent, child) = (Node("mount.parent"), Node("mount.child"))
      return { iterations in
        for _ in 0..<iterations { remount(child, at: parent) }
        Sink.consume(parent)
      }
    }
  }

  /// Mounts `child` under `parent`, the root of a tree of their own, and unmounts it.
  @inline(never)
  private static func remount(_ child: Node, at parent: Node) {
    do { try child.mount(at: parent) } catch { preconditionFailure("mount: \(error)") }
    child.unmount(from: parent)
  }
}

extension Int {
  /// The number with thousands separators: 100,000.
  var grouped: String {
    let digits = Array(String(self))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
