// The tracing hook: what ChainKit tells whoever traces it. Nodes, buses and binding groups hold
// hooks (``TraceHook``); a dispatch along a path with hooks gets a probe (``DispatchProbe``)
// whose recorder records for the path's hooks (a free one, or one the path's first hook makes);
// every other traced change is one ``TraceEvent``.
// ChainKitTracing implements the hook: its records, their coding and its tracers live there, so
// ChainKit itself knows no record type.

/// Hears what happens in the trees, buses and binding groups it is installed on: the one thing
/// ChainKit calls for tracing.
///
/// Only ChainKitTracing implements it (its `Tracer`s are installed through one); a dispatch
/// record is made once per dispatch, by a free recorder or one the path's first hook makes, and
/// handed to every hook on the path.
@MainActor
@usableFromInline
package protocol TraceHook: AnyObject {
  /// A recorder for one dispatch along `path`, whose record goes to every hook of the path.
  ///
  /// Asked only when the runtime has no free recorder: a finished recorder stays on the
  /// runtime's list (``ChainRuntime/recorders``), and records any later dispatch along any
  /// traced path, for that path's hooks.
  ///
  /// - Parameters:
  ///   - start: What was posted, by whom, where.
  ///   - path: The dispatch's path; ``PathCache/hooks`` includes this hook.
  /// - Returns: The recorder's probe, which the dispatch calls at each hop.
  func recorder(for start: DispatchStart, along path: PathCache) -> RecordingProbe

  /// Hears a traced change other than a walked dispatch.
  func receive(_ event: TraceEvent)
}

/// What a dispatch's recorder is told at its start.
@usableFromInline
package struct DispatchStart {
  /// Event or request.
  package var kind: DispatchKind
  /// The dispatch id.
  package var id: UInt64
  /// The enclosing dispatch's id, or 0.
  package var parent: UInt64
  /// The key's name.
  package var key: String
  /// The payload, kept undescribed.
  package var box: DescriptionBox
  /// Whether the event's key bubbles: where the walk ends.
  package var bubbles: Bool
}

/// A traced change other than a walked dispatch, in ChainKit's words; ChainKitTracing makes its
/// record.
@usableFromInline
package enum TraceEvent {
  /// Why a node joined or left a parent.
  @usableFromInline
  package enum MountReason: Sendable { case mounted, unmounted, released }
  /// What a binding group did with one member's value.
  @usableFromInline
  package enum BindingChange: Sendable {
    case change, update, suppressedEcho, deferred, dropped, roundLimit
  }
  /// What happened to a shared value.
  @usableFromInline
  package enum ShareAction: Sendable { case shared, computed, removed }
  /// Why a bus's subscribers were called.
  @usableFromInline
  package enum BusSource: Sendable { case publish, producerRegistered, newSubscriber }
  /// What happened to a bus's producer.
  @usableFromInline
  package enum ProducerAction: Sendable { case registered, replaced, removed }

  /// A node joined (`mounted`) or left a parent.
  case mount(node: String, parent: String, reason: MountReason)
  /// A binding group propagated, suppressed, deferred or dropped something.
  case binding(
    groupID: UInt64, group: String, change: BindingChange, member: String, old: String?,
    new: String?)
  /// A value shared or removed at a node.
  case share(
    node: String, key: String, value: String, action: ShareAction, subscribersNotified: Int)
  /// An event delivered on a bus (a dead event if nobody ran and nothing was thrown).
  case publish(
    bus: String, type: String, event: TraceText, source: BusSource, subscribersRun: Int,
    errors: [String])
  /// A producer registered, replaced or removed on a bus.
  case producer(bus: String, type: String, action: ProducerAction)
  /// A bounded stream dropped elements.
  case streamDrop(source: String, key: String, policy: String, dropped: Int)
  /// A dispatch the guard refused before it walked its path (`path`: its node names, target
  /// first).
  case refusedDispatch(DispatchStart, path: [String], outcome: Outcome)
}

/// A hook installed on a node or a bus; cancelling the token uninstalls it
/// (``DetachableRegistration``).
@MainActor
final class HookInstallation: DetachableRegistration {
  let hook: any TraceHook

  init(hook: any TraceHook, uninstall: @escaping @MainActor (DetachableRegistration) -> Void) {
    self.hook = hook
    super.init(uninstall: uninstall)
  }
}

/// Where traced changes go.
@MainActor
package enum Trace {
  /// Runs `body` (which hands a record to tracers) through the door of `runtime` (the traced
  /// object's): a tracer may post, publish or share, and what it starts nests inside this call.
  ///
  /// Tracer callbacks for work that ran are never refused (a record of it is never lost), but
  /// what they start is, past the limit; only the first refused operation of a runaway that has a
  /// record is traced, so a tracer that posts on every record stops.
  package static func deliver(in runtime: ChainRuntime, _ body: () -> Void) {
    enter(runtime)
    body()
    leave(runtime)
  }

  /// Enters the door of `runtime` to hand a record to tracers, as ``deliver(in:_:)`` does; each
  /// call is matched by one ``leave(_:)``.
  ///
  /// For a caller that hands on a record without a closure, whose context would retain the
  /// record and the hooks it captures.
  package static func enter(_ runtime: ChainRuntime) {
    _ = runtime.enter()
  }

  /// Leaves the door entered by ``enter(_:)``.
  package static func leave(_ runtime: ChainRuntime) {
    runtime.leave()
  }

  /// Hands `event` to `hooks`, through the door of `runtime` as ``deliver(in:_:)`` does.
  static func emit(_ event: TraceEvent, to hooks: [any TraceHook], in runtime: ChainRuntime) {
    guard !hooks.isEmpty else { return }
    deliver(in: runtime) {
      for hook in hooks { hook.receive(event) }
    }
  }

  /// Sends a mount or unmount to the hooks on `core`'s path.
  static func emitMount(_ event: TraceEvent, at core: NodeCore) {
    guard core.runtime.installedTracers > 0 else { return }
    emitChange(event, to: core.hooksNearby(), name: core.name, in: core.runtime)
  }

  /// Sends a change that does not pass the ``ReentryGuard`` itself.
  ///
  /// A mount, an unmount or a release: telling the hooks passes the door instead. Past the
  /// limit the change is made but the hooks are not told, and the refusal goes to every
  /// enclosing operation (rule 14), so a tracer that mounts a node on every record stops.
  static func emitChange(
    _ event: TraceEvent, to hooks: [any TraceHook], name: String, in runtime: ChainRuntime
  ) {
    guard !hooks.isEmpty, runtime.admit(name) == nil else { return }
    emit(event, to: hooks, in: runtime)
  }

  /// How many nodes, from a node up, mount and release records search for hooks.
  ///
  /// Dispatch records see every hook on the path; structural records stop here so that building
  /// or tearing down a very deep tree stays linear while a tracer is installed anywhere in the
  /// process.
  static let structuralSearchLimit = 64
}

extension Node {
  /// Installs `hook` on this node: it hears every dispatch whose path includes this node, and
  /// mounts and unmounts below it.
  ///
  /// - Parameter hook: The hook; held strongly until the token is cancelled or this node is
  ///   deallocated.
  /// - Returns: A token that uninstalls the hook.
  package func installHook(_ hook: any TraceHook) -> Subscription {
    // NB: the core unretained, not weak (a weak reference would move the core's refcount to a
    // slow side table); retire() detaches every installation before the core can go away.
    let unretained = Unretained(core)
    let installation = HookInstallation(hook: hook) { installation in
      let core = unretained.object
      core.tracers.removeAll { $0 === installation }
      core.runtime.installedTracers -= 1
      core.touch()
    }
    core.tracers.append(installation)
    core.runtime.installedTracers += 1
    core.touch()
    return Subscription(installation.ticket)
  }
}
