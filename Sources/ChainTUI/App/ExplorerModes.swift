/// The explorer's modes as one value: a stack, the mode keys act in on top, with a pure
/// transition function, so what the app is doing is never a mix of flags.
///
/// The bottom of the stack is ``Mode/browse``, never popped. Esc pops the top, so every mode ends
/// on Esc, back to the one it was opened over; a scene switch ends every mode; a new dispatch ends
/// a replay (its marks give way to the new one's); a focus change ends a replay and the text
/// field (a field newly focused starts its own) and a search. Help, the palette, a search and the
/// filter open over what is on screen; the other modes replace what is open above the inspector.
struct ExplorerModes: Equatable, Sendable {
  /// One mode.
  enum Mode: Equatable, Hashable, Sendable {
    /// No mode: keys go to the focused panel, then to the global keys.
    case browse
    /// Typing into the focused text field: digits and backspace go to it.
    case field
    /// Replaying a dispatch hop by hop: `hops` of its path are shown.
    case replay(dispatch: UInt64, hops: Int)
    /// A panel's log on the whole screen.
    case zoom(panel: String)
    /// The inspector is open; up, down, Home and End select a record.
    case inspector
    /// The inspector explains one panel's listeners (`w`).
    case why(panel: String)
    /// The inspector's filter; `typing` while keys go into it.
    case filter(typing: Bool)
    /// The help overlay, scrolled by a number of wrapped lines.
    case help(scroll: Int)
    /// The command palette: what is typed, and the selected row of its matches.
    case palette(query: String, selection: Int)
    /// A search in a panel's log (the zoomed or the focused one); `typing` while keys go into
    /// the query, `match` the current match among them, oldest first.
    case search(panel: String, query: String, typing: Bool, match: Int)

    /// The mode's kind, without its data: what the stack holds at most once.
    var kind: Kind {
      switch self {
      case .browse: .browse
      case .field: .field
      case .replay: .replay
      case .zoom: .zoom
      case .inspector: .inspector
      case .why: .why
      case .filter: .filter
      case .help: .help
      case .palette: .palette
      case .search: .search
      }
    }
  }

  /// A mode's kind, without its data.
  enum Kind: CaseIterable, Sendable {
    case browse, field, replay, zoom, inspector, why, filter, help, palette, search
  }

  /// What changes the modes.
  enum Event: Equatable, Sendable {
    /// Esc: the top mode ends.
    case escape
    /// Another scene is shown; `field` when its focused panel is a text field.
    case sceneSwitched(field: Bool)
    /// A dispatch newer than any before was posted.
    case dispatched
    /// Focus moved to another panel; `field` when it is a text field.
    case focusMoved(field: Bool)
    /// A mode is opened, or the one of its kind already open changes to it.
    case open(Mode)
    /// The mode of this kind ends by its own key (past the last hop, past the root, enter in the
    /// filter with nothing typed, a key that closes help), with the modes above it.
    case close(Kind)
  }

  /// The modes open, bottom first; the first is always ``Mode/browse``.
  private(set) var stack: [Mode] = [.browse]

  /// Creates the modes with nothing open but browsing.
  init() {}

  /// The mode keys act in.
  var top: Mode { stack[stack.count - 1] }

  /// The open mode of a kind, if any.
  func mode(_ kind: Kind) -> Mode? { stack.last { $0.kind == kind } }

  /// Whether a mode of this kind is open.
  func has(_ kind: Kind) -> Bool { mode(kind) != nil }

  /// The modes after an event; the modes themselves are never changed in place.
  static func transition(_ modes: ExplorerModes, _ event: Event) -> ExplorerModes {
    var next = modes
    switch event {
    case .escape:
      if next.stack.count > 1 { next.stack.removeLast() }
    case .sceneSwitched(let field):
      next.stack = field ? [.browse, .field] : [.browse]
    case .dispatched:
      next.truncate(at: .replay)
    case .focusMoved(let field):
      // A search belongs to the panel it searches.
      next.truncate(at: .search)
      next.truncate(at: .replay)
      next.truncate(at: .field)
      if field, !next.has(.help), !next.isTypingFilter { next.stack.append(.field) }
    case .close(let kind):
      next.truncate(at: kind)
    case .open(let mode):
      next.open(mode)
    }
    return next
  }

  /// Applies an event.
  mutating func apply(_ event: Event) { self = Self.transition(self, event) }

  /// Whether keys go into the inspector's filter.
  var isTypingFilter: Bool { top == .filter(typing: true) }

  /// Whether keys go into a text of a mode (the filter, the palette, a search's query) rather
  /// than to the panel keys the status line would list.
  var isTyping: Bool {
    switch top {
    case .filter(typing: true), .palette, .search(_, _, typing: true, _): true
    default: false
    }
  }

  /// Removes the mode of a kind and every mode above it.
  private mutating func truncate(at kind: Kind) {
    guard kind != .browse, let index = stack.firstIndex(where: { $0.kind == kind }) else { return }
    stack.removeSubrange(index...)
  }

  private mutating func open(_ mode: Mode) {
    // A mode of the same kind already open changes in place (the next hop, the panel above, the
    // next panel "why" explains), under whatever was opened over it.
    if let index = stack.firstIndex(where: { $0.kind == mode.kind }) {
      // Another panel zoomed is another log: a search of the one before ends.
      if mode.kind == .zoom, stack[index] != mode { truncate(at: .search) }
      stack[index] = mode
      return
    }
    switch mode.kind {
    case .browse:
      stack = [.browse]
    case .help, .palette, .search:
      stack.append(mode)
    case .filter, .why:
      // The filter and "why" belong to the inspector: they open it if it is closed. "Why" sits
      // under the filter, so Esc clears the filter first, then "why", then closes the inspector.
      if !has(.inspector) { stack = stack.filter(\.kind.staysUnderAView) + [.inspector] }
      let filter = stack.firstIndex { $0.kind == .filter }
      stack.insert(mode, at: mode.kind == .why ? filter ?? stack.count : stack.count)
    case .replay:
      // A replay shows its marks over the inspector (which chose the dispatch), not a zoom.
      stack = stack.filter { $0.kind.staysUnderAView || $0.kind == .inspector || $0.kind == .why }
      stack.append(mode)
    case .zoom, .inspector:
      // One view of the scene at a time, over the text field.
      stack = stack.filter(\.kind.staysUnderAView) + [mode]
    case .field:
      stack = [.browse, .field]
    }
  }
}

extension ExplorerModes.Kind {
  /// Whether opening a view (a zoom, the inspector, a replay) keeps this mode under it.
  fileprivate var staysUnderAView: Bool { self == .browse || self == .field }
}
