import Synchronization

/// A handle for posting to a node from any thread, task or actor: the one door into the main
/// actor.
///
/// Get it on the main actor with ``Node/remote`` and hand it to any other context; it is a
/// `Sendable` value. A post through it never blocks and never waits for the main actor: it appends
/// the event to one process-wide first-in, first-out queue and returns. The main actor dispatches
/// queued events in queue order, so the events one thread posts are dispatched in the order it
/// posted them, each exactly once.
///
/// ```swift
/// let remote = content.remote
/// Task.detached {
///   let rows = await loadRows()
///   remote.post(.rowsLoaded, rows)
/// }
/// ```
///
/// The handle does not keep its node alive. A post that reaches the main actor after the node was
/// released is dropped and counted in ``droppedCount`` and ``totalDroppedCount``.
public struct RemoteNode: Sendable, CustomStringConvertible {
  let target: RemoteTarget

  /// The node's name, readable from any thread.
  public var name: String { target.name }

  /// The node's name.
  public var description: String { "remote \(target.name)" }

  /// Queues an event for dispatch on the main actor, from any thread, without blocking.
  ///
  /// The payload crosses threads, so it is `sending`: a `Sendable` value, or one the poster
  /// hands over and no longer touches, such as an object made for this post. The compiler
  /// refuses a post of a value the poster goes on using:
  ///
  /// ```swift
  /// Task.detached {
  ///   let page = Page(rows: try await fetchRows())  // a class that is not Sendable
  ///   remote.post(.pageLoaded, page)                // page is the main actor's from here
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The event's key.
  ///   - payload: The event's payload, handed over to the main actor.
  public func post<Payload>(_ key: EventKey<Payload>, _ payload: sending Payload) {
    RemotePostQueue.shared.enqueue(
      RemotePost(target: target, delivery: RemoteEvent(key: key, payload: payload)))
  }

  /// Queues an event that carries no payload.
  ///
  /// - Parameter key: The event's key.
  public func post(_ key: EventKey<Void>) {
    post(key, ())
  }

  /// Queues a named event with a ``Params`` bag, from any thread, without blocking.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - params: Its parameters.
  public func post(_ name: String, _ params: Params = [:]) {
    post(EventKey<Params>(name), params)
  }

  /// How many posts through this handle (and its copies) were dropped because the node had been
  /// released by the time the main actor reached them.
  public var droppedCount: Int { target.dropped.load(ordering: .relaxed) }

  /// How many remote posts were dropped in this process because their node had been released.
  static var totalDroppedCount: Int {
    RemotePostQueue.shared.dropped.load(ordering: .relaxed)
  }

}

extension Node {
  /// A `Sendable` handle that posts to this node from any thread; see ``RemoteNode``.
  public var remote: RemoteNode { RemoteNode(target: RemoteTarget(node: self)) }
}

/// The node a ``RemoteNode`` posts to, held weakly.
///
/// NB: the handle, not the core, is held weakly: a weak reference moves an object's refcount to a
/// side table, and cores are retained and released on every post.
///
/// `Sendable` as checked by the compiler: its stored properties are constants of `Sendable`
/// types (a node is main-actor isolated), so other threads may hold and copy it; ``core`` is
/// read only on the main actor.
final class RemoteTarget: Sendable {
  let name: String
  private weak let weakNode: Node?
  let dropped = Atomic<Int>(0)

  @MainActor
  init(node: Node) {
    name = node.name
    weakNode = node
  }

  /// The core, while its node is alive.
  @MainActor
  var core: NodeCore? {
    guard let core = weakNode?.core, core.isAlive else { return nil }
    return core
  }
}
