package import ChainKit

/// The tracer installed on a scene's root: it keeps the scene's dispatches for the inspector,
/// writes a line into the log of every panel a dispatch reached, and forwards every record to
/// an optional second tracer (the `--trace` JSON Lines writer).
///
/// A dispatch is handled once even if the tracer is installed on several nodes of its path (a
/// detached subtree keeps its own installation), because records carry a unique id.
@MainActor
package final class SceneTracer: Tracer {
  /// The scene whose panels get log lines; set once the scene is built.
  package weak var scene: (any Scene)?
  /// The scene's id, known before the scene is built (records made while it builds have it).
  package var sceneID: String?
  /// Receives every record as well, such as a JSON Lines writer.
  package var forward: (any Tracer)?
  /// The most dispatches kept.
  package let capacity: Int
  /// The dispatches seen, oldest first, at most ``capacity``.
  package private(set) var dispatches: [DispatchRecord] = []
  /// The highest id among the kept dispatches, `nil` while none is kept; what a harness window
  /// starts from, kept up to date so that each key need not scan the dispatches.
  package private(set) var highestKeptID: UInt64?
  /// The inspector's row text for the kept dispatches, made once per dispatch.
  let rowText: InspectorRowText
  /// Ids of the kept dispatches, to drop a record delivered twice.
  private var seen: Set<UInt64> = []
  /// Nested dispatches whose outermost dispatch has not finished yet.
  private var pending: [DispatchRecord] = []

  /// Creates a tracer that keeps up to `capacity` dispatches.
  package init(capacity: Int = 1_000) {
    self.capacity = max(1, capacity)
    self.rowText = InspectorRowText(capacity: 2 * max(1, capacity))
  }

  /// Keeps, routes and forwards one record.
  package func receive(_ record: TraceRecord) {
    switch record {
    case .dispatch(let dispatch):
      guard seen.insert(dispatch.id).inserted else { return }
      // NB: a nested dispatch's record arrives before the record of the one that posted it.
      // Hold nested ones until the outermost arrives, so logs read in the order of posting.
      guard dispatch.parent == nil else {
        pending.append(dispatch)
        break
      }
      for record in [dispatch] + pending.sorted(by: { $0.id < $1.id }) {
        keep(record)
        route(record)
      }
      pending.removeAll()
    case .mount(let mount):
      scene?.panel(named: mount.node)?.note("mounted under \(mount.parent)")
      scene?.panel(named: mount.parent)?.note("\(mount.node) mounted here")
    case .unmount(let mount):
      scene?.panel(named: mount.node)?.note("unmounted from \(mount.parent)")
      scene?.panel(named: mount.parent)?.note("\(mount.node) unmounted from here")
    case .binding(let binding) where binding.kind != .suppressedEcho:
      // Echo suppression is routine in a two-way binding; the log keeps changes and updates.
      scene?.panel(named: binding.member)?.note(
        "bind \(binding.kind.rawValue): \(binding.old.map { "\($0) -> " } ?? "")\(binding.new ?? "")"
      )
    default:
      break
    }
    // A trace file's lines say which scene they came from (the schema's `scope`).
    if let writer = forward as? JSONLinesTraceWriter, let id = sceneID ?? scene?.id,
      writer.scope != id
    {
      writer.scope = id
    }
    forward?.receive(record)
  }

  private func keep(_ dispatch: DispatchRecord) {
    dispatches.append(dispatch)
    highestKeptID = max(highestKeptID ?? dispatch.id, dispatch.id)
    if dispatches.count > capacity {
      var droppedHighest = false
      for dropped in dispatches.prefix(dispatches.count - capacity) {
        seen.remove(dropped.id)
        droppedHighest = droppedHighest || dropped.id == highestKeptID
      }
      dispatches.removeFirst(dispatches.count - capacity)
      // Ids grow as dispatches are kept, so this scan is for an out-of-order record only.
      if droppedHighest { highestKeptID = dispatches.lazy.map(\.id).max() }
    }
  }

  /// Writes one line per node and phase into the panels the dispatch reached.
  private func route(_ dispatch: DispatchRecord) {
    guard let scene else { return }
    for (node, line) in DispatchLines.lines(for: dispatch) {
      scene.panel(named: node)?.note(line)
    }
  }
}
