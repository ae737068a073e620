public import ChainKit

/// A box on screen that owns one ChainKit node: the panel tree is the node tree.
///
/// A panel is composed with its node, never a subclass of one: its ``node`` is what events are
/// posted to and heard at, and adding a child panel mounts the child's node under this one. A
/// panel shows a few ``body`` lines (its state, which its scene keeps up to date), the ``keys``
/// that do something while it has focus, and a log of what reached it, which the explorer writes
/// from the scene's trace.
///
/// ```swift
/// let inbox = Panel("inbox", title: "inbox (list)")
/// let row = Panel("row1")
/// inbox.add(row)
/// row.keys = [PanelKey(.enter, "open") { [unowned row] in row.node.post("opened", ["row": 1]) }]
/// inbox.node.on("opened") { [unowned inbox] _, params in inbox.body = ["opened \(params)"] }
/// ```
@MainActor
public final class Panel {
  /// The panel's node; its name is the panel's name.
  public let node: Node
  /// The panel's title in its border (the name unless chosen otherwise).
  public var title: String {
    didSet {
      Self.layoutGeneration &+= 1
      drawVersions.box &+= 1
    }
  }
  /// The panel this one is drawn inside, if it is in a tree.
  public private(set) weak var parent: Panel?
  /// The child panels, in layout order.
  public private(set) var children: [Panel] = []
  /// How children are placed: side by side (`.horizontal`, the default) or stacked.
  public var axis: Layout.Axis = .horizontal {
    didSet { Self.layoutGeneration &+= 1 }
  }
  /// The panel's share of its parent's space relative to its siblings; 1 by default.
  public var weight = 1 {
    didSet { Self.layoutGeneration &+= 1 }
  }
  /// A fixed length along the parent's axis (rows or columns) when there is room; `nil` shares
  /// by ``weight``.
  public var length: Int? {
    didSet { Self.layoutGeneration &+= 1 }
  }
  /// The state the panel shows above its log, one styled line per row; lines are cut to fit.
  ///
  /// Only a change in its count moves anything on screen; new text in the same rows does not.
  public var body: [StyledLine] = [] {
    didSet {
      // NB: a body set again to the lines it shows (a subscriber redrawing on every share)
      // leaves the drawn rows as they are: the next frame would draw the same cells again.
      guard body != oldValue else { return }
      if body.count != oldValue.count { Self.layoutGeneration &+= 1 }
      drawVersions.body &+= 1
    }
  }
  /// The keys that do something while this panel has focus, shown in its bottom border.
  public var keys: [PanelKey] = [] {
    didSet {
      Self.generation &+= 1
      drawVersions.box &+= 1
      answersDigitsMemo = nil
    }
  }
  /// Whether a leaf shows its log under its body; turn it off for leaves whose body is all
  /// they show.
  public var showsLog = true {
    didSet { Self.layoutGeneration &+= 1 }
  }
  /// Rows the log of a panel with children asks for (a leaf uses what is left); 2 by default.
  ///
  /// It gets them only from rows left once every panel inside has its box (the layout rule
  /// of <doc:UsingTheExplorer>), and grows with its lines up to a third of the panel.
  public var logRows = 2 {
    didSet { Self.layoutGeneration &+= 1 }
  }
  /// The accent colour of the border.
  public var accent: Style.Color = .blue {
    didSet { drawVersions.box &+= 1 }
  }
  /// What reached the panel, newest last, with its scroll position.
  ///
  /// NB: no observer: an observed property is changed through a copy, and each line appended
  /// copied the whole log; the log counts its own changes (``PanelLog/version``).
  package var log = PanelLog()
  /// Counters bumped on every change to what the panel's box (title, keys, accent) and body
  /// show, so a frame can tell which of them to draw again (``PanelDamage``).
  private(set) var drawVersions = (box: 0, body: 0)
  /// The explorer's clock, which stamps each log line; children added later take their
  /// parent's, so panels a scene adds while running are stamped too.
  package weak var clock: VirtualClock? {
    didSet { for child in children where child.clock !== clock { child.clock = clock } }
  }
  /// Bumped whenever any panel's keys or place in a tree change, so text made from a panel's
  /// tree path and keys (the status bar) can be kept until it does.
  static private(set) var generation = 0
  /// Bumped whenever anything about any panel that decides where panels go changes: its place
  /// in a tree, its title, axis, weight, length, log settings or the count of its body lines.
  ///
  /// The app's layout is kept until it does (a container's log length, which also takes part,
  /// is watched by the layout itself: ``PanelLayout/watches``).
  static private(set) var layoutGeneration = 0

  /// Creates a panel and its node.
  ///
  /// - Parameters:
  ///   - name: The node's name, unique within a scene (logs and scripts find panels by it).
  ///   - title: The border title; the name when `nil`.
  public init(_ name: String, title: String? = nil) {
    node = Node(name)
    self.title = title ?? name
    hearOwnNode()
  }

  /// Releases the panels below one at a time instead of each in its parent's deinit.
  ///
  /// NB: a tree read from a trace may be 100,000 panels deep; released the default way, each
  /// panel's deinit released its children's, a recursion that deep overflowed the stack.
  isolated deinit {
    var stack = children
    children = []
    while var panel = stack.popLast() {
      // Only a panel nobody else holds dies here: take its children first, so it dies empty.
      if isKnownUniquelyReferenced(&panel) {
        stack.append(contentsOf: panel.children)
        panel.children = []
      }
    }
  }

  /// The panel's name, which is its node's name.
  public var name: String { node.name }

  /// The lines of the panel's log, oldest first (the newest 200 are kept).
  public var logLines: [String] { Array(log.lines) }

  /// Adds a line to the panel's log.
  ///
  /// - Parameter line: The text; it is not wrapped.
  public func note(_ line: String) { log.append(line, at: clock?.now) }

  /// A word for the status line about the key just handled ("field full"), taken by the app
  /// after the key's action; ``flash(_:)`` sets it.
  private var pendingFlash: String?

  /// Says a word in the status line about the key being handled, until the next key: a key
  /// that met a limit or did nothing.
  ///
  /// - Parameter text: A few words, such as "field full (7 digits)".
  package func flash(_ text: String) { pendingFlash = text }

  /// The word a key's action asked the status line to say, once.
  func takeFlash() -> String? {
    defer { pendingFlash = nil }
    return pendingFlash
  }

  /// Adds a child panel at the end and mounts its node under this panel's node.
  ///
  /// - Parameter child: A panel without a parent; adding one that has a parent, or whose node
  ///   is already above this one, is a programmer error and traps.
  public func add(_ child: Panel) {
    precondition(child.parent == nil, "panel \(child.name) already has a parent")
    do {
      try child.node.mount(at: node)
    } catch {
      preconditionFailure("mounting panel \(child.name) under \(name): \(error)")
    }
    child.parent = self
    if let clock { child.clock = clock }
    children.append(child)
    Self.generation &+= 1
    Self.layoutGeneration &+= 1
  }

  /// Removes a child panel and unmounts its node; the child keeps its own subtree.
  ///
  /// - Parameter child: One of this panel's children; any other panel is ignored.
  public func remove(_ child: Panel) {
    guard let index = children.firstIndex(where: { $0 === child }) else { return }
    children.remove(at: index)
    child.node.unmount(from: node)
    child.parent = nil
    Self.generation &+= 1
    Self.layoutGeneration &+= 1
  }

  /// Whether one of the panel's keys answers to a digit: a text field, whose digits type into
  /// it instead of switching scenes.
  ///
  /// NB: asked on every key press; asking each key about each digit calls a closure per pair,
  /// so the answer is kept until the keys change.
  package var answersDigits: Bool {
    if let known = answersDigitsMemo { return known }
    let answers = PanelKey.digits.contains { digit in keys.contains { $0.matches(digit) } }
    answersDigitsMemo = answers
    return answers
  }

  /// ``answersDigits`` as last worked out, `nil` after the keys changed.
  private var answersDigitsMemo: Bool?

  /// Whether Tab stops here: a leaf, or a panel with children that has its own keys.
  package var isFocusStop: Bool { children.isEmpty || !keys.isEmpty }

  /// This panel and every panel below it, parents before children, in layout order.
  ///
  /// NB: walks with a stack, as every walk of a panel tree does: a tree read from a trace may
  /// be 100,000 panels deep, and a recursion that deep overflows the stack.
  package var subtree: [Panel] {
    var panels: [Panel] = []
    var stack = [self]
    while let panel = stack.popLast() {
      panels.append(panel)
      stack.append(contentsOf: panel.children.reversed())
    }
    return panels
  }

  /// The first panel of ``subtree`` that matches, found without building the subtree.
  package func first(where matches: (Panel) -> Bool) -> Panel? {
    var stack = [self]
    while let panel = stack.popLast() {
      if matches(panel) { return panel }
      stack.append(contentsOf: panel.children.reversed())
    }
    return nil
  }

  /// The names from the root of the panel tree down to this panel.
  package var treePath: [String] {
    var names = [name]
    var above = parent
    while let panel = above {
      names.append(panel.name)
      above = panel.parent
    }
    return names.reversed()
  }

  /// The part of the title a user reads first: the title up to its remark in parentheses
  /// ("feed" for "feed (post list)"), or the whole title when it has none ("post 1 by @ann").
  package var titleHead: String {
    guard let remark = title.range(of: " (") else { return title }
    let head = title[..<remark.lowerBound]
    return head.isEmpty ? title : String(head)
  }

  /// The title heads from the root of the panel tree down to this panel: the status line's
  /// path, in the words the borders show, not the names scripts and tree files use.
  package var titlePath: [String] {
    var heads = [titleHead]
    var above = parent
    while let panel = above {
      heads.append(panel.titleHead)
      above = panel.parent
    }
    return heads.reversed()
  }

  /// The scene's panels by name but the root itself (which would be a cycle), kept on its root
  /// panel and rebuilt when a tree changes (``generation``); see ``Scene/panel(named:)``.
  var nameIndex: (generation: Int, panels: [String: Panel])?
}
