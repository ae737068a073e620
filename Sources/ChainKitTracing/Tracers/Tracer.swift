// Tracers: what a user installs to see ChainKit's work as records. ChainKit calls a hook
// (`TraceHook`, package access) on the nodes, buses and binding groups it is installed on; a
// ``TracerHook`` turns what the hook hears into ``TraceRecord``s for one tracer, and makes the
// recorder (``DispatchRecorder``) of each dispatch along a traced path.

public import ChainKit

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

extension Node {
  /// Installs `tracer` on this node: it sees every dispatch whose path includes this node, and
  /// mounts and unmounts below it.
  ///
  /// - Parameter tracer: The tracer; held strongly until the token is cancelled or this node
  ///   is deallocated.
  /// - Returns: A token that uninstalls the tracer.
  @discardableResult
  public func install(_ tracer: any Tracer) -> Subscription {
    installHook(TracerHook(tracer))
  }
}

extension EventBus {
  /// Installs `tracer` on this bus: it sees every publish, dead event and producer change.
  ///
  /// - Parameter tracer: The tracer; held strongly until the token is cancelled.
  /// - Returns: A token that uninstalls the tracer.
  @discardableResult
  public func install(_ tracer: any Tracer) -> Subscription {
    installHook(TracerHook(tracer))
  }
}

/// The hook through which one tracer hears ChainKit.
@MainActor
final class TracerHook: TraceHook {
  let tracer: any Tracer

  init(_ tracer: any Tracer) {
    self.tracer = tracer
  }

  func recorder(for start: DispatchStart, along path: PathCache) -> RecordingProbe {
    DispatchRecorder.make(start, path: path)
  }

  func receive(_ event: TraceEvent) {
    tracer.receive(TraceRecord(event))
  }

  /// Hands `record` to the tracer.
  func hand(_ record: TraceRecord) {
    tracer.receive(record)
  }

  /// Hands `record` to the tracers of `hooks` (every hook is a tracer's), through the door of
  /// `runtime`, the traced dispatch's.
  static func deliver(_ record: TraceRecord, to hooks: [any TraceHook], in runtime: ChainRuntime) {
    guard !hooks.isEmpty else { return }
    // NB: entered and left around a loop, not through `Trace.deliver(in:_:)`: its closure's
    // context retains the record and the hooks.
    Trace.enter(runtime)
    for hook in hooks {
      // NB: the tracer called from the hook's own method, where the hook is borrowed: read
      // here, it is retained around the call.
      (hook as? TracerHook)?.hand(record)
    }
    Trace.leave(runtime)
  }
}
