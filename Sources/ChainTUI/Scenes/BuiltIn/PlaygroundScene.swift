import ChainKit
import ChainKitTracing

/// A tree to change while watching events: re-parent, unmount and remount the `widget`
/// subtree, and toggle a stopPropagation or a capture listener on the focused panel; the next
/// `ping` takes the new path, which every panel's log shows.
@MainActor
final class PlaygroundScene: Scene {
  let id = "playground"
  let title = "Playground"
  let root = Panel("root")
  let left = Panel("left")
  let right = Panel("right")
  let widget = Panel("widget")
  let buttonA = Panel("btnA")
  let buttonB = Panel("btnB")
  let solo = Panel("solo")
  let other = Panel("other")
  let flow = [
    "A ping bubbles from the focused panel up to root.",
    "m moves widget (and its buttons) between left and right;",
    "u unmounts it (it floats on the right) or mounts it back where it was.",
    "s adds a listener that stops propagation at the focused panel;",
    "c adds a capture listener there, which runs on the way down.",
    "x posts boom: root's listener throws; the error lands in the",
    "poster's outcome and the logs, and the app carries on.",
  ]
  private(set) var detached: [Panel] = []
  private let tracer: SceneTracer
  private var detachedTrace: Subscription?
  private var stoppers: [String: Subscription] = [:]
  /// The group the widget was unmounted from, where `u` mounts it back.
  private weak var home: Panel?
  private var capturers: [String: Subscription] = [:]
  private var heard: [String: Int] = [:]

  init(context: SceneContext) {
    tracer = context.tracer
    root.accent = .magenta
    for group in [left, right] {
      group.axis = .vertical
      group.accent = .cyan
    }
    widget.accent = .green
    root.add(left)
    root.add(right)
    left.add(widget)
    widget.add(buttonA)
    widget.add(buttonB)
    left.add(solo)
    right.add(other)
    for panel in root.subtree {
      panel.node.on("ping") { [weak self] _, _ in
        self?.heard[panel.name, default: 0] += 1
        self?.refresh()
      }
      panel.keys = keys(for: panel)
    }
    root.node.on("boom") { _, _ in throw PlaygroundFailure() }
    refresh()
  }

  private func keys(for panel: Panel) -> [PanelKey] {
    var keys: [PanelKey] = []
    if panel.children.isEmpty {
      keys.append(
        PanelKey(.enter, "ping") { [unowned panel] in panel.node.post("ping", ["from": panel.name])
        })
      keys.append(
        PanelKey(.character("x"), "throw") { [unowned panel] in
          let outcome = panel.node.post("boom")
          panel.note("boom outcome: \(outcome)")
        })
    }
    keys += [
      PanelKey(.character("s"), "stop") { [weak self, unowned panel] in
        self?.toggleStop(on: panel)
      },
      PanelKey(.character("c"), "capture") { [weak self, unowned panel] in
        self?.toggleCapture(on: panel)
      },
      PanelKey(.character("m"), "move") { [weak self] in self?.moveWidget() },
      PanelKey(.character("u"), "unmount") { [weak self] in self?.toggleMount() },
    ]
    return keys
  }

  /// Moves the widget subtree to the other group (mounting it if it floats).
  func moveWidget() {
    let target = widget.parent === left ? right : left
    detachIfNeeded()
    if let parent = widget.parent {
      parent.remove(widget)
      parent.noteMount(of: widget, mounted: false)
    }
    target.add(widget)
    target.noteMount(of: widget, mounted: true)
    refresh()
  }

  /// Unmounts the widget subtree, or mounts it back under the group it was unmounted from.
  func toggleMount() {
    if detached.isEmpty {
      if let parent = widget.parent {
        home = parent
        parent.remove(widget)
        parent.noteMount(of: widget, mounted: false)
      }
      detached = [widget]
      // NB: a subtree off the tree is off the root's tracer; trace it on its own meanwhile, so
      // the inspector still sees its dispatches (its panels hear their own nodes regardless).
      detachedTrace = widget.node.install(tracer)
    } else {
      detachIfNeeded()
      // Back where it was: after m, u u left it under left, as if m had not happened.
      let parent = home ?? left
      parent.add(widget)
      parent.noteMount(of: widget, mounted: true)
    }
    refresh()
  }

  private func detachIfNeeded() {
    detachedTrace?.cancel()
    detachedTrace = nil
    detached = []
  }

  func toggleStop(on panel: Panel) {
    if let token = stoppers.removeValue(forKey: panel.name) {
      token.cancel()
    } else {
      stoppers[panel.name] = panel.node.on("ping") { ctx, _ in ctx.stopPropagation() }
    }
    refresh()
  }

  func toggleCapture(on panel: Panel) {
    if let token = capturers.removeValue(forKey: panel.name) {
      token.cancel()
    } else {
      capturers[panel.name] = panel.node.on("ping", capture: true) { _, _ in }
    }
    refresh()
  }

  private func refresh() {
    for panel in root.subtree + detached.flatMap(\.subtree) {
      var flags: [String] = []
      if stoppers[panel.name] != nil { flags.append("STOPS") }
      if capturers[panel.name] != nil { flags.append("CAPTURES") }
      let state = flags.isEmpty ? "" : "  [" + flags.joined(separator: " ") + "]"
      panel.body = [
        StyledLine(
          "pings \(heard[panel.name, default: 0])\(state)",
          style: flags.isEmpty ? .plain : Style(foreground: .red, bold: true))
      ]
    }
    let path = buttonA.node.pathNames.joined(separator: " > ")
    root.body[0].text += "   btnA's path: \(path)"
  }
}

/// What the playground's root throws on `boom`, to show that a listener's error is contained.
struct PlaygroundFailure: Error, CustomStringConvertible {
  var description: String { "root's listener threw" }
}
