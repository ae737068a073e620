/// A track of a Chrome trace: what one `tid` of a process stands for.
enum ChromeTraceTrack: Hashable {
  /// The stream's own notes (records it dropped): the process's first track.
  case stream
  /// A node: its dispatches, the hops at it, its shares, mounts and dropped stream elements.
  case node(String)
  /// A bus: its publishes, dead events and producers.
  case bus(String)
  /// A binding group: what it did with each change.
  case binding(String)

  /// The name the viewer shows beside the track.
  var title: String {
    switch self {
    case .stream: "trace stream"
    case .node(let name): name
    case .bus(let name): "bus \(name)"
    case .binding(let name): "binding \(name)"
    }
  }
}
