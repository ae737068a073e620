/// One event of the Chrome Trace Event format, as `chrome://tracing` and Perfetto read it.
///
/// Only the fields the format defines are written, and only those an event's phase uses:
/// `dur` for a complete slice (`X`), `id` for async slices and flows, `bp` for a flow's end,
/// `s` for an instant's scope.
struct ChromeTraceEvent: Encodable, Equatable {
  /// A value of an event's `args`: what the viewer shows in the selected event's details.
  enum Argument: Encodable, Equatable {
    case text(String)
    case number(UInt64)
    case flag(Bool)
    case list([String])

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .text(let text): try container.encode(text)
      case .number(let number): try container.encode(number)
      case .flag(let flag): try container.encode(flag)
      case .list(let list): try container.encode(list)
      }
    }
  }

  /// What the viewer labels the event with.
  var name: String
  /// The category: filters in the viewer, and with `id` the scope of an async slice or flow.
  var cat: String?
  /// The phase: `X` complete, `b`/`e` async begin and end, `s`/`t`/`f` flow, `i` instant,
  /// `M` metadata.
  var ph: String
  /// Microseconds from the trace's start.
  var ts: Double
  /// A complete slice's length, in microseconds.
  var dur: Double?
  /// The process: one per traced session.
  var pid: Int
  /// The track in the process: one per node, bus or binding group.
  var tid: Int
  /// Pairs an async slice's begin with its end, and a flow's steps with each other.
  var id: String?
  /// `e`: a flow step binds to the slice that encloses it.
  var bp: String?
  /// An instant's scope: `t`, the track.
  var s: String?
  /// The details the viewer shows.
  var args: [String: Argument]?
}
