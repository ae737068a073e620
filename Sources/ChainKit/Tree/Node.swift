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

  /// The object this node belongs to (a model, a panel, a manager object), held weakly; `nil`
  /// if none was set or it is gone.
  ///
  /// The owner holds its node; this link goes the other way without keeping anything alive, so
  /// that code handed a node (an event's ``EventContext/target``, one of ``children``) can reach
  /// the object behind it, as DCFrame's handlers reach a model. Set it where the owner makes its
  /// node, and read it typed with ``owner(as:)``. ChainKit itself never reads it.
  public weak var owner: AnyObject?

  /// Creates a node that is not yet in any tree.
  ///
  /// - Parameter name: A human-readable name, used by traces, the inspector and error messages.
  public convenience init(_ name: String) {
    self.init(name, runtime: .main)
  }

  /// Creates a node whose every operation goes through `runtime`.
  ///
  /// Only nodes of one runtime can be linked (see ``mount(at:)``).
  init(_ name: String, runtime: ChainRuntime) {
    self.name = name
    core = NodeCore(name: name, runtime: runtime)
    core.owner = self
  }

  isolated deinit {
    // NB: only look for tracers when some are installed, and never by computing (and caching) a
    // full path: that would make tearing down a deep tree quadratic in time and memory.
    if core.runtime.installedTracers > 0, !core.parents.isEmpty {
      let tracers = core.hooksNearby()
      for parent in core.parents {
        Trace.emitChange(
          .mount(node: name, parent: parent.name, reason: .released),
          to: tracers, name: name, in: core.runtime)
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

  /// The node's ``owner`` as a `type`, if it is one and still alive.
  ///
  /// A model names itself its node's owner where it makes the node:
  ///
  /// ```swift
  /// @MainActor final class CommentModel {
  ///   static let tapped = EventKey<Void>("comment.tapped")
  ///   let node = Node("CommentModel")
  ///   let author: String
  ///   init(author: String) {
  ///     self.author = author
  ///     node.owner = self
  ///   }
  /// }
  /// ```
  ///
  /// and a handler given the node reaches the model:
  ///
  /// ```swift
  /// list.on(CommentModel.tapped) { ctx, _ in
  ///   guard let model = ctx.target?.owner(as: CommentModel.self) else { return }
  ///   print("tapped \(model.author)'s comment")
  /// }
  /// ```
  ///
  /// - Parameter type: The owner's type.
  /// - Returns: The owner, or `nil` if none was set, it is gone, or it is of another type.
  public func owner<Owner: AnyObject>(as type: Owner.Type) -> Owner? { owner as? Owner }
}

extension Node: CustomStringConvertible {
  /// The node's name.
  nonisolated public var description: String { name }
}
