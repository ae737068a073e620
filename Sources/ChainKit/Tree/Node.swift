// Tree: nodes, mounting and paths. A `Node` is the public face; its `NodeCore` holds the links
// (parents in mount order, children in a `ChildList`) and a `PathCache`: the nodes an event posted
// here visits, and for each key which of them have registrations. A topology version, bumped by
// every mount, unmount, release or registration change, tells a cached path it must be re-checked.

/// A node in a ChainKit tree: what events are posted to, bubble through, and are heard at.
///
/// A node belongs to its owner (a panel, a model, a manager object), which holds it strongly. The
/// tree never extends a lifetime: parent and child links keep nothing alive, and when the owner
/// releases a node it leaves the tree at once. Nobody has to unmount in `deinit`.
///
/// ```swift
/// let root = Node("root")
/// let container = Node("container")
/// let content = Node("content")
/// try container.mount(at: root)
/// try content.mount(at: container)
/// root.on(.itemClicked) { ctx, index in print("root heard \(index) from \(ctx.targetName)") }
/// content.post(.itemClicked, 3)
/// ```
///
/// A node may have several parents, kept in mount order; an event visits each node on its path
/// once. All of a node's API is confined to the main actor; see ``RemoteNode`` for posting from
/// other threads.
@MainActor
public final class Node {
  @usableFromInline let core: NodeCore

  /// The node's human-readable name, used by traces, the inspector and error messages.
  public let name: String

  /// Creates a node that is not yet in any tree.
  ///
  /// - Parameter name: A human-readable name, used by traces, the inspector and error messages.
  public init(_ name: String) {
    self.name = name
    core = NodeCore(name: name)
    core.owner = self
  }

  isolated deinit {
    // NB: only look for tracers when some are installed, and never by computing (and caching) a
    // full path: that would make tearing down a deep tree quadratic in time and memory.
    if Trace.installedCount > 0, !core.parents.isEmpty {
      let tracers = core.hooksNearby()
      for parent in core.parents {
        Trace.emitChange(
          .mount(node: name, parent: parent.name, reason: .released),
          to: tracers, name: name)
      }
    }
    core.retire()
  }

  /// The node's parents, in mount order.
  public var parents: [Node] { core.parents.compactMap(\.node) }

  /// The node's children, in mount order.
  public var children: [Node] { core.children.live.compactMap(\.node) }

  /// The names of the nodes an event posted here visits, in bubble order: this node, then its
  /// parents depth-first in mount order, each node once.
  public var pathNames: [String] { core.path.map(\.name) }

  /// The number of listeners, interceptors and responders registered here that can still run.
  public var registrationCount: Int { core.liveRegistrationCount }
}

extension Node: CustomStringConvertible {
  /// The node's name.
  nonisolated public var description: String { name }
}
