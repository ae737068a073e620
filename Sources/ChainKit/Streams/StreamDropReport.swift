/// Where a bounded stream reports each element it drops: to the tracers on its node's path, or
/// to its bus's tracers.
///
/// A class the feed calls directly rather than a closure: a full `bufferingNewest` stream drops
/// on every element it receives, so finding that no tracer hears of it must cost a few loads,
/// not a closure call and the reference counting around one. The record is made only once a
/// tracer will read it.
@MainActor @usableFromInline
final class StreamDropReport {
  /// The node whose path's tracers hear of the drops, for a node's stream.
  ///
  /// Unretained: the feed lives in a registration at this node (or a subscriber under it), which
  /// never outlives the core; retaining the core from it would keep the node alive.
  @usableFromInline let node: Unretained<NodeCore>?
  /// The bus whose tracers hear of the drops, for a bus's stream.
  ///
  /// Unretained: the feed lives in a subscriber of this bus and reports only while the bus
  /// publishes to it; retaining the bus from its own subscriber would keep it alive for ever.
  let bus: Unretained<EventBus>?
  /// The source as the record names it (the node's name when the stream was made).
  let source: String
  /// The key (or event type) as the record names it.
  let key: String
  /// The policy as the record spells it.
  let policy: String

  /// Drops of a stream at `node`, reported to the tracers on its path.
  init(node: NodeCore, name: String, key: String, policy: String) {
    self.node = Unretained(node)
    bus = nil
    source = name
    self.key = key
    self.policy = policy
  }

  /// Drops of a stream of `bus`, reported to its tracers.
  init(bus: EventBus, key: String, policy: String) {
    node = nil
    self.bus = Unretained(bus)
    source = bus.name
    self.key = key
    self.policy = policy
  }

  /// Tells the tracers that a drop happened, `total` so far, if any tracer hears of it.
  ///
  /// Inline, the one case a stream that drops on every element meets while tracers are
  /// installed elsewhere: its node's path is current and nothing probes it. That takes a few
  /// loads here; everything else takes the call.
  @inlinable @inline(__always)
  func report(_ total: Int) {
    if let node, withUnretained(node, { Self.pathIsUnprobed($0) }) { return }
    reportToTracers(total)
  }

  /// Whether `core`'s cached path is current and has no hook nor observer on it: then no tracer
  /// hears of a drop there, wherever tracers are installed.
  ///
  /// An observer alone makes a path probed too; the call then finds that no hook reads the record.
  @inlinable @inline(__always)
  static func pathIsUnprobed(_ core: NodeCore) -> Bool {
    // NB: the cached path is read in place, as dispatch reads it: the core keeps it for the call.
    core.cachedVersion == core.clock.version
      && !withUnretained(Unretained(core.cachedPath)) { $0.isProbed }
  }

  /// Tells the tracers on the path (or the bus's) that a drop happened, `total` so far, if any
  /// tracer hears of it.
  @usableFromInline
  func reportToTracers(_ total: Int) {
    if let node {
      withUnretained(node) { core in
        guard core.runtime.installedTracers > 0 else { return }
        // NB: a tracer installed elsewhere (an inspector on another tree) counts above but is
        // not on this path: no record is made for nobody. The path is read in place (the core
        // keeps it for the call), so that a stream that drops on every element pays no
        // reference counting to learn that.
        core.refreshPathIfStale()
        guard withUnretained(Unretained(core.cachedPath), { !$0.hooks.isEmpty }) else { return }
        let hooks = core.hooksOnPath
        Trace.emit(
          .streamDrop(source: source, key: key, policy: policy, dropped: total), to: hooks,
          in: core.runtime)
      }
    } else if let bus {
      withUnretained(bus) { bus in
        guard bus.isTraced else { return }
        bus.trace(.streamDrop(source: bus.name, key: key, policy: policy, dropped: total))
      }
    }
  }
}
