// Tracing: structured records of what ran. A `Tracer` installed on a node sees every dispatch
// whose path includes it (a `DispatchRecorder` builds the record while the dispatch runs), and
// mounts below it; one installed on a bus sees its publishes. `TraceLog` keeps records in memory;
// `JSONLinesTraceWriter` writes them one JSON object per line, as `TraceLine`s of the versioned
// schema (TraceSchema.md); `Stream/TraceStream` sends the same lines out of the process.

/// Receives a structured record of what happens in the trees, buses and bindings it is
/// installed on.
///
/// A tracer installed on a node sees every dispatch whose path includes that node, and the
/// mounts and unmounts of nodes whose path includes it. Records of a nested dispatch arrive
/// before the record of the dispatch that posted it (each is sent when its dispatch returns);
/// ``DispatchRecord/parent`` links them.
@MainActor
public protocol Tracer: AnyObject {
  /// Called with each record, on the main actor, after the traced operation finished.
  func receive(_ record: TraceRecord)
}

/// A tracer installed on a node or a bus; cancelling the token uninstalls it
/// (``DetachableRegistration``).
@MainActor
final class TracerInstallation: DetachableRegistration {
  let tracer: any Tracer

  init(tracer: any Tracer, uninstall: @escaping @MainActor (DetachableRegistration) -> Void) {
    self.tracer = tracer
    super.init(uninstall: uninstall)
  }
}

/// Where records go.
@MainActor
enum Trace {
  /// Hands `record` to `tracers`, through the door of `runtime` (the traced object's): a tracer
  /// may post, publish or share, and what it starts nests inside this call.
  ///
  /// Tracer callbacks for work that ran are never refused (a record of it is never lost), but
  /// what they start is, past the limit; only the first refused operation of a runaway that has a
  /// record is traced, so a tracer that posts on every record stops.
  static func emit(_ record: TraceRecord, to tracers: [any Tracer], in runtime: ChainRuntime) {
    guard !tracers.isEmpty else { return }
    _ = runtime.enter()
    for tracer in tracers { tracer.receive(record) }
    runtime.leave()
  }

  /// Hands `record` to one tracer, through the door of `runtime` as ``emit(_:to:in:)`` does.
  static func emit(_ record: TraceRecord, to tracer: any Tracer, in runtime: ChainRuntime) {
    _ = runtime.enter()
    tracer.receive(record)
    runtime.leave()
  }

  /// Sends a mount or unmount record to the tracers on `core`'s path.
  static func emitMount(_ record: TraceRecord, at core: NodeCore) {
    guard core.runtime.installedTracers > 0 else { return }
    emitChange(record, to: core.tracersNearby(), name: core.name, in: core.runtime)
  }

  /// Sends the record of a change that does not pass the ``ReentryGuard`` itself.
  ///
  /// A mount, an unmount or a release: telling the tracers passes the door instead. Past the
  /// limit the change is made but the tracers are not told, and the refusal goes to every enclosing operation
  /// (rule 14), so a tracer that mounts a node on every record stops.
  static func emitChange(
    _ record: TraceRecord, to tracers: [any Tracer], name: String, in runtime: ChainRuntime
  ) {
    guard !tracers.isEmpty, runtime.admit(name) == nil else { return }
    emit(record, to: tracers, in: runtime)
  }

  /// How many nodes, from a node up, mount and release records search for tracers.
  ///
  /// Dispatch records see every tracer on the path; structural records stop here so that building
  /// or tearing down a very deep tree stays linear while a tracer is installed anywhere in the
  /// process.
  static let structuralSearchLimit = 64
}

extension Node {
  /// Installs `tracer` on this node: it sees every dispatch whose path includes this node, and
  /// mounts and unmounts below it.
  ///
  /// - Parameter tracer: The tracer; held strongly until the token is cancelled or this node
  ///   is deallocated.
  /// - Returns: A token that uninstalls the tracer.
  @discardableResult
  public func install(_ tracer: any Tracer) -> Subscription {
    // NB: the core unretained, not weak (a weak reference would move the core's refcount to a
    // slow side table); retire() detaches every installation before the core can go away.
    let unretained = Unretained(core)
    let installation = TracerInstallation(tracer: tracer) { installation in
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
