import ChainKit
import ChainKitTracing

/// One session of `chaintui inspect`: a traced program's node tree, rebuilt from its mount
/// records and dispatch paths as panels, with the records routed into their logs by a
/// ``SceneTracer`` as the explorer's scenes do.
///
/// The root panel stands for the program; the program's top-level nodes are its children. A
/// node first seen in a dispatch path is placed under the next node of the path until a mount
/// record says where it belongs. A released node keeps its place and log, dimmed and titled
/// "(released)".
@MainActor
final class TraceScene: Scene {
  /// What the session has seen, shown in the root panel.
  struct Counts: Equatable {
    var records = 0
    var dispatches = 0
    var dropped = 0
    var skipped = 0
  }

  let id: String
  private(set) var title: String
  let root: Panel
  let flow = [
    "Each tab is one session of a traced program (a run, or a reconnect).",
    "Panels are the program's nodes, rebuilt from its mounts and paths;",
    "their logs show what reached them. i opens the inspector.",
  ]
  let tracer = SceneTracer()
  private(set) var counts = Counts()
  /// The session line, once one arrived.
  private(set) var session: TraceSession?
  /// Whether the connection (or file) this session came from has ended.
  private(set) var hasEnded = false
  private var panels: [String: Panel] = [:]
  /// Each binding's member changed last: the one its updates follow.
  private var bindingSources: [UInt64: String] = [:]
  /// The names of the nodes whose panels show as released.
  private var released: Set<String> = []

  /// Creates the session numbered `number`, reading from `source`.
  init(number: Int, source: String) {
    id = "session\(number)"
    title = source
    root = Panel("session \(number)", title: "session \(number): \(source)")
    root.accent = .magenta
    root.axis = .vertical
    root.logRows = 4
    tracer.onKeep = { [weak self] dispatch in self?.route(dispatch) }
    refreshBody()
  }

  /// Whether nothing arrived yet: a session line may still claim this session.
  var isEmpty: Bool { session == nil && counts.records == 0 && counts.skipped == 0 }

  /// Takes a line of the trace.
  func apply(_ line: TraceLine) {
    switch line.body {
    case .session(let session):
      self.session = session
      title = "\(session.program) \(session.pid)"
      root.title = "\(session.program) (pid \(session.pid))"
    case .dropped(let count):
      counts.dropped += count
      root.note("the program dropped \(counted(count, "record")) (its stream was full or unread)")
    case .record(let record):
      counts.records += 1
      place(record)
      noteOwnKinds(record)
      tracer.receive(record)
    }
    refreshBody()
  }

  /// Notes a line that was skipped, and why.
  func skip(_ problem: String) {
    counts.skipped += 1
    root.note("skipped \(problem)")
    refreshBody()
  }

  /// Marks the session's connection or file as ended.
  func end(_ why: String) {
    hasEnded = true
    root.note(why)
    refreshBody()
  }

  /// The panel of a node, made at the top level if it is new; a released one that shows up
  /// again (a new node of the same name) is shown as live.
  func panel(for name: String) -> Panel {
    if let known = panels[name] {
      if released.contains(name) { markReleased(known, false) }
      return known
    }
    let panel = Panel(name)
    panel.axis = .horizontal
    panels[name] = panel
    root.add(panel)
    return panel
  }

  private func place(_ record: TraceRecord) {
    switch record {
    case .dispatch(let dispatch):
      counts.dispatches += 1
      for index in dispatch.path.indices {
        let child = panel(for: dispatch.path[index])
        guard index + 1 < dispatch.path.count, child.parent === root else { continue }
        move(child, under: panel(for: dispatch.path[index + 1]))
      }
    case .mount(let mount):
      let child = panel(for: mount.node)
      let parent = panel(for: mount.parent)
      if child.parent === root { move(child, under: parent) }
    case .unmount(let mount):
      guard let child = panels[mount.node], let parent = child.parent,
        parent.name == mount.parent
      else { return }
      if mount.reason == .released {
        // Kept where it was, dimmed: a program that exits releases every node, and the tree
        // it had, with its logs, is what a reader of its trace came for.
        markReleased(child, true)
      } else {
        parent.remove(child)
        root.add(child)
      }
    case .share(let share):
      _ = panel(for: share.node)
    default:
      break
    }
  }

  /// Whether a node's panel is shown as released.
  func isReleased(_ name: String) -> Bool { released.contains(name) }

  /// Shows a panel as released (dimmed, titled so) or as live again.
  private func markReleased(_ panel: Panel, _ isReleased: Bool) {
    if isReleased {
      guard released.insert(panel.name).inserted else { return }
      panel.title = "\(panel.name) (released)"
      panel.accent = .black
    } else {
      guard released.remove(panel.name) != nil else { return }
      panel.title = panel.name
      panel.accent = .blue
    }
  }

  /// Moves a top-level panel under `parent`, unless that would make a cycle.
  private func move(_ child: Panel, under parent: Panel) {
    guard parent !== child, parent !== root, !parent.node.isDescendant(of: child.node) else {
      return
    }
    root.remove(child)
    parent.add(child)
  }

  /// Writes one line per node and phase into the panels the dispatch reached: the records come
  /// from another process, so the panels find their lines by node name.
  private func route(_ dispatch: DispatchRecord) {
    for (node, line) in DispatchLines.lines(for: dispatch) { panels[node]?.note(line) }
  }

  /// Log lines for the kinds that are not dispatches.
  private func noteOwnKinds(_ record: TraceRecord) {
    switch record {
    case .mount(let mount):
      panels[mount.node]?.note("mounted under \(mount.parent)")
      panels[mount.parent]?.note("\(mount.node) mounted here")
    case .unmount(let mount) where mount.reason == .released:
      panels[mount.node]?.note("released (under \(mount.parent))")
      panels[mount.parent]?.note("\(mount.node) released")
    case .unmount(let mount):
      panels[mount.node]?.note("unmounted from \(mount.parent)")
      panels[mount.parent]?.note("\(mount.node) unmounted from here")
    case .binding(let binding) where binding.kind != .suppressedEcho:
      // Echo suppression is routine in a two-way binding; the log keeps changes and updates.
      if binding.kind == .change { bindingSources[binding.groupID] = binding.member }
      let source = binding.kind == .update ? bindingSources[binding.groupID] : nil
      panels[binding.member]?.note(BindingSentence.text(of: binding, source: source))
    case .share(let share):
      panels[share.node]?.note(
        "share \(share.key) = \(share.value) (\(share.action.rawValue), \(share.subscribersNotified) notified)"
      )
    case .publish(let bus):
      root.note(
        "bus \(bus.bus): \(bus.type) \(bus.event) -> \(counted(bus.subscribersRun, "subscriber"))")
    case .deadEvent(let bus):
      root.note("bus \(bus.bus): dead event \(bus.type) \(bus.event)")
    case .producer(let producer):
      root.note("bus \(producer.bus): producer \(producer.action.rawValue) for \(producer.type)")
    default:
      break
    }
  }

  private func refreshBody() {
    var status = "\(counted(counts.records, "record")), \(counted(counts.dispatches, "dispatch"))"
    status += ", \(counts.dropped) dropped, \(counts.skipped) skipped"
    if hasEnded { status += " (ended)" }
    root.body = [StyledLine(status)]
  }
}
